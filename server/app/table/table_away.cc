// Players whose connections drop in the middle of a match. The match does not wait three
// whole turn clocks for them: after disconnect_grace_ms without a connection at the table a
// bot holds the seat (and plays their turns at once), and when they come back (join_table)
// the seat is theirs again. All on the injected clock, so tests move time instead of waiting.
#include "server/app/table/table.h"
#include "server/log/log.h"

namespace kafenio::server {

void Table::WatchAbsentPlayers() {
  if (closed_ || !runner_.live()) return;
  for (int seat = 0; seat < settings_.seats; ++seat) {
    const Seat& held = seating_[seat];
    auto& alarm = absence_alarms_[static_cast<std::size_t>(seat)];
    const bool absent = held.kind == Seat::Kind::human && !held.hold.bot_holding &&
                        !members_.IsConnected(held.who.account_id);
    if (!absent) {
      alarm.reset();  // here again (or a bot holds the seat already): no grace runs
      continue;
    }
    if (alarm) continue;  // the grace already runs from when they went
    alarm = services_.clock.After(strand_, config_.disconnect_grace_ms,
                                  [weak = weak_from_this(), seat, account = held.who.account_id] {
                                    if (auto self = weak.lock())
                                      self->AbsenceGraceOver(seat, account);
                                  });
  }
}

void Table::AbsenceGraceOver(int seat, std::int64_t account_id) {
  absence_alarms_[static_cast<std::size_t>(seat)].reset();
  // Checked again now: the alarm may have been due just as they came back, or the match
  // may have ended (a new one starts the grace again if they are still away).
  if (closed_ || dropped_ || !runner_.live()) return;
  const Seat& held = seating_[seat];
  if (!held.IsPlayer(account_id) || held.hold.bot_holding || members_.IsConnected(account_id)) {
    return;
  }
  SeatHold hold = held.hold;
  hold.bot_holding = true;
  SetHold(seat, hold);
  log::Info("seat handed to a bot", {{"table", settings_.table_id},
                                     {"seat", seat},
                                     {"account", account_id},
                                     {"reason", "disconnected"}});
  PublishInfo();
  if (runner_.match().ToAct() == seat) ScheduleNext();  // their turn: the bot plays it now
}

void Table::WelcomeBack(std::int64_t account_id) {
  const int seat = seating_.SeatOf(account_id);
  if (seat < 0) return;
  const SeatHold& hold = seating_[seat].hold;
  if (runner_.live() && hold.bot_holding && !hold.left) GiveSeatBack(seat);
  WatchAbsentPlayers();
}

void Table::GiveSeatBack(int seat) {
  SetHold(seat, SeatHold{});
  ++seat_returns_[static_cast<std::size_t>(seat)];
  if (runner_.live() && !paused_ && outbox_.empty() && runner_.match().ToAct() == seat) {
    // Their turn, and the clock that ran out (or none, while a bot held the seat): a fresh
    // one, or it would run out again at once. A clock still running keeps its time.
    const std::int64_t deadline = turn_clock_.deadline_ms();
    if (deadline == 0 || deadline <= services_.clock.NowMs()) {
      turn_clock_.Set(TurnDeadlineFromNow());
      delivered_deadline_ms_ = turn_clock_.deadline_ms();
    }
  }
  PublishInfo();
  ScheduleNext();  // re-arm the clock for the player, if it is their turn
}

}  // namespace kafenio::server
