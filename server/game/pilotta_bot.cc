#include "server/game/pilotta_bot.h"

#include <algorithm>

#include "engine/pilotta/tables.h"

namespace kafenio::server {
namespace {

using pilotta::Card;
using pilotta::CardMask;
using pilotta::Move;
using pilotta::MoveKind;

// Rough worth of holding `trump` as trumps: the card points of the trumps held plus the
// side aces, and a bonus for length. Uses only the bot's own hand.
int TrumpStrength(CardMask hand, int trump) {
  int strength = 0;
  for (CardMask rest = hand; rest != 0; rest &= rest - 1) {
    const Card card = pilotta::Lowest(rest);
    const int rank = pilotta::RankOf(card);
    if (pilotta::SuitOf(card) == trump) {
      strength += pilotta::tables::kTrumpPoints[static_cast<std::size_t>(rank)] + 5;
    } else if (rank == pilotta::rA) {
      strength += 11;
    }
  }
  return strength;
}

// The card points a card is worth under the contract's trump mode.
int CardWorth(const pilotta::State& state, Card card) {
  const int trump = state.GetContract().trump;
  const auto rank = static_cast<std::size_t>(pilotta::RankOf(card));
  if (trump == pilotta::kAllTrump) return pilotta::tables::kAllTrumpPoints[rank];
  if (trump == pilotta::kNoTrump) return pilotta::tables::kNoTrumpPoints[rank];
  if (pilotta::SuitOf(card) == trump)
    return pilotta::tables::kTrumpPoints[rank] + 20;  // keep trumps
  return pilotta::tables::kPlainPoints[rank];
}

// Whether playing `move` makes the bot's own seat the trick's winner so far (or its
// winner, when the move completes the trick). The engine decides, on a copy.
bool WinsTrick(const pilotta::State& state, const Move& move) {
  pilotta::State after = state;
  if (after.Apply(move) != pilotta::Illegal::none) return false;
  if (after.TrickSize() == 0) return after.LastTrickWinner() == move.seat;
  return after.TrickWinnerSoFar() == move.seat;
}

Move ChooseCall(const pilotta::State& state, const pilotta::MoveList& legal) {
  const int seat = state.ToAct();
  const CardMask hand = state.Hand(seat);
  // The suit we would most like as trumps, and how good it is.
  int best_suit = 0;
  int best = -1;
  for (int suit = 0; suit < 4; ++suit) {
    const int strength = TrumpStrength(hand, suit);
    if (strength > best) {
      best = strength;
      best_suit = suit;
    }
  }
  const Move* pass = nullptr;
  const Move* cheapest_bid = nullptr;
  for (const Move& move : legal) {
    if (move.kind == MoveKind::pass) pass = &move;
    if (move.kind == MoveKind::bid && move.suit == best_suit && move.value != pilotta::kCapotBid &&
        (cheapest_bid == nullptr || move.value < cheapest_bid->value)) {
      cheapest_bid = &move;
    }
    // Classic: take the turned suit, or name ours, when it is strong enough.
    if (move.kind == MoveKind::take && TrumpStrength(hand | pilotta::Bit(state.TurnedCard()),
                                                     pilotta::SuitOf(state.TurnedCard())) >= 60) {
      return move;
    }
    if (move.kind == MoveKind::name && move.suit == best_suit && best >= 60) return move;
    if (move.kind == MoveKind::swap) return move;
  }
  // Bid while the contract stays within what the hand is worth (in tens: 80 needs ~60).
  if (cheapest_bid != nullptr && best >= 55 + (cheapest_bid->value - 8) * 8) return *cheapest_bid;
  if (pass != nullptr) return *pass;
  return legal[0];
}

Move ChoosePlay(const pilotta::State& state, const pilotta::MoveList& legal) {
  // Declarations score for the side that holds the best one: always announce.
  for (const Move& move : legal) {
    if (move.kind == MoveKind::declare) return move;
  }
  const int seat = state.ToAct();
  const bool partner_winning = state.TrickSize() > 0 && state.Players() == 4 &&
                               pilotta::TeamOf(state.TrickWinnerSoFar()) == pilotta::TeamOf(seat);
  const Move* cheapest = nullptr;
  const Move* cheapest_winner = nullptr;
  for (const Move& move : legal) {
    if (move.kind != MoveKind::play) continue;
    // Prefer announcing belote when the engine offers the same card with and without it.
    const bool better_twin = cheapest != nullptr && cheapest->card == move.card && move.belote;
    const int worth = CardWorth(state, move.card);
    if (cheapest == nullptr || worth < CardWorth(state, cheapest->card) || better_twin)
      cheapest = &move;
    if (!partner_winning && WinsTrick(state, move) &&
        (cheapest_winner == nullptr || worth < CardWorth(state, cheapest_winner->card) ||
         (cheapest_winner->card == move.card && move.belote))) {
      cheapest_winner = &move;
    }
  }
  if (cheapest_winner != nullptr) return *cheapest_winner;
  if (cheapest != nullptr) return *cheapest;
  return legal[0];
}

}  // namespace

Move ChoosePilottaMove(const pilotta::State& state) {
  const pilotta::MoveList legal = state.LegalMoves();
  if (state.phase() == pilotta::Phase::play) return ChoosePlay(state, legal);
  return ChooseCall(state, legal);
}

}  // namespace kafenio::server
