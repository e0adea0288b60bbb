#pragma once
// What a table does next about the seat to act, once its last event is delivered: let a
// bot move (now or after a human-paced delay), wait for the player's turn clock to run out,
// or nothing (no match, events still waiting for storage, or the table is paused). And the
// turn clock itself, which a pause freezes. Plain values: the table arms one alarm from the
// plan.
#include <algorithm>
#include <cstdint>

namespace kafenio::server {

struct TurnSituation {
  bool match_live = false;
  bool events_waiting = false;  // events not yet durable or delivered
  bool paused = false;
  bool seat_to_act = false;  // some seat is to act
  bool bot_plays = false;    // a bot plays that seat (its own, or holding a player's)
  std::int64_t now_ms = 0;
  std::int64_t deadline_ms = 0;  // the player's turn deadline; 0: no clock
  int turn_clock_ms = 0;
  int bot_delay_ms = 0;      // how long a bot waits before moving (0: at once)
  std::uint32_t jitter = 0;  // drawn uniformly from [0, bot_delay_ms)
};

struct TurnStep {
  enum class Kind { wait, bot_move, clock_runs_out };
  Kind kind = Kind::wait;
  std::int64_t delay_ms = 0;  // from now
};

inline TurnStep PlanTurn(const TurnSituation& s) {
  if (!s.match_live || s.events_waiting || s.paused || !s.seat_to_act) return {};
  if (s.bot_plays) {
    // Bots that "think" a moment, so people can follow them. Each wait is drawn from
    // [delay/2, 3*delay/2): tables that started together (a load test, a restart recovering
    // every match at once) would otherwise have all their bots wake in the same millisecond,
    // and a person's move would queue behind all of them.
    const std::int64_t think = s.bot_delay_ms > 0 ? s.bot_delay_ms / 2 + s.jitter : 0;
    return {TurnStep::Kind::bot_move, think};
  }
  const std::int64_t remaining =
      s.deadline_ms == 0 ? s.turn_clock_ms : std::max<std::int64_t>(0, s.deadline_ms - s.now_ms);
  return {TurnStep::Kind::clock_runs_out, remaining};
}

// The seat to act's deadline, frozen while the table is paused.
class TurnClock {
 public:
  std::int64_t deadline_ms() const { return deadline_ms_; }
  bool paused() const { return paused_; }
  void Set(std::int64_t deadline_ms) { deadline_ms_ = deadline_ms; }
  void Pause(std::int64_t now_ms) {
    if (paused_) return;
    paused_ = true;
    remaining_ms_ = deadline_ms_ == 0 ? 0 : std::max<std::int64_t>(0, deadline_ms_ - now_ms);
  }
  // The clock runs again with the time that was left.
  void Resume(std::int64_t now_ms) {
    if (!paused_) return;
    paused_ = false;
    if (deadline_ms_ != 0) deadline_ms_ = now_ms + remaining_ms_;
  }

 private:
  std::int64_t deadline_ms_ = 0;
  std::int64_t remaining_ms_ = 0;
  bool paused_ = false;
};

}  // namespace kafenio::server
