#pragma once
// What every game's GameMatch adapter answers the same way: the match's state questions,
// forwarded to the engine's State. Both engines' States share these names (Players,
// rules, phase with awaiting_deal, MatchOver, ToAct, Dealer, HandNumber, Winner,
// Totals); a game's adapter adds only its moves, its views and its results.
#include <array>
#include <cstddef>
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

  // The fields every game's view message has, under the same names (DilotiView,
  // PilottaView), from the engine's view of one seat or a spectator: who sees it, the
  // rules, the phase by name, whose turn, the dealer, the hand number, the winner, the
  // match totals and how many cards each seat holds.
  template <class SeatView, class ViewMessage, std::size_t kPhases>
  void FillCommonView(const SeatView& view, const char* const (&phase_names)[kPhases],
                      ViewMessage& out) const {
    out.set_viewer(view.viewer);
    out.set_rules(RulesText());
    out.set_phase(phase_names[static_cast<std::size_t>(view.phase)]);
    out.set_to_act(view.to_act);
    out.set_dealer(view.dealer);
    out.set_hand_number(view.hand_number);
    out.set_winner(view.winner);
    for (int total : view.totals) out.add_totals(total);
    for (int s = 0; s < state_.Players(); ++s) {
      out.add_hand_sizes(view.hand_sizes[static_cast<std::size_t>(s)]);
    }
  }

  State state_;
};

}  // namespace kafenio::server
