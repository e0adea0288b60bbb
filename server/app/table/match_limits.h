#pragma once
// When a match ends other than at its target (docs/tournaments.md, "Time limits"): after a
// fixed number of hands, or at a round's time limit. Both are checked when a hand ends, so
// the hand in play always finishes: past the limit the side ahead wins, and level sides
// play one more hand (a knockout match must have a winner; a Swiss match of fixed hands
// may end level, a draw).
#include <array>
#include <cstdint>

namespace kafenio::server {

struct MatchLimits {
  int hands = 0;                 // > 0: the match is this many hands
  std::int64_t deadline_ms = 0;  // > 0: no hand starts after this time if a side leads
  bool decisive = false;         // level sides never end the match (knockouts)

  bool any() const { return hands > 0 || deadline_ms > 0; }

  // Whether the match ends now, after its hand number `hands_played` ended with `totals`.
  bool EndsAfterHand(int hands_played, const std::array<int, 2>& totals,
                     std::int64_t now_ms) const {
    const bool level = totals[0] == totals[1];
    if (hands > 0 && hands_played >= hands && !(decisive && level)) return true;
    return deadline_ms > 0 && now_ms >= deadline_ms && !level;
  }
};

// The winning team by totals (-1 when level).
inline int LeaderOf(const std::array<int, 2>& totals) {
  if (totals[0] == totals[1]) return -1;
  return totals[0] > totals[1] ? 0 : 1;
}

}  // namespace kafenio::server
