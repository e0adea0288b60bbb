#pragma once
// An event's settings as far as pairing and standings depend on them (the server keeps
// the game, preset, rules, match unit and registration limits beside these).
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "server/tournament/match_points.h"
#include "server/tournament/seeding.h"
#include "server/tournament/standings.h"
#include "server/tournament/tournament_play.h"

namespace kafenio::tournament {

enum class Format : std::uint8_t {
  kSwiss,
  kRoundRobin,
  kSingleElimination,
  kDoubleElimination,
  kPoolsKnockout,
};

struct TournamentConfig {
  Format format = Format::kSwiss;
  int swiss_rounds = 5;
  int round_robin_cycles = 1;     // round robin and the pools: 1 or 2
  bool third_place_match = true;  // single elimination and the knockout after pools
  bool grand_final_reset = true;  // double elimination
  int pool_count = 2;
  int pool_qualifiers = 2;  // the top K of each pool go on
  SeedingMethod seeding = SeedingMethod::kRating;
  std::uint64_t seed = 0;  // published at creation: random seeding and duplicate deals
  PointsRules points;
  std::vector<TieBreak> tie_breaks = DefaultTieBreakChain();
  // Swiss only: entrants may still join until round N is published (0: no late entry);
  // each round they missed scores `points.absent`.
  int late_entry_until_round = 0;
  // Swiss only: pairs kept apart while a pairing without them exists (club mates).
  std::set<EntrantPair> forbidden;
  // How the matches are played (the server's concern; pairing does not look at it).
  TournamentPlay play;
};

}  // namespace kafenio::tournament
