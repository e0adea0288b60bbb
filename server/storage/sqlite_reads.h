#pragma once
// The storage queries, on an SQLite reader connection. In WAL mode readers never wait for
// the writer; each function sees one consistent snapshot.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/storage/rows.h"
#include "server/storage/tournament_rows.h"
#include "server/storage/sqlite/connection.h"

namespace kafenio::storage::reads {

std::optional<Account> AccountByName(sqlite::Connection& db, std::string_view name);
std::optional<Account> AccountByNameKey(sqlite::Connection& db, std::string_view name_key);
std::optional<Account> AccountById(sqlite::Connection& db, std::int64_t account_id);
std::optional<Session> SessionByTokenHash(sqlite::Connection& db, std::string_view token_hash,
                                          std::int64_t now_ms);
std::optional<GameTable> TableById(sqlite::Connection& db, std::int64_t table_id);
std::optional<Series> SeriesOfTable(sqlite::Connection& db, std::int64_t table_id);
std::vector<OpenTable> OpenTables(sqlite::Connection& db);
std::optional<Match> MatchById(sqlite::Connection& db, std::int64_t match_id);
std::vector<UnfinishedMatch> UnfinishedMatches(sqlite::Connection& db);
std::vector<HandSeed> HandSeeds(sqlite::Connection& db, std::int64_t match_id);
std::vector<MoveEvent> Moves(sqlite::Connection& db, std::int64_t match_id,
                             std::int64_t after_sequence);
std::vector<HandResult> HandResults(sqlite::Connection& db, std::int64_t match_id);
std::optional<std::string> MatchRecord(sqlite::Connection& db, std::int64_t match_id);
std::vector<MatchSummary> History(sqlite::Connection& db, std::int64_t account_id, int limit,
                                  std::int64_t before_match_id);
std::optional<Rating> RatingOf(sqlite::Connection& db, std::int64_t account_id,
                               std::string_view mode);
std::vector<LeaderboardEntry> Leaders(sqlite::Connection& db, std::string_view mode, int limit);
std::vector<RatingHistoryEntry> RatingHistory(sqlite::Connection& db, std::int64_t account_id,
                                              std::string_view mode);

std::optional<TournamentRow> TournamentById(sqlite::Connection& db, std::int64_t tournament_id);
std::vector<TournamentRow> Tournaments(sqlite::Connection& db, std::string_view state, int limit);
std::vector<TournamentLogEntry> TournamentLog(sqlite::Connection& db, std::int64_t tournament_id);

}  // namespace kafenio::storage::reads
