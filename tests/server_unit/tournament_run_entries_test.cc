// What the server running an event's rounds adds to the event (docs/tournaments.md,
// "Running the rounds"): the `play` settings, its own log entries (a table opened, its
// match, pause and resume) and how they fold, and the limits that end a match.
#include <catch2/catch.hpp>

#include "server/app/table/match_limits.h"
#include "server/app/tournament/tournament_log_codec.h"

namespace kafenio::server {
namespace {

using tournament::TournamentEvent;
using Kind = TournamentEvent::Kind;

TournamentEvent Entry(Kind kind) {
  TournamentEvent event;
  event.kind = kind;
  return event;
}

tournament::TournamentState Running() {
  tournament::TournamentState state;
  for (int entrant = 1; entrant <= 2; ++entrant) {
    TournamentEvent added = Entry(Kind::kEntrantAdded);
    added.entrant = entrant;
    added.accounts = {0};
    added.name = "Bot";
    REQUIRE(tournament::Apply(state, added).empty());
  }
  REQUIRE(tournament::Apply(state, Entry(Kind::kStarted)).empty());
  TournamentEvent published = Entry(Kind::kRoundPublished);
  published.round.round = 1;
  published.round.tables.push_back({{1, 2}, -1, std::nullopt});
  published.at_ms = 1000;
  REQUIRE(tournament::Apply(state, published).empty());
  return state;
}

TEST_CASE("an event's play settings round-trip, and old settings read as the defaults",
          "[tournament]") {
  tournament::TournamentConfig config;
  config.play.preset = "cyprus";
  config.play.options = {"target=251"};
  config.play.knockout_options = {"target=351"};
  config.play.hands = 4;
  config.play.rated = true;
  config.play.round_time_limit_ms = 3'600'000;
  config.play.no_show_grace_ms = 600'000;
  config.play.bot_level = "strong";
  const auto decoded = DecodeTournamentSettings(EncodeTournamentSettings(config), 5);
  REQUIRE(decoded);
  CHECK(decoded->play.preset == "cyprus");
  CHECK(decoded->play.options == config.play.options);
  CHECK(decoded->play.knockout_options == config.play.knockout_options);
  CHECK(decoded->play.hands == 4);
  CHECK(decoded->play.rated);
  CHECK(decoded->play.round_time_limit_ms == 3'600'000);
  CHECK(decoded->play.no_show_grace_ms == 600'000);
  CHECK(decoded->play.bot_level == "strong");

  std::string without_play = EncodeTournamentSettings(tournament::TournamentConfig{});
  without_play = without_play.substr(0, without_play.find(",\"play\"")) + "}";
  const auto old = DecodeTournamentSettings(without_play, 5);
  REQUIRE(old);
  CHECK(old->play.options.empty());
  CHECK(old->play.hands == 0);
  CHECK_FALSE(DecodeTournamentSettings(R"({"play":{"hands":"x"}})", 5));
}

TEST_CASE("the runner's log entries round-trip and fold into the event", "[tournament]") {
  TournamentEvent opened = Entry(Kind::kTableOpened);
  opened.round_number = 1;
  opened.table = 0;
  opened.table_id = "5f1c2a9e07";
  opened.table_number = 41;
  TournamentEvent started = Entry(Kind::kMatchStarted);
  started.round_number = 1;
  started.match_id = 118;
  TournamentEvent paused = Entry(Kind::kPaused);
  paused.reason = "διακοπή ρεύματος";
  paused.at_ms = 5000;
  TournamentEvent resumed = Entry(Kind::kResumed);
  resumed.at_ms = 65000;
  for (const auto& event : {opened, started, paused, resumed}) {
    const auto back =
        DecodeTournamentEvent(TournamentEventKind(event.kind), EncodeTournamentEvent(event));
    REQUIRE(back);
    CHECK(EncodeTournamentEvent(*back) == EncodeTournamentEvent(event));
  }

  auto state = Running();
  CHECK_FALSE(tournament::Apply(state, started).empty());  // no table yet
  REQUIRE(tournament::Apply(state, opened).empty());
  CHECK(state.rounds[0].tables[0].table_id == "5f1c2a9e07");
  CHECK(state.rounds[0].tables[0].table_number == 41);
  // Never a second table for a pairing.
  CHECK(tournament::Apply(state, opened) == "the table is open already");
  REQUIRE(tournament::Apply(state, started).empty());
  CHECK(state.rounds[0].tables[0].match_id == 118);

  REQUIRE(tournament::Apply(state, paused).empty());
  CHECK(state.paused);
  // Kept in the state: a cluster node that follows the log tells its players why.
  CHECK(state.pause_reason == "διακοπή ρεύματος");
  CHECK(tournament::Apply(state, paused) == "already paused");
  REQUIRE(tournament::Apply(state, resumed).empty());
  CHECK_FALSE(state.paused);
  CHECK(state.pause_reason.empty());
  CHECK(tournament::Apply(state, resumed) == "not paused");
  // The round's clocks (time limit, no-show grace) run from its publication, moved on by
  // the pause's minute.
  CHECK(state.rounds[0].published_ms == 1000);
  CHECK(state.rounds[0].paused_ms == 60000);
  // None of it changes a pairing: the log still verifies.
}

TEST_CASE("a match ends at a fixed number of hands or the round's time limit",
          "[tournament][table]") {
  const MatchLimits hands{.hands = 4};
  CHECK_FALSE(hands.EndsAfterHand(3, {40, 20}, 0));
  CHECK(hands.EndsAfterHand(4, {40, 20}, 0));
  CHECK(hands.EndsAfterHand(4, {30, 30}, 0));  // a draw in a Swiss
  const MatchLimits knockout{.hands = 4, .decisive = true};
  CHECK_FALSE(knockout.EndsAfterHand(4, {30, 30}, 0));  // level: one more hand
  CHECK(knockout.EndsAfterHand(5, {31, 30}, 0));

  const MatchLimits timed{.deadline_ms = 1000};
  CHECK_FALSE(timed.EndsAfterHand(7, {90, 40}, 999));   // the hand in play finished in time
  CHECK(timed.EndsAfterHand(7, {90, 40}, 1000));        // past the limit the leader wins
  CHECK_FALSE(timed.EndsAfterHand(7, {60, 60}, 5000));  // level: one more hand
  CHECK(LeaderOf({90, 40}) == 0);
  CHECK(LeaderOf({60, 60}) == -1);
  CHECK_FALSE(MatchLimits{}.any());
}

}  // namespace
}  // namespace kafenio::server
