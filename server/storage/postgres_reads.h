#pragma once
// The storage queries on a PostgreSQL connection (the same as sqlite_reads.h). Reads of
// several queries run in one REPEATABLE READ transaction, so they see one snapshot; inside
// the writer's transaction they see that transaction.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/storage/postgres/connection.h"
#include "server/storage/rows.h"
#include "server/storage/tournament_rows.h"

namespace kafenio::storage::pgreads {

std::optional<Account> AccountByName(pg::Connection& db, std::string_view name);
std::optional<Account> AccountByNameKey(pg::Connection& db, std::string_view name_key);
std::optional<Account> AccountById(pg::Connection& db, std::int64_t account_id);
std::optional<Session> SessionByTokenHash(pg::Connection& db, std::string_view token_hash,
                                          std::int64_t now_ms);
std::optional<GameTable> TableById(pg::Connection& db, std::int64_t table_id);
std::optional<Series> SeriesOfTable(pg::Connection& db, std::int64_t table_id);
// `only_tables`: just these tables (a node taking tables over); none: all.
std::vector<OpenTable> OpenTables(pg::Connection& db,
                                  const std::vector<std::int64_t>* only_tables = nullptr);
std::optional<Match> MatchById(pg::Connection& db, std::int64_t match_id);
std::vector<UnfinishedMatch> UnfinishedMatches(
    pg::Connection& db, const std::vector<std::int64_t>* only_tables = nullptr);
std::vector<HandSeed> HandSeeds(pg::Connection& db, std::int64_t match_id);
std::vector<MoveEvent> Moves(pg::Connection& db, std::int64_t match_id,
                             std::int64_t after_sequence);
std::optional<std::string> MatchRecord(pg::Connection& db, std::int64_t match_id);
std::vector<MatchSummary> History(pg::Connection& db, std::int64_t account_id, int limit,
                                  std::int64_t before_match_id);
std::optional<Rating> RatingOf(pg::Connection& db, std::int64_t account_id, std::string_view mode);
std::vector<LeaderboardEntry> Leaders(pg::Connection& db, std::string_view mode, int limit);
std::vector<RatingHistoryEntry> RatingHistory(pg::Connection& db, std::int64_t account_id,
                                              std::string_view mode);

std::optional<TournamentRow> TournamentById(pg::Connection& db, std::int64_t tournament_id);
std::vector<TournamentRow> Tournaments(pg::Connection& db, std::string_view state, int limit);
std::vector<TournamentLogEntry> TournamentLog(pg::Connection& db, std::int64_t tournament_id);

}  // namespace kafenio::storage::pgreads
