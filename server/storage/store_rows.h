#pragma once
// Conversions between the store's records (store_records.h) and Storage's rows (rows.h),
// shared by GameStore's files.
#include <vector>

#include "server/storage/rows.h"
#include "server/storage/store_records.h"

namespace kafenio::server {

AccountRecord AccountFromRow(const storage::Account& account);
TableRecord TableFromRow(const storage::GameTable& table);
storage::GameTable TableRow(const TableRecord& table);
storage::Match MatchRow(const MatchRecord& match);
std::vector<storage::TableSeat> SeatRows(const std::vector<TableSeatRecord>& seats);
// A "hand N ..." result line with the hand's scores (after "score") and totals (after
// "total").
storage::HandResult HandResultRow(std::int64_t match_id, const HandResultRecord& result);

}  // namespace kafenio::server
