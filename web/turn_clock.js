// Which deadline the table's turn clock shows. Each match event carries the deadline of the
// turn it starts, so events set it. A table info is published a moment behind the events,
// and its deadline may be an earlier turn's (0 on a bot's turn), so an info sets it only
// when it is the one thing that moved the clock: the table paused (the clock stands still),
// the table resumed (a new deadline), or a bot held my seat and I took it back. In that last
// case the bot may have been thinking about my move: its move is dropped, no event comes,
// and the turn is mine again on a fresh clock that only the info tells.

export function deadlineAfterInfo(previous, info, mySeat, current) {
  if (!info.match_in_progress) return current;
  if (info.paused) return 0;
  const resumed = Boolean(previous && previous.paused);
  const held = (table) => Boolean(table && table.seats.some((s) => s.seat === mySeat && s.bot_holding));
  const reclaimed = mySeat >= 0 && held(previous) && !held(info);
  return resumed || reclaimed ? Number(info.turn_deadline_unix_ms || 0) : current;
}
