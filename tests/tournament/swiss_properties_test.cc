// Property tests over thousands of random Swiss events: every entrant exactly once per
// round, no second bye while someone has none, and no rematch (or forbidden pair) where a
// pairing without one existed, checked by exhaustive search on small fields and by the
// blossom matching (itself checked against brute force) on larger ones.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>

#include "server/tournament/maximum_matching.h"
#include "server/tournament/swiss_pairing.h"

namespace kafenio::tournament {
namespace {

using Allowed = std::function<bool(EntrantId, EntrantId)>;

bool BruteForcePairable(std::vector<EntrantId>& rest, const Allowed& allowed) {
  if (rest.empty()) return true;
  const EntrantId first = rest.back();
  rest.pop_back();
  for (std::size_t k = 0; k < rest.size(); ++k) {
    if (!allowed(first, rest[k])) continue;
    std::vector<EntrantId> remaining = rest;
    remaining.erase(remaining.begin() + static_cast<std::ptrdiff_t>(k));
    if (BruteForcePairable(remaining, allowed)) {
      rest.push_back(first);
      return true;
    }
  }
  rest.push_back(first);
  return false;
}

bool MatchingPairable(const std::vector<EntrantId>& rest, const Allowed& allowed) {
  std::vector<std::vector<int>> graph(rest.size());
  for (std::size_t a = 0; a < rest.size(); ++a) {
    for (std::size_t b = 0; b < rest.size(); ++b) {
      if (a != b && allowed(rest[a], rest[b])) graph[a].push_back(static_cast<int>(b));
    }
  }
  const auto mate = MaximumMatching(graph, std::vector<int>(rest.size(), -1));
  return std::none_of(mate.begin(), mate.end(), [](int m) { return m < 0; });
}

// Whether some allowed bye (someone without a bye, while there is one) leaves a field
// that pairs under `allowed`.
bool Avoidable(const SwissRoundInput& input, const Allowed& allowed) {
  std::vector<EntrantId> ids;
  for (const auto& e : input.entrants) ids.push_back(e.id);
  const bool brute = ids.size() <= 12;
  auto pairable = [&](std::vector<EntrantId> rest) {
    return brute ? BruteForcePairable(rest, allowed) : MatchingPairable(rest, allowed);
  };
  if (ids.size() % 2 == 0) return pairable(ids);
  const bool someone_without = std::any_of(input.entrants.begin(), input.entrants.end(),
                                           [](const auto& e) { return !e.had_bye; });
  for (const auto& candidate : input.entrants) {
    if (someone_without && candidate.had_bye) continue;
    std::vector<EntrantId> rest;
    for (const EntrantId id : ids) {
      if (id != candidate.id) rest.push_back(id);
    }
    if (pairable(rest)) return true;
  }
  return false;
}

void RunRandomEvent(std::mt19937& rng, int entrants, int rounds, bool with_forbidden) {
  std::vector<Entrant> field;
  for (int id = 1; id <= entrants; ++id) field.push_back({id * 3, id});  // ids need not be 1..n
  std::set<EntrantPair> forbidden;
  if (with_forbidden) {
    const int count = static_cast<int>(rng() % (entrants + 1));
    for (int k = 0; k < count; ++k) {
      const auto a = field[rng() % field.size()].id, b = field[rng() % field.size()].id;
      if (a != b) forbidden.insert(EntrantPair::Of(a, b));
    }
  }
  std::vector<MatchResult> results;
  std::vector<Entrant> active = field;
  for (int round = 1; round <= rounds; ++round) {
    // Now and then someone withdraws (the field stays at two or more).
    if (active.size() > 2 && rng() % 10 == 0) active.erase(active.begin() + rng() % active.size());
    const auto input = SwissInputFromResults(round, active, results, forbidden, {});
    const auto pairing = PairSwissRound(input);
    INFO("entrants " << entrants << " round " << round << " active " << active.size());
    // Every active entrant exactly once.
    std::multiset<EntrantId> seen;
    for (const auto& table : pairing.tables) {
      seen.insert(table.first);
      seen.insert(table.second);
      REQUIRE(table.first != table.second);
    }
    if (pairing.bye) seen.insert(*pairing.bye);
    std::multiset<EntrantId> expected;
    for (const auto& e : active) expected.insert(e.id);
    REQUIRE(seen == expected);
    REQUIRE(pairing.bye.has_value() == (active.size() % 2 == 1));
    // No second bye while someone has none.
    if (pairing.bye) {
      const bool someone_without = std::any_of(input.entrants.begin(), input.entrants.end(),
                                               [](const auto& e) { return !e.had_bye; });
      const auto& receiver = *std::find_if(input.entrants.begin(), input.entrants.end(),
                                           [&](const auto& e) { return e.id == *pairing.bye; });
      REQUIRE((!someone_without || !receiver.had_bye));
    }
    // The reported counts are true.
    int rematches = 0, forbidden_used = 0;
    for (const auto& table : pairing.tables) {
      rematches += input.met.contains(EntrantPair::Of(table.first, table.second));
      forbidden_used += forbidden.contains(EntrantPair::Of(table.first, table.second));
    }
    REQUIRE(rematches == pairing.rematches);
    REQUIRE(forbidden_used == pairing.forbidden_pairs);
    // No rematch where one was avoidable.
    const Allowed no_rematch = [&](EntrantId a, EntrantId b) {
      return !input.met.contains(EntrantPair::Of(a, b));
    };
    if (rematches > 0) REQUIRE_FALSE(Avoidable(input, no_rematch));
    // No forbidden pair where a pairing without it (and without rematch) existed.
    if (forbidden_used > 0 && rematches == 0) {
      REQUIRE_FALSE(Avoidable(input, [&](EntrantId a, EntrantId b) {
        return no_rematch(a, b) && !forbidden.contains(EntrantPair::Of(a, b));
      }));
    }
    // Random results, draws now and then.
    for (const auto& table : pairing.tables) {
      const auto roll = rng() % 5;
      MatchResult result = WonBy(round, table.first, table.second, table.first);
      if (roll >= 2) result.winner = table.second;
      if (roll == 4) result.winner.reset();  // a draw
      results.push_back(result);
    }
    if (pairing.bye) {
      results.push_back(ByeResult(round, *pairing.bye));
    }
  }
}

TEST_CASE("random small Swiss events keep every pairing rule", "[swiss][property]") {
  std::mt19937 rng(2026);
  for (int event = 0; event < 3000; ++event) {
    const int entrants = 2 + static_cast<int>(rng() % 13);      // 2..14
    const int rounds = 1 + static_cast<int>(rng() % entrants);  // up to n (past n-1:
    RunRandomEvent(rng, entrants, rounds, event % 3 == 0);      // rematches forced)
  }
}

TEST_CASE("random larger Swiss events keep every pairing rule", "[swiss][property]") {
  std::mt19937 rng(1821);
  for (int event = 0; event < 150; ++event) {
    const int entrants = 15 + static_cast<int>(rng() % 50);
    const int rounds = 1 + static_cast<int>(rng() % 12);
    RunRandomEvent(rng, entrants, rounds, event % 2 == 0);
  }
}

}  // namespace
}  // namespace kafenio::tournament
