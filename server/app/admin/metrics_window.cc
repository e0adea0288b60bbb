#include "server/app/admin/metrics_window.h"

namespace kafenio::server::admin {
namespace {

// The upper bound (ms) of the bucket holding the q-quantile of these counts; +Inf counts as
// the last finite bound.
std::optional<double> Quantile(
    const std::array<std::int64_t, Metrics::kLatencyBucketsUs.size() + 1>& counts, double q) {
  std::int64_t total = 0;
  for (const auto count : counts) total += count;
  if (total == 0) return std::nullopt;
  const double rank = q * static_cast<double>(total);
  std::int64_t seen = 0;
  for (std::size_t i = 0; i < counts.size(); ++i) {
    seen += counts[i];
    if (static_cast<double>(seen) >= rank) {
      const std::size_t bound = std::min(i, Metrics::kLatencyBucketsUs.size() - 1);
      return static_cast<double>(Metrics::kLatencyBucketsUs[bound]) / 1000.0;
    }
  }
  return static_cast<double>(Metrics::kLatencyBucketsUs.back()) / 1000.0;
}

}  // namespace

WindowRates MetricsWindow::Sample(const CounterSample& now) {
  std::lock_guard lock(mutex_);
  // Samples older than the window go, but the newest of them stays as the window's start
  // while nothing newer is old enough, so a page asking every few seconds always has one.
  while (samples_.size() >= 2 && samples_[1].at_ms <= now.at_ms - window_ms_) samples_.pop_front();
  samples_.push_back(now);
  WindowRates rates;
  if (samples_.size() < 2) return rates;
  const CounterSample& from = samples_.front();
  rates.window_ms = now.at_ms - from.at_ms;
  if (rates.window_ms <= 0) return WindowRates{};
  rates.moves = now.moves - from.moves;
  rates.errors = now.errors - from.errors;
  rates.storage_errors = now.storage_errors - from.storage_errors;
  rates.storage_commits = now.storage_commits - from.storage_commits;
  rates.connections_opened = now.connections_opened - from.connections_opened;
  const double seconds = static_cast<double>(rates.window_ms) / 1000.0;
  rates.moves_per_second = static_cast<double>(rates.moves) / seconds;
  rates.errors_per_minute = static_cast<double>(rates.errors) / seconds * 60.0;
  rates.storage_errors_per_minute = static_cast<double>(rates.storage_errors) / seconds * 60.0;
  rates.commits_per_second = static_cast<double>(rates.storage_commits) / seconds;
  std::array<std::int64_t, Metrics::kLatencyBucketsUs.size() + 1> delta{};
  for (std::size_t i = 0; i < delta.size(); ++i) delta[i] = now.latency[i] - from.latency[i];
  rates.latency_p50_ms = Quantile(delta, 0.5);
  rates.latency_p99_ms = Quantile(delta, 0.99);
  for (std::size_t i = 0; i < delta.size(); ++i) {
    delta[i] = now.commit_latency[i] - from.commit_latency[i];
  }
  rates.commit_latency_p50_ms = Quantile(delta, 0.5);
  rates.commit_latency_p99_ms = Quantile(delta, 0.99);
  return rates;
}

}  // namespace kafenio::server::admin
