#include "server/app/bot_tables.h"

#include <algorithm>

namespace kafenio::server {
namespace {

bool OnlyBots(const v1::TableInfo& info) {
  return info.seats_size() > 0 &&
         std::all_of(info.seats().begin(), info.seats().end(),
                     [](const v1::SeatInfo& seat) { return seat.kind() == v1::SEAT_BOT; });
}

}  // namespace

std::optional<std::string> BotTables::Admit(const std::string& table_id, std::int64_t owner,
                                            const AbuseLimits& limits) {
  if (limits.bot_tables_total == 0 || limits.bot_tables_per_account == 0) {
    return "this server has no tables with only bots: take a seat yourself";
  }
  std::lock_guard lock(mutex_);
  if (owners_.count(table_id)) return std::nullopt;  // counted already
  int total = 0;
  int owned = 0;
  for (const auto& [id, made_by] : owners_) {
    ++total;
    owned += made_by == owner;
  }
  if (owned >= limits.bot_tables_per_account) {
    return "you run " + std::to_string(owned) +
           " tables with only bots already: close one, or take a seat yourself";
  }
  if (total >= limits.bot_tables_total) {
    return "the server runs as many tables with only bots as it allows: take a seat yourself";
  }
  owners_.emplace(table_id, owner);
  return std::nullopt;
}

void BotTables::Withdraw(const std::string& table_id) {
  std::lock_guard lock(mutex_);
  owners_.erase(table_id);
}

int BotTables::Count() const {
  std::lock_guard lock(mutex_);
  return static_cast<int>(owners_.size());
}

void BotTables::TableChanged(const v1::TableInfo& info) {
  std::lock_guard lock(mutex_);
  if (!OnlyBots(info)) {
    owners_.erase(info.table_id());
  } else {
    owners_.emplace(info.table_id(), 0);  // a restored table; an admitted one keeps its owner
  }
}

void BotTables::TableClosed(const std::string& table_id, const std::string& reason) {
  (void)reason;
  Withdraw(table_id);
}

}  // namespace kafenio::server
