// Diloti move families through the server's game adapter: on a table grown by laying
// numerals, the view lists numeral captures and groups only as families, and keeps a
// small size; every selection a family describes is accepted when sent as
// Move{kind, card, groups}, and selections it rules out are refused with the engine's
// reason, changing nothing. Bots answer on such a table, weighing a bounded number of
// candidates.
#include <catch2/catch.hpp>

#include <random>
#include <string>

#include "engine/diloti/move_families.h"
#include "engine/diloti/state.h"
#include "server/game/diloti_bot.h"
#include "server/game/diloti_candidates.h"
#include "server/game/diloti_game.h"
#include "server/game/diloti_strong_bot.h"
#include "tests/server_unit/diloti_family_pick.h"

namespace kafenio::server {
namespace {

bool IsNumeral(const std::string& card) {
  return card[0] == 'A' || (card[0] >= '2' && card[0] <= '9') || card[0] == 'T';
}

// Lays numerals (the first such plain move, else any lay, else any move) until `loose`
// cards are on the table.
void LayUntil(GameMatch& match, int loose) {
  std::mt19937_64 rng(3);
  for (int moves = 0; moves < 200; ++moves) {
    if (match.AwaitingDeal()) match.StartHand(static_cast<std::uint64_t>(moves) + 11);
    v1::GameView view;
    match.FillView(match.ToAct(), view);
    if (view.diloti().loose_size() >= loose) return;
    v1::Move next;
    bool found = false;
    for (const v1::Move& move : view.diloti().legal_moves()) {
      if (move.kind() == "lay" && (!found || IsNumeral(move.card()))) {
        next = move;
        found = true;
      }
    }
    if (!found) next = RandomDilotiMove(view.diloti(), rng);
    REQUIRE(match.Apply(match.ToAct(), next).kind == MoveOutcome::Kind::applied);
  }
  FAIL("the table did not grow");
}

TEST_CASE("diloti families: described selections are accepted, others refused") {
  auto match = MakeDilotiMatch(diloti::Rules{}, 1);
  LayUntil(*match, 14);
  v1::GameView view;
  match->FillView(match->ToAct(), view);
  const v1::DilotiView& diloti = view.diloti();
  REQUIRE(diloti.move_families_size() > 0);
  for (const v1::Move& move : diloti.legal_moves()) {
    CHECK(move.kind() != "group");
    CHECK(!(move.kind() == "capture" && IsNumeral(move.card())));
  }
  // Only the seat to act gets them, as legal_moves.
  for (const int other : {1 - match->ToAct(), -1}) {
    v1::GameView theirs;
    match->FillView(other, theirs);
    CHECK(theirs.diloti().move_families_size() == 0);
    CHECK(theirs.diloti().legal_moves_size() == 0);
  }
  std::mt19937_64 rng(5);
  const std::string before = view.SerializeAsString();
  const int seat = match->ToAct();
  for (const v1::DilotiMoveFamily& family : diloti.move_families()) {
    // Two parts that share a card, or a group without its anchor, are refused.
    for (int i = 0; i < family.parts_size(); ++i) {
      for (int j = i + 1; j < family.parts_size(); ++j) {
        bool shared = false;
        for (const auto& item : ItemsOf(family.parts(i)))
          shared |= ItemsOf(family.parts(j)).count(item) > 0;
        if (!shared) continue;
        v1::Move overlapping;
        overlapping.set_kind(family.kind());
        overlapping.set_card(family.card());
        if (family.anchors_size()) overlapping.add_groups(family.anchors(0));
        overlapping.add_groups(family.parts(i));
        overlapping.add_groups(family.parts(j));
        const MoveOutcome refused = match->Apply(seat, overlapping);
        CHECK(refused.kind != MoveOutcome::Kind::applied);
      }
    }
    v1::GameView after;
    match->FillView(seat, after);
    REQUIRE(after.SerializeAsString() == before);
  }
  // Every family's random selections would be accepted: checked one by one on copies of
  // the match, as each accepted move changes it.
  for (int f = 0; f < diloti.move_families_size(); ++f) {
    for (int draw = 0; draw < 3; ++draw) {
      auto copy = MakeDilotiMatch(diloti::Rules{}, 1);
      LayUntil(*copy, 14);
      const v1::Move move = RandomFamilyMove(diloti.move_families(f), rng);
      const MoveOutcome outcome = copy->Apply(seat, move);
      INFO(move.ShortDebugString() << ": " << outcome.reason);
      REQUIRE(outcome.kind == MoveOutcome::Kind::applied);
    }
  }
}

// The lay-only table of the measurements (docs/performance.md): 23 loose numerals.
diloti::State CrowdedTable(int loose) {
  diloti::Rules rules;
  rules.target = 1'000'000;
  diloti::State state(rules, 0);
  for (std::uint64_t seed = 1;; ++seed) {
    if (state.phase() == diloti::Phase::awaiting_deal)
      REQUIRE(state.StartHand(diloti::DealFromSeed(2, state.Dealer(), seed)) ==
              diloti::Illegal::none);
    while (state.phase() == diloti::Phase::play) {
      if (diloti::Count(state.Loose() & diloti::kNumerals) >= loose) return state;
      diloti::CompactMoves moves;
      state.CompactLegalMoves(moves);
      REQUIRE(!moves.plain.empty());
      diloti::Move next = moves.plain.front();
      for (const diloti::Move& move : moves.plain) {
        if (move.kind == diloti::MoveKind::lay && !diloti::IsFace(move.card)) next = move;
      }
      REQUIRE(state.Apply(next) == diloti::Illegal::none);
    }
  }
}

TEST_CASE("diloti bots answer on a crowded table, weighing a bounded number of moves") {
  for (const int loose : {13, 23, 30}) {
    const diloti::State state = CrowdedTable(loose);
    INFO(loose << " loose numerals");
    diloti::CompactMoves compact;
    state.CompactLegalMoves(compact);
    const std::vector<diloti::Move> candidates = DilotiCandidateMoves(state);
    CHECK(candidates.size() <=
          compact.plain.size() +
              compact.families.size() * static_cast<std::size_t>(kDilotiFamilyCandidates));
    for (const diloti::Move& move : candidates)
      CHECK(state.Validate(move) == diloti::Illegal::none);
    const diloti::Move greedy = ChooseDilotiMove(state);
    CHECK(state.Validate(greedy) == diloti::Illegal::none);
    SearchSettings settings;
    settings.iterations = 60;
    const diloti::Move strong = ChooseStrongDilotiMove(state, settings);
    CHECK(state.Validate(strong) == diloti::Illegal::none);
    // With captures on offer, the greedy bot captures.
    CHECK(greedy.kind == diloti::MoveKind::capture);
  }
}

}  // namespace
}  // namespace kafenio::server
