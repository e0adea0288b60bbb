#pragma once
// The vocabulary of the tournament core: entrants, pairings and results. Everything in
// server/tournament/ is pure (standard library and the engine's deal PRNG only): the
// server stores these values and recomputes every round from them (`kafenio tournament
// verify`), so nothing here may depend on time, threads or the order of a hash map.
#include <compare>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace kafenio::tournament {

// An entrant (a player, or a fixed pair) is named by a small number given at registration,
// stable for the whole event. The seed rank (1 = top seed) orders entrants wherever the
// rules say "higher ranked".
using EntrantId = int;

struct Entrant {
  EntrantId id = 0;
  int seed_rank = 0;
};

// Two entrants at one table. `first` takes the first seat (in Pilotta the first pair's
// seats 0 and 2, who deal the first hand; in Diloti the dealer's seat).
struct Pairing {
  EntrantId first = 0;
  EntrantId second = 0;
  friend bool operator==(const Pairing&, const Pairing&) = default;
};

// An unordered pair of entrants, as the key of "have met" and "may not meet".
struct EntrantPair {
  EntrantId low = 0;
  EntrantId high = 0;
  static EntrantPair Of(EntrantId a, EntrantId b) {
    return a < b ? EntrantPair{a, b} : EntrantPair{b, a};
  }
  friend auto operator<=>(const EntrantPair&, const EntrantPair&) = default;
};

// How one entrant's round ended. A bye and a forfeit are results without a played match;
// `kAbsent` is a round the entrant was not in (late entry, withdrawn, not checked in) and
// scores what the event configures for it.
enum class Outcome : std::uint8_t { kWin, kDraw, kLoss };
enum class ResultKind : std::uint8_t { kPlayed, kForfeit, kBye, kAbsent };

// One match's result (or one bye). For a bye `second` is empty and `first` had the bye.
// Scores are the card points of the match (the margin tie-break); a forfeit has none.
struct MatchResult {
  int round = 0;  // 1-based
  EntrantId first = 0;
  std::optional<EntrantId> second;
  ResultKind kind = ResultKind::kPlayed;
  // The winner of a played or forfeited match; empty for a draw.
  std::optional<EntrantId> winner;
  int first_score = 0;
  int second_score = 0;
};

// A played match; the winner is whoever scored more (none on equal scores: a draw).
inline MatchResult PlayedResult(int round, EntrantId first, EntrantId second, int first_score,
                                int second_score) {
  std::optional<EntrantId> winner;
  if (first_score != second_score) winner = first_score > second_score ? first : second;
  return {round, first, second, ResultKind::kPlayed, winner, first_score, second_score};
}

// A played match known by its winner alone (no card points).
inline MatchResult WonBy(int round, EntrantId first, EntrantId second, EntrantId winner) {
  return {round, first, second, ResultKind::kPlayed, winner, 0, 0};
}

inline MatchResult ForfeitResult(int round, EntrantId first, EntrantId second, EntrantId winner) {
  return {round, first, second, ResultKind::kForfeit, winner, 0, 0};
}

inline MatchResult ByeResult(int round, EntrantId entrant) {
  return {round, entrant, std::nullopt, ResultKind::kBye, std::nullopt, 0, 0};
}

inline MatchResult AbsentResult(int round, EntrantId entrant) {
  return {round, entrant, std::nullopt, ResultKind::kAbsent, std::nullopt, 0, 0};
}

}  // namespace kafenio::tournament
