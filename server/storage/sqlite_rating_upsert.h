#pragma once
// A player's current rating in a mode, inserted or replaced (SQLite): one statement for
// rating a match and for replaying the ladder after a void.
#include "server/storage/rows.h"
#include "server/storage/sqlite/connection.h"

namespace kafenio::storage {

inline void UpsertCurrentRating(sqlite::Connection& db, const Rating& rating) {
  db.Prepare(
        "INSERT INTO ratings (account_id, mode, rating, rd, volatility, matches, updated_ms)"
        " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (account_id, mode) DO UPDATE SET"
        " rating = excluded.rating, rd = excluded.rd, volatility = excluded.volatility,"
        " matches = excluded.matches, updated_ms = excluded.updated_ms")
      .Bind(1, rating.account_id)
      .Bind(2, rating.mode)
      .Bind(3, rating.rating)
      .Bind(4, rating.rd)
      .Bind(5, rating.volatility)
      .Bind(6, rating.matches)
      .Bind(7, rating.updated_ms)
      .Run();
}

}  // namespace kafenio::storage
