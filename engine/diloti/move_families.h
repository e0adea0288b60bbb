#pragma once
// The legal moves of the seat to act, described compactly (docs/protocol.md, "Diloti move
// families"). A numeral capture takes any set of disjoint groups worth the card's value, and
// a group declaration combines any set of disjoint components, so listing those moves one by
// one grows exponentially with the loose cards (a table of 23 loose cards allows 400,000
// of them). Here they are given instead as families: for one played card and one value,
// the parts a move may combine and the rules on which combinations are legal. Every other
// move (lay, face-card capture, plain declaration, raise) stays a plain move.
//
// A selection from a family is legal exactly when it is one of its anchors (groups only)
// and a set of pairwise disjoint parts that holds every required part and at least one part;
// its move takes the union of their loose cards and declarations. The plain moves and the
// moves of every legal selection are together exactly State::LegalMoves() (as sets: one
// move may come from several selections, which only group its cards differently).
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/diloti/cards.h"
#include "engine/diloti/move.h"

namespace kafenio::diloti {

// One part of a family: loose numerals worth the family's value together, or the
// declaration worth it (loose == 0, taken == its bit).
struct MovePart {
  CardMask loose = 0;
  DeclarationSet taken = 0;
  // Every legal selection holds it: the declaration a group must fold in (one declaration
  // per value) or a capture must take (the hold rule).
  bool required = false;
  friend bool operator==(const MovePart&, const MovePart&) = default;
};

struct MoveFamily {
  MoveKind kind = MoveKind::capture;  // capture or group
  std::uint8_t seat = 0;
  Card card = 0;           // the played card, a numeral
  std::uint8_t value = 0;  // the card's value (capture) or the group's
  // Groups: the loose cards joining the played card in its own component, worth `value`
  // with it (0: the card alone, when it is worth `value`). Captures: none.
  std::vector<CardMask> anchors;
  std::vector<MovePart> parts;
  friend bool operator==(const MoveFamily&, const MoveFamily&) = default;
};

struct CompactMoves {
  std::vector<Move> plain;
  std::vector<MoveFamily> families;
};

// A part in the record's group syntax: "7d", "2s+5s", "@7".
std::string FormatPart(const MovePart& part);
// Anchor `index` of a group family as the played card's group: "5h", "2h+5s".
std::string FormatAnchor(const MoveFamily& family, int index);

// The move of a selection from `family`: anchor index (-1 for a capture) and part indexes;
// nullopt when the selection is not legal (parts overlapping each other or the anchor, a
// required part missing, no part, an index out of range).
std::optional<Move> MoveOfSelection(const MoveFamily& family, int anchor,
                                    const std::vector<int>& parts);

// The distinct moves of every legal selection of `family`, or nullopt when there are more
// than `limit` (or the search for them would need more than `limit` unions of parts). The
// list is exponential in the worst case, as LegalMoves is: for tests, and for bots within
// a budget.
std::optional<std::vector<Move>> FamilyMoves(const MoveFamily& family,
                                             std::size_t limit = SIZE_MAX - 1);

}  // namespace kafenio::diloti
