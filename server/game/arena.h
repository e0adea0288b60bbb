#pragma once
// Duplicate-deal matches between two bots (`kafenio arena`, docs/bots.md): each set of
// deals is played twice, side A on one team and then on the other, so that luck of the
// cards cancels out. Pairs are spread over threads, yet the results depend only on the
// seed: each pair's deals and bots' seeds come from the arena seed and the pair's index.
#include <cstdint>
#include <string>
#include <vector>

#include "server/game/bot_level.h"

namespace kafenio::server {

struct ArenaSide {
  BotLevel level = BotLevel::strong;
  SearchSettings settings;
};

struct ArenaConfig {
  std::string game;                // "pilotta" or "diloti"
  std::vector<std::string> rules;  // preset then KEY=VALUE; empty: the default preset
  int players = 2;                 // Diloti: 2 or 4
  ArenaSide a;
  ArenaSide b;
  long matches = 2;  // played in matches / 2 duplicate pairs (rounded up)
  std::uint64_t seed = 0;
  int threads = 1;
};

struct ArenaResult {
  long matches = 0;
  double a_wins = 0;  // a drawn match (possible only by a hand limit) counts a half
  double win_rate = 0;
  double interval_low = 0;  // 95% interval, from the spread of the pairs' results
  double interval_high = 0;
  double mean_margin = 0;  // A's final total minus B's, in the game's points
  long a_decisions = 0;    // searched decisions only (a single legal move is no decision)
  double a_median_ms = 0;
  double a_p95_ms = 0;
  long b_decisions = 0;
  double b_median_ms = 0;
  double b_p95_ms = 0;
  std::vector<int> winners;  // per match, in order: 0 A, 1 B, -1 drawn (for reproducibility)
  std::string error;         // bad rules or game
};

ArenaResult RunArena(const ArenaConfig& config);

}  // namespace kafenio::server
