#pragma once
// The columns the readers of both backends select, in the order their row decoders
// (sqlite_reads.cc, postgres_reads.cc) read them: one schema, one list.
#include <string_view>

namespace kafenio::storage {

constexpr std::string_view kAccountColumns =
    "SELECT id, name, password_hash, created_ms, name_key FROM accounts";

constexpr std::string_view kTableColumns =
    "SELECT id, game, rules, seats, visibility, invite_code, clock_ms, rated, created_ms,"
    " public_id, series_matches, closed_ms FROM game_tables";

constexpr std::string_view kMatchColumns =
    "SELECT id, table_id, game, rules, first_dealer, rated, state, created_ms, finished_ms"
    " FROM matches";

}  // namespace kafenio::storage
