#include "engine/core/options.h"

#include <charconv>

namespace kafenio {

std::optional<Option> SplitOption(std::string_view text) {
  const auto eq = text.find('=');
  if (eq == std::string_view::npos) return std::nullopt;
  return Option{text.substr(0, eq), text.substr(eq + 1)};
}

std::optional<bool> ParseFlag(std::string_view value) {
  if (value == "true" || value == "1" || value == "yes") return true;
  if (value == "false" || value == "0" || value == "no") return false;
  return std::nullopt;
}

std::optional<int> ParsePositive(std::string_view value) {
  int number = 0;
  const auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), number);
  if (ec != std::errc{} || ptr != value.data() + value.size() || number <= 0) return std::nullopt;
  return number;
}

}  // namespace kafenio
