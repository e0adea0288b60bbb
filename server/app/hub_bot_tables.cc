// The limit on tables with only bots (docs/security.md, "Abuse limits"): such a table
// plays match after match for nobody, at the bots' pace, so a player may run only a few
// at once and the server only so many in all (0 forbids them). Decided by the table when
// a bot would fill its last seat with no player seated, against the exact count kept by
// BotTables (server/app/bot_tables.h).
#include "server/app/hub.h"

namespace kafenio::server {

Table::OnlyBotsGate Hub::BotTableGate(const std::string& table_id, std::int64_t asking) {
  return [this, table_id, asking]() -> std::optional<std::string> {
    const std::int64_t creator = limits_.CreatorOf(table_id);
    return bot_tables_.Admit(table_id, creator != 0 ? creator : asking, config().abuse);
  };
}

}  // namespace kafenio::server
