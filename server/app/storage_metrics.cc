#include "server/app/storage_metrics.h"

namespace kafenio::server {

std::string RenderStorageMetrics(const storage::StorageStats& stats) {
  std::string out = metrics::LatencyHistogram::Render(
      "kafenio_storage_commit_seconds",
      "Each write transaction (a group commit of the writes queued meanwhile) from its start "
      "to durable.",
      stats.commit_latency);
  out +=
      "# HELP kafenio_storage_commits_total Write transactions (group commits) so far.\n"
      "# TYPE kafenio_storage_commits_total counter\n"
      "kafenio_storage_commits_total " +
      std::to_string(stats.commits) + "\n";
  out +=
      "# HELP kafenio_storage_queue_depth Write operations waiting for the writer or in the "
      "transaction it is committing.\n"
      "# TYPE kafenio_storage_queue_depth gauge\n"
      "kafenio_storage_queue_depth " +
      std::to_string(stats.queue_depth) + "\n";
  return out;
}

}  // namespace kafenio::server
