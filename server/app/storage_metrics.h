#pragma once
// Storage's part of /metrics (docs/operations.md, "HTTP endpoints"): how long the writer's
// transactions take to be durable, how many have been committed and how many writes wait
// for it, the same for SQLite and PostgreSQL (both write through GroupCommitWriter).
#include <string>

#include "server/storage/storage.h"

namespace kafenio::server {

std::string RenderStorageMetrics(const storage::StorageStats& stats);

}  // namespace kafenio::server
