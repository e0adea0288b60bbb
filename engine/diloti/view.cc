#include "engine/diloti/view.h"

namespace kafenio::diloti {
namespace {

SeatView PublicView(const State& state) {
  SeatView view;
  view.rules = state.rules();
  view.phase = state.phase();
  view.to_act = state.ToAct();
  view.dealer = state.Dealer();
  view.hand_number = state.HandNumber();
  view.totals = state.Totals();
  view.winner = state.Winner();
  view.last_result = state.LastResult();
  if (state.phase() != Phase::play) return view;
  for (int seat = 0; seat < state.Players(); ++seat) {
    view.hand_sizes[static_cast<std::size_t>(seat)] = Count(state.Hand(seat));
  }
  view.stock_size = state.StockSize();
  view.loose = state.Loose();
  for (int v = 1; v <= kMaxValue; ++v) {
    const Declaration& declaration = state.DeclarationOf(v);
    if (declaration.cards) {
      view.declarations.push_back({v, declaration.cards, declaration.owner, declaration.group});
    }
  }
  view.captured = {state.Captured(0), state.Captured(1)};
  view.xeri = state.Xeri();
  view.last_capturer = state.LastCapturer();
  return view;
}

}  // namespace

CardMask SeatView::VisibleCards() const {
  CardMask cards = hand | loose | captured[0] | captured[1];
  for (const auto& declaration : declarations) cards |= declaration.cards;
  for (const auto& move : legal_moves) cards |= Bit(move.card) | move.loose;
  for (const auto& family : move_families) {
    cards |= Bit(family.card);
    for (CardMask anchor : family.anchors) cards |= anchor;
    for (const MovePart& part : family.parts) cards |= part.loose;
  }
  return cards;
}

void SetOwnFields(const State& state, int seat, SeatView& view) {
  view.viewer = seat;
  if (state.phase() == Phase::play) view.hand = state.Hand(seat);
  if (state.ToAct() == seat) {
    CompactMoves moves;
    state.CompactLegalMoves(moves);
    view.legal_moves = std::move(moves.plain);
    view.move_families = std::move(moves.families);
  }
}

SeatView ViewFor(const State& state, int seat) {
  SeatView view = PublicView(state);
  SetOwnFields(state, seat, view);
  return view;
}

SeatView SpectatorView(const State& state) {
  return PublicView(state);
}

}  // namespace kafenio::diloti
