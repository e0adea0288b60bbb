#pragma once
// A Pilotta ruleset: a preset and its options (shared/rules.md, "Pilotta").
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace kafenio::pilotta {

enum class Preset : std::uint8_t { cyprus, classic, classic2 };
enum class BeloteOnFailure : std::uint8_t { holder, defenders };

struct Rules {
  Preset preset = Preset::cyprus;
  int target = 151;
  bool nt_at_bids = false;
  bool partner_exception = false;
  BeloteOnFailure belote_on_failure = BeloteOnFailure::holder;

  int Players() const { return preset == Preset::classic2 ? 2 : 4; }
  // Cards each seat holds for play: 8, or 9 in classic2.
  int HandSize() const { return preset == Preset::classic2 ? 9 : 8; }
  bool HasAuction() const { return preset == Preset::cyprus; }

  friend bool operator==(const Rules&, const Rules&) = default;
};

struct RulesParse {
  Rules rules;
  std::string error;  // empty when the text was valid
};

// Parses a preset name and KEY=VALUE options, as in a record's `rules` line.
RulesParse ParseRules(std::string_view preset, const std::vector<std::string_view>& options);
// The canonical `rules` line arguments: the preset and every option that differs from it.
std::string FormatRules(const Rules& rules);
std::string_view PresetName(Preset preset);

}  // namespace kafenio::pilotta
