#pragma once
// A clustered node's settings (docs/operations.md, "A cluster on PostgreSQL").
#include <cstdint>
#include <string>

namespace kafenio::server {

struct ClusterOptions {
  std::string node;     // this node's name, unique in the cluster
  std::string address;  // where clients reach it: ws://host:port/ws
  // How long a table's lease lasts without renewal: after a node dies, others take its
  // tables over within about this long. Renewed every third of it.
  int lease_ms = 3000;
  int claim_batch = 100;    // tables taken over per round at most
  int lobby_flush_ms = 50;  // lobby changes are written in batches this often
  // This process's epoch (storage::NewLeaseEpoch): the fencing token of every lease it
  // holds, and of its writer's writes (docs/scaling.md, "Fencing").
  std::int64_t epoch = 0;
};

}  // namespace kafenio::server
