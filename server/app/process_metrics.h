#pragma once
// The process's own numbers for /metrics, under Prometheus' standard names (CPU time,
// memory, open files, start time), and kafenio_build_info: read from /proc at each
// scrape, so nothing is counted between scrapes.
#include <string>

namespace kafenio::server {

std::string RenderProcessMetrics();

}  // namespace kafenio::server
