#pragma once
// The server's log: one line per event on stderr, through spdlog (formatting by fmt), as
// one JSON object a line (the default) or as text for people (docs/operations.md, "Logs").
// Two ways to write a line:
//   log::info("table {}: resumed", id)                       a message, fmt-formatted
//   log::Info("connection closed", {{"connection", id}, {"reason", why}})
//                                                           a message and named fields
// The second is what operators filter on; use it for new events. One place decides what a
// line looks like (Configure), so the rest of the server only says what happened, at a
// level. Never log a password, a token, a seed or a hidden card.
#include <spdlog/spdlog.h>

#include <concepts>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace kafenio::log {

using spdlog::debug;
using spdlog::error;
using spdlog::info;
using spdlog::warn;

using Level = spdlog::level::level_enum;

enum class Format { kJson, kText };

// "debug", "info", "warn", "error" or "off"; false for anything else.
bool ParseLevel(std::string_view text, Level& level);
// "json" or "text"; false for anything else.
bool ParseFormat(std::string_view text, Format& format);

// Lines go to stderr from the given level up; call once at start-up.
void Configure(Level level = Level::info, Format format = Format::kJson);

// One named value of a log line: text, or a number (written as a JSON number).
struct Field {
  Field(std::string_view name, std::string_view text) : key(name), value(text) {}
  Field(std::string_view name, const std::string& text) : key(name), value(text) {}
  Field(std::string_view name, const char* text) : key(name), value(text) {}
  template <std::integral T>
  requires(!std::same_as<T, bool>) Field(std::string_view name, T amount)
      : key(name), value(std::to_string(amount)), number(true) {}
  Field(std::string_view name, bool flag)
      : key(name), value(flag ? "true" : "false"), number(true) {}

  std::string_view key;
  std::string value;
  bool number = false;
};

bool Enabled(Level level);
void Write(Level level, std::string_view message, std::initializer_list<Field> fields);
void Write(Level level, std::string_view message, const std::vector<Field>& fields);

// The field values are built by the caller: for a debug line on a busy path, test
// Enabled(Level::debug) first.
inline void Debug(std::string_view message, std::initializer_list<Field> fields = {}) {
  Write(Level::debug, message, fields);
}
inline void Info(std::string_view message, std::initializer_list<Field> fields = {}) {
  Write(Level::info, message, fields);
}
inline void Warn(std::string_view message, std::initializer_list<Field> fields = {}) {
  Write(Level::warn, message, fields);
}
inline void Error(std::string_view message, std::initializer_list<Field> fields = {}) {
  Write(Level::err, message, fields);
}

}  // namespace kafenio::log
