// The dashboard's rates over a window (server/app/admin/metrics_window.h).
#include <catch2/catch.hpp>

#include "server/app/admin/metrics_window.h"

namespace kafenio::server::admin {
namespace {

CounterSample At(std::int64_t ms, std::int64_t moves, std::int64_t errors = 0) {
  CounterSample sample;
  sample.at_ms = ms;
  sample.moves = moves;
  sample.errors = errors;
  return sample;
}

TEST_CASE("rates are taken from the oldest sample inside the window", "[admin][dashboard]") {
  MetricsWindow window(60000);
  CHECK(window.Sample(At(1000, 100)).window_ms == 0);  // one sample: no rate yet
  auto rates = window.Sample(At(11000, 150, 2));
  CHECK(rates.window_ms == 10000);
  CHECK(rates.moves == 50);
  CHECK(rates.moves_per_second == Approx(5.0));
  CHECK(rates.errors_per_minute == Approx(12.0));
  CHECK_FALSE(rates.latency_p50_ms);  // no latency observed
  rates = window.Sample(At(31000, 250));
  CHECK(rates.window_ms == 30000);
  CHECK(rates.moves_per_second == Approx(5.0));
  // At 91 s the window reaches back to 31 s: the samples before it go, and the one at 31 s
  // starts the window; it stays the start while no newer sample is old enough.
  rates = window.Sample(At(91000, 550));
  CHECK(rates.window_ms == 60000);
  CHECK(rates.moves == 300);
  rates = window.Sample(At(92000, 560));
  CHECK(rates.window_ms == 61000);
  CHECK(rates.moves == 310);
}

TEST_CASE("move latency percentiles come from the window's histogram", "[admin][dashboard]") {
  MetricsWindow window(60000);
  CounterSample first = At(0, 0);
  first.latency[0] = 1000;  // old moves, outside the difference
  window.Sample(first);
  CounterSample second = At(10000, 100);
  second.latency = first.latency;
  second.latency[2] += 98;  // <= 200 µs
  second.latency[9] += 2;   // <= 3000 µs
  const auto rates = window.Sample(second);
  REQUIRE(rates.latency_p50_ms);
  CHECK(*rates.latency_p50_ms == Approx(0.2));
  CHECK(*rates.latency_p99_ms == Approx(3.0));
}

TEST_CASE("storage commit percentiles come from the window's commits", "[admin][dashboard]") {
  MetricsWindow window(60000);
  CounterSample first = At(0, 0);
  first.commit_latency[12] = 500;  // slow commits before the window: not counted
  window.Sample(first);
  CounterSample second = At(10000, 0);
  second.commit_latency = first.commit_latency;
  CHECK_FALSE(window.Sample(second).commit_latency_p50_ms);  // no commit in the window
  CounterSample third = At(20000, 0);
  third.commit_latency = first.commit_latency;
  third.commit_latency[6] += 95;  // <= 1 ms
  third.commit_latency[11] += 5;  // <= 10 ms
  const auto rates = window.Sample(third);
  REQUIRE(rates.commit_latency_p50_ms);
  CHECK(*rates.commit_latency_p50_ms == Approx(1.0));
  CHECK(*rates.commit_latency_p99_ms == Approx(10.0));
  CHECK_FALSE(rates.latency_p50_ms);  // commits are not moves
}

}  // namespace
}  // namespace kafenio::server::admin
