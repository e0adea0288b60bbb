// Which games the server knows, by name. Adding a game is one adapter and one branch here.
#include <string_view>
#include <vector>

#include "engine/diloti/rules.h"
#include "engine/pilotta/rules.h"
#include "server/game/diloti_game.h"
#include "server/game/game.h"
#include "server/game/pilotta_game.h"

namespace kafenio::server {
namespace {

pilotta::RulesParse ParsePilottaRules(const MatchSpec& spec) {
  const std::vector<std::string_view> options(spec.options.begin(), spec.options.end());
  return pilotta::ParseRules(spec.preset.empty() ? std::string_view("cyprus") : spec.preset,
                             options);
}

// Diloti's player count is the table's seat count (2 by default), not part of the preset.
diloti::RulesParse ParseDilotiRules(const MatchSpec& spec) {
  const std::vector<std::string_view> options(spec.options.begin(), spec.options.end());
  diloti::RulesParse parse =
      diloti::ParseRules(spec.preset.empty() ? std::string_view("online") : spec.preset, options);
  if (!parse.error.empty()) return parse;
  if (spec.seats != 0 && spec.seats != 2 && spec.seats != 4) {
    parse.error = "diloti is played by 2 or 4 players";
    return parse;
  }
  parse.rules.players = spec.seats == 0 ? 2 : spec.seats;
  return parse;
}

}  // namespace

SeatCount CheckRules(const MatchSpec& spec) {
  SeatCount out;
  if (spec.game == "pilotta") {
    const pilotta::RulesParse parse = ParsePilottaRules(spec);
    if (!parse.error.empty()) {
      out.error = parse.error;
      return out;
    }
    if (spec.seats != 0 && spec.seats != parse.rules.Players()) {
      out.error = "pilotta " + std::string(pilotta::PresetName(parse.rules.preset)) +
                  " is played by " + std::to_string(parse.rules.Players()) + " players";
      return out;
    }
    out.seats = parse.rules.Players();
    out.rules_text = pilotta::FormatRules(parse.rules);
    return out;
  }
  if (spec.game == "diloti") {
    const diloti::RulesParse parse = ParseDilotiRules(spec);
    if (!parse.error.empty()) {
      out.error = parse.error;
      return out;
    }
    out.seats = parse.rules.players;
    out.rules_text = diloti::FormatRules(parse.rules);
    return out;
  }
  out.error = "unknown game '" + spec.game + "' (this server plays: pilotta, diloti)";
  return out;
}

MatchCreation CreateMatch(const MatchSpec& spec) {
  MatchCreation out;
  if (spec.game == "pilotta") {
    const pilotta::RulesParse parse = ParsePilottaRules(spec);
    if (!parse.error.empty()) {
      out.error = parse.error;
      return out;
    }
    out.match = MakePilottaMatch(parse.rules, spec.first_dealer % parse.rules.Players());
    return out;
  }
  if (spec.game == "diloti") {
    const diloti::RulesParse parse = ParseDilotiRules(spec);
    if (!parse.error.empty()) {
      out.error = parse.error;
      return out;
    }
    out.match = MakeDilotiMatch(parse.rules, spec.first_dealer % parse.rules.players);
    return out;
  }
  out.error = "unknown game '" + spec.game + "'";
  return out;
}

}  // namespace kafenio::server
