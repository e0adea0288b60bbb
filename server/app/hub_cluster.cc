// The hub's part in a cluster (docs/scaling.md): a request naming a table that is not open
// on this node is answered with where it is played (ClusterRedirect), TABLE_MOVING while it
// passes from a dead node to another, or UNKNOWN_TABLE; and signed-in clients learn every
// node's address so that they can go on when theirs dies.
#include "server/app/hub.h"

namespace kafenio::server {

void Hub::TableElsewhere(const std::shared_ptr<Peer>& peer, const std::string& request_id,
                         const std::string& table_id) {
  TableLocator* cluster = services_.cluster;
  const std::string unknown = "no table '" + table_id + "'";
  if (cluster == nullptr || table_id.empty()) {
    return Refuse(peer, request_id, v1::UNKNOWN_TABLE, unknown);
  }
  // Asking the database where the table is blocks: on the read pool.
  const bool admitted = reads_.TrySubmit([this, cluster, peer, request_id, table_id, unknown] {
    TableWhereabouts where;
    try {
      where = cluster->Locate(table_id);
    } catch (const std::exception&) {
      return Refuse(peer, request_id, v1::STORAGE_UNAVAILABLE,
                    "the table's node cannot be found now: try again");
    }
    switch (where.kind) {
      case TableWhereabouts::Kind::unknown:
        return Refuse(peer, request_id, v1::UNKNOWN_TABLE, unknown);
      case TableWhereabouts::Kind::moving:
        return Refuse(peer, request_id, v1::TABLE_MOVING,
                      "the table is moving to another server: join again in a moment");
      case TableWhereabouts::Kind::elsewhere: {
        auto reply = std::make_shared<v1::Envelope>();
        reply->set_request_id(request_id);
        *reply->mutable_table_redirect() = where.redirect;
        peer->Deliver(reply);
        return;
      }
    }
  });
  if (!admitted) {
    Refuse(peer, request_id, v1::RATE_LIMITED, "the server is busy reading: try again in a moment");
  }
}

void Hub::SendNodes(const std::shared_ptr<Peer>& peer) {
  if (services_.cluster == nullptr) return;
  auto nodes = std::make_shared<v1::Envelope>();
  for (const std::string& address : services_.cluster->NodeAddresses()) {
    nodes->mutable_cluster_nodes()->add_addresses(address);
  }
  peer->Deliver(nodes);
}

bool Hub::IsClusterOrigin(const std::string& origin) const {
  if (services_.cluster == nullptr) return false;
  for (const std::string& address : services_.cluster->KnownAddresses()) {
    // ws://host:port/ws serves pages at http://host:port, wss:// at https://.
    const auto scheme_end = address.find("://");
    if (scheme_end == std::string::npos) continue;
    const std::string scheme = address.substr(0, scheme_end);
    const auto host_end = address.find('/', scheme_end + 3);
    const std::string host = address.substr(scheme_end + 3, host_end - scheme_end - 3);
    const std::string page_scheme = scheme == "wss" ? "https" : "http";
    if (origin == page_scheme + "://" + host) return true;
  }
  return false;
}

}  // namespace kafenio::server
