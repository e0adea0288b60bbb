#pragma once
// One random-playout property test for every game. A game plugs in through an adapter
// with these static members (see pilotta_adapter.h):
//
//   using Rules, State, Move, Log;
//   int Players(const Rules&);
//   State NewMatch(const Rules&, int dealer);          Log NewLog(const Rules&, int dealer);
//   void Deal(State&, Log&, std::uint64_t seed);        // the next hand, from a seed
//   bool InHand(const State&);  bool MatchOver(const State&);  int Winner(const State&);
//   std::vector<Move> Legal(const State&);
//   bool Apply(State&, const Move&);                    // false: refused
//   Move RandomMove(const State&, DealRng&);            // any well-formed move, often illegal
//   void Record(Log&, const Move&);
//   std::string Check(const State&);                    // invariants and views; "" when fine
//   std::string CheckHandResult(const State&);          // after a hand ends; "" when fine
//   int ResultNumber(const State&);                     // number of the last finished hand
//   std::string ResultLine(const State&);               // its "hand N ..." line
//   std::string WriteRecord(const Log&);
//
// For every step it checks: legal moves are non-empty until the match ends, every legal
// move is accepted, random illegal moves are refused with the state unchanged, a copy
// given the same move stays equal, the game's own invariants (cards conserved, views
// never leak); and at the end that the written record replays to the same results.
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "engine/core/rng.h"
#include "engine/record/replay.h"
#include "server/game/game_registry.h"

namespace kafenio::testing {

struct PlayoutTotals {
  long matches = 0;
  long hands = 0;
  long moves = 0;
  long refused = 0;
};

template <class G>
PlayoutTotals RandomPlayouts(const typename G::Rules& rules, std::uint64_t seed, int matches) {
  PlayoutTotals totals;
  SplitMix64 match_seeds(seed);
  for (int m = 0; m < matches; ++m) {
    const std::uint64_t match_seed = match_seeds.Next();
    INFO("match seed " << match_seed);
    DealRng rng(match_seed);
    const int dealer = static_cast<int>(rng.Below(static_cast<std::uint64_t>(G::Players(rules))));
    auto state = G::NewMatch(rules, dealer);
    auto log = G::NewLog(rules, dealer);
    std::vector<std::string> results;
    int hands = 0;
    while (!G::MatchOver(state)) {
      if (++hands > 5000) FAIL("match does not end");
      G::Deal(state, log, rng.Next());
      const int results_before = G::ResultNumber(state);
      while (G::InHand(state)) {
        const auto legal = G::Legal(state);
        if (legal.empty()) FAIL("no legal move in a hand in play");
        // Every legal move is accepted (on a copy).
        for (const auto& move : legal) {
          auto copy = state;
          if (!G::Apply(copy, move)) FAIL("a listed legal move was refused");
        }
        // Random moves that are not listed are refused and change nothing.
        for (int k = 0; k < 3; ++k) {
          const auto bogus = G::RandomMove(state, rng);
          if (std::find(legal.begin(), legal.end(), bogus) != legal.end()) continue;
          auto copy = state;
          if (G::Apply(copy, bogus)) FAIL("an unlisted move was accepted");
          if (!(copy == state)) FAIL("a refused move changed the state");
          ++totals.refused;
        }
        const auto move = legal[static_cast<std::size_t>(rng.Below(legal.size()))];
        auto twin = state;
        G::Apply(state, move);
        G::Apply(twin, move);
        if (!(twin == state)) FAIL("two copies given the same move differ");
        G::Record(log, move);
        ++totals.moves;
        if (auto problem = G::Check(state); !problem.empty()) FAIL(problem);
      }
      if (G::ResultNumber(state) != results_before) {
        results.push_back(G::ResultLine(state));
        if (auto problem = G::CheckHandResult(state); !problem.empty()) FAIL(problem);
      }
      ++totals.hands;
    }
    results.push_back("winner " + std::to_string(G::Winner(state)));
    const std::string text = G::WriteRecord(log);
    const auto replay = record::Replay(text, false, server::MakeRecordGame);
    if (replay.exit_code != 0 || replay.lines != results) {
      FAIL("the written record does not replay to the same results:\n" << text);
    }
    ++totals.matches;
  }
  return totals;
}

}  // namespace kafenio::testing
