// Crash recovery for one table. Restore: the match is rebuilt by replaying its stored log
// through the engine (MatchRunner::Restore), so the rebuilt match is the one whose events
// players were sent, and carries on from there. RestoreSeating: a table between matches
// gets its seated players back.
#include "server/app/table/table.h"
#include "server/log/log.h"

namespace kafenio::server {

std::string Table::Restore(const RecoveredMatch& recovered) {
  const MatchRecord& stored = recovered.match;
  if (static_cast<int>(stored.seat_accounts.size()) != settings_.seats) {
    return "the match has " + std::to_string(stored.seat_accounts.size()) + " seats, its table " +
           std::to_string(settings_.seats);
  }
  for (int seat = 0; seat < settings_.seats; ++seat) {
    const auto at = static_cast<std::size_t>(seat);
    const std::int64_t account = stored.seat_accounts[at];
    if (account == 0) {
      const std::string bot = at < stored.seat_bots.size() ? stored.seat_bots[at] : "";
      seating_.Place(seat, Seat::Bot(BotLevelOfStoredName(bot)));
      continue;
    }
    const std::string name = at < recovered.seat_names.size() ? recovered.seat_names[at] : "";
    // As the live table had it: a bot holds the seat of a player who left or ran out of
    // time too often.
    Seat player = Seat::Player(Identity{account, name, false});
    player.ready = true;
    player.hold = at < recovered.seat_holds.size() ? recovered.seat_holds[at] : SeatHold{};
    seating_.Place(seat, std::move(player));
  }
  series_.Set(recovered.series);
  // rules.md: the first dealer rotates from match to match; recover where it started.
  series_.StartedAt(stored.first_dealer);

  const MatchSpec spec{settings_.game, settings_.preset, settings_.options, stored.first_dealer,
                       settings_.seats};
  MatchCreation created = CreateMatch(spec);
  if (!created.match) return "its rules no longer parse: " + created.error;
  std::vector<HandResultRecord> missing_results;
  if (std::string error =
          runner_.Restore([spec] { return CreateMatch(spec).match; }, recovered, missing_results);
      !error.empty()) {
    return error;
  }
  for (const HandResultRecord& result : missing_results) {
    // The crash came before the hand's result was stored (a server before this one stored
    // it apart from the move that ended the hand).
    Write(
        [this, match = runner_.match_id(), result](Then<WriteResult> then) {
          services_.log.SaveHandResult(match, result, strand_, std::move(then));
        },
        [this](WriteResult written) {
          if (!written.ok()) StorageFailed("a hand's result", written);
        });
  }
  // Nothing from before the restart is kept to replay: a returning client's catch-up is a
  // snapshot of the rebuilt state.
  outbox_.StartHistory(runner_.seq());
  services_.metrics.live_matches.fetch_add(1, std::memory_order_relaxed);
  log::info("recovered match {} at table {} (sequence {})", runner_.match_id(), settings_.table_id,
            runner_.seq());

  // Carry on where the crash stopped the match, with a fresh turn clock.
  OnStrand([](Table& t) {
    t.PublishInfo();
    t.turn_clock_.Set(t.TurnDeadlineFromNow());
    t.delivered_deadline_ms_ = t.turn_clock_.deadline_ms();
    t.WatchAbsentPlayers();  // nobody is connected yet: each player's grace runs from now
    t.CarryOn();
  });
  return {};
}

void Table::RestoreSeating(const RecoveredTable& recovered) {
  for (const TableSeatRecord& stored : recovered.seats) {
    if (stored.seat < 0 || stored.seat >= settings_.seats) continue;  // not a seat here
    seating_.Place(stored.seat,
                   stored.account_id == 0
                       ? Seat::Bot(BotLevelOfStoredName(stored.bot))
                       : Seat::Player(Identity{stored.account_id, stored.name, stored.guest}));
  }
  stored_seating_ = seating_;
  // The first dealer of the series comes from the table's number (the constructor).
  series_.Set(recovered.series);
  log::info(
      "recovered table {} between matches ({} seats taken, {} of its series' matches "
      "played)",
      settings_.table_id, recovered.seats.size(), series_.matches_played());
  OnStrand([](Table& t) {
    t.PublishInfo();
    t.MaybeClose();  // nobody is connected: wait the grace for the seated players
  });
}

void Table::AdoptMatch(RecoveredMatch recovered, std::function<void(std::string error)> done) {
  OnStrand([recovered = std::move(recovered), done = std::move(done)](Table& t) {
    done(t.Restore(recovered));
  });
}

void Table::AdoptSeating(RecoveredTable recovered) {
  OnStrand([recovered = std::move(recovered)](Table& t) { t.RestoreSeating(recovered); });
}

}  // namespace kafenio::server
