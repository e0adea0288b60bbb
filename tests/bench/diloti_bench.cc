// Diloti engine benchmarks (issue 3): random full rounds, validating a proposed capture,
// and enumerating every legal move with 12 cards on the table. docs/performance.md keeps
// the numbers and the command.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <memory>
#include <string_view>
#include <vector>

#include "engine/core/rng.h"
#include "engine/diloti/deal.h"
#include "engine/diloti/move.h"
#include "engine/diloti/sample_scratch.h"
#include "engine/diloti/state.h"

namespace kafenio::diloti {
namespace {

Card C(std::string_view text) {
  return *ParseCard(text);
}

CardMask Cards(std::initializer_list<std::string_view> texts) {
  CardMask mask = 0;
  for (auto text : texts) mask |= Bit(C(text));
  return mask;
}

// A random 2-player round: deal from a seed, then uniformly random legal moves, drawn and
// played the way simulations do (State::PlayRandomMove with one scratch for the thread).
void BM_RandomRound(benchmark::State& bench) {
  Rules rules;
  // A match lasts tens of thousands of rounds, so that every iteration is one round; a
  // longer run starts a new match when one ends (without it, StartHand would refuse and
  // the iterations after the end would time nothing).
  rules.target = 1'000'000;
  State state(rules, 0);
  DealRng choices(42);
  auto scratch = std::make_unique<SampleScratch>();
  std::uint64_t seed = 0;
  for (auto _ : bench) {
    if (state.phase() == Phase::match_over) state = State(rules, 0);
    state.StartHand(DealFromSeed(2, state.Dealer(), ++seed));
    while (state.phase() == Phase::play) state.PlayRandomMove(choices, *scratch);
  }
  bench.counters["rounds/s"] =
      benchmark::Counter(static_cast<double>(bench.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_RandomRound);

// The deal alone: the part of BM_RandomRound spent before the first move.
void BM_DealFromSeed(benchmark::State& bench) {
  std::uint64_t seed = 0;
  for (auto _ : bench) benchmark::DoNotOptimize(DealFromSeed(2, 0, ++seed));
}
BENCHMARK(BM_DealFromSeed);

// The same rounds played through the public list and Apply, which validates every move
// again: what a caller pays that does not use PlayRandomMove, and the loop BM_RandomRound
// ran before PlayRandomMove existed.
void BM_RandomRoundValidated(benchmark::State& bench) {
  Rules rules;
  rules.target = 1'000'000;  // as in BM_RandomRound
  State state(rules, 0);
  DealRng choices(42);
  std::uint64_t seed = 0;
  MoveList legal;
  for (auto _ : bench) {
    if (state.phase() == Phase::match_over) state = State(rules, 0);
    state.StartHand(DealFromSeed(2, state.Dealer(), ++seed));
    while (state.phase() == Phase::play) {
      state.LegalMoves(legal);
      state.Apply(legal[static_cast<int>(choices.Below(static_cast<std::uint64_t>(legal.size())))]);
    }
  }
  bench.counters["rounds/s"] =
      benchmark::Counter(static_cast<double>(bench.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_RandomRoundValidated);

// A position reached by play: a 2-player deal (dealer 1) whose first twelve moves are
// given in record syntax, after which seat 0 holds `next_hand` from the stock.
State AfterFirstDeal(std::initializer_list<std::string_view> table,
                     std::initializer_list<std::string_view> moves,
                     std::initializer_list<std::string_view> next_hand) {
  Deal deal;
  deal.table = Cards(table);
  CardMask used = deal.table;
  std::vector<Move> parsed;
  for (auto text : moves) {
    std::vector<std::string_view> tokens;
    for (std::size_t at = 0; at < text.size();) {
      const auto space = text.find(' ', at);
      tokens.push_back(text.substr(at, space - at));
      at = space == std::string_view::npos ? text.size() : space + 1;
    }
    const Move move = *ParseMove(tokens).move;
    deal.hands[move.seat] |= Bit(move.card);
    used |= Bit(move.card);
    parsed.push_back(move);
  }
  for (auto text : next_hand) {
    deal.stock[deal.stock_size++] = C(text);
    used |= Bit(C(text));
  }
  for (Card card = 0; card < kDeckSize; ++card) {
    if (!(used & Bit(card))) deal.stock[deal.stock_size++] = card;
  }
  State state(Rules{}, 1);
  if (state.StartHand(deal) != Illegal::none) std::abort();
  for (const Move& move : parsed) {
    if (state.Apply(move) != Illegal::none) std::abort();
  }
  return state;
}

// Twelve loose cards of mixed values: Ac 2d 3c 4h 5s 6d 7c 8h 9s Tc Jd Kh; seat 0 holds
// 9d Th 7h 5h 2h Kc.
State MixedTable() {
  return AfterFirstDeal(
      {"Ac", "9s", "Jd", "5s"},
      {"0 lay 3c", "1 lay 2d", "0 lay 7c", "1 lay 4h", "0 lay Qc", "1 capture Qd Qc", "0 lay 8h",
       "1 lay 6d", "0 lay Qh", "1 capture Qs Qh", "0 lay Tc", "1 lay Kh"},
      {"9d", "Th", "7h", "5h", "2h", "Kc"});
}

// The worst kind of table: twelve small numerals (Ac Ad 2c 2d 3c 3d 4c 4d 5c 6c 7c 8c)
// that combine in thousands of ways; seat 0 holds 9d Th 7h 8h 6h 5h.
State SmallNumeralsTable() {
  return AfterFirstDeal(
      {"Ac", "Ad", "2c", "2d"},
      {"0 lay 3c", "1 lay 3d", "0 lay 4c", "1 lay 4d", "0 lay 5c", "1 lay 6c", "0 lay 7c",
       "1 lay 8c", "0 lay Kc", "1 capture Kd Kc", "0 lay Qc", "1 capture Qd Qc"},
      {"9d", "Th", "7h", "8h", "6h", "5h"});
}

void LegalMovesOf(benchmark::State& bench, const State& state) {
  if (Count(state.Loose()) != 12) std::abort();
  MoveList legal;
  for (auto _ : bench) {
    state.LegalMoves(legal);
    benchmark::DoNotOptimize(legal.size());
  }
  bench.counters["moves"] = legal.size();
}

void BM_LegalMovesTwelveOnTable(benchmark::State& bench) {
  LegalMovesOf(bench, MixedTable());
}
BENCHMARK(BM_LegalMovesTwelveOnTable);

void BM_LegalMovesTwelveSmallNumerals(benchmark::State& bench) {
  LegalMovesOf(bench, SmallNumeralsTable());
}
BENCHMARK(BM_LegalMovesTwelveSmallNumerals);

// Th takes three groups from the mixed table: 2d+8h, 3c+7c and 4h+6d.
void BM_ValidateCapture(benchmark::State& bench) {
  const State state = MixedTable();
  const Move capture = Move::Capture(0, C("Th"), Cards({"2d", "8h", "3c", "7c", "4h", "6d"}), 0);
  if (state.Validate(capture) != Illegal::none) std::abort();
  for (auto _ : bench) benchmark::DoNotOptimize(state.Validate(capture));
}
BENCHMARK(BM_ValidateCapture);

}  // namespace
}  // namespace kafenio::diloti

BENCHMARK_MAIN();
