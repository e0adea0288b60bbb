// Pilotta engine speed: random full deals per second on one core, legal-move generation
// and apply. Results and the command are recorded in docs/performance.md.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <vector>

#include "engine/core/rng.h"
#include "engine/pilotta/state.h"

namespace kafenio::pilotta {
namespace {

// A whole hand from the shuffle to the score: deal, auction, declarations, every card.
// One match whose target is never reached, so each iteration is exactly one deal (a new
// match per deal would also time the match's creation).
Rules EndlessMatch() {
  Rules rules;
  rules.target = 1 << 30;
  return rules;
}

// With --benchmark_repetitions, a "max" row beside mean and median: on the shared
// machine the fastest repetition shows the code's speed best. In that row deals/s is
// the most of any repetition (and the time columns the longest).
double Max(const std::vector<double>& values) {
  return *std::max_element(values.begin(), values.end());
}

void BM_RandomFullDeal(benchmark::State& bench) {
  const Rules rules = EndlessMatch();
  DealRng choices(1);
  MoveList legal;
  std::uint64_t seed = 0;
  long moves = 0;
  State state(rules, 0);
  for (auto _ : bench) {
    state.StartHand(DealFromSeed(rules, state.Dealer(), ++seed));
    while (state.phase() != Phase::awaiting_deal) {
      state.LegalMoves(legal);
      state.Apply(legal[static_cast<int>(choices.Below(static_cast<std::uint64_t>(legal.size())))]);
      ++moves;
    }
    benchmark::DoNotOptimize(state);
  }
  bench.counters["deals/s"] =
      benchmark::Counter(static_cast<double>(bench.iterations()), benchmark::Counter::kIsRate);
  bench.counters["moves/deal"] =
      static_cast<double>(moves) / static_cast<double>(bench.iterations());
}
BENCHMARK(BM_RandomFullDeal)->ComputeStatistics("max", Max);

// The same, drawing each move with SampleLegalMove (as bots' rollouts and simulate do).
void BM_RandomFullDealSampled(benchmark::State& bench) {
  const Rules rules = EndlessMatch();
  DealRng choices(1);
  std::uint64_t seed = 0;
  long moves = 0;
  State state(rules, 0);
  for (auto _ : bench) {
    state.StartHand(DealFromSeed(rules, state.Dealer(), ++seed));
    while (state.phase() != Phase::awaiting_deal) {
      state.Apply(state.SampleLegalMove(choices));
      ++moves;
    }
    benchmark::DoNotOptimize(state);
  }
  bench.counters["deals/s"] =
      benchmark::Counter(static_cast<double>(bench.iterations()), benchmark::Counter::kIsRate);
  bench.counters["moves/deal"] =
      static_cast<double>(moves) / static_cast<double>(bench.iterations());
}
BENCHMARK(BM_RandomFullDealSampled)->ComputeStatistics("max", Max);

// The seeded shuffle and deal alone.
void BM_DealFromSeed(benchmark::State& bench) {
  const Rules rules;
  std::uint64_t seed = 0;
  for (auto _ : bench) benchmark::DoNotOptimize(DealFromSeed(rules, 0, ++seed));
}
BENCHMARK(BM_DealFromSeed);

// Starting a hand from a dealt deck (state reset and deal checks).
void BM_StartHand(benchmark::State& bench) {
  const Rules rules;
  const Deal deal = DealFromSeed(rules, 0, 1);
  for (auto _ : bench) {
    State state(rules, 0);
    benchmark::DoNotOptimize(state.StartHand(deal));
    benchmark::DoNotOptimize(state);
  }
}
BENCHMARK(BM_StartHand);

// States in the middle of play (trick 4), and at the opening bid, to generate moves from.
std::vector<State> SampleStates(Phase phase, int trick, int count) {
  const Rules rules;
  std::vector<State> states;
  DealRng choices(7);
  MoveList legal;
  for (std::uint64_t seed = 1; static_cast<int>(states.size()) < count; ++seed) {
    State state(rules, 0);
    state.StartHand(DealFromSeed(rules, 0, seed));
    while (state.phase() != Phase::awaiting_deal && !state.MatchOver()) {
      if (state.phase() == phase && state.TrickNumber() == trick && state.TrickSize() == 2) break;
      if (phase == Phase::auction) break;
      state.LegalMoves(legal);
      state.Apply(legal[static_cast<int>(choices.Below(static_cast<std::uint64_t>(legal.size())))]);
    }
    if (state.phase() == phase) states.push_back(state);
  }
  return states;
}

void BM_LegalMovesInPlay(benchmark::State& bench) {
  const auto states = SampleStates(Phase::play, 3, 256);
  MoveList legal;
  std::size_t i = 0;
  for (auto _ : bench) {
    states[i++ & 255].LegalMoves(legal);
    benchmark::DoNotOptimize(legal);
  }
}
BENCHMARK(BM_LegalMovesInPlay);

void BM_LegalMovesOpeningBid(benchmark::State& bench) {
  const auto states = SampleStates(Phase::auction, 0, 256);
  MoveList legal;
  std::size_t i = 0;
  for (auto _ : bench) {
    states[i++ & 255].LegalMoves(legal);
    benchmark::DoNotOptimize(legal);
  }
}
BENCHMARK(BM_LegalMovesOpeningBid);

// Apply: a recorded random hand replayed from its dealt state; the time per move includes
// one state copy per hand, spread over its moves.
void BM_Apply(benchmark::State& bench) {
  const Rules rules;
  struct Recorded {
    State start;
    std::vector<Move> moves;
  };
  std::vector<Recorded> hands;
  DealRng choices(3);
  MoveList legal;
  for (std::uint64_t seed = 1; seed <= 64; ++seed) {
    State state(rules, 0);
    state.StartHand(DealFromSeed(rules, 0, seed));
    Recorded hand{state, {}};
    while (state.phase() != Phase::awaiting_deal && !state.MatchOver()) {
      state.LegalMoves(legal);
      const Move move =
          legal[static_cast<int>(choices.Below(static_cast<std::uint64_t>(legal.size())))];
      state.Apply(move);
      hand.moves.push_back(move);
    }
    hands.push_back(std::move(hand));
  }
  std::size_t h = 0;
  long applied = 0;
  for (auto _ : bench) {
    const Recorded& hand = hands[h++ & 63];
    State state = hand.start;
    for (const Move& move : hand.moves) benchmark::DoNotOptimize(state.Apply(move));
    applied += static_cast<long>(hand.moves.size());
  }
  bench.counters["ns/apply"] = benchmark::Counter(
      static_cast<double>(applied), benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_Apply);

}  // namespace
}  // namespace kafenio::pilotta

BENCHMARK_MAIN();
