#include "server/app/table_directory.h"

#include <algorithm>
#include <sstream>

#include "server/app/crypto.h"
#include "server/log/log.h"

namespace kafenio::server {
namespace {

bool Seated(const v1::TableInfo& info, std::int64_t account_id) {
  return std::any_of(info.seats().begin(), info.seats().end(), [&](const v1::SeatInfo& seat) {
    return seat.kind() == v1::SEAT_HUMAN && seat.account_id() == account_id;
  });
}

bool Matches(const v1::TableInfo& info, const TableFilter& filter) {
  if (filter.game && info.game() != *filter.game) return false;
  if (filter.rated && info.rated() != *filter.rated) return false;
  if (filter.is_private && info.private_() != *filter.is_private) return false;
  if (filter.match_in_progress && info.match_in_progress() != *filter.match_in_progress)
    return false;
  return filter.player == 0 || Seated(info, filter.player);
}

}  // namespace

TableDirectory::TableDirectory(const TableServices& services, Lobby& lobby)
    : services_(services), lobby_(lobby) {}

TableDirectory::~TableDirectory() = default;

std::shared_ptr<Table> TableDirectory::Add(TableSettings settings) {
  auto table = std::make_shared<Table>(services_, *this, std::move(settings));
  v1::TableInfo info;
  info.set_table_id(table->id());
  info.set_game(table->settings().game);
  info.set_private_(table->settings().is_private);
  {
    std::lock_guard lock(mutex_);
    tables_[table->id()] = Entry{table, std::move(info)};
  }
  services_.metrics.tables.fetch_add(1, std::memory_order_relaxed);
  log::Info("table opened", {{"table", table->id()},
                             {"game", table->settings().game},
                             {"private", table->settings().is_private}});
  return table;
}

std::shared_ptr<Table> TableDirectory::Find(const std::string& table_id) const {
  std::lock_guard lock(mutex_);
  const auto found = tables_.find(table_id);
  return found == tables_.end() ? nullptr : found->second.table;
}

std::shared_ptr<Table> TableDirectory::FindByInvite(const std::string& invite_code) const {
  if (invite_code.empty()) return nullptr;
  std::lock_guard lock(mutex_);
  for (const auto& [id, entry] : tables_) {
    if (entry.table->settings().invite_code == invite_code) return entry.table;
  }
  return nullptr;
}

std::vector<v1::TableInfo> TableDirectory::FindByPlayer(std::int64_t account_id) const {
  TableFilter filter;
  filter.player = account_id;
  return List(filter);
}

std::vector<v1::TableInfo> TableDirectory::List(const TableFilter& filter) const {
  std::vector<v1::TableInfo> found;
  std::lock_guard lock(mutex_);
  for (const auto& [id, entry] : tables_) {
    if (Matches(entry.info, filter)) found.push_back(entry.info);
  }
  return found;
}

bool TableDirectory::Close(const std::string& table_id, const std::string& reason) {
  const auto table = Find(table_id);
  if (!table) return false;
  table->Close(reason.empty() ? "the table was closed" : reason);
  return true;
}

void TableDirectory::AddListener(TableListener& listener) {
  std::lock_guard lock(mutex_);
  listeners_.push_back(&listener);
}

std::vector<TableListener*> TableDirectory::Listeners() const {
  std::lock_guard lock(mutex_);
  return listeners_;
}

void TableDirectory::TableChanged(const v1::TableInfo& info) {
  {
    std::lock_guard lock(mutex_);
    const auto found = tables_.find(info.table_id());
    if (found == tables_.end()) return;  // closed meanwhile
    found->second.info = info;
  }
  lobby_.Publish(info);
  for (TableListener* listener : Listeners()) listener->TableChanged(info);
}

void TableDirectory::MatchStarted(const std::string& table_id, std::int64_t match_id) {
  log::Info("match started", {{"table", table_id}, {"match", match_id}});
  for (TableListener* listener : Listeners()) listener->MatchStarted(table_id, match_id);
}

void TableDirectory::MatchFinished(const MatchOutcome& outcome) {
  log::Info("match finished",
            {{"table", outcome.table_id},
             {"match", outcome.match_id},
             {"winner", outcome.winner},
             {"totals", fmt::format("{}-{}", outcome.totals[0], outcome.totals[1])},
             {"abandoned_by", outcome.abandoned_by}});
  for (TableListener* listener : Listeners()) listener->MatchFinished(outcome);
}

void TableDirectory::TableClosed(const std::string& table_id, const std::string& reason) {
  {
    std::lock_guard lock(mutex_);
    if (tables_.erase(table_id) == 0) return;
  }
  services_.metrics.tables.fetch_sub(1, std::memory_order_relaxed);
  log::Info("table closed", {{"table", table_id}, {"reason", reason}});
  lobby_.Remove(table_id);
  for (TableListener* listener : Listeners()) listener->TableClosed(table_id, reason);
}

// ---- Recovery ----------------------------------------------------------------------------

TableSettings TableDirectory::SettingsOf(const TableRecord& table,
                                         std::int64_t table_number) const {
  TableSettings settings;
  // A match stored before tables had public ids gets a fresh name.
  settings.table_id = table.table_id.empty() ? RandomToken(5) : table.table_id;
  settings.game = table.game;
  // The stored rules are the canonical text: the preset, then KEY=VALUE options.
  std::istringstream rules(table.rules);
  rules >> settings.preset;
  for (std::string option; rules >> option;) settings.options.push_back(option);
  settings.rules_text = table.rules;
  settings.seats = table.seat_count;
  settings.is_private = table.is_private;
  settings.invite_code = table.invite_code;
  settings.turn_clock_ms =
      table.turn_clock_ms > 0 ? table.turn_clock_ms : services_.config.default_turn_clock_ms;
  settings.series_matches = table.series_matches;
  settings.rated = table.rated;
  settings.table_number = table_number;
  if (rebuild_hook_) rebuild_hook_(settings);
  return settings;
}

int TableDirectory::RecoverUnfinishedMatches() {
  int recovered = 0;
  for (const RecoveredMatch& match : services_.log.LoadUnfinishedMatches()) {
    const TableSettings settings = SettingsOf(match.table, match.table_number);
    if (Find(settings.table_id)) {
      log::warn("match {}: table {} already has a live match; skipped", match.match.match_id,
                settings.table_id);
      continue;
    }
    auto table = Add(settings);
    if (const std::string error = table->Restore(match); !error.empty()) {
      log::error("match {} cannot be recovered: {}", match.match.match_id, error);
      Forget(settings.table_id);
      continue;
    }
    ++recovered;
  }
  return recovered;
}

void TableDirectory::Forget(const std::string& table_id) {
  {
    std::lock_guard lock(mutex_);
    if (tables_.erase(table_id) == 0) return;
  }
  services_.metrics.tables.fetch_sub(1, std::memory_order_relaxed);
}

int TableDirectory::RecoverWaitingTables() {
  return RecoverWaiting(services_.log.LoadOpenTables(), false);
}

int TableDirectory::RecoverWaiting(const std::vector<RecoveredTable>& open, bool adopt) {
  int recovered = 0;
  for (const RecoveredTable& stored : open) {
    const std::string& table_id = stored.table.table_id;
    if (table_id.empty() || Find(table_id)) continue;  // no name to close it by, or taken
    const bool seated =
        std::any_of(stored.seats.begin(), stored.seats.end(),
                    [](const TableSeatRecord& seat) { return seat.account_id != 0; });
    if (!seated) {
      // Nobody to wait for (as MaybeClose decides for a live table).
      services_.log.CloseTable(stored.table_number, services_.clock.NowMs(), services_.executor,
                               [table_id](WriteResult result) {
                                 if (!result.ok()) {
                                   log::error("table {}: its closing could not be stored: {}",
                                              table_id, result.message);
                                 }
                               });
      continue;
    }
    const auto table = Add(SettingsOf(stored.table, stored.table_number));
    if (adopt) {
      table->AdoptSeating(stored);  // on its strand: it may already be asked for
    } else {
      table->RestoreSeating(stored);
    }
    ++recovered;
  }
  return recovered;
}

}  // namespace kafenio::server
