#include "server/config/abuse_limits.h"

#include <charconv>

namespace kafenio::server {

bool ApplyAbuseSetting(AbuseLimits& limits, const std::string& key, const std::string& value,
                       std::string& error) {
  int* number = key == "connections_per_address"       ? &limits.connections_per_address
                : key == "guests_per_address_per_hour" ? &limits.guests_per_address_per_hour
                : key == "registrations_per_address_per_hour"
                    ? &limits.registrations_per_address_per_hour
                : key == "tables_per_address"     ? &limits.tables_per_address
                : key == "tables_per_account"     ? &limits.tables_per_account
                : key == "bot_tables_per_account" ? &limits.bot_tables_per_account
                : key == "bot_tables_total"       ? &limits.bot_tables_total
                                                  : nullptr;
  if (number) {
    const auto [end, failed] = std::from_chars(value.data(), value.data() + value.size(), *number);
    if (failed == std::errc{} && end == value.data() + value.size() && *number >= 0) return true;
    error = key + " must be a number, 0 or more, got '" + value + "'";
    return false;
  }
  if (key == "limit_loopback") {
    if (value != "true" && value != "false") {
      error = "limit_loopback must be true or false";
      return false;
    }
    limits.limit_loopback = value == "true";
    return true;
  }
  if (key == "trusted_proxy") {
    limits.trusted_proxies.push_back(value);
    return true;
  }
  return false;
}

}  // namespace kafenio::server
