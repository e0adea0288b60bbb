#include "server/app/address_limits.h"

#include <boost/asio/ip/address.hpp>

namespace kafenio::server {
namespace {

constexpr std::int64_t kHourMs = 3600 * 1000;

}  // namespace

bool AddressLimits::Exempt(const std::string& address) const {
  if (limits_.limit_loopback) return false;
  boost::system::error_code invalid;
  const auto parsed = boost::asio::ip::make_address(address, invalid);
  if (invalid) return false;
  if (parsed.is_v6() && parsed.to_v6().is_v4_mapped()) {
    return parsed.to_v6().to_v4().is_loopback();
  }
  return parsed.is_loopback();
}

bool AddressLimits::OpenConnection(const std::string& address) {
  std::lock_guard lock(mutex_);
  int& open = connections_[address];
  if (!Exempt(address) && open >= limits_.connections_per_address) {
    if (open == 0) connections_.erase(address);
    return false;
  }
  ++open;
  return true;
}

void AddressLimits::CloseConnection(const std::string& address) {
  std::lock_guard lock(mutex_);
  const auto found = connections_.find(address);
  if (found == connections_.end()) return;
  if (--found->second <= 0) connections_.erase(found);
}

bool AddressLimits::MayMake(Made what, const std::string& address, std::int64_t now_ms) {
  if (Exempt(address)) return true;
  const int limit = what == Made::guest ? limits_.guests_per_address_per_hour
                                        : limits_.registrations_per_address_per_hour;
  std::lock_guard lock(mutex_);
  auto& made = what == Made::guest ? guests_ : registrations_;
  const auto found = made.find(address);
  if (found == made.end()) return limit > 0;
  auto& times = found->second;
  while (!times.empty() && times.front() <= now_ms - kHourMs) times.pop_front();
  if (times.empty()) {
    made.erase(found);
    return limit > 0;
  }
  return static_cast<int>(times.size()) < limit;
}

void AddressLimits::Count(Made what, const std::string& address, std::int64_t now_ms) {
  if (Exempt(address)) return;
  std::lock_guard lock(mutex_);
  (what == Made::guest ? guests_ : registrations_)[address].push_back(now_ms);
}

void AddressLimits::PruneTables(const std::function<bool(const std::string&)>& open) {
  std::erase_if(tables_,
                [&](const auto& entry) { return entry.second.opened && !open(entry.first); });
}

AddressLimits::TooMany AddressLimits::ReserveTable(
    std::int64_t account, const std::string& address, const std::string& table_id,
    const std::function<bool(const std::string&)>& open) {
  std::lock_guard lock(mutex_);
  PruneTables(open);
  int by_account = 0;
  int by_address = 0;
  for (const auto& [id, entry] : tables_) {
    by_account += entry.account == account;
    by_address += entry.address == address;
  }
  if (by_account >= limits_.tables_per_account) return TooMany::account_tables;
  if (!Exempt(address) && by_address >= limits_.tables_per_address) {
    return TooMany::address_tables;
  }
  tables_[table_id] = TableEntry{account, address, false};
  return TooMany::nothing;
}

void AddressLimits::Opened(const std::string& table_id) {
  std::lock_guard lock(mutex_);
  const auto found = tables_.find(table_id);
  if (found != tables_.end()) found->second.opened = true;
}

void AddressLimits::Forget(const std::string& table_id) {
  std::lock_guard lock(mutex_);
  tables_.erase(table_id);
}

std::int64_t AddressLimits::CreatorOf(const std::string& table_id) const {
  std::lock_guard lock(mutex_);
  const auto found = tables_.find(table_id);
  return found == tables_.end() ? 0 : found->second.account;
}

}  // namespace kafenio::server
