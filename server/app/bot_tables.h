#pragma once
// The tables whose every seat is a bot (docs/security.md, "Abuse limits"), counted exactly:
// a table is admitted at the moment its last bot is placed, on the table's strand, before
// the seat change is stored or published, so two add_bot requests sent back to back (to
// one table or to several) cannot both pass the limit on a count that lags. A table leaves
// the count when its published info has a seat that is not a bot, or it closes; a table
// restored with only bots is counted when it publishes its info. Thread-safe.
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>

#include "server/app/table/table_listener.h"
#include "server/config/abuse_limits.h"

namespace kafenio::server {

class BotTables final : public TableListener {
 public:
  // Counts `table_id` (made by `owner`, 0 if unknown) as a table with only bots, unless
  // `owner` or the server already runs as many as `limits` allow: then why not.
  std::optional<std::string> Admit(const std::string& table_id, std::int64_t owner,
                                   const AbuseLimits& limits);
  // Leaves the count: the bot that was admitted was not placed after all.
  void Withdraw(const std::string& table_id);
  int Count() const;

  // TableListener, from the table directory (on each table's strand).
  void TableChanged(const v1::TableInfo& info) override;
  void TableClosed(const std::string& table_id, const std::string& reason) override;

 private:
  mutable std::mutex mutex_;
  std::map<std::string, std::int64_t> owners_;  // by table id: who made it (0: unknown)
};

}  // namespace kafenio::server
