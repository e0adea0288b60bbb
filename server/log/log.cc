#include "server/log/log.h"

#include <spdlog/sinks/stdout_sinks.h>

#include "server/log/line_format.h"

namespace kafenio::log {

bool ParseLevel(std::string_view text, Level& level) {
  if (text == "debug")
    level = Level::debug;
  else if (text == "info")
    level = Level::info;
  else if (text == "warn")
    level = Level::warn;
  else if (text == "error")
    level = Level::err;
  else if (text == "off")
    level = Level::off;
  else
    return false;
  return true;
}

bool ParseFormat(std::string_view text, Format& format) {
  if (text == "json")
    format = Format::kJson;
  else if (text == "text")
    format = Format::kText;
  else
    return false;
  return true;
}

void Configure(Level level, Format format) {
  auto logger = spdlog::stderr_logger_mt("kafenio");
  logger->set_formatter(MakeLineFormatter(format));
  logger->set_level(level);
  // Every line reaches the file or journal at once: a crash loses none.
  logger->flush_on(Level::trace);
  spdlog::set_default_logger(std::move(logger));
}

bool Enabled(Level level) {
  return spdlog::default_logger_raw()->should_log(level);
}

namespace {

void WritePacked(Level level, const std::string& packed) {
  spdlog::default_logger_raw()->log(level, spdlog::string_view_t(packed.data(), packed.size()));
}

}  // namespace

void Write(Level level, std::string_view message, std::initializer_list<Field> fields) {
  if (Enabled(level)) WritePacked(level, PackFields(message, fields.begin(), fields.end()));
}

void Write(Level level, std::string_view message, const std::vector<Field>& fields) {
  if (Enabled(level)) {
    WritePacked(level, PackFields(message, fields.data(), fields.data() + fields.size()));
  }
}

}  // namespace kafenio::log
