#pragma once
// Process-wide counters for /metrics (Prometheus text format). Lock-free: every field is
// an atomic bumped from whichever thread sees the event.
#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <string>

#include "server/metrics/latency_histogram.h"

namespace kafenio::server {

class Metrics {
 public:
  // Upper bounds of the move-latency histogram, in microseconds (then +Inf).
  static constexpr auto kLatencyBucketsUs = metrics::LatencyHistogram::kBucketsUs;

  std::atomic<std::int64_t> connections{0};
  std::atomic<std::int64_t> connections_total{0};
  std::atomic<std::int64_t> tables{0};
  std::atomic<std::int64_t> live_matches{0};
  std::atomic<std::int64_t> moves_total{0};
  std::atomic<std::int64_t> frames_in_total{0};
  std::atomic<std::int64_t> frames_out_total{0};
  std::atomic<std::int64_t> errors_total{0};
  std::atomic<std::int64_t> slow_consumers_total{0};
  // Writes that storage refused or failed (the players were told STORAGE_UNAVAILABLE).
  std::atomic<std::int64_t> storage_errors_total{0};
  // Strong bots' decisions handed to the bot pool: waiting or being thought now, and done.
  std::atomic<std::int64_t> bot_decisions_waiting{0};
  std::atomic<std::int64_t> bot_decisions_total{0};

  // Per game (docs/operations.md, "Metrics"): moves accepted, matches started and
  // finished. Games the list does not name are not counted per game.
  static constexpr std::array<const char*, 2> kGames = {"pilotta", "diloti"};
  void CountMove(const std::string& game) { Count(moves_by_game_, game); }
  void CountMatchStarted(const std::string& game) { Count(matches_started_by_game_, game); }
  void CountMatchFinished(const std::string& game) { Count(matches_finished_by_game_, game); }

  // A move's time from its arrival to its broadcast (durable by then).
  void ObserveMoveLatency(std::int64_t microseconds) { move_latency_.Observe(microseconds); }
  // The histogram's counts per bucket (not cumulative), the last one +Inf.
  metrics::LatencyHistogram::Counts LatencyBuckets() const { return move_latency_.Read().counts; }
  std::string Render() const;
  // Storage's section of Render (storage_metrics.h), set once at start-up before any
  // thread renders; none: left out (unit tests).
  std::function<std::string()> storage_section;

 private:
  using PerGame = std::array<std::atomic<std::int64_t>, kGames.size()>;
  static void Count(PerGame& counters, const std::string& game) {
    for (std::size_t i = 0; i < kGames.size(); ++i) {
      if (game == kGames[i]) counters[i].fetch_add(1, std::memory_order_relaxed);
    }
  }
  PerGame moves_by_game_{};
  PerGame matches_started_by_game_{};
  PerGame matches_finished_by_game_{};
  metrics::LatencyHistogram move_latency_;
};

}  // namespace kafenio::server
