#include "engine/pilotta/state.h"

#include <algorithm>

namespace kafenio::pilotta {

State::State(const Rules& rules, int first_dealer)
    : rules_(rules),
      players_(static_cast<std::uint8_t>(rules.Players())),
      dealer_(static_cast<std::uint8_t>(first_dealer)) {}

Illegal State::StartHand(const Deal& deal) {
  if (phase_ == Phase::match_over) return Illegal::match_over;
  if (phase_ != Phase::awaiting_deal) return Illegal::not_now;
  if (!IsCompleteDeal(rules_, deal)) return Illegal::bad_deal;
  // Everything of the previous hand goes; the match score and last result stay.
  ++hand_number_;
  played_ = 0;
  set_aside_ = kNoCard;
  contract_ = Contract{};
  passes_ = 0;
  // Entries past the counts are always zero (states compare whole arrays), so clearing
  // the used ones is enough; clearing all of both arrays costs more than a random hand's
  // whole auction.
  std::fill_n(calls_.begin(), call_count_, Call{});
  call_count_ = 0;
  trick_number_ = 0;
  trick_size_ = 0;
  trick_leader_ = 0;
  best_in_trick_ = 0;
  trick_ = {};
  last_trick_ = {kNoCard, kNoCard, kNoCard, kNoCard};
  last_trick_leader_ = -1;
  last_trick_winner_ = -1;
  card_points_ = {};
  tricks_won_ = {};
  std::fill_n(declarations_.begin(), declaration_count_, Declaration{});
  declaration_count_ = 0;
  belote_holder_ = -1;
  belote_complete_ = false;
  shown_voids_ = {};
  hands_ = deal.hands;
  turned_ = deal.turn;
  stock_ = deal.stock;
  stock_size_ = deal.stock_size;
  to_act_ = static_cast<std::uint8_t>(Eldest());
  phase_ = rules_.HasAuction() ? Phase::auction : Phase::take_round;
  return Illegal::none;
}

Illegal State::Apply(const Move& move) {
  if (phase_ == Phase::match_over) return Illegal::match_over;
  if (phase_ == Phase::awaiting_deal) return Illegal::no_hand_in_play;
  if (move.seat >= players_) return Illegal::no_such_seat;
  if (move.seat != to_act_) return Illegal::not_your_turn;
  switch (phase_) {
    case Phase::auction:
      return ApplyAuction(move);
    case Phase::contra:
    case Phase::recontra:
      return ApplyContra(move);
    case Phase::take_round:
    case Phase::name_round:
      return ApplyTrumpChoice(move);
    case Phase::swap:
      return ApplySwap(move);
    case Phase::play:
      if (move.kind == MoveKind::play) return ApplyPlay(move);
      if (move.kind == MoveKind::declare) return ApplyDeclare(move);
      return Illegal::not_now;
    default:
      return Illegal::not_now;
  }
}

void State::LegalMoves(MoveList& out) const {
  out.Clear();
  switch (phase_) {
    case Phase::play:
      PlayMoves(out);
      break;
    case Phase::awaiting_deal:
    case Phase::match_over:
      break;
    default:
      AuctionMoves(out);
      break;
  }
}

Move State::SampleLegalMove(DealRng& rng) const {
  return phase_ == Phase::play ? SamplePlayMove(rng) : SampleAuctionMove(rng);
}

void State::BeginPlay() {
  phase_ = Phase::play;
  to_act_ = static_cast<std::uint8_t>(Eldest());
  trick_leader_ = to_act_;
  trick_number_ = 0;
  trick_size_ = 0;
}

void State::EndHand(const HandResult& result, bool annulled) {
  last_result_ = result;
  last_result_.number = hand_number_;
  last_result_.annulled = annulled;
  if (annulled) {
    phase_ = Phase::awaiting_deal;  // the same dealer deals again
    return;
  }
  totals_[0] += result.score[0];
  totals_[1] += result.score[1];
  dealer_ = static_cast<std::uint8_t>(SeatAfter(dealer_, 1));
  const bool reached = totals_[0] >= rules_.target || totals_[1] >= rules_.target;
  if (reached && totals_[0] != totals_[1]) {
    winner_ = static_cast<std::int8_t>(totals_[0] > totals_[1] ? 0 : 1);
    phase_ = Phase::match_over;
  } else {
    phase_ = Phase::awaiting_deal;
  }
}

void State::AnnulHand() {
  EndHand(HandResult{}, true);
}

void State::FinishHand() {
  PlayedHand hand;
  hand.rules = rules_;
  hand.declarers = TeamOf(contract_.bidder);
  hand.contract_points = rules_.HasAuction() ? contract_.Points() : 0;
  hand.capot_bid = contract_.IsCapot();
  hand.multiplier = contract_.multiplier;
  hand.trump = contract_.trump;
  hand.tricks = tricks_won_;
  hand.trick_points = card_points_;
  hand.last_trick_team = TeamOf(last_trick_winner_);
  hand.belote_team = belote_complete_ ? TeamOf(belote_holder_) : -1;
  hand.declarations = declarations_.data();
  hand.declaration_count = declaration_count_;
  EndHand(ScoreHand(hand), false);
}

}  // namespace kafenio::pilotta
