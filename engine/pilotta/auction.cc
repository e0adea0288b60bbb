// Everything before the first card: the cyprus auction with contra and recontra, and the
// classic trump choice (take, name, swap) with the rest of the deal.
#include <cstring>

#include "engine/pilotta/move_tables.h"
#include "engine/pilotta/state.h"

namespace kafenio::pilotta {
namespace {
using move_tables::kMaxBid;
using move_tables::kMinBid;

bool ValidBidValue(int tens) {
  return (tens >= kMinBid && tens <= kMaxBid) || tens == kCapotBid;
}

// Bids in a seat's table (move_tables.h) with `suits` enabled: each value, then capot.
int BidCount(int suits) {
  return (move_tables::kBidValues + 1) * suits;
}

// Position in that table of the first bid above `above` (0 when nobody has bid): past
// every value up to it, or past everything once capot stands.
int FirstBidAbove(int above, int suits) {
  if (above == kCapotBid) return BidCount(suits);
  return above < kMinBid ? 0 : (above - kMinBid + 1) * suits;
}
}  // namespace

void State::AuctionMoves(MoveList& out) const {
  const int seat = to_act_;
  switch (phase_) {
    case Phase::auction: {
      // Pass, then every bid above the standing one: a tail of the seat's bid table.
      out.Add(Move::Pass(seat));
      const int suits = rules_.nt_at_bids ? 6 : 4;
      const int first = FirstBidAbove(contract_.bidder >= 0 ? contract_.value : 0, suits);
      const int count = BidCount(suits);
      const auto& bids = move_tables::kBySeat[seat].bids[rules_.nt_at_bids ? 1 : 0];
      std::memcpy(out.Tail(), bids.data() + first,
                  sizeof(Move) * static_cast<std::size_t>(count - first));
      out.Grow(count - first);
      break;
    }
    case Phase::contra:
      out.Add(Move::Pass(seat));
      out.Add(Move::Make(MoveKind::contra, seat));
      break;
    case Phase::recontra:
      out.Add(Move::Pass(seat));
      out.Add(Move::Make(MoveKind::recontra, seat));
      break;
    case Phase::take_round:
      out.Add(Move::Pass(seat));
      out.Add(Move::Make(MoveKind::take, seat));
      break;
    case Phase::name_round:
      out.Add(Move::Pass(seat));
      for (int suit = 0; suit < 4; ++suit) {
        if (suit != SuitOf(turned_)) out.Add(Move::Name(seat, suit));
      }
      break;
    case Phase::swap:
      out.Add(Move::Pass(seat));
      out.Add(Move::Make(MoveKind::swap, seat));
      break;
    default:
      break;
  }
}

// Mirrors AuctionMoves: index 0 is pass, then the moves in the order it lists them.
Move State::SampleAuctionMove(DealRng& rng) const {
  const int seat = to_act_;
  switch (phase_) {
    case Phase::auction: {
      const int suits = rules_.nt_at_bids ? 6 : 4;
      const int first = FirstBidAbove(contract_.bidder >= 0 ? contract_.value : 0, suits);
      const int count = BidCount(suits);
      const auto index = static_cast<int>(rng.Below(static_cast<std::uint64_t>(1 + count - first)));
      if (index == 0) return Move::Pass(seat);
      return move_tables::kBySeat[seat].bids[rules_.nt_at_bids ? 1 : 0][first + index - 1];
    }
    case Phase::name_round: {
      const auto index = static_cast<int>(rng.Below(4));
      if (index == 0) return Move::Pass(seat);
      const int suit = index - 1;
      return Move::Name(seat, suit >= SuitOf(turned_) ? suit + 1 : suit);
    }
    default: {
      const MoveKind other = phase_ == Phase::contra     ? MoveKind::contra
                             : phase_ == Phase::recontra ? MoveKind::recontra
                             : phase_ == Phase::swap     ? MoveKind::swap
                                                         : MoveKind::take;
      return rng.Below(2) == 0 ? Move::Pass(seat) : Move::Make(other, seat);
    }
  }
}

Illegal State::ApplyAuction(const Move& move) {
  if (move.kind == MoveKind::pass) {
    Log(move);
    ++passes_;
    if (contract_.bidder >= 0 && passes_ == 3) {
      // The standing bid is the contract; the defenders may now double it.
      phase_ = Phase::contra;
      passes_ = 0;
      to_act_ = static_cast<std::uint8_t>(SeatAfter(contract_.bidder, 1));
    } else if (contract_.bidder < 0 && passes_ == players_) {
      AnnulHand();
    } else {
      to_act_ = static_cast<std::uint8_t>(SeatAfter(to_act_, 1));
    }
    return Illegal::none;
  }
  if (move.kind != MoveKind::bid) return Illegal::not_now;
  if (!ValidBidValue(move.value)) return Illegal::bid_value;
  if (move.suit >= 4 && !rules_.nt_at_bids) return Illegal::bid_suit_not_enabled;
  if (move.suit >= 6) return Illegal::bid_suit_not_enabled;
  if (contract_.bidder >= 0 && move.value <= contract_.value) return Illegal::bid_too_low;
  Log(move);
  contract_.bidder = static_cast<std::int8_t>(move.seat);
  contract_.value = move.value;
  contract_.trump = move.suit;
  passes_ = 0;
  to_act_ = static_cast<std::uint8_t>(SeatAfter(to_act_, 1));
  return Illegal::none;
}

Illegal State::ApplyContra(const Move& move) {
  const bool doubling = phase_ == Phase::contra;
  const MoveKind call = doubling ? MoveKind::contra : MoveKind::recontra;
  // The round's two seats: the one after the contract's bidder (or the doubler) and the
  // one opposite it.
  const int first = SeatAfter(doubling ? contract_.bidder : contract_.doubler, 1);
  if (move.kind == MoveKind::pass) {
    Log(move);
    if (to_act_ == first) {
      to_act_ = static_cast<std::uint8_t>(SeatAfter(first, 2));
    } else {
      BeginPlay();
    }
    return Illegal::none;
  }
  if (move.kind != call) return Illegal::not_now;
  Log(move);
  if (doubling) {
    contract_.multiplier = 2;
    contract_.doubler = static_cast<std::int8_t>(move.seat);
    phase_ = Phase::recontra;
    to_act_ = static_cast<std::uint8_t>(SeatAfter(move.seat, 1));
  } else {
    contract_.multiplier = 4;
    BeginPlay();
  }
  return Illegal::none;
}

Illegal State::ApplyTrumpChoice(const Move& move) {
  const bool taking = phase_ == Phase::take_round;
  if (move.kind == MoveKind::pass) {
    Log(move);
    if (++passes_ < players_) {
      to_act_ = static_cast<std::uint8_t>(SeatAfter(to_act_, 1));
    } else if (taking) {
      phase_ = Phase::name_round;
      passes_ = 0;
      to_act_ = static_cast<std::uint8_t>(Eldest());
    } else {
      AnnulHand();
    }
    return Illegal::none;
  }
  if (taking) {
    if (move.kind != MoveKind::take) return Illegal::not_now;
    Log(move);
    ChooseTrump(move.seat, SuitOf(turned_), true);
    return Illegal::none;
  }
  if (move.kind != MoveKind::name) return Illegal::not_now;
  if (move.suit >= 4) return Illegal::name_not_a_suit;
  if (move.suit == SuitOf(turned_)) return Illegal::name_turned_suit;
  Log(move);
  ChooseTrump(move.seat, move.suit, false);
  return Illegal::none;
}

void State::ChooseTrump(int seat, int trump, bool took_turned) {
  contract_.bidder = static_cast<std::int8_t>(seat);
  contract_.trump = static_cast<std::uint8_t>(trump);
  if (rules_.preset == Preset::classic2) {
    const Card seven = MakeCard(static_cast<Suit>(trump), r7);
    if (took_turned && (hands_[static_cast<std::size_t>(seat)] & Bit(seven))) {
      phase_ = Phase::swap;
      to_act_ = static_cast<std::uint8_t>(seat);
      return;
    }
    set_aside_ = turned_;
  } else {
    hands_[static_cast<std::size_t>(seat)] |= Bit(turned_);
  }
  DealStock();
}

Illegal State::ApplySwap(const Move& move) {
  if (move.kind != MoveKind::swap && move.kind != MoveKind::pass) return Illegal::not_now;
  Log(move);
  auto& hand = hands_[move.seat];
  if (move.kind == MoveKind::swap) {
    const Card seven = MakeCard(static_cast<Suit>(contract_.trump), r7);
    hand = (hand & ~Bit(seven)) | Bit(turned_);
    set_aside_ = seven;
  } else {
    set_aside_ = turned_;
  }
  DealStock();
  return Illegal::none;
}

void State::DealStock() {
  // In turn order from eldest, each seat takes its cards from the front of the stock:
  // classic 3 each (2 for the taker, who has the turned card); classic2 3 each.
  int next = 0;
  for (int i = 1; i <= players_; ++i) {
    const int seat = SeatAfter(dealer_, i);
    const int count = rules_.preset == Preset::classic && seat == contract_.bidder ? 2 : 3;
    for (int k = 0; k < count; ++k) {
      hands_[static_cast<std::size_t>(seat)] |= Bit(stock_[static_cast<std::size_t>(next++)]);
    }
  }
  // What is left stays undealt (classic2's 13 cards); it is never seen.
  for (int i = next; i < stock_size_; ++i)
    stock_[static_cast<std::size_t>(i - next)] = stock_[static_cast<std::size_t>(i)];
  stock_size_ = static_cast<std::uint8_t>(stock_size_ - next);
  BeginPlay();
}

}  // namespace kafenio::pilotta
