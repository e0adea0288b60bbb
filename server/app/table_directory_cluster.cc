// The table directory's part in a cluster (docs/scaling.md): tables taken over from a node
// that died, rebuilt exactly as crash recovery rebuilds them, and tables dropped when this
// node lost their lease. ClusterNode (server/app/cluster/) decides which.
#include "server/app/table_directory.h"
#include "server/log/log.h"

namespace kafenio::server {

int TableDirectory::AdoptTables(const std::vector<std::int64_t>& table_numbers) {
  if (table_numbers.empty()) return 0;
  int adopted = 0;
  for (RecoveredMatch& match : services_.log.LoadUnfinishedMatchesOf(table_numbers)) {
    const TableSettings settings = SettingsOf(match.table, match.table_number);
    if (Find(settings.table_id)) continue;  // open here already
    const auto table = Add(settings);
    const std::int64_t match_id = match.match.match_id;
    // On the table's strand: a client that finds it meanwhile waits for the rebuild.
    table->AdoptMatch(std::move(match),
                      [this, table_id = settings.table_id, match_id](const std::string& error) {
                        if (error.empty()) return;
                        log::error("match {} cannot be taken over: {}", match_id, error);
                        Forget(table_id);
                      });
    ++adopted;
  }
  return adopted + RecoverWaiting(services_.log.LoadOpenTablesOf(table_numbers), true);
}

std::string TableDirectory::Drop(std::int64_t table_number) {
  std::shared_ptr<Table> table;
  {
    std::lock_guard lock(mutex_);
    for (auto it = tables_.begin(); it != tables_.end(); ++it) {
      if (it->second.table->settings().table_number != table_number) continue;
      table = it->second.table;
      tables_.erase(it);
      break;
    }
  }
  if (!table) return {};
  services_.metrics.tables.fetch_sub(1, std::memory_order_relaxed);
  // The node that holds it now publishes it; until then it is not in this node's lobby.
  lobby_.Remove(table->id());
  auto moved = std::make_shared<v1::Envelope>();
  moved->mutable_table_redirect()->set_table_id(table->id());  // no address: find it again
  table->Drop(std::move(moved));
  return table->id();
}

std::vector<std::int64_t> TableDirectory::TableNumbers() const {
  std::vector<std::int64_t> numbers;
  std::lock_guard lock(mutex_);
  for (const auto& [id, entry] : tables_) numbers.push_back(entry.table->settings().table_number);
  return numbers;
}

}  // namespace kafenio::server
