#pragma once
// What every game's GameMatch adapter answers the same way: the match's state questions,
// forwarded to the engine's State. Both engines' States share these names (Players,
// rules, phase with awaiting_deal, MatchOver, ToAct, Dealer, HandNumber, Winner,
// Totals); a game's adapter adds only its moves, its views and its results. Views and
// patches: the shared fields' last view and each audience's own last view are kept, and
// a patch writes what differs from them.
#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <utility>

#include "server/game/game.h"
#include "server/game/view_filler.h"

namespace kafenio::server {

template <class State, class SeatView>
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

  void FillView(int seat, v1::GameView& out) const override {
    WriteView(ViewOf(seat), nullptr, out, nullptr, ViewPart::all);
  }
  void FillSharedPatch(v1::ViewPatch& out) override {
    SeatView now = ViewOf(-1);
    WriteView(now, shared_base_ ? &*shared_base_ : nullptr, *out.mutable_set(),
              out.mutable_cleared(), ViewPart::shared);
    shared_base_ = std::move(now);
  }
  bool FillOwnPatch(int seat, v1::ViewPatch& out) override {
    std::optional<SeatView>& base = BaseOf(seat);
    SeatView now = OwnViewOf(seat);
    const bool wrote = WriteView(now, base ? &*base : nullptr, *out.mutable_set(),
                                 out.mutable_cleared(), ViewPart::own);
    base = std::move(now);
    return wrote;
  }
  void SetViewBase(int seat) override {
    BaseOf(seat) = ViewOf(seat);
    shared_base_ = ViewOf(-1);
  }
  void ForgetViews() override {
    for (auto& base : bases_) base.reset();
    shared_base_.reset();
  }

 protected:
  // Between hands (and before the first): what ApplyNotation needs to refuse moves then.
  static bool IsAwaitingDeal(const State& state) {
    using Phase = decltype(state.phase());
    return state.phase() == Phase::awaiting_deal;
  }

  // The engine's view of `seat` (-1: a spectator). Both engines name their view functions
  // alike (ViewFor, SpectatorView, SetOwnFields), found in the engine's namespace by
  // argument-dependent lookup, as FormatRules is.
  SeatView ViewOf(int seat) const {
    return seat >= 0 ? ViewFor(state_, seat) : SpectatorView(state_);
  }
  // Only the fields of that view that are the viewer's own (ViewPart::own); the others
  // are left at their defaults. Cheaper than the whole view, for the own part of a patch.
  SeatView OwnViewOf(int seat) const {
    SeatView view;
    if (seat >= 0) SetOwnFields(state_, seat, view);
    return view;
  }
  // Writes `part` of `now` as a whole view (`before` null) or as a patch from `before`
  // (ViewFiller); says whether it wrote anything.
  virtual bool WriteView(const SeatView& now, const SeatView* before, v1::GameView& out,
                         ClearedFields* cleared, ViewPart part) const = 0;

  // The fields every game's view message has, under the same names (DilotiView,
  // PilottaView), from the engine's view of one seat or a spectator: who sees it, the
  // rules, the phase by name, whose turn, the dealer, the hand number, the winner, the
  // match totals and how many cards each seat holds.
  template <class ViewMessage, std::size_t kPhases>
  void WriteCommon(ViewFiller<ViewMessage, SeatView>& f, const char* const (&phase_names)[kPhases],
                   const SeatView& view) const {
    f.Member(ViewMessage::kViewerFieldNumber, &SeatView::viewer,
             [&](ViewMessage& o) { o.set_viewer(view.viewer); });
    f.Member(ViewMessage::kRulesFieldNumber, &SeatView::rules,
             [&](ViewMessage& o) { o.set_rules(RulesText()); });
    f.Member(ViewMessage::kPhaseFieldNumber, &SeatView::phase, [&](ViewMessage& o) {
      o.set_phase(phase_names[static_cast<std::size_t>(view.phase)]);
    });
    f.Member(ViewMessage::kToActFieldNumber, &SeatView::to_act,
             [&](ViewMessage& o) { o.set_to_act(view.to_act); });
    f.Member(ViewMessage::kDealerFieldNumber, &SeatView::dealer,
             [&](ViewMessage& o) { o.set_dealer(view.dealer); });
    f.Member(ViewMessage::kHandNumberFieldNumber, &SeatView::hand_number,
             [&](ViewMessage& o) { o.set_hand_number(view.hand_number); });
    f.Member(ViewMessage::kWinnerFieldNumber, &SeatView::winner,
             [&](ViewMessage& o) { o.set_winner(view.winner); });
    f.Member(ViewMessage::kTotalsFieldNumber, &SeatView::totals, [&](ViewMessage& o) {
      for (int total : view.totals) o.add_totals(total);
    });
    f.Member(ViewMessage::kHandSizesFieldNumber, &SeatView::hand_sizes, [&](ViewMessage& o) {
      for (int s = 0; s < state_.Players(); ++s) {
        o.add_hand_sizes(view.hand_sizes[static_cast<std::size_t>(s)]);
      }
    });
  }

  State state_;

 private:
  std::optional<SeatView>& BaseOf(int seat) {
    return bases_[seat < 0 ? bases_.size() - 1 : static_cast<std::size_t>(seat)];
  }
  // Each audience's view as its last own patch (or SetViewBase) left it: seats, then
  // spectators; and the shared fields as the last shared patch left them.
  std::array<std::optional<SeatView>, 5> bases_;
  std::optional<SeatView> shared_base_;
};

}  // namespace kafenio::server
