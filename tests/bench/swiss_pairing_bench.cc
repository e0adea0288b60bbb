// Pairing one Swiss round of 1,000 (and 1,001) entrants after k rounds of random results,
// the goal being at most 1 s on one core. The history is built once per size and
// round outside the timed loop; each iteration pairs the same round from scratch, as the
// server does (a pure function of the stored results).
#include <benchmark/benchmark.h>

#include <random>

#include "server/tournament/swiss_pairing.h"

namespace kafenio::tournament {
namespace {

struct History {
  std::vector<Entrant> field;
  std::vector<MatchResult> results;
};

History PlayRounds(int entrants, int rounds) {
  History history;
  for (int id = 1; id <= entrants; ++id) history.field.push_back({id, id});
  std::mt19937 rng(static_cast<unsigned>(entrants * 100 + rounds));
  for (int round = 1; round <= rounds; ++round) {
    const auto pairing =
        PairSwissRound(SwissInputFromResults(round, history.field, history.results, {}, {}));
    for (const auto& table : pairing.tables) {
      const auto roll = rng() % 9;
      MatchResult result = WonBy(round, table.first, table.second, table.first);
      if (roll >= 4) result.winner = table.second;
      if (roll == 8) result.winner.reset();
      history.results.push_back(result);
    }
    if (pairing.bye) history.results.push_back(ByeResult(round, *pairing.bye));
  }
  return history;
}

void BM_PairSwissRound(benchmark::State& state) {
  const int entrants = static_cast<int>(state.range(0));
  const int played = static_cast<int>(state.range(1));
  const History history = PlayRounds(entrants, played);
  int rematches = 0;
  for (auto _ : state) {
    const auto pairing =
        PairSwissRound(SwissInputFromResults(played + 1, history.field, history.results, {}, {}));
    rematches = pairing.rematches;
    benchmark::DoNotOptimize(pairing.tables.data());
  }
  state.counters["rematches"] = rematches;
}
BENCHMARK(BM_PairSwissRound)
    ->ArgNames({"entrants", "rounds_played"})
    ->Args({1000, 0})
    ->Args({1000, 4})
    ->Args({1000, 8})
    ->Args({1001, 8})
    ->Args({1000, 12})
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace kafenio::tournament

BENCHMARK_MAIN();
