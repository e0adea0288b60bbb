#pragma once
// What the hub asks of the cluster (docs/scaling.md): where a table that is not open on
// this node is played, and which nodes a client may fall back to. A server that is not
// clustered has none.
#include <optional>
#include <string>
#include <vector>

#include "kafenio/v1/kafenio.pb.h"

namespace kafenio::server {

struct TableWhereabouts {
  enum class Kind { unknown, elsewhere, moving };
  Kind kind = Kind::unknown;
  v1::ClusterRedirect redirect;  // for elsewhere: the node to go to
};

class TableLocator {
 public:
  virtual ~TableLocator() = default;
  // Blocks on the database: call on the hub's read pool.
  virtual TableWhereabouts Locate(const std::string& table_id) = 0;
  // The live nodes' addresses, as last seen by the cluster (no I/O).
  virtual std::vector<std::string> NodeAddresses() const = 0;
  // Every node's address, dead or alive (no I/O): pages they served may still be open.
  virtual std::vector<std::string> KnownAddresses() const = 0;
};

}  // namespace kafenio::server
