#include "server/app/tournament/stored_match_result.h"

#include <sstream>
#include <string>

#include "engine/record/replay.h"
#include "server/game/game_registry.h"

namespace kafenio::server {

std::optional<tournament::MatchResult> StoredMatchResult(storage::Storage& store,
                                                         std::int64_t match_id, int round,
                                                         const tournament::Pairing& pairing) {
  const auto match = store.FindMatch(match_id);
  if (!match || match->state != storage::MatchState::finished) return std::nullopt;
  const auto record = store.LoadMatchRecord(match_id);
  if (!record) return std::nullopt;
  // `kafenio replay`'s lines: "hand N RESULT score S0 S1 total T0 T1 ...", then "winner T".
  const auto replayed = record::Replay(*record, false, MakeRecordGame);
  int totals[2] = {0, 0};
  int winner = -1;
  for (const std::string& line : replayed.lines) {
    std::istringstream words(line);
    std::string word;
    words >> word;
    if (word == "winner") {
      words >> winner;
      continue;
    }
    while (words >> word) {
      if (word == "total") words >> totals[0] >> totals[1];
    }
  }
  // A match ended by the event's limits names no winner in its record: the side ahead won.
  if (winner < 0 && totals[0] != totals[1]) winner = totals[0] > totals[1] ? 0 : 1;
  tournament::MatchResult result =
      tournament::PlayedResult(round, pairing.first, pairing.second, totals[0], totals[1]);
  if (winner >= 0) result.winner = winner == 0 ? pairing.first : pairing.second;
  return result;
}

}  // namespace kafenio::server
