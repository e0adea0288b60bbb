#pragma once
// A table's series of matches: how many have been played, each team's wins, the limit,
// and which seat deals first in the next match (rules.md, "Common ground": the first
// dealer rotates from one match to the next, starting from a fair draw).
#include <array>

#include "server/storage/store_records.h"

namespace kafenio::server {

class Series {
 public:
  // `first_dealer`: of the series' first match; `limit`: matches in the series, 0 for no
  // limit.
  Series(int seats, int first_dealer, int limit)
      : seats_(seats), first_dealer_(first_dealer), limit_(limit) {}

  int matches_played() const { return record_.matches_played; }
  const std::array<int, 2>& score() const { return record_.score; }
  const SeriesRecord& record() const { return record_; }
  bool Over() const { return limit_ > 0 && record_.matches_played >= limit_; }
  int NextFirstDealer() const { return (first_dealer_ + record_.matches_played) % seats_; }
  int NextMatchNumber() const { return record_.matches_played + 1; }

  // The series after a match that `winner` won (a team, or -1 for none).
  SeriesRecord After(int winner) const {
    SeriesRecord next = record_;
    if (winner == 0 || winner == 1) ++next.score[static_cast<std::size_t>(winner)];
    ++next.matches_played;
    return next;
  }
  void Set(const SeriesRecord& record) { record_ = record; }
  // A recovered match's first dealer fixes where the series started.
  void StartedAt(int first_dealer_of_match) {
    first_dealer_ = ((first_dealer_of_match - record_.matches_played) % seats_ + seats_) % seats_;
  }

 private:
  int seats_;
  int first_dealer_;
  int limit_;
  SeriesRecord record_;
};

}  // namespace kafenio::server
