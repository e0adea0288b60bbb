// The limit on tables with only bots (docs/security.md, "Abuse limits"): such a table
// plays match after match for nobody, at the bots' pace, so a player may run only a few
// at once and the server only so many in all (0 forbids them). Checked when a bot would
// fill a table's last seat with no player seated, against the tables' latest info.
#include <algorithm>

#include "server/app/hub.h"

namespace kafenio::server {
namespace {

bool OnlyBots(const v1::TableInfo& info) {
  return info.seats_size() > 0 &&
         std::all_of(info.seats().begin(), info.seats().end(),
                     [](const v1::SeatInfo& seat) { return seat.kind() == v1::SEAT_BOT; });
}

}  // namespace

std::optional<std::string> Hub::BotTableRefusal(const std::string& table_id, int seat,
                                                std::int64_t asking) {
  const auto tables = directory_.List(TableFilter{});
  const auto table = std::find_if(tables.begin(), tables.end(), [&](const v1::TableInfo& info) {
    return info.table_id() == table_id;
  });
  // A table not yet reported (no seats in its info) has no bots in it yet.
  if (table == tables.end() || table->seats_size() == 0) return std::nullopt;
  // Only a bot that would fill the last seat, with no player seated, makes one.
  for (const v1::SeatInfo& other : table->seats()) {
    if (other.seat() != seat && other.kind() != v1::SEAT_BOT) return std::nullopt;
  }
  const AbuseLimits& limits = config().abuse;
  if (limits.bot_tables_total == 0 || limits.bot_tables_per_account == 0) {
    return "this server has no tables with only bots: take a seat yourself";
  }
  const std::int64_t creator = limits_.CreatorOf(table_id);
  const std::int64_t owner = creator != 0 ? creator : asking;
  int total = 0;
  int owners = 0;
  for (const v1::TableInfo& info : tables) {
    if (info.table_id() == table_id || !OnlyBots(info)) continue;
    ++total;
    const std::int64_t made_by = limits_.CreatorOf(info.table_id());
    owners += made_by == owner;
  }
  if (owners >= limits.bot_tables_per_account) {
    return "you run " + std::to_string(owners) +
           " tables with only bots already: close one, or take a seat yourself";
  }
  if (total >= limits.bot_tables_total) {
    return "the server runs as many tables with only bots as it allows: take a seat yourself";
  }
  return std::nullopt;
}

}  // namespace kafenio::server
