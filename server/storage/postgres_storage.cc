#include "server/storage/postgres_storage.h"

#include <chrono>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "server/storage/group_commit_writer.h"
#include "server/storage/postgres/connection.h"
#include "server/storage/postgres_migrations.h"
#include "server/storage/postgres_reads.h"
#include "server/storage/postgres_session_sql.h"
#include "server/storage/postgres_staff_sql.h"
#include "server/storage/postgres_write_transaction.h"

namespace kafenio::storage {

namespace {

// How long the writer keeps asking whether a COMMIT whose answer was lost took effect.
constexpr auto kCommitLookupFor = std::chrono::seconds(10);

// The writer's connection. A lost connection fails the batch under way (nothing of it is
// acknowledged: the tables roll back and retry) and the next batch connects again. A
// COMMIT whose answer was lost with the connection may have taken effect or not: the
// transaction's id, taken at BEGIN, is looked up on a new connection, so that a committed
// batch is acknowledged (and never written twice) and one that was not is reported failed.
class PostgresSession final : public WriteSession {
 public:
  explicit PostgresSession(const PostgresOptions& options) : options_(options) { Connect(); }

  void Begin() override {
    for (int attempt = 0;; ++attempt) {
      if (!db_ || db_->Broken()) Connect();
      try {
        // One round trip: the transaction and its id.
        xid_ = db_->Command("BEGIN; SELECT pg_current_xact_id()::text").Text(0, 0);
        transaction_->Gather(true);  // one savepoint per operation turns it off
        return;
      } catch (const pg::Error&) {
        // A connection that died while idle (the server restarted, an operator ended it)
        // shows here; nothing of the batch was sent, so once more on a fresh one.
        if (attempt > 0 || !db_->Broken()) throw;
      }
    }
  }
  void Commit() override {
    try {
      db_->Command("COMMIT");
    } catch (const pg::Error& error) {
      if (!db_->Broken()) throw;  // the server answered: rolled back
      if (!CommittedAfterAll(error)) throw;
    }
  }
  void RollbackQuietly() noexcept override {
    if (!db_ || db_->Broken() || !db_->InTransaction()) return;
    try {
      db_->Command("ROLLBACK");
    } catch (const StorageError&) {
    }
  }
  bool InTransaction() override { return db_ && !db_->Broken() && db_->InTransaction(); }
  void Savepoint() override {
    transaction_->Gather(false);  // each operation's statements inside its own savepoint
    db_->Command("SAVEPOINT op");
  }
  void ReleaseSavepoint() override { db_->Command("RELEASE SAVEPOINT op"); }
  void RollbackToSavepoint() override {
    db_->Command("ROLLBACK TO SAVEPOINT op");
    db_->Command("RELEASE SAVEPOINT op");
  }
  void EndOperations() override { transaction_->SendGathered(); }
  bool IsConflict(const StorageError& error) const override {
    const auto* pg_error = dynamic_cast<const pg::Error*>(&error);
    return pg_error != nullptr && pg_error->IsConstraint();
  }
  WriteTransaction& transaction() override { return *transaction_; }
  void Finish() noexcept override {
    transaction_.reset();
    db_.reset();
  }

 private:
  void Connect() {
    transaction_.reset();
    db_.reset();
    auto db = std::make_unique<pg::Connection>(options_.conninfo);
    // Durable before acknowledged, whatever the server's default.
    db->Command("SET synchronous_commit = on");
    // A node frozen inside a transaction (SIGSTOP) must not hold its leases' rows locked
    // for ever: the server ends such a session, and a node taking the tables over goes on.
    db->Command("SET idle_in_transaction_session_timeout = " +
                std::to_string(std::max(options_.lease_ms, 1000)));
    // Who writes: the node, and the epoch of this process, the token the fencing checks.
    db->Run(
        "SELECT set_config('kafenio.node', $1, false), set_config('kafenio.lease_ms', $2, false),"
        " set_config('kafenio.epoch', $3, false)",
        pg::Params()
            .Add(options_.node)
            .Add(std::to_string(options_.lease_ms))
            .Add(options_.node.empty() ? std::string() : std::to_string(options_.epoch)));
    db_ = std::move(db);
    transaction_ = std::make_unique<PostgresWriteTransaction>(*db_);
  }

  // Whether the transaction xid_ committed, asked on new connections until the database
  // knows (a backend still finishing the COMMIT says "in progress") or kCommitLookupFor
  // has passed: then the outcome is unknown and the batch is reported failed.
  bool CommittedAfterAll(const pg::Error& lost) {
    const auto give_up = std::chrono::steady_clock::now() + kCommitLookupFor;
    std::string last_error = lost.what();
    for (;;) {
      try {
        Connect();
        const pg::Result status =
            db_->Run("SELECT pg_xact_status($1::xid8)", pg::Params().Add(xid_));
        if (status.IsNull(0, 0)) throw StorageError("its transaction is too old to look up");
        const std::string outcome = status.Text(0, 0);
        if (outcome == "committed") return true;
        if (outcome == "aborted") return false;
      } catch (const StorageError& error) {
        last_error = error.what();
      }
      if (std::chrono::steady_clock::now() >= give_up) {
        throw StorageError("the outcome of a commit is unknown (" + last_error + ")");
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  }

  const PostgresOptions options_;
  std::unique_ptr<pg::Connection> db_;
  std::unique_ptr<PostgresWriteTransaction> transaction_;
  std::string xid_;  // the open transaction's id (pg_current_xact_id)
};

// Reader connections, borrowed one per read; a connection that broke is dropped, and the
// next read opens a fresh one.
class Readers {
 public:
  explicit Readers(std::string conninfo) : conninfo_(std::move(conninfo)) {}

  template <class F>
  auto Read(F&& read) {
    std::unique_ptr<pg::Connection> db = Borrow();
    auto result = read(*db);  // a throw drops the connection, broken or not
    Return(std::move(db));
    return result;
  }
  void Clear() {
    std::lock_guard lock(mutex_);
    idle_.clear();
  }

 private:
  std::unique_ptr<pg::Connection> Borrow() {
    {
      std::lock_guard lock(mutex_);
      if (!idle_.empty()) {
        auto db = std::move(idle_.back());
        idle_.pop_back();
        if (!db->Broken()) return db;
      }
    }
    return std::make_unique<pg::Connection>(conninfo_);
  }
  void Return(std::unique_ptr<pg::Connection> db) {
    if (db->Broken() || db->InTransaction()) return;
    std::lock_guard lock(mutex_);
    idle_.push_back(std::move(db));
  }

  const std::string conninfo_;
  std::mutex mutex_;
  std::vector<std::unique_ptr<pg::Connection>> idle_;
};

class PostgresStorage final : public Storage {
 public:
  explicit PostgresStorage(const PostgresOptions& options)
      : writer_(std::make_unique<PostgresSession>(options)), readers_(options.conninfo) {}
  ~PostgresStorage() override { Close(); }

  void Enqueue(WriteOp op, WriteDone done) override {
    writer_.Enqueue(std::move(op), std::move(done));
  }
  void Flush() override { writer_.Flush(); }
  void Close() override {
    writer_.Close();
    readers_.Clear();
  }
  StorageStats Stats() const override {
    const auto written = writer_.counters();
    return StorageStats{written.commits, written.operations, 0, writer_.commit_latency(),
                        written.queue_depth};
  }

  std::optional<Account> FindAccountByName(std::string_view name) override {
    return readers_.Read([&](pg::Connection& db) { return pgreads::AccountByName(db, name); });
  }
  std::optional<Account> FindAccountByNameKey(std::string_view name_key) override {
    return readers_.Read(
        [&](pg::Connection& db) { return pgreads::AccountByNameKey(db, name_key); });
  }
  std::optional<Account> FindAccount(std::int64_t account_id) override {
    return readers_.Read([&](pg::Connection& db) { return pgreads::AccountById(db, account_id); });
  }
  std::optional<Session> FindSession(std::string_view token_hash, std::int64_t now_ms) override {
    return readers_.Read(
        [&](pg::Connection& db) { return pgreads::SessionByTokenHash(db, token_hash, now_ms); });
  }
  std::optional<GameTable> FindTable(std::int64_t table_id) override {
    return readers_.Read([&](pg::Connection& db) { return pgreads::TableById(db, table_id); });
  }
  std::optional<Series> FindSeries(std::int64_t table_id) override {
    return readers_.Read([&](pg::Connection& db) { return pgreads::SeriesOfTable(db, table_id); });
  }
  std::optional<Match> FindMatch(std::int64_t match_id) override {
    return readers_.Read([&](pg::Connection& db) { return pgreads::MatchById(db, match_id); });
  }
  std::vector<UnfinishedMatch> LoadUnfinishedMatches() override {
    return readers_.Read([&](pg::Connection& db) { return pgreads::UnfinishedMatches(db); });
  }
  std::vector<UnfinishedMatch> LoadUnfinishedMatchesOf(
      const std::vector<std::int64_t>& table_ids) override {
    return readers_.Read(
        [&](pg::Connection& db) { return pgreads::UnfinishedMatches(db, &table_ids); });
  }
  std::vector<OpenTable> LoadOpenTables() override {
    return readers_.Read([&](pg::Connection& db) { return pgreads::OpenTables(db); });
  }
  std::vector<OpenTable> LoadOpenTablesOf(const std::vector<std::int64_t>& table_ids) override {
    return readers_.Read([&](pg::Connection& db) { return pgreads::OpenTables(db, &table_ids); });
  }
  std::vector<HandSeed> LoadHandSeeds(std::int64_t match_id) override {
    return readers_.Read([&](pg::Connection& db) { return pgreads::HandSeeds(db, match_id); });
  }
  std::vector<MoveEvent> LoadMoves(std::int64_t match_id, std::int64_t after_sequence) override {
    return readers_.Read(
        [&](pg::Connection& db) { return pgreads::Moves(db, match_id, after_sequence); });
  }
  std::optional<std::string> LoadMatchRecord(std::int64_t match_id) override {
    return readers_.Read([&](pg::Connection& db) { return pgreads::MatchRecord(db, match_id); });
  }
  std::vector<MatchSummary> MatchHistory(std::int64_t account_id, int limit,
                                         std::int64_t before_match_id) override {
    return readers_.Read([&](pg::Connection& db) {
      return pgreads::History(db, account_id, limit, before_match_id);
    });
  }
  std::optional<Rating> FindRating(std::int64_t account_id, std::string_view mode) override {
    return readers_.Read(
        [&](pg::Connection& db) { return pgreads::RatingOf(db, account_id, mode); });
  }
  std::vector<LeaderboardEntry> Leaderboard(std::string_view mode, int limit) override {
    return readers_.Read([&](pg::Connection& db) { return pgreads::Leaders(db, mode, limit); });
  }
  std::vector<RatingHistoryEntry> RatingHistory(std::int64_t account_id,
                                                std::string_view mode) override {
    return readers_.Read(
        [&](pg::Connection& db) { return pgreads::RatingHistory(db, account_id, mode); });
  }
  std::optional<TournamentRow> FindTournament(std::int64_t tournament_id) override {
    return readers_.Read(
        [&](pg::Connection& db) { return pgreads::TournamentById(db, tournament_id); });
  }
  std::vector<TournamentRow> ListTournaments(std::string_view state, int limit) override {
    return readers_.Read(
        [&](pg::Connection& db) { return pgreads::Tournaments(db, state, limit); });
  }
  std::vector<TournamentLogEntry> LoadTournamentLog(std::int64_t tournament_id) override {
    return readers_.Read(
        [&](pg::Connection& db) { return pgreads::TournamentLog(db, tournament_id); });
  }
  void ReadStaff(const std::function<void(StaffSql&)>& read) override {
    readers_.Read([&](pg::Connection& db) {
      PostgresStaffSql staff(db);
      read(staff);
      return true;
    });
  }
  void ReadSessions(const std::function<void(SessionSql&)>& read) override {
    readers_.Read([&](pg::Connection& db) {
      PostgresSessionSql sessions(db);
      read(sessions);
      return true;
    });
  }

 private:
  GroupCommitWriter writer_;
  Readers readers_;
};

}  // namespace

std::unique_ptr<Storage> OpenPostgresStorage(const PostgresOptions& options) {
  PostgresOptions opened = options;
  {
    pg::Connection db(options.conninfo);
    ApplyMigrations(db, EmbeddedPostgresMigrations());
    // A clustered writer always writes with an epoch of its own (migration 0019).
    if (!opened.node.empty() && opened.epoch == 0) {
      opened.epoch = db.Run("SELECT nextval('lease_epochs')").Int(0, 0);
    }
  }
  return std::make_unique<PostgresStorage>(opened);
}

int PostgresSchemaVersion(const std::string& conninfo) {
  pg::Connection db(conninfo);
  return SchemaVersion(db);
}

}  // namespace kafenio::storage
