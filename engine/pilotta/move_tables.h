#pragma once
// Every bid and card play a move generator can list, built at compile time. Listing a
// move is then one 12-byte copy instead of six field stores, and a sampled move is read
// whole into registers instead of being assembled byte by byte on the stack and read
// back with a wider load (which the CPU cannot forward, so it waits for the stores).
#include <array>

#include "engine/pilotta/move.h"

namespace kafenio::pilotta::move_tables {

inline constexpr int kMinBid = 8;   // 80
inline constexpr int kMaxBid = 16;  // 160
inline constexpr int kBidValues = kMaxBid - kMinBid + 1;
// Bids of one seat in the order the auction lists them: each value from 80 to 160 in
// every enabled suit, then capot in every enabled suit. Entries past the enabled suits'
// count are unused.
inline constexpr int kMaxBids = (kBidValues + 1) * 6;

struct SeatMoves {
  std::array<Move, kDeckSize> plays{};               // play the card
  std::array<Move, kDeckSize> belote_plays{};        // play it announcing belote
  std::array<std::array<Move, kMaxBids>, 2> bids{};  // [nt_at_bids]
};

constexpr std::array<SeatMoves, 4> Build() {
  std::array<SeatMoves, 4> seats{};
  for (int seat = 0; seat < 4; ++seat) {
    SeatMoves& moves = seats[static_cast<std::size_t>(seat)];
    for (int card = 0; card < kDeckSize; ++card) {
      moves.plays[static_cast<std::size_t>(card)] = Move::Play(seat, static_cast<Card>(card));
      moves.belote_plays[static_cast<std::size_t>(card)] =
          Move::Play(seat, static_cast<Card>(card), true);
    }
    for (int nt_at = 0; nt_at < 2; ++nt_at) {
      const int suits = nt_at ? 6 : 4;
      auto& bids = moves.bids[static_cast<std::size_t>(nt_at)];
      std::size_t next = 0;
      for (int tens = kMinBid; tens <= kMaxBid; ++tens) {
        for (int suit = 0; suit < suits; ++suit) bids[next++] = Move::Bid(seat, tens, suit);
      }
      for (int suit = 0; suit < suits; ++suit) bids[next++] = Move::Bid(seat, kCapotBid, suit);
    }
  }
  return seats;
}

inline constexpr std::array<SeatMoves, 4> kBySeat = Build();

}  // namespace kafenio::pilotta::move_tables
