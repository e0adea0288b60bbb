#include "server/storage/sqlite_game_store.h"

#include <chrono>
#include <future>
#include <sstream>
#include <vector>

#include "server/rating/record_match_result.h"
#include "server/storage/game_record_text.h"

namespace kafenio::server {
namespace {

std::int64_t NowMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

AccountRecord FromStored(const storage::Account& account) {
  AccountRecord out;
  out.id = account.id;
  out.name = account.name;
  out.guest = !account.password_hash.has_value();
  out.password_hash = account.password_hash.value_or("");
  out.created_unix_ms = account.created_ms;
  return out;
}

std::vector<storage::TableSeat> StoredSeats(const std::vector<TableSeatRecord>& seats) {
  std::vector<storage::TableSeat> rows;
  for (const TableSeatRecord& seat : seats) {
    rows.push_back(storage::TableSeat{
        seat.seat, seat.account_id != 0 ? std::optional(seat.account_id) : std::nullopt});
  }
  return rows;
}

TableRecord FromStored(const storage::GameTable& table) {
  TableRecord out;
  out.table_id = table.public_id.value_or("");
  out.game = table.game;
  out.rules = table.rules;
  out.seat_count = table.seats;
  out.is_private = !table.is_public;
  out.invite_code = table.invite_code.value_or("");
  out.turn_clock_ms = static_cast<int>(table.clock_ms);
  out.created_unix_ms = table.created_ms;
  out.series_matches = table.series_matches;
  out.rated = table.rated;
  return out;
}

// The two numbers after `word` in a "hand N ... score A B total C D ..." line.
std::array<int, 2> PairAfter(const std::string& line, const std::string& word) {
  std::istringstream in(line);
  std::string token;
  std::array<int, 2> pair{};
  while (in >> token) {
    if (token == word) {
      in >> pair[0] >> pair[1];
      break;
    }
  }
  return pair;
}

}  // namespace

SqliteGameStore::SqliteGameStore(std::unique_ptr<storage::Storage> storage)
    : storage_(std::move(storage)) {}

SqliteGameStore::~SqliteGameStore() {
  storage_->Close();
}

std::string SqliteGameStore::WriteAndWait(storage::WriteOp op) {
  std::promise<std::string> stored;
  auto result = stored.get_future();
  storage_->Enqueue(std::move(op), [&stored](const storage::WriteStatus& status) {
    stored.set_value(status.error);
  });
  return result.get();
}

std::optional<AccountRecord> SqliteGameStore::CreateAccount(AccountRecord account) {
  storage::Account row;
  row.name = account.name;
  if (!account.guest) row.password_hash = account.password_hash;
  row.created_ms = account.created_unix_ms != 0 ? account.created_unix_ms : NowMs();
  std::int64_t id = 0;
  // A taken name makes the write fail; the caller then tries another name or refuses.
  if (!WriteAndWait([&](storage::WriteTransaction& tx) { id = tx.CreateAccount(row); }).empty()) {
    return std::nullopt;
  }
  account.id = id;
  account.created_unix_ms = row.created_ms;
  return account;
}

std::optional<AccountRecord> SqliteGameStore::FindAccountByName(const std::string& name) {
  auto found = storage_->FindAccountByName(name);
  if (!found) return std::nullopt;
  return FromStored(*found);
}

std::optional<AccountRecord> SqliteGameStore::FindAccount(std::int64_t id) {
  auto found = storage_->FindAccount(id);
  if (!found) return std::nullopt;
  return FromStored(*found);
}

void SqliteGameStore::SaveSession(const SessionRecord& session) {
  const storage::Session row{session.token_hash, session.account_id, session.expires_unix_ms};
  WriteAndWait([row](storage::WriteTransaction& tx) { tx.PutSession(row); });
}

std::optional<SessionRecord> SqliteGameStore::FindSession(const std::string& token_hash) {
  auto found = storage_->FindSession(token_hash, NowMs());
  if (!found) return std::nullopt;
  return SessionRecord{found->token_hash, found->account_id, found->expires_ms};
}

void SqliteGameStore::DeleteSession(const std::string& token_hash) {
  storage_->Enqueue([token_hash](storage::WriteTransaction& tx) { tx.DeleteSession(token_hash); },
                    [](const storage::WriteStatus&) {});
}

std::int64_t SqliteGameStore::SaveTable(const TableRecord& table) {
  storage::GameTable row;
  row.game = table.game;
  row.rules = table.rules;
  row.seats = table.seat_count;
  row.is_public = !table.is_private;
  if (table.is_private) row.invite_code = table.invite_code;
  row.clock_ms = table.turn_clock_ms;
  row.rated = table.rated;
  row.created_ms = table.created_unix_ms != 0 ? table.created_unix_ms : NowMs();
  row.public_id = table.table_id;
  row.series_matches = table.series_matches;
  std::int64_t id = 0;
  if (!WriteAndWait([&](storage::WriteTransaction& tx) { id = tx.CreateTable(row); }).empty()) {
    return 0;
  }
  std::lock_guard lock(mutex_);
  table_ids_[table.table_id] = id;
  return id;
}

std::int64_t SqliteGameStore::SaveMatch(const MatchRecord& match) {
  storage::Match row;
  {
    std::lock_guard lock(mutex_);
    if (auto table = table_ids_.find(match.table_id); table != table_ids_.end()) {
      row.table_id = table->second;
    }
  }
  row.game = match.game;
  row.rules = match.rules;
  for (const std::int64_t account : match.seat_accounts) {
    storage::SeatHolder seat;
    if (account != 0) {
      seat.account_id = account;
    } else {
      seat.bot = "bot";
    }
    row.seats.push_back(seat);
  }
  row.first_dealer = match.first_dealer;
  row.rated = match.rated;
  row.created_ms = match.started_unix_ms != 0 ? match.started_unix_ms : NowMs();
  std::int64_t id = 0;
  if (!WriteAndWait([&](storage::WriteTransaction& tx) { id = tx.CreateMatch(row); }).empty()) {
    return 0;
  }
  LiveMatch live;
  live.record = RecordHeader(match.game, match.rules, match.seat_accounts.size());
  std::lock_guard lock(mutex_);
  matches_[id] = std::move(live);
  return id;
}

void SqliteGameStore::AppendEvent(const MatchEventRecord& event, Done done) {
  storage::WriteOp op;
  {
    std::lock_guard lock(mutex_);
    auto live = matches_.find(event.match_id);
    if (live == matches_.end()) {
      done(false);
      return;
    }
    LiveMatch& match = live->second;
    if (event.kind == "deal") {
      // A deal event carries the seed as text and the dealer in `seat`.
      storage::HandSeed seed;
      seed.match_id = event.match_id;
      seed.hand = ++match.hand;
      seed.dealer = event.seat;
      seed.seed = std::stoull(event.text);
      seed.salt_hex = event.salt_hex;
      seed.commitment_hex = event.commitment_hex;
      AppendDealToRecord(match.record, seed.hand, event.seat, event.text);
      op = [seed](storage::WriteTransaction& tx) { tx.PutHandSeed(seed); };
    } else {
      // A move event's text is the record line "SEAT NOTATION".
      storage::MoveEvent move;
      move.match_id = event.match_id;
      move.sequence = event.seq;
      move.hand = match.hand;
      move.seat = event.seat;
      const auto space = event.text.find(' ');
      move.move = space == std::string::npos ? event.text : event.text.substr(space + 1);
      move.time_ms = event.unix_ms;
      match.record += event.text + "\n";
      op = [move](storage::WriteTransaction& tx) { tx.AppendMove(move); };
    }
  }
  storage_->Enqueue(std::move(op), [done = std::move(done)](const storage::WriteStatus& status) {
    done(status.ok());
  });
}

void SqliteGameStore::SaveHandResult(const HandResultRecord& result) {
  storage::HandResult row;
  row.match_id = result.match_id;
  row.hand = result.hand_number;
  row.score = PairAfter(result.line, "score");
  row.total = PairAfter(result.line, "total");
  row.breakdown = result.line;
  // The hand is over: its seed may be shown to anyone now (docs/fairness.md).
  storage_->Enqueue(
      [row](storage::WriteTransaction& tx) {
        tx.PutHandResult(row);
        tx.RevealHandSeed(row.match_id, row.hand);
      },
      [](const storage::WriteStatus&) {});
}

void SqliteGameStore::SaveMatchResult(const MatchResultRecord& result) {
  storage::MatchResult row;
  row.match_id = result.match_id;
  {
    std::lock_guard lock(mutex_);
    auto live = matches_.find(result.match_id);
    if (live == matches_.end()) return;
    row.record = live->second.record;
    matches_.erase(live);
  }
  if (result.winner >= 0) row.winner = result.winner;
  for (std::size_t team = 0; team < 2 && team < result.totals.size(); ++team) {
    row.total[team] = result.totals[team];
  }
  if (result.abandoned_by >= 0) row.abandoned_by = result.abandoned_by;
  row.finished_ms = result.finished_unix_ms != 0 ? result.finished_unix_ms : NowMs();
  // The result, a rated match's new ratings (docs/ratings.md) and the table after the
  // match commit together. The table waits for it, so match_ended is sent only once the
  // result can be read back.
  storage::WriteOp finish = [row](storage::WriteTransaction& tx) { tx.FinishMatch(row); };
  if (auto match = storage_->FindMatch(row.match_id))
    finish = rating::RecordMatchResult(*match, row);
  const storage::Series series{StoredTableId(result.series.table_id), result.series.matches_played,
                               result.series.score};
  const std::vector<storage::TableSeat> seats = StoredSeats(result.seats_after);
  WriteAndWait([finish, series, seats](storage::WriteTransaction& tx) {
    finish(tx);
    if (series.table_id == 0) return;  // a table this store does not know
    tx.PutSeries(series);
    tx.PutTableSeats(series.table_id, seats);
  });
}

std::int64_t SqliteGameStore::StoredTableId(const std::string& table_id) {
  std::lock_guard lock(mutex_);
  const auto table = table_ids_.find(table_id);
  return table == table_ids_.end() ? 0 : table->second;
}

void SqliteGameStore::AbandonMatch(std::int64_t match_id) {
  storage::MatchResult row;
  row.match_id = match_id;
  {
    std::lock_guard lock(mutex_);
    auto live = matches_.find(match_id);
    if (live == matches_.end()) return;
    row.record = live->second.record;
    matches_.erase(live);
  }
  row.abandoned_by = storage::kAbandonedByTable;
  row.finished_ms = NowMs();
  storage_->Enqueue([row](storage::WriteTransaction& tx) { tx.FinishMatch(row); },
                    [](const storage::WriteStatus&) {});
}

void SqliteGameStore::SaveSeatHold(std::int64_t match_id, int seat, const SeatHold& hold) {
  storage_->Enqueue([match_id, seat,
                     hold](storage::WriteTransaction& tx) { tx.PutSeatHold(match_id, seat, hold); },
                    [](const storage::WriteStatus&) {});
}

void SqliteGameStore::SaveTableSeats(const std::string& table_id,
                                     const std::vector<TableSeatRecord>& seats) {
  const std::int64_t stored = StoredTableId(table_id);
  if (stored == 0) return;
  storage_->Enqueue([stored, rows = StoredSeats(seats)](
                        storage::WriteTransaction& tx) { tx.PutTableSeats(stored, rows); },
                    [](const storage::WriteStatus&) {});
}

void SqliteGameStore::CloseTable(const std::string& table_id) {
  const std::int64_t stored = StoredTableId(table_id);
  if (stored == 0) return;
  const std::int64_t now = NowMs();
  storage_->Enqueue([stored, now](storage::WriteTransaction& tx) { tx.CloseTable(stored, now); },
                    [](const storage::WriteStatus&) {});
}

std::string SqliteGameStore::NameOf(std::int64_t account_id, bool* guest) {
  const auto found = storage_->FindAccount(account_id);
  if (guest) *guest = found && !found->password_hash.has_value();
  return found ? found->name : "player " + std::to_string(account_id);
}

std::vector<RecoveredTable> SqliteGameStore::LoadOpenTables() {
  std::vector<RecoveredTable> recovered;
  for (const storage::OpenTable& stored : storage_->LoadOpenTables()) {
    RecoveredTable out;
    out.table = FromStored(stored.table);
    out.table_number = stored.table.id;
    for (const storage::TableSeat& seat : stored.seats) {
      TableSeatRecord record{seat.seat, seat.account_id.value_or(0), {}, false};
      if (seat.account_id) record.name = NameOf(*seat.account_id, &record.guest);
      out.seats.push_back(std::move(record));
    }
    out.series =
        SeriesRecord{out.table.table_id, stored.series.matches_played, stored.series.score};
    if (!out.table.table_id.empty()) {
      std::lock_guard lock(mutex_);
      table_ids_[out.table.table_id] = stored.table.id;
    }
    recovered.push_back(std::move(out));
  }
  return recovered;
}

std::vector<RecoveredMatch> SqliteGameStore::LoadUnfinishedMatches() {
  std::vector<RecoveredMatch> recovered;
  for (const storage::UnfinishedMatch& stored : storage_->LoadUnfinishedMatches()) {
    recovered.push_back(Recover(stored));
  }
  return recovered;
}

RecoveredMatch SqliteGameStore::Recover(const storage::UnfinishedMatch& stored) {
  RecoveredMatch out;
  const storage::Match& match = stored.match;
  if (match.table_id) {
    if (auto table = storage_->FindTable(*match.table_id)) out.table = FromStored(*table);
    if (auto series = storage_->FindSeries(*match.table_id)) {
      out.series.matches_played = series->matches_played;
      out.series.score = series->score;
    }
  }
  if (out.table.game.empty()) {
    // A match without its table (never written by this server): rebuild a table for it.
    out.table.game = match.game;
    out.table.rules = match.rules;
    out.table.seat_count = static_cast<int>(match.seats.size());
    out.table.turn_clock_ms = 0;
  }
  out.series.table_id = out.table.table_id;
  out.match.match_id = match.id;
  out.match.table_id = out.table.table_id;
  out.match.game = match.game;
  out.match.rules = match.rules;
  out.match.first_dealer = match.first_dealer;
  out.match.started_unix_ms = match.created_ms;
  for (const storage::SeatHolder& seat : match.seats) {
    const std::int64_t account = seat.account_id.value_or(0);
    out.match.seat_accounts.push_back(account);
    out.seat_names.push_back(account != 0 ? NameOf(account) : std::string());
    out.seat_holds.push_back(seat.hold);
  }
  LiveMatch live;
  live.record = RecordHeader(match.game, match.rules, match.seats.size());
  std::size_t next_move = 0;
  for (const storage::HandSeed& hand : stored.hands) {
    out.deals.push_back(RecoveredMatch::Deal{hand.hand, hand.dealer, hand.seed, hand.salt_hex,
                                             hand.commitment_hex});
    AppendDealToRecord(live.record, hand.hand, hand.dealer, std::to_string(hand.seed));
    live.hand = hand.hand;
    for (; next_move < stored.moves.size() && stored.moves[next_move].hand == hand.hand;
         ++next_move) {
      const storage::MoveEvent& move = stored.moves[next_move];
      out.moves.push_back(RecoveredMatch::Move{move.sequence, move.hand, move.seat, move.move});
      live.record += std::to_string(move.seat) + " " + move.move + "\n";
    }
  }
  out.hand_results_stored = static_cast<int>(stored.hand_results.size());
  std::lock_guard lock(mutex_);
  if (!out.table.table_id.empty() && match.table_id)
    table_ids_[out.table.table_id] = *match.table_id;
  matches_[match.id] = std::move(live);
  return out;
}

}  // namespace kafenio::server
