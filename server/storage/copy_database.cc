#include "server/storage/copy_database.h"

#include <sqlite3.h>

#include <filesystem>
#include <optional>
#include <utility>
#include <vector>

#include "server/storage/migrations.h"
#include "server/storage/postgres/connection.h"
#include "server/storage/postgres_migrations.h"
#include "server/storage/postgres_storage.h"
#include "server/storage/sqlite/connection.h"
#include "server/storage/sqlite/error.h"
#include "server/storage/sqlite_storage.h"

namespace kafenio::storage {

namespace {

// Parents before children (foreign keys), with each table's columns.
struct CopiedTable {
  const char* name;
  const char* columns;
  const char* identity;  // the column PostgreSQL numbers itself, or nullptr
};

constexpr CopiedTable kTables[] = {
    {"accounts", "id, name, password_hash, created_ms, name_key", "id"},
    {"sessions", "token_hash, account_id, expires_ms, created_ms, last_seen_ms, address, device",
     nullptr},  // the details: migration 0017
    {"game_tables",
     "id, game, rules, seats, visibility, invite_code, clock_ms, rated, created_ms, public_id,"
     " series_matches, closed_ms",
     "id"},
    {"series", "table_id, matches_played, score0, score1", nullptr},
    {"matches",
     "id, table_id, game, rules, players, first_dealer, rated, state, created_ms, finished_ms",
     "id"},
    {"match_seats", "match_id, seat, account_id, bot, bot_holding, left_table, timeouts", nullptr},
    {"hand_seeds", "match_id, hand, dealer, seed, salt, commitment, revealed", nullptr},
    {"move_events", "match_id, sequence, hand, seat, move, time_ms", nullptr},
    {"hand_results", "match_id, hand, score0, score1, total0, total1, breakdown", nullptr},
    {"match_results", "match_id, winner, total0, total1, abandoned_by, record", nullptr},
    {"ratings", "account_id, mode, rating, rd, volatility, matches, updated_ms", nullptr},
    {"rating_history", "id, account_id, mode, match_id, rating, rd, volatility, time_ms", "id"},
    {"table_seats", "table_id, seat, account_id, bot", nullptr},
    {"tournaments", "id, name, director_id, game, settings, seed, state, created_ms, starts_ms",
     "id"},
    {"tournament_log", "tournament_id, entry, kind, payload, at_ms", nullptr},
    // The admin console's (migrations 0010-0011): the audit log keeps its ids, so its hash
    // chain verifies in the copy.
    {"staff",
     "id, name, password_hash, role, tournament_scope, totp_secret, created_ms, disabled_ms",
     "id"},  // disabled_ms: migration 0020
    {"staff_sessions", "token_hash, staff_id, expires_ms", nullptr},
    {"audit_log", "id, at_ms, actor, action, target, reason, outcome, prev_hash, hash", "id"},
    {"sanctions", "id, account_id, kind, reason, staff, created_ms, until_ms, lifted_ms, lifted_by",
     "id"},
    {"match_voids", "match_id, reason, staff, voided_ms", nullptr},  // migration 0015
    // Players' reports and the chat they keep (migration 0016).
    {"chat_lines", "id, table_id, account_id, name, text, sent_ms", "id"},
    {"player_reports",
     "id, reporter_id, reported_id, chat_line_id, table_id, category, text, evidence, "
     "created_ms, state, claimed_by, claimed_ms, resolved_by, resolved_ms, action, note",
     "id"},
};

int ColumnCount(const char* columns) {
  int count = 1;
  for (const char* c = columns; *c; ++c) count += *c == ',';
  return count;
}

std::string Placeholders(int count, bool postgres) {
  std::string text;
  for (int i = 1; i <= count; ++i) {
    if (i > 1) text += ", ";
    text += postgres ? "$" + std::to_string(i) : "?";
  }
  return text;
}

// SQLite keeps booleans as 0 and 1; PostgreSQL answers 't' and 'f'.
std::string SqliteValue(const std::string& postgres_text, Oid type) {
  constexpr Oid kBool = 16;
  if (type == kBool) return postgres_text == "t" ? "1" : "0";
  return postgres_text;
}

// The copy goes only into an empty database: one without tables, or with Kafenio's
// tables and no account or table yet (a server started on it and stopped).
void RefuseNonEmpty(pg::Connection& to) {
  const bool kafenio = to.Run("SELECT to_regclass('schema_migrations') IS NOT NULL").Bool(0, 0);
  if (!kafenio) {
    const auto others = to.Run(
        "SELECT table_name FROM information_schema.tables"
        " WHERE table_schema = current_schema() ORDER BY table_name LIMIT 1");
    if (!others.empty()) {
      throw StorageError("the PostgreSQL database is not empty (it holds table " +
                         others.Text(0, 0) + "): migrate into a new database");
    }
    return;
  }
  if (to.Run("SELECT to_regclass('accounts') IS NOT NULL AND to_regclass('game_tables') IS NOT"
             " NULL")
          .Bool(0, 0) &&
      !to.Run("SELECT 1 FROM accounts UNION ALL SELECT 1 FROM game_tables LIMIT 1").empty()) {
    throw StorageError(
        "the PostgreSQL database is not empty (it has accounts or tables): migrate into a new "
        "database");
  }
}
void RefuseNonEmpty(pg::Connection&& to) {
  RefuseNonEmpty(to);
}

// A file from a newer program is refused read-only: opening it for writing would already
// change it (its journal mode) before its schema is seen.
void RefuseNewerFile(const std::string& sqlite_path) {
  sqlite::Connection source(sqlite_path, sqlite::OpenMode::read_only);
  auto& recorded = source.Prepare(
      "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'");
  const bool migrated = recorded.Step();
  recorded.Reset();
  if (!migrated) return;
  auto& newest = source.Prepare("SELECT COALESCE(MAX(version), 0) FROM schema_migrations");
  newest.Step();
  const int version = static_cast<int>(newest.Int(0));
  newest.Reset();
  RefuseNewerSchema(version, EmbeddedMigrations());
}

}  // namespace

std::vector<std::pair<std::string, std::string>> CopiedColumns() {
  std::vector<std::pair<std::string, std::string>> columns;
  for (const CopiedTable& table : kTables) columns.emplace_back(table.name, table.columns);
  return columns;
}

CopyCounts CopySqliteToPostgres(const std::string& sqlite_path, const std::string& conninfo) {
  if (!std::filesystem::exists(sqlite_path)) throw StorageError(sqlite_path + ": no such database");
  RefuseNewerFile(sqlite_path);
  // The target is looked at before anything is migrated: a refused copy changes nothing,
  // neither in a database holding a site nor in one holding another program's tables.
  RefuseNonEmpty(pg::Connection(conninfo));
  // Both at the newest schema, the same on either side (a file from a newer program is
  // refused before PostgreSQL is touched).
  OpenSqliteStorage(SqliteOptions{sqlite_path})->Close();
  OpenPostgresStorage(PostgresOptions{conninfo})->Close();
  sqlite::Connection from(sqlite_path, sqlite::OpenMode::read_only);
  pg::Connection to(conninfo);
  RefuseNonEmpty(to);  // again: another copy may have begun meanwhile
  CopyCounts counts;
  from.Prepare("BEGIN").Run();
  to.Command("BEGIN");
  try {
    for (const CopiedTable& table : kTables) {
      const int columns = ColumnCount(table.columns);
      const std::string insert = std::string("INSERT INTO ") + table.name + " (" + table.columns +
                                 ") VALUES (" + Placeholders(columns, true) + ")";
      auto& rows = from.Prepare(std::string("SELECT ") + table.columns + " FROM " + table.name);
      while (rows.Step()) {
        pg::Params params;
        for (int c = 0; c < columns; ++c) {
          // Ratings are doubles: every bit goes across, not SQLite's 15-digit text of them.
          if (rows.IsReal(c)) {
            params.Add(rows.Real(c));
          } else {
            params.Add(rows.OptionalText(c));
          }
        }
        to.Run(insert, params);
        ++counts.rows;
      }
      rows.Reset();
      if (table.identity) {
        // New rows carry on after the copied ones.
        to.Run(std::string("SELECT setval(pg_get_serial_sequence('") + table.name + "', '" +
               table.identity + "'), COALESCE((SELECT MAX(" + table.identity + ") FROM " +
               table.name + "), 0) + 1, false)");
      }
      ++counts.tables;
    }
    to.Command("COMMIT");
  } catch (...) {
    if (!to.Broken()) to.Command("ROLLBACK");
    throw;
  }
  from.Prepare("COMMIT").Run();
  return counts;
}

CopyCounts CopyPostgresToSqlite(const std::string& conninfo, const std::string& sqlite_path) {
  pg::Connection from(conninfo);
  const int version = SchemaVersion(from);
  const int known = EmbeddedPostgresMigrations().back().version;
  if (version != known) {
    throw StorageError("the PostgreSQL database is at schema version " + std::to_string(version) +
                       ", this program at " + std::to_string(known) + ": use the same version");
  }
  std::filesystem::remove(sqlite_path);
  std::filesystem::remove(sqlite_path + "-wal");
  std::filesystem::remove(sqlite_path + "-shm");
  OpenSqliteStorage(SqliteOptions{sqlite_path})->Close();
  sqlite::Connection to(sqlite_path, sqlite::OpenMode::read_write_create);
  CopyCounts counts;
  from.Command("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
  to.Prepare("BEGIN").Run();
  try {
    for (const CopiedTable& table : kTables) {
      const int columns = ColumnCount(table.columns);
      const pg::Result rows =
          from.Run(std::string("SELECT ") + table.columns + " FROM " + table.name);
      const std::string insert = std::string("INSERT INTO ") + table.name + " (" + table.columns +
                                 ") VALUES (" + Placeholders(columns, false) + ")";
      for (int r = 0; r < rows.rows(); ++r) {
        auto& row = to.Prepare(insert);
        for (int c = 0; c < columns; ++c) {
          if (rows.IsNull(r, c)) {
            row.BindNull(c + 1);
          } else {
            row.Bind(c + 1, SqliteValue(rows.Text(r, c), rows.Type(c)));
          }
        }
        row.Run();
        ++counts.rows;
      }
      ++counts.tables;
    }
    to.Prepare("COMMIT").Run();
  } catch (...) {
    try {
      to.Prepare("ROLLBACK").Run();
    } catch (...) {
    }
    throw;
  }
  from.Command("COMMIT");
  if (to.PragmaText("integrity_check") != "ok") {
    throw StorageError(sqlite_path + ": integrity check failed");
  }
  return counts;
}

}  // namespace kafenio::storage
