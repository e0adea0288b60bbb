// GameStore's reads for crash recovery: every live match with its event log, and every open
// table without one, as the tables rebuild them at start-up.
#include <string>
#include <vector>

#include "server/storage/game_store.h"
#include "server/storage/store_rows.h"

namespace kafenio::server {

std::string GameStore::NameOf(std::int64_t account_id, bool* guest) {
  const auto found = storage_->FindAccount(account_id);
  if (guest) *guest = found && !found->password_hash.has_value();
  return found ? found->name : "player " + std::to_string(account_id);
}

std::vector<RecoveredTable> GameStore::LoadOpenTables() {
  return RecoverTables(storage_->LoadOpenTables());
}

std::vector<RecoveredTable> GameStore::LoadOpenTablesOf(const std::vector<std::int64_t>& tables) {
  return RecoverTables(storage_->LoadOpenTablesOf(tables));
}

std::vector<RecoveredTable> GameStore::RecoverTables(const std::vector<storage::OpenTable>& open) {
  std::vector<RecoveredTable> recovered;
  for (const storage::OpenTable& stored : open) {
    RecoveredTable out;
    out.table = TableFromRow(stored.table);
    out.table_number = stored.table.id;
    for (const storage::TableSeat& seat : stored.seats) {
      TableSeatRecord record{seat.seat, seat.account_id.value_or(0), {}, false, seat.bot};
      if (seat.account_id) record.name = NameOf(*seat.account_id, &record.guest);
      out.seats.push_back(std::move(record));
    }
    out.series = SeriesRecord{stored.series.matches_played, stored.series.score};
    recovered.push_back(std::move(out));
  }
  return recovered;
}

std::vector<RecoveredMatch> GameStore::LoadUnfinishedMatches() {
  std::vector<RecoveredMatch> recovered;
  for (const storage::UnfinishedMatch& stored : storage_->LoadUnfinishedMatches()) {
    recovered.push_back(Recover(stored));
  }
  return recovered;
}

std::vector<RecoveredMatch> GameStore::LoadUnfinishedMatchesOf(
    const std::vector<std::int64_t>& tables) {
  std::vector<RecoveredMatch> recovered;
  for (const storage::UnfinishedMatch& stored : storage_->LoadUnfinishedMatchesOf(tables)) {
    recovered.push_back(Recover(stored));
  }
  return recovered;
}

RecoveredMatch GameStore::Recover(const storage::UnfinishedMatch& stored) {
  RecoveredMatch out;
  const storage::Match& match = stored.match;
  if (match.table_id) {
    out.table_number = *match.table_id;
    if (auto table = storage_->FindTable(*match.table_id)) out.table = TableFromRow(*table);
    if (auto series = storage_->FindSeries(*match.table_id)) {
      out.series = SeriesRecord{series->matches_played, series->score};
    }
  }
  if (out.table.game.empty()) {
    // A match without its table (never written by this server): rebuild a table for it.
    out.table_number = 0;
    out.table.game = match.game;
    out.table.rules = match.rules;
    out.table.seat_count = static_cast<int>(match.seats.size());
    out.table.turn_clock_ms = 0;
  }
  out.match.match_id = match.id;
  out.match.table_number = out.table_number;
  out.match.game = match.game;
  out.match.rules = match.rules;
  out.match.first_dealer = match.first_dealer;
  out.match.started_unix_ms = match.created_ms;
  out.match.rated = match.rated;
  for (const storage::SeatHolder& seat : match.seats) {
    const std::int64_t account = seat.account_id.value_or(0);
    out.match.seat_accounts.push_back(account);
    out.match.seat_bots.push_back(account == 0 ? seat.bot : std::string());
    out.seat_names.push_back(account != 0 ? NameOf(account) : std::string());
    out.seat_holds.push_back(seat.hold);
  }
  // The log in sequence order: each hand's deal, then its moves.
  const auto append_move = [&](const storage::MoveEvent& stored_move) {
    out.events.push_back(MatchEventRecord{.match_id = match.id,
                                          .seq = stored_move.sequence,
                                          .kind = MatchEventRecord::Kind::move,
                                          .hand = stored_move.hand,
                                          .seat = stored_move.seat,
                                          .notation = stored_move.move,
                                          .unix_ms = stored_move.time_ms});
  };
  std::size_t next_move = 0;
  for (const storage::HandSeed& hand : stored.hands) {
    out.events.push_back(MatchEventRecord{.match_id = match.id,
                                          .kind = MatchEventRecord::Kind::deal,
                                          .hand = hand.hand,
                                          .seat = hand.dealer,
                                          .seed = hand.seed,
                                          .salt_hex = hand.salt_hex,
                                          .commitment_hex = hand.commitment_hex});
    for (; next_move < stored.moves.size() && stored.moves[next_move].hand == hand.hand;
         ++next_move) {
      append_move(stored.moves[next_move]);
    }
  }
  // Moves of a hand never dealt (not written by this server) stay in the log, so that the
  // table refuses to rebuild the match rather than drop them.
  for (; next_move < stored.moves.size(); ++next_move) append_move(stored.moves[next_move]);
  out.hand_results_stored = static_cast<int>(stored.hand_results.size());
  return out;
}

}  // namespace kafenio::server
