// Whole events as logs: every format played out with random results, the published
// rounds always what NextRound gives (VerifyLog finds nothing), a tampered log caught,
// and the documented standings of a knockout and of pools then knockout.
#include <catch2/catch.hpp>

#include <random>
#include <set>

#include "server/tournament/tournament_state.h"

namespace kafenio::tournament {
namespace {

using Kind = TournamentEvent::Kind;

struct Event {
  TournamentConfig config;
  std::vector<TournamentEvent> log;
  TournamentState state;

  void Add(const TournamentEvent& event) {
    REQUIRE(Apply(state, event).empty());
    log.push_back(event);
  }
};

Event Register(const TournamentConfig& config, int entrants) {
  Event event{config, {}, TournamentState{.config = config}};
  for (int id = 1; id <= entrants; ++id) {
    // Ratings fall with the id, so seeding by rating gives seed k to entrant k.
    event.Add({.kind = Kind::kEntrantAdded, .entrant = id, .rating = 2000.0 - id});
  }
  event.Add({.kind = Kind::kStarted});
  return event;
}

// Plays rounds to the end; `winner` picks each table's winner (never a draw in knockouts).
template <class Pick>
void PlayOut(Event& event, Pick winner) {
  for (int guard = 0; guard < 500; ++guard) {
    const auto next = NextRound(event.state);
    if (!next) break;
    event.Add({.kind = Kind::kRoundPublished, .round = *next});
    for (std::size_t t = 0; t < next->tables.size(); ++t) {
      const auto& pairing = next->tables[t].pairing;
      const EntrantId won = winner(pairing);
      const bool first = won == pairing.first;
      event.Add({.kind = Kind::kResult,
                 .table = static_cast<int>(t),
                 .result = PlayedResult(next->round, pairing.first, pairing.second, first ? 61 : 40,
                                        first ? 40 : 61)});
    }
  }
  REQUIRE(EventComplete(event.state));
  CHECK(VerifyLog(event.config, event.log).empty());
}

EntrantId Favourite(const Pairing& p) {
  return std::min(p.first, p.second);
}

TEST_CASE("a 16-player knockout with a third-place match ends in the documented places",
          "[state]") {
  auto event = Register({.format = Format::kSingleElimination}, 16);
  PlayOut(event, Favourite);
  CHECK(event.state.rounds.size() == 4);  // the third-place match is played beside the final
  const auto standings = CurrentStandings(event.state);
  std::vector<std::pair<EntrantId, int>> top;
  for (int k = 0; k < 4; ++k) top.emplace_back(standings[k].id, standings[k].place);
  CHECK(top == std::vector<std::pair<EntrantId, int>>{{1, 1}, {2, 2}, {3, 3}, {4, 4}});
  // The quarter-final losers share fifth (listed by tie-breaks: 8, who lost to the
  // champion, has the best Buchholz).
  std::set<EntrantId> fifth;
  for (int k = 4; k < 8; ++k) {
    CHECK(standings[k].place == 5);
    fifth.insert(standings[k].id);
  }
  CHECK(fifth == std::set<EntrantId>{5, 6, 7, 8});
  CHECK(standings.back().place == 9);
}

TEST_CASE("pools then knockout: pool winners seeded first", "[state]") {
  auto event =
      Register({.format = Format::kPoolsKnockout, .pool_count = 2, .pool_qualifiers = 2}, 8);
  // Pools by snake: {1, 4, 5, 8} and {2, 3, 6, 7}; favourites win everything.
  PlayOut(event, Favourite);
  // Three pool rounds, then semi-finals, then final and third place.
  CHECK(event.state.rounds.size() == 5);
  const auto stage = CurrentKnockout(event.state);
  REQUIRE(stage);
  CHECK(stage->seeded == std::vector<EntrantId>{1, 2, 4, 3});
  const auto standings = CurrentStandings(event.state);
  CHECK(standings[0].id == 1);
  CHECK(standings[1].id == 2);
  CHECK(standings[2].id == 3);
  CHECK(standings[3].id == 4);
  CHECK(standings[4].place == 5);
}

TEST_CASE("every format, random results, many sizes: the log verifies", "[state][property]") {
  std::mt19937 rng(22);
  for (const auto format : {Format::kSwiss, Format::kRoundRobin, Format::kSingleElimination,
                            Format::kDoubleElimination, Format::kPoolsKnockout}) {
    for (int entrants = 2; entrants <= 20; ++entrants) {
      if (format == Format::kPoolsKnockout && entrants < 4) continue;
      INFO("format " << static_cast<int>(format) << " entrants " << entrants);
      auto event = Register(
          {.format = format, .swiss_rounds = 4, .seeding = SeedingMethod::kRandom, .seed = rng()},
          entrants);
      PlayOut(event, [&](const Pairing& p) { return rng() % 2 ? p.first : p.second; });
      CHECK(CurrentStandings(event.state).size() == static_cast<std::size_t>(entrants));
    }
  }
}

TEST_CASE("a withdrawn Swiss entrant is no longer paired", "[state]") {
  auto event = Register({.format = Format::kSwiss, .swiss_rounds = 3}, 6);
  auto round = NextRound(event.state);
  event.Add({.kind = Kind::kRoundPublished, .round = *round});
  for (std::size_t t = 0; t < round->tables.size(); ++t) {
    const auto& p = round->tables[t].pairing;
    event.Add({.kind = Kind::kResult,
               .table = static_cast<int>(t),
               .result = WonBy(1, p.first, p.second, p.first)});
  }
  event.Add({.kind = Kind::kEntrantRemoved, .entrant = 6});
  round = NextRound(event.state);
  REQUIRE(round);
  CHECK(round->byes.size() == 1);
  for (const auto& table : round->tables) {
    CHECK(table.pairing.first != 6);
    CHECK(table.pairing.second != 6);
  }
  CHECK(round->byes.front() != 6);
}

TEST_CASE("verify reports a published round that differs from the recomputed one", "[state]") {
  auto event = Register({.format = Format::kSwiss, .swiss_rounds = 2}, 4);
  auto round = *NextRound(event.state);
  std::swap(round.tables[0].pairing.second, round.tables[1].pairing.second);
  auto log = event.log;
  log.push_back({.kind = Kind::kRoundPublished, .round = round});
  const auto differences = VerifyLog(event.config, log);
  REQUIRE(differences.size() == 1);
  CHECK(differences[0].find("round 1 differs") != std::string::npos);
  // The same change marked as the director's is accepted.
  log.back().round.by_hand = true;
  CHECK(VerifyLog(event.config, log).empty());
}

TEST_CASE("a pair the director forbids in the log is kept apart from then on", "[state]") {
  TournamentConfig config{.format = Format::kSwiss, .swiss_rounds = 1};
  Event event{config, {}, TournamentState{.config = config}};
  for (int id = 1; id <= 4; ++id) {
    event.Add({.kind = Kind::kEntrantAdded, .entrant = id, .rating = 2000.0 - id});
  }
  // Round one would pair 1-3 (top half against bottom half).
  event.Add({.kind = Kind::kPairForbidden, .entrant = 3, .other = 1});
  event.Add({.kind = Kind::kStarted});
  const auto round = NextRound(event.state);
  REQUIRE(round);
  for (const auto& table : round->tables) {
    CHECK_FALSE(EntrantPair::Of(table.pairing.first, table.pairing.second) ==
                EntrantPair::Of(1, 3));
  }
  event.Add({.kind = Kind::kRoundPublished, .round = *round});
  CHECK(VerifyLog(config, event.log).empty());
  // Lifted, and refusals: an entrant not in the event, a pair not forbidden, not a Swiss.
  TournamentState copy = event.state;
  CHECK(Apply(copy, {.kind = Kind::kPairAllowed, .entrant = 1, .other = 3}).empty());
  CHECK(copy.config.forbidden.empty());
  CHECK(Apply(copy, {.kind = Kind::kPairAllowed, .entrant = 1, .other = 3}) ==
        "that pair is not forbidden");
  CHECK(Apply(copy, {.kind = Kind::kPairForbidden, .entrant = 1, .other = 9}) ==
        "a forbidden pair names two entrants of the event");
  auto knockout = Register({.format = Format::kSingleElimination}, 4);
  CHECK(Apply(knockout.state, {.kind = Kind::kPairForbidden, .entrant = 1, .other = 2}) ==
        "forbidden pairs are for a Swiss");
}

TEST_CASE("manual seeding follows the ranks the director set before the start", "[state]") {
  TournamentConfig config{
      .format = Format::kSwiss, .swiss_rounds = 1, .seeding = SeedingMethod::kManual};
  Event event{config, {}, TournamentState{.config = config}};
  for (int id = 1; id <= 4; ++id) event.Add({.kind = Kind::kEntrantAdded, .entrant = id});
  event.Add({.kind = Kind::kRanked, .entrant = 4, .manual_rank = 1});
  event.Add({.kind = Kind::kRanked, .entrant = 2, .manual_rank = 2});
  event.Add({.kind = Kind::kStarted});
  // Ranked first in the director's order; the unranked after them, in registration order.
  CHECK(event.state.seed_order == std::vector<EntrantId>{4, 2, 1, 3});
  CHECK(Apply(event.state, {.kind = Kind::kRanked, .entrant = 1, .manual_rank = 1}) ==
        "the seeds are fixed at the start");
  CHECK(VerifyLog(config, event.log).empty());
}

}  // namespace
}  // namespace kafenio::tournament

namespace kafenio::tournament {
namespace {

void PlayRound(Event& event) {
  const auto round = NextRound(event.state);
  REQUIRE(round);
  event.Add({.kind = Kind::kRoundPublished, .round = *round});
  for (std::size_t t = 0; t < round->tables.size(); ++t) {
    const auto& p = round->tables[t].pairing;
    event.Add({.kind = Kind::kResult,
               .table = static_cast<int>(t),
               .result = WonBy(round->round, p.first, p.second, std::min(p.first, p.second))});
  }
}

TEST_CASE("a late entrant scores the configured points for the rounds missed", "[state]") {
  TournamentConfig config{.format = Format::kSwiss, .swiss_rounds = 4};
  config.points.absent = ByeScore::kHalf;
  config.late_entry_until_round = 3;
  auto event = Register(config, 4);
  PlayRound(event);
  PlayRound(event);
  // Before round 3: a fifth entrant joins; rounds 1 and 2 score a half each.
  event.Add({.kind = Kind::kEntrantAdded, .entrant = 5, .rating = 1000});
  const auto round = NextRound(event.state);
  REQUIRE(round);
  CHECK(round->byes.size() == 1);
  CHECK(TotalMatchPoints(event.state.Results(), 5, config.points) == 1.0);
  bool paired = round->byes.front() == 5;
  for (const auto& table : round->tables) {
    paired = paired || table.pairing.first == 5 || table.pairing.second == 5;
  }
  CHECK(paired);
  PlayRound(event);
  // Round 4 is past the late-entry limit.
  TournamentState copy = event.state;
  CHECK(Apply(copy, {.kind = Kind::kEntrantAdded, .entrant = 6}) == "late entry is closed");
  // A knockout takes nobody after the start.
  auto knockout = Register({.format = Format::kSingleElimination}, 4);
  CHECK(Apply(knockout.state, {.kind = Kind::kEntrantAdded, .entrant = 9}) ==
        "late entry is closed");
}

TEST_CASE("forbidden pairs in the settings are kept apart", "[state]") {
  TournamentConfig config{.format = Format::kSwiss, .swiss_rounds = 1};
  config.forbidden = {EntrantPair::Of(1, 3)};  // round one would pair 1-3
  auto event = Register(config, 4);
  const auto round = NextRound(event.state);
  REQUIRE(round);
  for (const auto& table : round->tables) {
    CHECK_FALSE(EntrantPair::Of(table.pairing.first, table.pairing.second) ==
                EntrantPair::Of(1, 3));
  }
}

}  // namespace
}  // namespace kafenio::tournament
