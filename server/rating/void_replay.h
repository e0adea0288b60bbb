#pragma once
// Voiding a rated match (docs/admin.md, "Voiding a match"): the ladder as if it had never
// been played. Its history rows go; every later rated match of the mode that involved a
// player whose rating has changed is rated again, in the order it was first rated, from
// the replayed ratings; its players' ratings then change too, so the change carries forward
// to everyone they met afterwards. Matches nobody affected took part in keep their rows.
// Pure: the caller reads the rows and writes the answer in one transaction.
#include <cstdint>
#include <map>
#include <optional>
#include <vector>

#include "server/rating/glicko2.h"
#include "server/storage/rows.h"
#include "server/storage/staff_rows.h"

namespace kafenio::rating {

// A rated match as the replay needs it: who sat where and how it ended.
struct RatedMatch {
  storage::Match match;
  storage::MatchResult result;
};

struct VoidReplayInput {
  std::int64_t voided_match_id = 0;
  // The mode's rating_history rows from the voided match's first row on, in order.
  std::vector<storage::RatingHistoryRow> window;
  // Every other match with rows in the window.
  std::map<std::int64_t, RatedMatch> matches;
  // Each player's last row before the window; a player missing here was new then.
  std::map<std::int64_t, storage::RatingHistoryRow> before;
  // The players' current ratings (their `matches` counts).
  std::map<std::int64_t, storage::Rating> current;
};

struct VoidReplay {
  std::vector<std::int64_t> removed;               // the voided match's rows
  std::vector<storage::RatingHistoryRow> rerated;  // rows with their new values
  std::vector<storage::Rating> current;            // affected players' new ratings
  std::vector<std::int64_t> unrated;               // players left without a rated match
  int matches_rerated = 0;
};

// Throws std::invalid_argument when a match of the window is missing from `matches` or a
// row names a player who did not sit in its match.
VoidReplay ReplayWithoutMatch(const VoidReplayInput& input, const Glicko2Config& config = {});

}  // namespace kafenio::rating
