#pragma once
// A Diloti ruleset: a preset, its options and the number of players (shared/rules.md,
// "Diloti").
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace kafenio::diloti {

enum class Preset : std::uint8_t { online, traditional };

struct Rules {
  Preset preset = Preset::online;
  int players = 2;  // 2, or 4 in two partnerships
  int target = 61;
  bool forced_capture = false;
  bool self_raise = true;  // may a side raise its own plain declaration
  bool final_xeri = true;  // does clearing the table with the round's last card score

  int Players() const { return players; }
  friend bool operator==(const Rules&, const Rules&) = default;
};

struct RulesParse {
  Rules rules;
  std::string error;  // empty when the text was valid
};

// Parses a preset name and KEY=VALUE options, as in a record's `rules` line. The player
// count comes from the `players` line and is set by the caller.
RulesParse ParseRules(std::string_view preset, const std::vector<std::string_view>& options);
// The canonical `rules` line arguments: the preset and every option that differs from it.
std::string FormatRules(const Rules& rules);
std::string_view PresetName(Preset preset);
Rules PresetRules(Preset preset);

}  // namespace kafenio::diloti
