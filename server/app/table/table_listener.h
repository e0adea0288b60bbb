#pragma once
// What a table tells the rest of the server: the table directory, which passes it on to
// the lobby and to whoever listens (tournaments, the console). Called on the table's
// strand; implementations must be quick and thread-safe.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "kafenio/v1/kafenio.pb.h"

namespace kafenio::server {

// A finished match, as stored.
struct MatchOutcome {
  std::string table_id;
  std::int64_t match_id = 0;
  int winner = -1;  // team, or -1
  std::array<int, 2> totals{};
  int abandoned_by = -1;                    // the seat that abandoned it, or -1
  std::vector<std::int64_t> seat_accounts;  // by seat; 0 for a bot
};

class TableListener {
 public:
  virtual ~TableListener() = default;
  // The table's info after every change (private tables too).
  virtual void TableChanged(const v1::TableInfo& info) { (void)info; }
  virtual void MatchStarted(const std::string& table_id, std::int64_t match_id) {
    (void)table_id;
    (void)match_id;
  }
  virtual void MatchFinished(const MatchOutcome& outcome) { (void)outcome; }
  virtual void TableClosed(const std::string& table_id, const std::string& reason) {
    (void)table_id;
    (void)reason;
  }
};

}  // namespace kafenio::server
