#include "server/storage/store_rows.h"

#include <array>
#include <sstream>
#include <string>

namespace kafenio::server {
namespace {

// The two numbers after `word` in a "hand N ... score A B total C D ..." line.
std::array<int, 2> PairAfter(const std::string& line, const std::string& word) {
  std::istringstream in(line);
  std::string token;
  std::array<int, 2> pair{};
  while (in >> token) {
    if (token == word) {
      in >> pair[0] >> pair[1];
      break;
    }
  }
  return pair;
}

}  // namespace

AccountRecord AccountFromRow(const storage::Account& account) {
  AccountRecord out;
  out.id = account.id;
  out.name = account.name;
  out.name_key = account.name_key.value_or("");
  out.guest = !account.password_hash.has_value();
  out.password_hash = account.password_hash.value_or("");
  out.created_unix_ms = account.created_ms;
  return out;
}

TableRecord TableFromRow(const storage::GameTable& table) {
  TableRecord out;
  out.table_id = table.public_id.value_or("");
  out.game = table.game;
  out.rules = table.rules;
  out.seat_count = table.seats;
  out.is_private = !table.is_public;
  out.invite_code = table.invite_code.value_or("");
  out.turn_clock_ms = static_cast<int>(table.clock_ms);
  out.created_unix_ms = table.created_ms;
  out.series_matches = table.series_matches;
  out.rated = table.rated;
  return out;
}

storage::GameTable TableRow(const TableRecord& table) {
  return storage::GameTable{
      .game = table.game,
      .rules = table.rules,
      .seats = table.seat_count,
      .is_public = !table.is_private,
      .invite_code = table.is_private ? std::optional(table.invite_code) : std::nullopt,
      .clock_ms = table.turn_clock_ms,
      .rated = table.rated,
      .created_ms = table.created_unix_ms,
      .public_id = table.table_id,
      .series_matches = table.series_matches,
  };
}

storage::Match MatchRow(const MatchRecord& match) {
  storage::Match row;
  if (match.table_number != 0) row.table_id = match.table_number;
  row.game = match.game;
  row.rules = match.rules;
  for (std::size_t at = 0; at < match.seat_accounts.size(); ++at) {
    storage::SeatHolder seat;
    if (const std::int64_t account = match.seat_accounts[at]; account != 0) {
      seat.account_id = account;
    } else {
      const bool named = at < match.seat_bots.size() && !match.seat_bots[at].empty();
      seat.bot = named ? match.seat_bots[at] : "bot";
    }
    row.seats.push_back(seat);
  }
  row.first_dealer = match.first_dealer;
  row.rated = match.rated;
  row.created_ms = match.started_unix_ms;
  return row;
}

std::vector<storage::TableSeat> SeatRows(const std::vector<TableSeatRecord>& seats) {
  std::vector<storage::TableSeat> rows;
  for (const TableSeatRecord& seat : seats) {
    storage::TableSeat row{
        seat.seat, seat.account_id != 0 ? std::optional(seat.account_id) : std::nullopt};
    if (seat.account_id == 0 && !seat.bot.empty()) row.bot = seat.bot;
    rows.push_back(std::move(row));
  }
  return rows;
}

storage::HandResult HandResultRow(std::int64_t match_id, const HandResultRecord& result) {
  storage::HandResult row;
  row.match_id = match_id;
  row.hand = result.hand_number;
  row.score = PairAfter(result.line, "score");
  row.total = PairAfter(result.line, "total");
  row.breakdown = result.line;
  return row;
}

}  // namespace kafenio::server
