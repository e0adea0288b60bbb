// GameStore's writes and account reads. Each write is one operation on Storage's queue;
// its completion is posted to the caller's executor.
#include "server/storage/game_store.h"

#include <utility>

#include "server/rating/record_match_result.h"
#include "server/storage/store_rows.h"

namespace kafenio::server {
namespace {

WriteResult ResultOf(const storage::WriteStatus& status) {
  if (status.ok()) return {};
  return WriteResult{
      status.conflict ? WriteResult::Failure::conflict : WriteResult::Failure::unavailable,
      status.error};
}

// For writes that create something: the id, set by the operation on the writer thread and
// read by its completion there, after the commit.
template <class T>
struct Created {
  T value{};
};

}  // namespace

GameStore::GameStore(std::unique_ptr<storage::Storage> storage) : storage_(std::move(storage)) {}

GameStore::~GameStore() {
  Close();
}

void GameStore::Close() {
  storage_->Close();
}

// Completions are moved into the post, never kept by the writer: the last reference to a
// connection or a table must be let go on the caller's executor, not on the writer thread.
void GameStore::Write(storage::WriteOp op, Executor executor, Then<WriteResult> then) {
  storage_->Enqueue(std::move(op), [executor = std::move(executor), then = std::move(then)](
                                       const storage::WriteStatus& status) mutable {
    PostResult(executor, std::move(then), ResultOf(status));
  });
}

// ---- Accounts and sessions ---------------------------------------------------------------

void GameStore::CreateAccount(AccountRecord account, Executor executor,
                              Then<Written<AccountRecord>> then) {
  storage::Account row;
  row.name = account.name;
  if (!account.name_key.empty()) row.name_key = account.name_key;
  if (!account.guest) row.password_hash = account.password_hash;
  row.created_ms = account.created_unix_ms;
  auto id = std::make_shared<Created<std::int64_t>>();
  storage_->Enqueue([row, id](storage::WriteTransaction& tx) { id->value = tx.CreateAccount(row); },
                    [account = std::move(account), id, executor = std::move(executor),
                     then = std::move(then)](const storage::WriteStatus& status) mutable {
                      account.id = status.ok() ? id->value : 0;
                      PostResult(executor, std::move(then),
                                 Written<AccountRecord>{ResultOf(status), std::move(account)});
                    });
}

void GameStore::SaveSession(SessionRecord session, Executor executor, Then<WriteResult> then) {
  const storage::Session row{session.token_hash, session.account_id, session.expires_unix_ms};
  Write([row](storage::WriteTransaction& tx) { tx.PutSession(row); }, std::move(executor),
        std::move(then));
}

void GameStore::DeleteSession(std::string token_hash, Executor executor, Then<WriteResult> then) {
  Write([token_hash = std::move(token_hash)](
            storage::WriteTransaction& tx) { tx.DeleteSession(token_hash); },
        std::move(executor), std::move(then));
}

std::optional<AccountRecord> GameStore::FindAccountByName(const std::string& name) {
  auto found = storage_->FindAccountByName(name);
  if (!found) return std::nullopt;
  return AccountFromRow(*found);
}

std::optional<AccountRecord> GameStore::FindAccountByNameKey(const std::string& name_key) {
  auto found = storage_->FindAccountByNameKey(name_key);
  if (!found) return std::nullopt;
  return AccountFromRow(*found);
}

std::optional<AccountRecord> GameStore::FindAccount(std::int64_t id) {
  auto found = storage_->FindAccount(id);
  if (!found) return std::nullopt;
  return AccountFromRow(*found);
}

std::optional<SessionRecord> GameStore::FindSession(const std::string& token_hash,
                                                    std::int64_t now_ms) {
  auto found = storage_->FindSession(token_hash, now_ms);
  if (!found) return std::nullopt;
  return SessionRecord{found->token_hash, found->account_id, found->expires_ms};
}

// ---- Tables, matches and their event log ---------------------------------------------------

void GameStore::CreateTable(TableRecord table, Executor executor,
                            Then<Written<std::int64_t>> then) {
  WriteReturningId(
      [row = TableRow(table)](storage::WriteTransaction& tx) { return tx.CreateTable(row); },
      std::move(executor), std::move(then));
}

void GameStore::CreateMatch(MatchRecord match, Executor executor,
                            Then<Written<std::int64_t>> then) {
  WriteReturningId(
      [row = MatchRow(match)](storage::WriteTransaction& tx) { return tx.CreateMatch(row); },
      std::move(executor), std::move(then));
}

void GameStore::WriteReturningId(std::function<std::int64_t(storage::WriteTransaction&)> create,
                                 Executor executor, Then<Written<std::int64_t>> then) {
  auto id = std::make_shared<Created<std::int64_t>>();
  storage_->Enqueue(
      [create = std::move(create), id](storage::WriteTransaction& tx) { id->value = create(tx); },
      [id, executor = std::move(executor),
       then = std::move(then)](const storage::WriteStatus& status) mutable {
        PostResult(executor, std::move(then),
                   Written<std::int64_t>{ResultOf(status), status.ok() ? id->value : 0});
      });
}

void GameStore::AppendEvent(MatchEventRecord event, Executor executor, Then<WriteResult> then) {
  if (event.kind == MatchEventRecord::Kind::deal) {
    const storage::HandSeed seed{event.match_id, event.hand,     event.seat,
                                 event.seed,     event.salt_hex, event.commitment_hex};
    return Write([seed](storage::WriteTransaction& tx) { tx.PutHandSeed(seed); },
                 std::move(executor), std::move(then));
  }
  const storage::MoveEvent move{event.match_id, event.seq,      event.hand,
                                event.seat,     event.notation, event.unix_ms};
  std::optional<storage::HandResult> result;
  if (event.hand_result) result = HandResultRow(event.match_id, *event.hand_result);
  Write(
      [move, result](storage::WriteTransaction& tx) {
        tx.AppendMove(move);
        if (!result) return;
        // The move ended its hand: the result with it, and the seed may be shown to anyone
        // now (docs/fairness.md).
        tx.PutHandResult(*result);
        tx.RevealHandSeed(result->match_id, result->hand);
      },
      std::move(executor), std::move(then));
}

void GameStore::SaveHandResult(std::int64_t match_id, HandResultRecord result, Executor executor,
                               Then<WriteResult> then) {
  Write(
      [row = HandResultRow(match_id, result)](storage::WriteTransaction& tx) {
        tx.PutHandResult(row);
        tx.RevealHandSeed(row.match_id, row.hand);
      },
      std::move(executor), std::move(then));
}

void GameStore::SaveSeatHold(std::int64_t match_id, int seat, SeatHold hold, Executor executor,
                             Then<WriteResult> then) {
  Write([match_id, seat,
         hold](storage::WriteTransaction& tx) { tx.PutSeatHold(match_id, seat, hold); },
        std::move(executor), std::move(then));
}

void GameStore::FinishMatch(MatchResultRecord result, Executor executor, Then<WriteResult> then) {
  storage::MatchResult row;
  row.match_id = result.match_id;
  if (result.winner >= 0) row.winner = result.winner;
  row.total = result.totals;
  if (result.abandoned_by >= 0) row.abandoned_by = result.abandoned_by;
  row.finished_ms = result.finished_unix_ms;
  row.record = std::move(result.record);
  // The result, a rated match's new ratings (docs/ratings.md) and the table after the
  // match commit together.
  const storage::WriteOp finish = rating::RecordMatchResult(std::move(row));
  const storage::Series series{result.table_number, result.series.matches_played,
                               result.series.score};
  Write(
      [finish, series, seats = SeatRows(result.seats_after)](storage::WriteTransaction& tx) {
        finish(tx);
        if (series.table_id == 0) return;  // a match stored without its table
        tx.PutSeries(series);
        tx.PutTableSeats(series.table_id, seats);
      },
      std::move(executor), std::move(then));
}

void GameStore::AbandonMatch(std::int64_t match_id, std::string record, std::int64_t unix_ms,
                             Executor executor, Then<WriteResult> then) {
  storage::MatchResult row;
  row.match_id = match_id;
  row.abandoned_by = storage::kAbandonedByTable;
  row.finished_ms = unix_ms;
  row.record = std::move(record);
  Write([row](storage::WriteTransaction& tx) { tx.FinishMatch(row); }, std::move(executor),
        std::move(then));
}

void GameStore::SaveTableSeats(std::int64_t table_number, std::vector<TableSeatRecord> seats,
                               Executor executor, Then<WriteResult> then) {
  Write([table_number, rows = SeatRows(seats)](
            storage::WriteTransaction& tx) { tx.PutTableSeats(table_number, rows); },
        std::move(executor), std::move(then));
}

void GameStore::WriteModeration(std::function<void(storage::StaffSql&)> op, Executor executor,
                                Then<WriteResult> then) {
  Write([op = std::move(op)](storage::WriteTransaction& tx) { op(tx.Staff()); },
        std::move(executor), std::move(then));
}

void GameStore::CloseTable(std::int64_t table_number, std::int64_t unix_ms, Executor executor,
                           Then<WriteResult> then) {
  Write([table_number,
         unix_ms](storage::WriteTransaction& tx) { tx.CloseTable(table_number, unix_ms); },
        std::move(executor), std::move(then));
}

void GameStore::ReopenTable(std::int64_t table_number, Executor executor, Then<WriteResult> then) {
  Write([table_number](storage::WriteTransaction& tx) { tx.ReopenTable(table_number); },
        std::move(executor), std::move(then));
}

}  // namespace kafenio::server
