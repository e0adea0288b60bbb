#pragma once
// A player's current rating in a mode, inserted or replaced (PostgreSQL): one statement for
// rating a match and for replaying the ladder after a void.
#include "server/storage/postgres/connection.h"
#include "server/storage/rows.h"

namespace kafenio::storage {

inline void UpsertCurrentRating(pg::Connection& db, const Rating& rating) {
  db.Run(
      "INSERT INTO ratings (account_id, mode, rating, rd, volatility, matches, updated_ms)"
      " VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (account_id, mode) DO UPDATE SET"
      " rating = excluded.rating, rd = excluded.rd, volatility = excluded.volatility,"
      " matches = excluded.matches, updated_ms = excluded.updated_ms",
      pg::Params()
          .Add(rating.account_id)
          .Add(rating.mode)
          .Add(rating.rating)
          .Add(rating.rd)
          .Add(rating.volatility)
          .Add(rating.matches)
          .Add(rating.updated_ms));
}

}  // namespace kafenio::storage
