#include "server/transport/client_address.h"

#include <algorithm>
#include <boost/asio/ip/address.hpp>

namespace kafenio::server {
namespace {

// The address in its one canonical text form; empty when `text` is not an IP address.
std::string Canonical(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  boost::system::error_code invalid;
  const auto address = boost::asio::ip::make_address(std::string(text), invalid);
  return invalid ? std::string() : address.to_string();
}

bool Trusted(const std::string& address, const std::vector<std::string>& trusted_proxies) {
  return std::any_of(trusted_proxies.begin(), trusted_proxies.end(),
                     [&](const std::string& proxy) { return Canonical(proxy) == address; });
}

}  // namespace

std::string ClientAddress(const std::string& peer_address, const HttpRequest& request,
                          const std::vector<std::string>& trusted_proxies) {
  if (!Trusted(peer_address, trusted_proxies)) return peer_address;
  // Every X-Forwarded-For line, in order, as one comma-separated list, read from the end.
  std::vector<std::string_view> hops;
  const auto [first, last] = request.equal_range("X-Forwarded-For");
  for (auto field = first; field != last; ++field) {
    const std::string_view value(field->value().data(), field->value().size());
    std::size_t start = 0;
    while (start <= value.size()) {
      const std::size_t comma = std::min(value.find(',', start), value.size());
      hops.push_back(value.substr(start, comma - start));
      start = comma + 1;
    }
  }
  for (auto hop = hops.rbegin(); hop != hops.rend(); ++hop) {
    const std::string address = Canonical(*hop);
    if (address.empty()) return peer_address;  // a malformed hop: believe only the proxy
    if (!Trusted(address, trusted_proxies)) return address;
  }
  return peer_address;
}

}  // namespace kafenio::server
