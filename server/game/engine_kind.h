#pragma once
// What every game's GameKind does the same way, from its engine: the engines share the
// names MakeRecordGame, PlayRandomMatch and WriteRecord (found in the engine's namespace),
// so a game's kind adds only its name, presets, rules parse, match adapter and deal text
// (a Traits class: pilotta_kind.cc, diloti_kind.cc).
#include <memory>
#include <string>

#include "server/game/game_kind.h"

namespace kafenio::server {

// A request's rules, parsed by a game: the engine's Rules and the check.
template <class Rules>
struct ParsedRules {
  Rules rules;
  RulesCheck check;
};

// The engine's random match (by argument-dependent lookup: GameKind's member of that name
// would hide it inside the class).
template <class Rules>
auto RandomMatchOf(const Rules& rules, std::uint64_t seed) {
  return PlayRandomMatch(rules, seed);
}

template <class Traits>
class EngineKind final : public GameKind {
 public:
  std::string_view Name() const override { return Traits::kName; }
  std::string_view DefaultPreset() const override { return Traits::kDefaultPreset; }
  std::vector<std::string_view> Presets() const override { return Traits::Presets(); }
  RulesCheck Check(const RulesRequest& request) const override {
    return Traits::Parse(request).check;
  }
  std::unique_ptr<GameMatch> NewMatch(const RulesRequest& request,
                                      int first_dealer) const override {
    return Traits::NewMatch(Traits::Parse(request).rules, first_dealer);
  }
  std::unique_ptr<record::RecordGame> NewRecordGame(const RulesRequest& request) const override {
    return MakeRecordGame(Traits::Parse(request).rules);
  }
  std::string DealLines(const RulesRequest& request, int dealer,
                        std::uint64_t seed) const override {
    return Traits::DealLines(Traits::Parse(request).rules, dealer, seed);
  }
  SimulatedMatch PlayRandomMatch(const RulesRequest& request, std::uint64_t seed,
                                 bool with_record) const override {
    const auto match = RandomMatchOf(Traits::Parse(request).rules, seed);
    return SimulatedMatch{static_cast<long>(match.log.hands.size()), match.moves,
                          match.final_state.Winner(),
                          with_record ? WriteRecord(match.log) : std::string()};
  }
};

}  // namespace kafenio::server
