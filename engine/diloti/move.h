#pragma once
// A Diloti move: one card of one seat and what it does, as written in a record line.
// A capture or group is identified by its played card, its value and the set of table
// cards and declarations it uses; how a record groups them is only a proof that it adds
// up, so the grouping is not part of the move.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/diloti/cards.h"
#include "engine/diloti/illegal.h"

namespace kafenio::diloti {

enum class MoveKind : std::uint8_t { lay, capture, declare, raise, group };

// Declarations on the table, named by value: bit v stands for the declaration worth v.
using DeclarationSet = std::uint16_t;
constexpr DeclarationSet DeclarationBit(int value) {
  return static_cast<DeclarationSet>(1u << value);
}

struct Move {
  MoveKind kind;
  std::uint8_t seat;
  Card card;             // the played card
  std::uint8_t value;    // capture: the card's value (0 for a face card); declare,
                         // raise, group: the declaration's value afterwards
  DeclarationSet taken;  // declarations captured, raised or folded in
  CardMask loose;        // loose table cards used

  static constexpr Move Lay(int seat, Card card) {
    return Move{MoveKind::lay, static_cast<std::uint8_t>(seat), card, 0, 0, 0};
  }
  // Defined here so that the move generator, which builds hundreds of them per call,
  // can inline them.
  static constexpr Move Capture(int seat, Card card, CardMask loose, DeclarationSet taken) {
    return Move{MoveKind::capture,
                static_cast<std::uint8_t>(seat),
                card,
                static_cast<std::uint8_t>(ValueOf(card)),
                taken,
                loose};
  }
  static Move Declare(int seat, Card card, CardMask loose);
  static constexpr Move Raise(int seat, Card card, int declaration_value) {
    return Move{MoveKind::raise,
                static_cast<std::uint8_t>(seat),
                card,
                static_cast<std::uint8_t>(declaration_value + ValueOf(card)),
                DeclarationBit(declaration_value),
                0};
  }
  static constexpr Move Group(int seat, Card card, int value, CardMask loose,
                              DeclarationSet taken) {
    return Move{MoveKind::group,
                static_cast<std::uint8_t>(seat),
                card,
                static_cast<std::uint8_t>(value),
                taken,
                loose};
  }

  friend constexpr bool operator==(const Move&, const Move&) = default;
};

// Record syntax without the seat: "capture 7h 7c 3d+4s @7", "group 5h 5h 5d @5".
std::string FormatMoveBody(const Move& move);
// With the seat: "1 capture 7h 7c".
std::string FormatMove(const Move& move);
// One group of cards in record syntax, "3c+4d": `first` first (kNoCard: none), then the
// others lowest first, as FormatMoveBody writes the groups of a capture or group.
std::string FormatGroup(CardMask cards, Card first = kNoCard);

struct MoveParse {
  std::optional<Move> move;
  std::string error;                // a malformed line
  Illegal illegal = Illegal::none;  // well formed, but its groups do not add up
};
// Parses the tokens of a record move line (seat first). Checks the syntax and that each
// written group is worth the move's value; whether the cards are where the move says is
// the state's business.
MoveParse ParseMove(const std::vector<std::string_view>& tokens);

}  // namespace kafenio::diloti
