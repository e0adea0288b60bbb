#pragma once
// What `kafenio serve` checks and says about its settings at start-up: each setting
// against its documented bounds (docs/operations.md, "Settings"), and every setting as
// KEY and VALUE for the start-up log line.
#include <string>
#include <utility>
#include <vector>

#include "server/config/server_config.h"

namespace kafenio::server {

// The first setting outside its bounds, as a sentence naming the key, the value and the
// bounds; empty when every setting is within them.
std::string CheckBounds(const ServerConfig& config);

// Every setting with its value as the server will use it. The settings hold no secret but
// a PostgreSQL connection string's password, which is shown as ***.
std::vector<std::pair<std::string, std::string>> DescribeSettings(const ServerConfig& config);

// `text` with the password of a PostgreSQL URI (user:PASSWORD@) or connection string
// (password=PASSWORD) replaced by ***.
std::string HidePassword(const std::string& text);

}  // namespace kafenio::server
