#pragma once
// A Pilotta move: one call or card of one seat, as written in a record line.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/pilotta/cards.h"

namespace kafenio::pilotta {

enum class MoveKind : std::uint8_t { pass, bid, contra, recontra, take, name, swap, declare, play };

// Trump modes: a suit 0..3 (c d h s), or no trump / all trump.
inline constexpr std::uint8_t kNoTrump = 4;
inline constexpr std::uint8_t kAllTrump = 5;
inline constexpr std::uint8_t kCapotBid = 25;  // bid value in tens: 8..16, or 25 for capot

struct Move {
  MoveKind kind;
  std::uint8_t seat;
  Card card;           // play
  std::uint8_t value;  // bid, in tens (8..16) or kCapotBid
  std::uint8_t suit;   // bid and name: 0..3, kNoTrump, kAllTrump
  bool belote;         // play: announces belote with the first of K/Q of trumps
  CardMask cards;      // declare: the announced cards

  // Each factory builds the whole value in one initialisation, so it can live in
  // registers (field-by-field stores followed by a wide load stall the CPU).
  static constexpr Move Make(MoveKind kind, int seat) {
    return Move{kind, static_cast<std::uint8_t>(seat), kNoCard, 0, 0, false, 0};
  }
  static constexpr Move Pass(int seat) { return Make(MoveKind::pass, seat); }
  static constexpr Move Bid(int seat, int tens, int suit) {
    return Move{MoveKind::bid,
                static_cast<std::uint8_t>(seat),
                kNoCard,
                static_cast<std::uint8_t>(tens),
                static_cast<std::uint8_t>(suit),
                false,
                0};
  }
  static constexpr Move Name(int seat, int suit) {
    return Move{MoveKind::name,
                static_cast<std::uint8_t>(seat),
                kNoCard,
                0,
                static_cast<std::uint8_t>(suit),
                false,
                0};
  }
  static constexpr Move Declare(int seat, CardMask cards) {
    return Move{MoveKind::declare, static_cast<std::uint8_t>(seat), kNoCard, 0, 0, false, cards};
  }
  static constexpr Move Play(int seat, Card card, bool belote = false) {
    return Move{MoveKind::play, static_cast<std::uint8_t>(seat), card, 0, 0, belote, 0};
  }

  friend constexpr bool operator==(const Move&, const Move&) = default;
};

// Record syntax without the seat: "bid 90 h", "play Kh belote", "declare Ah Kh Qh".
std::string FormatMoveBody(const Move& move);
// With the seat: "2 play Jh".
std::string FormatMove(const Move& move);

struct MoveParse {
  std::optional<Move> move;
  std::string error;
};
// Parses the tokens of a record move line (seat first). Syntax only: legality is the
// state's business, so "bid 85 h" parses and is refused by Apply.
MoveParse ParseMove(const std::vector<std::string_view>& tokens);

std::string_view TrumpName(int suit);  // "c" .. "s", "nt", "at"

}  // namespace kafenio::pilotta
