#include "server/storage/sqlite_storage.h"

#include <unistd.h>
#include <atomic>
#include <filesystem>
#include <memory>
#include <optional>

#include "server/storage/checkpointer.h"
#include "server/storage/group_commit_writer.h"
#include "server/storage/migrations.h"
#include "server/storage/reader_pool.h"
#include "server/storage/sqlite/connection.h"
#include "server/storage/sqlite_reads.h"
#include "server/storage/sqlite_session_sql.h"
#include "server/storage/sqlite_staff_sql.h"
#include "server/storage/storage_error.h"

namespace kafenio::storage {

namespace {

// The name SQLite opens for `options`: the file, or for kInMemory a database of SQLite's
// memdb VFS that this process's connections share (a name starting with '/' is shared), one
// per storage opened.
std::string DatabaseName(const SqliteOptions& options) {
  if (options.path != kInMemory) return options.path;
  static std::atomic<int> opened{0};
  return "file:/kafenio-" + std::to_string(::getpid()) + "-" + std::to_string(++opened) +
         "?vfs=memdb";
}

std::unique_ptr<sqlite::Connection> OpenWriter(const std::string& name, bool in_memory) {
  if (!in_memory) {
    const auto folder = std::filesystem::path(name).parent_path();
    if (!folder.empty()) std::filesystem::create_directories(folder);
  }
  auto db = std::make_unique<sqlite::Connection>(name, sqlite::OpenMode::read_write_create);
  if (!in_memory) {
    if (db->PragmaText("journal_mode = WAL") != "wal") {
      throw StorageError(name + ": cannot switch to WAL mode");
    }
    // FULL: a commit returns only after the WAL is synced, so an acknowledged move survives
    // a crash or power loss.
    db->PragmaText("synchronous = FULL");
    // Checkpoints run on the Checkpointer's thread, never inside a commit.
    db->PragmaText("wal_autocheckpoint = 0");
  }
  ApplyMigrations(*db, EmbeddedMigrations());
  return db;
}

class SqliteStorage final : public Storage {
 public:
  explicit SqliteStorage(const SqliteOptions& options)
      : in_memory_(options.path == kInMemory),
        name_(DatabaseName(options)),
        writer_(OpenWriter(name_, in_memory_)),
        readers_(name_) {
    // An in-memory database has no WAL to checkpoint.
    if (!in_memory_) checkpointer_.emplace(name_, options.checkpoint_interval);
  }

  ~SqliteStorage() override { Close(); }

  void Enqueue(WriteOp op, WriteDone done) override {
    writer_.Enqueue(std::move(op), std::move(done));
  }
  void Flush() override { writer_.Flush(); }
  void Close() override {
    if (checkpointer_) checkpointer_->Stop();
    writer_.Close();
    readers_.Clear();
  }
  StorageStats Stats() const override {
    const auto written = writer_.counters();
    return StorageStats{written.commits, written.operations,
                        checkpointer_ ? checkpointer_->checkpoints() : 0, writer_.commit_latency(),
                        written.queue_depth};
  }

  std::optional<Account> FindAccountByName(std::string_view name) override {
    auto db = readers_.Borrow();
    return reads::AccountByName(*db, name);
  }
  std::optional<Account> FindAccountByNameKey(std::string_view name_key) override {
    auto db = readers_.Borrow();
    return reads::AccountByNameKey(*db, name_key);
  }
  std::optional<Account> FindAccount(std::int64_t account_id) override {
    auto db = readers_.Borrow();
    return reads::AccountById(*db, account_id);
  }
  std::optional<Session> FindSession(std::string_view token_hash, std::int64_t now_ms) override {
    auto db = readers_.Borrow();
    return reads::SessionByTokenHash(*db, token_hash, now_ms);
  }
  std::optional<GameTable> FindTable(std::int64_t table_id) override {
    auto db = readers_.Borrow();
    return reads::TableById(*db, table_id);
  }
  std::optional<Series> FindSeries(std::int64_t table_id) override {
    auto db = readers_.Borrow();
    return reads::SeriesOfTable(*db, table_id);
  }
  std::optional<Match> FindMatch(std::int64_t match_id) override {
    auto db = readers_.Borrow();
    return reads::MatchById(*db, match_id);
  }
  std::vector<UnfinishedMatch> LoadUnfinishedMatches() override {
    auto db = readers_.Borrow();
    return reads::UnfinishedMatches(*db);
  }
  std::vector<OpenTable> LoadOpenTables() override {
    auto db = readers_.Borrow();
    return reads::OpenTables(*db);
  }
  std::vector<HandSeed> LoadHandSeeds(std::int64_t match_id) override {
    auto db = readers_.Borrow();
    return reads::HandSeeds(*db, match_id);
  }
  std::vector<MoveEvent> LoadMoves(std::int64_t match_id, std::int64_t after_sequence) override {
    auto db = readers_.Borrow();
    return reads::Moves(*db, match_id, after_sequence);
  }
  std::optional<std::string> LoadMatchRecord(std::int64_t match_id) override {
    auto db = readers_.Borrow();
    return reads::MatchRecord(*db, match_id);
  }
  std::vector<MatchSummary> MatchHistory(std::int64_t account_id, int limit,
                                         std::int64_t before_match_id) override {
    auto db = readers_.Borrow();
    return reads::History(*db, account_id, limit, before_match_id);
  }
  std::optional<Rating> FindRating(std::int64_t account_id, std::string_view mode) override {
    auto db = readers_.Borrow();
    return reads::RatingOf(*db, account_id, mode);
  }
  std::vector<LeaderboardEntry> Leaderboard(std::string_view mode, int limit) override {
    auto db = readers_.Borrow();
    return reads::Leaders(*db, mode, limit);
  }
  std::vector<RatingHistoryEntry> RatingHistory(std::int64_t account_id,
                                                std::string_view mode) override {
    auto db = readers_.Borrow();
    return reads::RatingHistory(*db, account_id, mode);
  }
  std::optional<TournamentRow> FindTournament(std::int64_t tournament_id) override {
    auto db = readers_.Borrow();
    return reads::TournamentById(*db, tournament_id);
  }
  std::vector<TournamentRow> ListTournaments(std::string_view state, int limit) override {
    auto db = readers_.Borrow();
    return reads::Tournaments(*db, state, limit);
  }
  std::vector<TournamentLogEntry> LoadTournamentLog(std::int64_t tournament_id) override {
    auto db = readers_.Borrow();
    return reads::TournamentLog(*db, tournament_id);
  }
  void ReadStaff(const std::function<void(StaffSql&)>& read) override {
    auto db = readers_.Borrow();
    SqliteStaffSql staff(*db);
    read(staff);
  }
  void ReadSessions(const std::function<void(SessionSql&)>& read) override {
    auto db = readers_.Borrow();
    SqliteSessionSql sessions(*db);
    read(sessions);
  }

 private:
  const bool in_memory_;
  const std::string name_;  // what SQLite opens: the file, or the shared in-memory database
  GroupCommitWriter writer_;
  ReaderPool readers_;
  std::optional<Checkpointer> checkpointer_;
};

}  // namespace

std::unique_ptr<Storage> OpenSqliteStorage(const SqliteOptions& options) {
  return std::make_unique<SqliteStorage>(options);
}

}  // namespace kafenio::storage
