#pragma once
// The KEY=VALUE options of a ruleset, as written on a record's `rules` line; shared by the
// games' rules parsers so every game reads options the same way.
#include <optional>
#include <string_view>

namespace kafenio {

struct Option {
  std::string_view key;
  std::string_view value;
};

// "target=151" -> {target, 151}; nullopt without '='.
std::optional<Option> SplitOption(std::string_view text);
// true/1/yes and false/0/no.
std::optional<bool> ParseFlag(std::string_view value);
// A whole number above zero, written in full ("151", not "151x").
std::optional<int> ParsePositive(std::string_view value);

}  // namespace kafenio
