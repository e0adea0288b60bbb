#pragma once
// The server's log: lines for the operator on stderr, through spdlog (formatting by fmt).
// One place decides what a line looks like (Configure), so the rest of the server only
// says what happened, at a level. Never log a password, a token or a hidden card.
#include <spdlog/spdlog.h>

#include <string_view>
#include <utility>

namespace kafenio::log {

template <class... Args>
void Debug(spdlog::format_string_t<Args...> format, Args&&... args) {
  spdlog::debug(format, std::forward<Args>(args)...);
}
template <class... Args>
void Info(spdlog::format_string_t<Args...> format, Args&&... args) {
  spdlog::info(format, std::forward<Args>(args)...);
}
template <class... Args>
void Warn(spdlog::format_string_t<Args...> format, Args&&... args) {
  spdlog::warn(format, std::forward<Args>(args)...);
}
template <class... Args>
void Error(spdlog::format_string_t<Args...> format, Args&&... args) {
  spdlog::error(format, std::forward<Args>(args)...);
}

// Lines go to stderr as "TIME LEVEL message"; call once at start-up.
void Configure();

}  // namespace kafenio::log
