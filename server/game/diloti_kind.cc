// Diloti in the game registry: its presets (online by default), 2 or 4 players (2 by
// default; the count is not part of the preset), its rules parse, its match adapter and
// its deal text.
#include "engine/diloti/deal.h"
#include "engine/diloti/random_match.h"
#include "engine/diloti/record.h"
#include "engine/diloti/rules.h"
#include "server/game/diloti_game.h"
#include "server/game/engine_kind.h"

namespace kafenio::server {
namespace {

struct DilotiTraits {
  static constexpr std::string_view kName = "diloti";
  static constexpr std::string_view kDefaultPreset = "online";
  static std::vector<std::string_view> Presets() { return {"online", "traditional"}; }

  static ParsedRules<diloti::Rules> Parse(const RulesRequest& request) {
    ParsedRules<diloti::Rules> out;
    diloti::RulesParse parse = diloti::ParseRules(
        request.preset.empty() ? kDefaultPreset : request.preset, request.options);
    if (!parse.error.empty()) {
      out.check = RulesCheck{{}, 0, RulesCheck::Problem::rules, parse.error};
    } else if (request.players != 0 && request.players != 2 && request.players != 4) {
      out.check =
          RulesCheck{{}, 0, RulesCheck::Problem::players, "diloti is played by 2 or 4 players"};
    } else {
      parse.rules.players = request.players == 0 ? 2 : request.players;
      out.rules = parse.rules;
      out.check = RulesCheck{diloti::FormatRules(parse.rules), parse.rules.players, {}, {}};
    }
    return out;
  }
  static std::unique_ptr<GameMatch> NewMatch(const diloti::Rules& rules, int first_dealer) {
    return MakeDilotiMatch(rules, first_dealer);
  }
  static std::string DealLines(const diloti::Rules& rules, int dealer, std::uint64_t seed) {
    return diloti::FormatDealLines(rules.players,
                                   diloti::DealFromSeed(rules.players, dealer, seed));
  }
};

}  // namespace

const GameKind& DilotiKind() {
  static const EngineKind<DilotiTraits> game;
  return game;
}

}  // namespace kafenio::server
