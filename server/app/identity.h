#pragma once
// Who is asking: the signed-in account behind a connection.
#include <cstdint>
#include <string>

namespace kafenio::server {

struct Identity {
  std::int64_t account_id = 0;
  std::string name;
  bool guest = false;  // signed in as a guest: no seat at a rated table
};

}  // namespace kafenio::server
