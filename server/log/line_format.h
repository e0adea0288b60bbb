#pragma once
// How one log line looks: spdlog formatters for JSON lines and for text. A line's message
// arrives from log::Write with its fields packed after it (PackFields), so that spdlog
// carries them unchanged and only the formatter decides how they are written.
#include <spdlog/formatter.h>

#include <memory>
#include <string>
#include <string_view>

#include "server/log/log.h"

namespace kafenio::log {

// message, then for each field: \x1f, 'n' (number) or 's' (text), key, \x1e, value.
// Control characters of the message and values become spaces (one event, one line).
std::string PackFields(std::string_view message, const Field* begin, const Field* end);

std::unique_ptr<spdlog::formatter> MakeLineFormatter(Format format);

}  // namespace kafenio::log
