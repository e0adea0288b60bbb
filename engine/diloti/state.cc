#include "engine/diloti/state.h"

#include <bit>

#include "engine/diloti/xeri.h"

namespace kafenio::diloti {

State::State(const Rules& rules, int first_dealer)
    : rules_(rules),
      players_(static_cast<std::uint8_t>(rules.players)),
      dealer_(static_cast<std::uint8_t>(first_dealer)) {}

CardMask State::DeclarationCards() const {
  CardMask cards = 0;
  for (DeclarationSet values = declared_; values; values &= values - 1) {
    cards |= DeclarationOf(std::countr_zero(values)).cards;
  }
  return cards;
}

Illegal State::StartHand(const Deal& deal) {
  if (phase_ == Phase::match_over) return Illegal::match_over;
  if (phase_ != Phase::awaiting_deal) return Illegal::no_hand_in_play;
  if (!IsCompleteDeal(players_, deal)) return Illegal::bad_deal;
  if (TableNeedsRedeal(deal.table)) return Illegal::table_must_be_redealt;
  const int hand_number = hand_number_ + 1;
  // Everything of the previous round goes; the match score stays.
  const auto totals = totals_;
  const auto last = last_result_;
  *this = State(rules_, dealer_);
  totals_ = totals;
  last_result_ = last;
  hand_number_ = static_cast<std::int16_t>(hand_number);
  hands_ = deal.hands;
  loose_ = deal.table;
  stock_ = deal.stock;
  stock_size_ = deal.stock_size;
  to_act_ = static_cast<std::uint8_t>(Eldest());
  phase_ = Phase::play;
  return Illegal::none;
}

Illegal State::Apply(const Move& move) {
  if (auto why = Check(move); why != Illegal::none) return why;
  Perform(move);
  return Illegal::none;
}

bool State::ScoresXeri(const Move& move) const {
  if (move.kind != MoveKind::capture) return false;
  const bool cleared = (loose_ & ~move.loose) == 0 && (declared_ & ~move.taken) == 0;
  CardMask held = 0;
  for (CardMask hand : hands_) held |= hand;
  const bool last_card = StockSize() == 0 && held == Bit(move.card);
  return IsXeri(cleared, moves_this_round_ == 0, last_card, rules_);
}

void State::Perform(const Move& move) {
  const std::size_t seat = move.seat;
  const std::size_t team = static_cast<std::size_t>(TeamOf(move.seat));
  hands_[seat] &= ~Bit(move.card);
  loose_ &= ~move.loose;
  CardMask folded = 0;
  for (DeclarationSet values = move.taken & declared_; values; values &= values - 1) {
    const auto v = static_cast<std::size_t>(std::countr_zero(values));
    folded |= declarations_[v].cards;
    declarations_[v] = Declaration{};
  }
  declared_ &= static_cast<DeclarationSet>(~move.taken);
  switch (move.kind) {
    case MoveKind::lay:
      loose_ |= Bit(move.card);
      break;
    case MoveKind::capture: {
      captured_[team] |= Bit(move.card) | move.loose | folded;
      last_capturer_ = static_cast<std::int8_t>(move.seat);
      // Asked of the position after the move, which ScoresXeri works out beforehand.
      bool last_card = StockSize() == 0;
      for (CardMask hand : hands_) last_card = last_card && hand == 0;
      const bool cleared = loose_ == 0 && declared_ == 0;
      if (IsXeri(cleared, moves_this_round_ == 0, last_card, rules_)) ++xeri_[team];
      break;
    }
    case MoveKind::declare:
    case MoveKind::raise:
    case MoveKind::group:
      declarations_[move.value] =
          Declaration{Bit(move.card) | move.loose | folded, static_cast<std::int8_t>(move.seat),
                      move.kind == MoveKind::group};
      declared_ |= DeclarationBit(move.value);
      break;
  }
  ++moves_this_round_;
  to_act_ = static_cast<std::uint8_t>((to_act_ + 1) % players_);
  for (int s = 0; s < players_; ++s) {
    if (hands_[static_cast<std::size_t>(s)] != 0) return;
  }
  if (StockSize() > 0) {
    DealStock();
  } else {
    FinishHand();
  }
}

void State::DealStock() {
  for (int i = 1; i <= players_; ++i) {
    auto& hand = hands_[static_cast<std::size_t>((dealer_ + i) % players_)];
    for (int k = 0; k < kHandSize; ++k) hand |= Bit(stock_[stock_next_++]);
  }
}

void State::FinishHand() {
  // The last capturer takes what is left, without a xeri. Nobody captured at all: the
  // cards stay where they are and count for neither side.
  if (last_capturer_ >= 0) {
    captured_[static_cast<std::size_t>(TeamOf(last_capturer_))] |= TableCards();
    loose_ = 0;
    declarations_ = {};
    declared_ = 0;
  }
  last_result_ = ScoreRound(captured_, xeri_);
  last_result_.number = hand_number_;
  totals_[0] += last_result_.score[0];
  totals_[1] += last_result_.score[1];
  dealer_ = static_cast<std::uint8_t>((dealer_ + 1) % players_);
  const bool reached = totals_[0] >= rules_.target || totals_[1] >= rules_.target;
  if (reached && totals_[0] != totals_[1]) {
    winner_ = static_cast<std::int8_t>(totals_[0] > totals_[1] ? 0 : 1);
    phase_ = Phase::match_over;
  } else {
    phase_ = Phase::awaiting_deal;
  }
}

}  // namespace kafenio::diloti
