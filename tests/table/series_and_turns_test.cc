// The series and the turn plan: plain values, no table around them.
#include <catch2/catch.hpp>

#include "server/app/table/series.h"
#include "server/app/table/turn_plan.h"

namespace kafenio::server {
namespace {

TEST_CASE("a series rotates the first dealer and counts wins up to its limit") {
  Series series(4, 3, 2);
  CHECK(series.NextFirstDealer() == 3);
  CHECK(series.NextMatchNumber() == 1);
  const SeriesRecord after = series.After(1);
  CHECK(after.matches_played == 1);
  CHECK(after.score == std::array<int, 2>{0, 1});
  CHECK(series.matches_played() == 0);  // After only says what would be
  series.Set(after);
  CHECK(series.NextFirstDealer() == 0);
  CHECK_FALSE(series.Over());
  series.Set(series.After(-1));  // nobody won: the count goes on, the score does not
  CHECK(series.score() == std::array<int, 2>{0, 1});
  CHECK(series.Over());
}

TEST_CASE("a recovered match's first dealer tells where its series started") {
  Series series(4, 0, 0);
  series.Set(SeriesRecord{2, {1, 1}});
  series.StartedAt(1);  // the third match was dealt first by seat 1
  CHECK(series.NextFirstDealer() == 1);
  series.Set(series.After(0));
  CHECK(series.NextFirstDealer() == 2);
}

TurnSituation Playing() {
  TurnSituation s;
  s.match_live = true;
  s.seat_to_act = true;
  s.now_ms = 10'000;
  s.turn_clock_ms = 30'000;
  return s;
}

TEST_CASE("the turn plan: bots move, players' clocks run out, and nothing while waiting") {
  TurnSituation s = Playing();
  s.bot_plays = true;
  CHECK(PlanTurn(s).kind == TurnStep::Kind::bot_move);
  CHECK(PlanTurn(s).delay_ms == 0);
  s.bot_delay_ms = 1000;
  s.jitter = 300;
  CHECK(PlanTurn(s).delay_ms == 800);  // in [delay/2, 3*delay/2)

  s = Playing();
  s.deadline_ms = 25'000;
  CHECK(PlanTurn(s).kind == TurnStep::Kind::clock_runs_out);
  CHECK(PlanTurn(s).delay_ms == 15'000);
  s.deadline_ms = 5'000;  // already past
  CHECK(PlanTurn(s).delay_ms == 0);
  s.deadline_ms = 0;  // no deadline yet: a full turn
  CHECK(PlanTurn(s).delay_ms == 30'000);

  for (auto wait : {&TurnSituation::events_waiting, &TurnSituation::paused}) {
    s = Playing();
    s.*wait = true;
    CHECK(PlanTurn(s).kind == TurnStep::Kind::wait);
  }
  s = Playing();
  s.match_live = false;
  CHECK(PlanTurn(s).kind == TurnStep::Kind::wait);
  s = Playing();
  s.seat_to_act = false;
  CHECK(PlanTurn(s).kind == TurnStep::Kind::wait);
}

TEST_CASE("a pause freezes the turn clock with the time that was left") {
  TurnClock clock;
  clock.Set(40'000);
  clock.Pause(30'000);  // 10 s left
  CHECK(clock.paused());
  clock.Pause(35'000);  // pausing again changes nothing
  clock.Resume(100'000);
  CHECK_FALSE(clock.paused());
  CHECK(clock.deadline_ms() == 110'000);
  TurnClock unclocked;
  unclocked.Pause(1);
  unclocked.Resume(5);
  CHECK(unclocked.deadline_ms() == 0);
}

}  // namespace
}  // namespace kafenio::server
