#include "server/tournament/swiss_pairing.h"

#include <algorithm>
#include <map>

#include "server/tournament/maximum_matching.h"

namespace kafenio::tournament {
namespace {

// The constraints a pairing is searched under, strictest first: each is tried only when
// no pairing exists under the one before.
enum class Strictness { kNoRematchNoForbidden, kNoRematch, kAnything };

// Who may meet whom, by position in the rank order.
class Conflicts {
 public:
  Conflicts(const std::vector<SwissStanding>& order, const SwissRoundInput& input)
      : n_(order.size()), bits_(n_ * n_, 0) {
    std::map<EntrantId, std::size_t> position;
    for (std::size_t i = 0; i < n_; ++i) position[order[i].id] = i;
    auto mark = [&](const std::set<EntrantPair>& pairs, unsigned char bit) {
      for (const auto& pair : pairs) {
        const auto low = position.find(pair.low), high = position.find(pair.high);
        if (low == position.end() || high == position.end()) continue;
        bits_[low->second * n_ + high->second] |= bit;
        bits_[high->second * n_ + low->second] |= bit;
      }
    };
    mark(input.met, kMet);
    mark(input.forbidden, kForbidden);
  }

  bool Met(std::size_t a, std::size_t b) const { return bits_[a * n_ + b] & kMet; }
  bool Forbidden(std::size_t a, std::size_t b) const { return bits_[a * n_ + b] & kForbidden; }

  bool Allowed(std::size_t a, std::size_t b, Strictness strictness) const {
    switch (strictness) {
      case Strictness::kNoRematchNoForbidden:
        return bits_[a * n_ + b] == 0;
      case Strictness::kNoRematch:
        return !Met(a, b);
      case Strictness::kAnything:
        return true;
    }
    return true;
  }

 private:
  static constexpr unsigned char kMet = 1, kForbidden = 2;
  std::size_t n_;
  std::vector<unsigned char> bits_;
};

using PositionPairs = std::vector<std::pair<std::size_t, std::size_t>>;

// The ordered depth-first search: the highest unpaired entrant takes the first allowed
// opponent in order of preference (its score group's bottom half from the middle down,
// then the group's top half from the middle up, then lower groups in rank order), and
// backtracks when the rest cannot be paired. Exhaustive when it is within its budget.
class OrderedSearch {
 public:
  OrderedSearch(const std::vector<SwissStanding>& order, const std::vector<bool>& excluded,
                const Conflicts& conflicts, Strictness strictness, std::size_t budget)
      : order_(order),
        conflicts_(conflicts),
        strictness_(strictness),
        budget_(budget),
        paired_(excluded) {}

  // The pairs found, or nothing (then `Exhausted()` tells whether the search gave up).
  std::optional<PositionPairs> Run() {
    if (Solve(0)) return pairs_;
    return std::nullopt;
  }
  bool Exhausted() const { return exhausted_; }

  // Candidates for `i` in order of preference among those not yet paired.
  std::vector<std::size_t> Preferences(std::size_t i) const {
    std::vector<std::size_t> group, lower;
    for (std::size_t k = i + 1; k < order_.size(); ++k) {
      if (paired_[k]) continue;
      (order_[k].points == order_[i].points ? group : lower).push_back(k);
    }
    // With i at index 0 of its group of m = group.size() + 1, its ideal opponent is at
    // index m / 2, that is group[m / 2 - 1].
    std::vector<std::size_t> preferences;
    preferences.reserve(group.size() + lower.size());
    const std::size_t middle = (group.size() + 1) / 2;
    for (std::size_t k = middle; k >= 1 && k <= group.size(); ++k) {
      preferences.push_back(group[k - 1]);
    }
    for (std::size_t k = middle; k > 1; --k) preferences.push_back(group[k - 2]);
    preferences.insert(preferences.end(), lower.begin(), lower.end());
    return preferences;
  }

  // Marks positions as paired (for building a greedy start for the blossom matching).
  void MarkPaired(std::size_t position) { paired_[position] = true; }
  bool IsPaired(std::size_t position) const { return paired_[position]; }

 private:
  bool Solve(std::size_t start) {
    std::size_t i = start;
    while (i < order_.size() && paired_[i]) ++i;
    if (i == order_.size()) return true;
    paired_[i] = true;
    for (const std::size_t j : Preferences(i)) {
      if (!conflicts_.Allowed(i, j, strictness_)) continue;
      if (budget_ == 0) {
        exhausted_ = true;
        break;
      }
      --budget_;
      paired_[j] = true;
      pairs_.emplace_back(i, j);
      if (Solve(i + 1)) return true;
      pairs_.pop_back();
      paired_[j] = false;
      if (exhausted_) break;
    }
    paired_[i] = false;
    return false;
  }

  const std::vector<SwissStanding>& order_;
  const Conflicts& conflicts_;
  Strictness strictness_;
  std::size_t budget_;
  std::vector<bool> paired_;
  PositionPairs pairs_;
  bool exhausted_ = false;
};

// Pairs everyone not excluded with the fewest pairs that break the strictness: a greedy
// pairing in order of preference, grown to a maximum matching by the blossom algorithm;
// whoever is left over is paired in rank order (those pairs break the constraint, and
// there are as few as possible of them).
PositionPairs BlossomPairing(const std::vector<SwissStanding>& order,
                             const std::vector<bool>& excluded, const Conflicts& conflicts,
                             Strictness strictness) {
  const std::size_t n = order.size();
  std::vector<std::vector<int>> allowed(n);
  for (std::size_t a = 0; a < n; ++a) {
    if (excluded[a]) continue;
    for (std::size_t b = 0; b < n; ++b) {
      if (a != b && !excluded[b] && conflicts.Allowed(a, b, strictness)) {
        allowed[a].push_back(static_cast<int>(b));
      }
    }
  }
  OrderedSearch greedy(order, excluded, conflicts, strictness, 0);
  std::vector<int> mate(n, -1);
  for (std::size_t i = 0; i < n; ++i) {
    if (greedy.IsPaired(i)) continue;
    greedy.MarkPaired(i);
    for (const std::size_t j : greedy.Preferences(i)) {
      if (conflicts.Allowed(i, j, strictness)) {
        greedy.MarkPaired(j);
        mate[i] = static_cast<int>(j);
        mate[j] = static_cast<int>(i);
        break;
      }
    }
  }
  mate = MaximumMatching(allowed, std::move(mate));
  PositionPairs pairs;
  std::vector<std::size_t> left_over;
  for (std::size_t i = 0; i < n; ++i) {
    if (excluded[i]) continue;
    if (mate[i] < 0) {
      left_over.push_back(i);
    } else if (static_cast<std::size_t>(mate[i]) > i) {
      pairs.emplace_back(i, static_cast<std::size_t>(mate[i]));
    }
  }
  for (std::size_t k = 0; k + 1 < left_over.size(); k += 2) {
    pairs.emplace_back(left_over[k], left_over[k + 1]);
  }
  return pairs;
}

// A pairing of everyone but `bye` under `strictness`, if one exists.
std::optional<PositionPairs> PairUnder(const std::vector<SwissStanding>& order,
                                       std::optional<std::size_t> bye, const Conflicts& conflicts,
                                       Strictness strictness, std::size_t budget) {
  std::vector<bool> excluded(order.size(), false);
  if (bye) excluded[*bye] = true;
  if (strictness == Strictness::kAnything) {
    return BlossomPairing(order, excluded, conflicts, Strictness::kNoRematch);
  }
  OrderedSearch search(order, excluded, conflicts, strictness, budget);
  if (auto pairs = search.Run()) return pairs;
  if (!search.Exhausted()) return std::nullopt;
  auto pairs = BlossomPairing(order, excluded, conflicts, strictness);
  for (const auto& [a, b] : pairs) {
    if (!conflicts.Allowed(a, b, strictness)) return std::nullopt;
  }
  return pairs;
}

// Who takes the first seat: the one who has had it less often, then the one who had the
// second seat last time, then by table number alternately the higher and the lower ranked
// (so that in round one the top seeds do not all take the first seat).
Pairing AssignSeats(const SwissStanding& a, const SwissStanding& b, std::size_t table) {
  const int balance_a = a.first_seats - a.second_seats;
  const int balance_b = b.first_seats - b.second_seats;
  if (balance_a != balance_b)
    return balance_a < balance_b ? Pairing{a.id, b.id} : Pairing{b.id, a.id};
  if (a.last_seat_first && b.last_seat_first && *a.last_seat_first != *b.last_seat_first) {
    return *a.last_seat_first ? Pairing{b.id, a.id} : Pairing{a.id, b.id};
  }
  const bool a_higher = a.seed_rank < b.seed_rank;
  const bool higher_first = table % 2 == 0;
  return a_higher == higher_first ? Pairing{a.id, b.id} : Pairing{b.id, a.id};
}

}  // namespace

SwissRound PairSwissRound(const SwissRoundInput& input) {
  std::vector<SwissStanding> order = input.entrants;
  std::sort(order.begin(), order.end(), [](const SwissStanding& a, const SwissStanding& b) {
    if (a.points != b.points) return a.points > b.points;
    return a.seed_rank < b.seed_rank;
  });
  const Conflicts conflicts(order, input);

  // Bye candidates, lowest ranked first: only those without a bye while there are any.
  std::vector<std::optional<std::size_t>> bye_candidates;
  if (order.size() % 2 == 1) {
    const bool someone_without =
        std::any_of(order.begin(), order.end(), [](const auto& e) { return !e.had_bye; });
    for (std::size_t k = order.size(); k-- > 0;) {
      if (!someone_without || !order[k].had_bye) bye_candidates.emplace_back(k);
    }
  } else {
    bye_candidates.emplace_back(std::nullopt);
  }

  std::optional<PositionPairs> pairs;
  std::optional<std::size_t> bye;
  for (const auto strictness :
       {Strictness::kNoRematchNoForbidden, Strictness::kNoRematch, Strictness::kAnything}) {
    for (const auto& candidate : bye_candidates) {
      pairs = PairUnder(order, candidate, conflicts, strictness, input.search_budget);
      if (pairs) {
        bye = candidate;
        break;
      }
    }
    if (pairs) break;
  }

  SwissRound round;
  if (bye) round.bye = order[*bye].id;
  std::sort(pairs->begin(), pairs->end());
  for (const auto& [a, b] : *pairs) {
    if (conflicts.Met(a, b)) ++round.rematches;
    if (conflicts.Forbidden(a, b)) ++round.forbidden_pairs;
    round.tables.push_back(AssignSeats(order[a], order[b], round.tables.size()));
  }
  return round;
}

SwissRoundInput SwissInputFromResults(int round, const std::vector<Entrant>& active,
                                      const std::vector<MatchResult>& results,
                                      const std::set<EntrantPair>& forbidden,
                                      const PointsRules& rules) {
  SwissRoundInput input;
  input.round = round;
  input.forbidden = forbidden;
  std::vector<MatchResult> ordered = results;
  std::stable_sort(ordered.begin(), ordered.end(),
                   [](const auto& a, const auto& b) { return a.round < b.round; });
  for (const auto& entrant : active) {
    SwissStanding standing;
    standing.id = entrant.id;
    standing.seed_rank = entrant.seed_rank;
    for (const auto& result : ordered) {
      if (!Involves(result, entrant.id)) continue;
      standing.points += MatchPointsFor(result, entrant.id, rules);
      if (result.kind == ResultKind::kBye) standing.had_bye = true;
      if (result.second && result.kind == ResultKind::kPlayed) {
        const bool first = result.first == entrant.id;
        (first ? standing.first_seats : standing.second_seats) += 1;
        standing.last_seat_first = first;
      }
    }
    input.entrants.push_back(standing);
  }
  for (const auto& result : results) {
    // A forfeited pairing counts as met: the pair was drawn once and is not drawn again.
    if (result.second) input.met.insert(EntrantPair::Of(result.first, *result.second));
  }
  return input;
}

}  // namespace kafenio::tournament
