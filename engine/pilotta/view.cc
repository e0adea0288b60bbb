#include "engine/pilotta/view.h"

namespace kafenio::pilotta {
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
  const bool in_hand = state.phase() != Phase::awaiting_deal && state.phase() != Phase::match_over;
  if (!in_hand) return view;
  for (int seat = 0; seat < state.Players(); ++seat) {
    view.hand_sizes[static_cast<std::size_t>(seat)] = Count(state.Hand(seat));
  }
  const Phase phase = state.phase();
  const bool choosing =
      phase == Phase::take_round || phase == Phase::name_round || phase == Phase::swap;
  if (choosing || (state.rules().preset == Preset::classic && state.TurnedCard() != kNoCard)) {
    view.turned = state.TurnedCard();  // face up, then known to be in the taker's hand
  }
  view.set_aside = state.SetAsideCard();
  for (int i = 0; i < state.CallCount(); ++i) view.calls.push_back(state.CallAt(i));
  view.contract = state.GetContract();
  view.contract_known = phase == Phase::play || phase == Phase::contra ||
                        phase == Phase::recontra || phase == Phase::swap;
  view.trick_number = state.TrickNumber();
  for (int i = 0; i < state.TrickSize(); ++i) {
    view.trick.push_back({(state.TrickLeader() + i) % state.Players(), state.TrickCard(i)});
  }
  if (state.LastTrickWinner() >= 0) {
    for (int i = 0; i < state.Players(); ++i) {
      view.last_trick.push_back({(state.LastTrickLeader() + i) % state.Players(),
                                 state.LastTrick()[static_cast<std::size_t>(i)]});
    }
    view.last_trick_winner = state.LastTrickWinner();
  }
  view.played = state.Played();
  for (int i = 0; i < state.DeclarationCount(); ++i)
    view.declarations.push_back(state.DeclarationAt(i));
  view.belote_holder = state.BeloteHolder();
  view.belote_complete = state.BeloteComplete();
  view.tricks_won = state.TricksWon();
  view.card_points = state.CardPoints();
  return view;
}

}  // namespace

CardMask SeatView::VisibleCards() const {
  CardMask cards = hand | played;
  if (turned != kNoCard) cards |= Bit(turned);
  if (set_aside != kNoCard) cards |= Bit(set_aside);
  for (const auto& t : trick) cards |= Bit(t.card);
  for (const auto& t : last_trick) cards |= Bit(t.card);
  for (const auto& d : declarations) cards |= d.cards;
  for (const auto& m : legal_moves) {
    if (m.kind == MoveKind::play) cards |= Bit(m.card);
    if (m.kind == MoveKind::declare) cards |= m.cards;
  }
  return cards;
}

void SetOwnFields(const State& state, int seat, SeatView& view) {
  view.viewer = seat;
  const bool in_hand = state.phase() != Phase::awaiting_deal && state.phase() != Phase::match_over;
  if (in_hand) view.hand = state.Hand(seat);
  if (state.ToAct() == seat) {
    for (const Move& move : state.LegalMoves()) view.legal_moves.push_back(move);
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

}  // namespace kafenio::pilotta
