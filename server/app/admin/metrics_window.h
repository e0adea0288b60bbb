#pragma once
// The dashboard's rates (docs/admin.md, "Dashboard"): the server's own counters sampled
// each time the dashboard is asked, and rates taken between now and the oldest sample
// inside the window (5 minutes by default). With one sample only there is no rate yet.
// Times come from the server's Clock, so tests move them. Thread-safe.
#include <array>
#include <cstdint>
#include <deque>
#include <mutex>
#include <optional>

#include "server/app/metrics.h"

namespace kafenio::server::admin {

// The counters one sample holds.
struct CounterSample {
  std::int64_t at_ms = 0;
  std::int64_t moves = 0;
  std::int64_t errors = 0;
  std::int64_t storage_errors = 0;
  std::int64_t storage_commits = 0;
  std::int64_t connections_opened = 0;
  std::array<std::int64_t, Metrics::kLatencyBucketsUs.size() + 1> latency{};
  // Storage's commits by duration (BEGIN to durable COMMIT), the same buckets.
  std::array<std::int64_t, Metrics::kLatencyBucketsUs.size() + 1> commit_latency{};
};

struct WindowRates {
  std::int64_t window_ms = 0;  // between the oldest sample used and now; 0: no rate yet
  std::int64_t moves = 0;      // in the window, and so on
  std::int64_t errors = 0;
  std::int64_t storage_errors = 0;
  std::int64_t storage_commits = 0;
  std::int64_t connections_opened = 0;
  double moves_per_second = 0;
  double errors_per_minute = 0;
  double storage_errors_per_minute = 0;
  double commits_per_second = 0;
  // Moves' time from arrival to durable broadcast (storage's commit is most of it), at the
  // 50th and 99th percentiles of the window's moves, in ms (the bucket's upper bound);
  // none without moves.
  std::optional<double> latency_p50_ms;
  std::optional<double> latency_p99_ms;
  // Storage's commits in the window, likewise; none without commits.
  std::optional<double> commit_latency_p50_ms;
  std::optional<double> commit_latency_p99_ms;
};

class MetricsWindow {
 public:
  explicit MetricsWindow(std::int64_t window_ms = 5 * 60 * 1000) : window_ms_(window_ms) {}
  // Keeps `now` and answers the rates from the oldest sample still in the window.
  WindowRates Sample(const CounterSample& now);

 private:
  const std::int64_t window_ms_;
  std::mutex mutex_;
  std::deque<CounterSample> samples_;
};

}  // namespace kafenio::server::admin
