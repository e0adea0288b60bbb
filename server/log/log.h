#pragma once
// The server's log: lines for the operator on stderr, through spdlog (formatting by fmt):
// log::debug, log::info, log::warn and log::error take a format string and its arguments.
// One place decides what a line looks like (Configure), so the rest of the server only
// says what happened, at a level. Never log a password, a token or a hidden card.
#include <spdlog/spdlog.h>

namespace kafenio::log {

using spdlog::debug;
using spdlog::error;
using spdlog::info;
using spdlog::warn;

// Lines go to stderr as "TIME LEVEL message"; call once at start-up.
void Configure();

}  // namespace kafenio::log
