// The compact description of the legal moves (engine/diloti/move_families.h) against the
// complete list: in many thousands of positions from random play and from play that lays
// numerals to grow the table, for both presets, 2 and 4 players and the options that change
// which moves are legal, the plain moves and the moves of every legal selection of every
// family must be exactly State::LegalMoves() as a set. Hand-made positions check each rule
// a family carries (a required declaration, anchors), and the size of the description on
// the most crowded table play can make.
#include <algorithm>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include <catch2/catch.hpp>

#include "engine/core/rng.h"
#include "engine/diloti/deal.h"
#include "engine/diloti/move_families.h"
#include "engine/diloti/state.h"
#include "engine/record/lines.h"

namespace kafenio::diloti {
namespace {

// A move as the engine identifies it (move.h): the grouping is not part of it.
using Key = std::tuple<MoveKind, int, Card, int, DeclarationSet, CardMask>;
Key KeyOf(const Move& move) {
  return {move.kind, move.seat, move.card, move.value, move.taken, move.loose};
}

std::set<Key> Listed(const State& state) {
  std::set<Key> keys;
  for (const Move& move : state.LegalMoves()) keys.insert(KeyOf(move));
  return keys;
}

std::set<Key> Expanded(const CompactMoves& compact) {
  std::set<Key> keys;
  for (const Move& move : compact.plain) {
    CHECK(keys.insert(KeyOf(move)).second);  // plain moves are listed once
    // Numeral captures and groups are only in families.
    CHECK(!(move.kind == MoveKind::group || (move.kind == MoveKind::capture && move.value)));
  }
  for (const MoveFamily& family : compact.families) {
    const auto moves = FamilyMoves(family);
    REQUIRE(moves);
    CHECK(!moves->empty());  // a family is listed only if it has a legal selection
    for (const Move& move : *moves) keys.insert(KeyOf(move));
  }
  return keys;
}

CompactMoves CompactOf(const State& state) {
  CompactMoves compact;
  state.CompactLegalMoves(compact);
  return compact;
}

// A random selection of a family, legal or not, put to MoveOfSelection: a move it
// returns is accepted by the state, and a selection with overlapping parts is refused.
void CheckRandomSelection(const State& state, const MoveFamily& family, DealRng& rng) {
  const int anchor =
      family.kind == MoveKind::group ? static_cast<int>(rng.Below(family.anchors.size())) : -1;
  std::vector<int> parts;
  bool overlap = false;
  CardMask used = anchor >= 0 ? family.anchors[static_cast<std::size_t>(anchor)] : 0;
  DeclarationSet taken = 0;
  for (std::size_t i = 0; i < family.parts.size(); ++i) {
    if (rng.Below(3) != 0 && !family.parts[i].required) continue;
    const MovePart& part = family.parts[i];
    overlap = overlap || (part.loose & used) || (part.taken & taken);
    used |= part.loose;
    taken |= part.taken;
    parts.push_back(static_cast<int>(i));
  }
  const auto move = MoveOfSelection(family, anchor, parts);
  if (overlap || parts.empty()) {
    CHECK(!move);
  } else {
    REQUIRE(move);
    CHECK(state.Validate(*move) == Illegal::none);
  }
}

struct Coverage {
  int positions = 0;
  int families = 0;
  int required = 0;  // families with a required part
  int anchored = 0;  // group families whose anchors take loose cards
  int crowded = 0;   // positions with 12 or more loose numerals
};

// Plays `rounds` rounds; `lay_heavy`: lay a numeral whenever one may be laid (seven times
// in eight) until the table holds `crowd` loose numerals.
void CompareAlongPlay(Rules rules, std::uint64_t seed, int rounds, bool lay_heavy,
                      Coverage& coverage, int crowd = 16) {
  rules.target = 1'000'000;
  DealRng rng(seed);
  State state(rules, 0);
  for (int round = 0; round < rounds; ++round) {
    REQUIRE(state.StartHand(DealFromSeed(rules.players, state.Dealer(), rng.Next())) ==
            Illegal::none);
    while (state.phase() == Phase::play) {
      const MoveList legal = state.LegalMoves();
      const CompactMoves compact = CompactOf(state);
      const std::set<Key> listed = Listed(state);
      const std::set<Key> expanded = Expanded(compact);
      if (listed != expanded) {
        FAIL("compact description differs from LegalMoves with "
             << Count(state.Loose() & kNumerals) << " loose numerals: " << listed.size()
             << " listed, " << expanded.size() << " described");
      }
      ++coverage.positions;
      coverage.crowded += Count(state.Loose() & kNumerals) >= 12;
      for (const MoveFamily& family : compact.families) {
        ++coverage.families;
        coverage.required += std::any_of(family.parts.begin(), family.parts.end(),
                                         [](const MovePart& p) { return p.required; });
        coverage.anchored += std::any_of(family.anchors.begin(), family.anchors.end(),
                                         [](CardMask a) { return a != 0; });
        CheckRandomSelection(state, family, rng);
      }
      Move next = legal[static_cast<int>(rng.Below(static_cast<std::uint64_t>(legal.size())))];
      if (lay_heavy && rng.Below(8) != 0 && Count(state.Loose() & kNumerals) < crowd) {
        for (const Move& move : legal) {
          if (move.kind == MoveKind::lay && !IsFace(move.card)) next = move;
        }
      }
      REQUIRE(state.Apply(next) == Illegal::none);
    }
  }
}

TEST_CASE("move families describe exactly the legal moves, in random and lay-heavy play",
          "[diloti][families]") {
  Coverage coverage;
  std::uint64_t seed = 100;
  for (const auto preset : {Preset::online, Preset::traditional}) {
    for (const int players : {2, 4}) {
      Rules rules = PresetRules(preset);
      rules.players = players;
      CompareAlongPlay(rules, ++seed, 60, false, coverage);
      CompareAlongPlay(rules, ++seed, 60, true, coverage);
      Rules forced = rules;
      forced.forced_capture = true;
      CompareAlongPlay(forced, ++seed, 30, true, coverage);
      Rules other = rules;
      other.self_raise = !rules.self_raise;
      other.final_xeri = !rules.final_xeri;
      CompareAlongPlay(other, ++seed, 30, true, coverage);
    }
  }
  // The positions reached every kind of family the rules make.
  CHECK(coverage.positions > 10000);
  CHECK(coverage.families > 10000);
  CHECK(coverage.required > 50);
  CHECK(coverage.anchored > 1000);
  CHECK(coverage.crowded > 500);
}

// --- Hand-made positions ---

CardMask Cards(const std::string& text) {
  CardMask mask = 0;
  const auto lines = record::SplitLines(text);
  for (const auto& token : lines.at(0).tokens) {
    const auto card = ParseCard(token);
    REQUIRE(card);
    mask |= Bit(*card);
  }
  return mask;
}

// A two-player round dealt by seat 1 (seat 0 acts first) with the given hands and table;
// the rest of the deck is the stock.
State Dealt(const std::string& hand0, const std::string& hand1, const std::string& table) {
  Deal deal;
  deal.hands[0] = Cards(hand0);
  deal.hands[1] = Cards(hand1);
  deal.table = Cards(table);
  CardMask rest = kFullDeck & ~(deal.hands[0] | deal.hands[1] | deal.table);
  for (; rest; rest &= rest - 1) deal.stock[deal.stock_size++] = Lowest(rest);
  State state(Rules{}, 1);
  REQUIRE(state.StartHand(deal) == Illegal::none);
  return state;
}

void Play(State& state, const std::string& line) {
  const auto lines = record::SplitLines(line);
  const auto parsed = ParseMove(lines.at(0).tokens);
  REQUIRE(parsed.move);
  INFO(line);
  REQUIRE(state.Apply(*parsed.move) == Illegal::none);
}

const MoveFamily& FamilyOf(const CompactMoves& compact, MoveKind kind, const std::string& card,
                           int value) {
  for (const MoveFamily& family : compact.families) {
    if (family.kind == kind && family.card == *ParseCard(card) && family.value == value) {
      return family;
    }
  }
  FAIL("no " << card << " family worth " << value);
  return compact.families.front();
}

TEST_CASE("the hold rule makes a capture take the owner's declaration", "[diloti][families]") {
  // Seat 0 declares 7 with 3h and 4c, holding 7h and 7c; after capturing with 7h, 7c is
  // their last card worth 7 and may be given up only by capturing the declaration.
  State state = Dealt("3h 7h 7c 9d 9h 9c", "Kh Kd Qs Qd Js Jd", "4c 7d 2s 5s");
  Play(state, "0 declare 3h 4c");
  Play(state, "1 lay Kh");
  {
    const CompactMoves compact = CompactOf(state);
    const MoveFamily& family = FamilyOf(compact, MoveKind::capture, "7h", 7);
    REQUIRE(family.parts.size() == 3);  // @7, 7d, 2s+5s
    CHECK(family.parts[0] == MovePart{0, DeclarationBit(7), false});
    CHECK(Expanded(compact) == Listed(state));
  }
  Play(state, "0 capture 7h 7d");
  Play(state, "1 lay Qd");
  const CompactMoves compact = CompactOf(state);
  const MoveFamily& family = FamilyOf(compact, MoveKind::capture, "7c", 7);
  REQUIRE(family.parts.size() == 2);
  CHECK(family.parts[0] == MovePart{0, DeclarationBit(7), true});
  CHECK(family.parts[1] == MovePart{Cards("2s 5s"), 0, false});
  CHECK(!MoveOfSelection(family, -1, {1}));
  const auto both = MoveOfSelection(family, -1, {0, 1});
  REQUIRE(both);
  CHECK(state.Validate(*both) == Illegal::none);
  CHECK(state.Validate(Move::Capture(0, *ParseCard("7c"), Cards("2s 5s"), 0)) ==
        Illegal::must_keep_card_of_value);
  CHECK(Expanded(compact) == Listed(state));
}

TEST_CASE("a group must fold in the declaration of its value", "[diloti][families]") {
  // Seat 0 owns 7 (3h+4c); playing 2h with 5s makes a component worth 7, which must take
  // in their declaration (one per value, and the owner rule) and may take 7d.
  State state = Dealt("3h 2h 7h 7c 9h 9c", "6s Kd Qs Qd Js Jd", "4c 7d 5s 8d");
  Play(state, "0 declare 3h 4c");
  Play(state, "1 lay 6s");
  const CompactMoves compact = CompactOf(state);
  const MoveFamily& led_by_two = FamilyOf(compact, MoveKind::group, "2h", 7);
  CHECK(led_by_two.anchors == std::vector<CardMask>{Cards("5s")});
  REQUIRE(led_by_two.parts.size() == 2);
  CHECK(led_by_two.parts[0] == MovePart{0, DeclarationBit(7), true});
  CHECK(led_by_two.parts[1] == MovePart{Cards("7d"), 0, false});
  CHECK(!MoveOfSelection(led_by_two, 0, {1}));   // without the declaration
  CHECK(!MoveOfSelection(led_by_two, -1, {0}));  // without an anchor
  CHECK(!MoveOfSelection(led_by_two, 1, {0}));   // no such anchor
  const auto grown = MoveOfSelection(led_by_two, 0, {0, 1});
  REQUIRE(grown);
  CHECK(*grown == Move::Group(0, *ParseCard("2h"), 7, Cards("5s 7d"), DeclarationBit(7)));
  CHECK(state.Validate(*grown) == Illegal::none);
  CHECK(state.Validate(Move::Group(0, *ParseCard("2h"), 7, Cards("5s 7d"), 0)) != Illegal::none);
  const MoveFamily& led_by_seven = FamilyOf(compact, MoveKind::group, "7h", 7);
  CHECK(led_by_seven.anchors == std::vector<CardMask>{0});
  CHECK(Expanded(compact) == Listed(state));
}

TEST_CASE("an opponent's plain declaration may be captured but not grown", "[diloti][families]") {
  // Seat 0 declares 7 (3h+4c); seat 1 may capture it with 7s, alone or with 7d, and may
  // not fold it into a group, so no group worth 7 is offered.
  State state = Dealt("3h 7h 9h 9c 9d 2c", "7s 2d Kd Qs Qd Jd", "4c 7d 5s 8d");
  Play(state, "0 declare 3h 4c");
  const CompactMoves compact = CompactOf(state);
  const MoveFamily& capture = FamilyOf(compact, MoveKind::capture, "7s", 7);
  CHECK(capture.parts.front() == MovePart{0, DeclarationBit(7), false});
  for (const MoveFamily& family : compact.families) {
    CHECK(!(family.kind == MoveKind::group && family.value == 7));
  }
  CHECK(Expanded(compact) == Listed(state));
}

// Lays every numeral it can, choosing among the plain moves (the complete list would be
// astronomically long): the most crowded tables play can make.
TEST_CASE("the description stays small on the most crowded table", "[diloti][families]") {
  Rules rules;
  rules.target = 1'000'000;
  State state(rules, 0);
  REQUIRE(state.StartHand(DealFromSeed(2, 0, 7)) == Illegal::none);
  int most_loose = 0;
  std::size_t most_parts = 0;
  std::size_t most_size = 0;
  while (state.phase() == Phase::play) {
    const CompactMoves compact = CompactOf(state);
    std::size_t size = compact.plain.size();
    for (const MoveFamily& family : compact.families) {
      most_parts = std::max(most_parts, family.parts.size());
      CHECK(family.parts.size() <= 1703);  // 1,702 sets of numerals worth 10, and @10
      CHECK(family.anchors.size() <= 1702);
      size += family.parts.size() + family.anchors.size();
    }
    most_size = std::max(most_size, size);
    most_loose = std::max(most_loose, Count(state.Loose() & kNumerals));
    REQUIRE(!compact.plain.empty());
    Move next = compact.plain.front();
    for (const Move& move : compact.plain) {
      if (move.kind == MoveKind::lay && !IsFace(move.card)) next = move;
    }
    REQUIRE(state.Apply(next) == Illegal::none);
  }
  INFO("most loose numerals " << most_loose << ", parts " << most_parts << ", items " << most_size);
  CHECK(most_loose >= 30);
  CHECK(most_size < 20000);
}

}  // namespace
}  // namespace kafenio::diloti
