#pragma once
// What every game's GameMatch adapter answers the same way: the match's state questions,
// forwarded to the engine's State. Both engines' States share these names (Players,
// rules, phase with awaiting_deal, MatchOver, ToAct, Dealer, HandNumber, Winner,
// Totals); a game's adapter adds only its moves, its views and its results.
#include <array>
#include <string>
#include <utility>

#include "server/game/game.h"

namespace kafenio::server {

template <class State>
class EngineMatch : public GameMatch {
 public:
  explicit EngineMatch(State state) : state_(std::move(state)) {}

  int Players() const override { return state_.Players(); }
  // FormatRules is found in the engine's namespace (argument-dependent lookup).
  std::string RulesText() const override { return FormatRules(state_.rules()); }
  bool AwaitingDeal() const override { return IsAwaitingDeal(state_); }
  bool MatchOver() const override { return state_.MatchOver(); }
  int ToAct() const override { return state_.ToAct(); }
  int Dealer() const override { return state_.Dealer(); }
  int HandNumber() const override { return state_.HandNumber(); }
  int Winner() const override { return state_.Winner(); }
  std::array<int, 2> Totals() const override { return state_.Totals(); }

 protected:
  // Between hands (and before the first): what ApplyNotation needs to refuse moves then.
  static bool IsAwaitingDeal(const State& state) {
    using Phase = decltype(state.phase());
    return state.phase() == Phase::awaiting_deal;
  }

  State state_;
};

}  // namespace kafenio::server
