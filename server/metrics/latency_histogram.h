#pragma once
// A latency histogram for /metrics (a Prometheus histogram): fixed buckets, lock-free, fed
// from any thread. The moves' latency (server/app/metrics.h) and storage's commits
// (server/storage/group_commit_writer.h) each keep one; a Snapshot is what a scrape or the
// admin dashboard reads.
#include <array>
#include <atomic>
#include <cstdint>
#include <string>

namespace kafenio::metrics {

class LatencyHistogram {
 public:
  // Upper bounds of the buckets, in microseconds (then +Inf). Fine below a few ms, where a
  // healthy server's moves and commits fall (the load tool reads percentiles from it).
  static constexpr std::array<std::int64_t, 17> kBucketsUs = {
      50,   100,  200,   300,   500,   750,    1000,   1500,   2000,
      3000, 5000, 10000, 25000, 50000, 100000, 250000, 1000000};
  // Counts per bucket (not cumulative), the last one +Inf.
  using Counts = std::array<std::int64_t, kBucketsUs.size() + 1>;

  struct Snapshot {
    Counts counts{};
    std::int64_t sum_us = 0;
    std::int64_t count = 0;
  };

  void Observe(std::int64_t microseconds) {
    std::size_t bucket = 0;
    while (bucket < kBucketsUs.size() && microseconds > kBucketsUs[bucket]) ++bucket;
    buckets_[bucket].fetch_add(1, std::memory_order_relaxed);
    sum_us_.fetch_add(microseconds, std::memory_order_relaxed);
    count_.fetch_add(1, std::memory_order_relaxed);
  }

  Snapshot Read() const {
    Snapshot snapshot;
    for (std::size_t i = 0; i < buckets_.size(); ++i) {
      snapshot.counts[i] = buckets_[i].load(std::memory_order_relaxed);
    }
    snapshot.sum_us = sum_us_.load(std::memory_order_relaxed);
    snapshot.count = count_.load(std::memory_order_relaxed);
    return snapshot;
  }

  // The histogram in Prometheus' text format, in seconds, with its HELP and TYPE lines.
  static std::string Render(const std::string& name, const std::string& help,
                            const Snapshot& snapshot) {
    std::string out = "# HELP " + name + " " + help + "\n# TYPE " + name + " histogram\n";
    std::int64_t cumulative = 0;
    for (std::size_t i = 0; i < snapshot.counts.size(); ++i) {
      cumulative += snapshot.counts[i];
      const std::string le = i < kBucketsUs.size()
                                 ? std::to_string(static_cast<double>(kBucketsUs[i]) / 1e6)
                                 : std::string("+Inf");
      out += name + "_bucket{le=\"" + le + "\"} " + std::to_string(cumulative) + "\n";
    }
    out += name + "_sum " + std::to_string(static_cast<double>(snapshot.sum_us) / 1e6) + "\n";
    out += name + "_count " + std::to_string(snapshot.count) + "\n";
    return out;
  }

 private:
  std::array<std::atomic<std::int64_t>, kBucketsUs.size() + 1> buckets_{};
  std::atomic<std::int64_t> sum_us_{0};
  std::atomic<std::int64_t> count_{0};
};

}  // namespace kafenio::metrics
