// Pilotta in the game registry: its presets (cyprus by default, each with its number of
// players), its rules parse, its match adapter and its deal text.
#include "engine/pilotta/deal.h"
#include "engine/pilotta/random_match.h"
#include "engine/pilotta/record.h"
#include "engine/pilotta/rules.h"
#include "server/game/engine_kind.h"
#include "server/game/pilotta_game.h"

namespace kafenio::server {
namespace {

struct PilottaTraits {
  static constexpr std::string_view kName = "pilotta";
  static constexpr std::string_view kDefaultPreset = "cyprus";
  static std::vector<std::string_view> Presets() { return {"cyprus", "classic", "classic2"}; }

  static ParsedRules<pilotta::Rules> Parse(const RulesRequest& request) {
    ParsedRules<pilotta::Rules> out;
    const std::string_view preset = request.preset.empty() ? kDefaultPreset : request.preset;
    const pilotta::RulesParse parse = pilotta::ParseRules(preset, request.options);
    if (!parse.error.empty()) {
      out.check.problem = RulesCheck::Problem::rules;
      out.check.error = parse.error;
      return out;
    }
    out.rules = parse.rules;
    // The preset says how many play; a request that says otherwise is refused.
    if (request.players != 0 && request.players != parse.rules.Players()) {
      out.check.problem = RulesCheck::Problem::players;
      out.check.error = "pilotta " + std::string(preset) + " is played by " +
                        std::to_string(parse.rules.Players()) + " players";
      return out;
    }
    out.check.players = parse.rules.Players();
    out.check.rules_text = pilotta::FormatRules(parse.rules);
    return out;
  }
  static std::unique_ptr<GameMatch> NewMatch(const pilotta::Rules& rules, int first_dealer) {
    return MakePilottaMatch(rules, first_dealer);
  }
  static std::string DealLines(const pilotta::Rules& rules, int dealer, std::uint64_t seed) {
    return pilotta::FormatDealLines(rules, pilotta::DealFromSeed(rules, dealer, seed));
  }
};

}  // namespace

const GameKind& PilottaKind() {
  static const EngineKind<PilottaTraits> game;
  return game;
}

}  // namespace kafenio::server
