#pragma once
// Whose connection this is, for the limits per address: the socket's peer, or, when the
// peer is one of the operator's trusted reverse proxies (trusted_proxy), the address its
// X-Forwarded-For names: the last one there that is not itself a trusted proxy (the
// addresses before it were written by the client, which may write anything).
#include <string>
#include <vector>

#include "server/transport/http_routes.h"

namespace kafenio::server {

std::string ClientAddress(const std::string& peer_address, const HttpRequest& request,
                          const std::vector<std::string>& trusted_proxies);

}  // namespace kafenio::server
