#pragma once
// The per-address and per-account limits against abuse (docs/security.md, "Abuse
// limits"; settings in server/config/abuse_limits.h): connections open per address,
// guests and registrations per address per hour, tables open per address and per account.
// Loopback addresses are not limited per address unless limit_loopback is set. Counts of
// the hour use the server's Clock. Thread-safe.
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <set>
#include <string>

#include "server/config/abuse_limits.h"

namespace kafenio::server {

class AddressLimits {
 public:
  explicit AddressLimits(const AbuseLimits& limits) : limits_(limits) {}

  // A connection from `address` opens; false (nothing counted) when it has too many.
  bool OpenConnection(const std::string& address);
  void CloseConnection(const std::string& address);

  enum class Made { guest, registration };
  // Whether `address` may make another guest (registration) now; Count once one is made.
  bool MayMake(Made what, const std::string& address, std::int64_t now_ms);
  void Count(Made what, const std::string& address, std::int64_t now_ms);

  // Reserves a table about to be created by `account` from `address`, unless either has
  // too many open (which one is said). `open(id)` says whether a table is still open, so
  // that closed ones stop counting. Opened or Forget it once its creation is decided.
  enum class TooMany { nothing, account_tables, address_tables };
  TooMany ReserveTable(std::int64_t account, const std::string& address,
                       const std::string& table_id,
                       const std::function<bool(const std::string&)>& open);
  void Opened(const std::string& table_id);
  void Forget(const std::string& table_id);
  // The account that created an open table (0: unknown, such as one a restart brought back).
  std::int64_t CreatorOf(const std::string& table_id) const;

 private:
  bool Exempt(const std::string& address) const;
  // Drops the tables that have closed (opened, and no longer open).
  void PruneTables(const std::function<bool(const std::string&)>& open);

  struct TableEntry {
    std::int64_t account = 0;
    std::string address;
    bool opened = false;  // false while its creation is being stored
  };

  const AbuseLimits& limits_;
  mutable std::mutex mutex_;
  std::map<std::string, int> connections_;
  std::map<std::string, std::deque<std::int64_t>> guests_, registrations_;  // times made
  std::map<std::string, TableEntry> tables_;                                // by table id
};

}  // namespace kafenio::server
