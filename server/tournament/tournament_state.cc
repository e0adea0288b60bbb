#include "server/tournament/tournament_state.h"

#include <algorithm>

#include "server/tournament/pools.h"
#include "server/tournament/round_robin.h"
#include "server/tournament/swiss_pairing.h"

namespace kafenio::tournament {
namespace {

PublishedRound EmptyRound(int round) {
  PublishedRound published;
  published.round = round;
  return published;
}

PublishedTable TableOf(const Pairing& pairing, int bracket_match = -1) {
  PublishedTable table;
  table.pairing = pairing;
  table.bracket_match = bracket_match;
  return table;
}

// Seeded entrants first (seed order), then those who entered late, in registration order.
std::vector<Entrant> RankedEntrants(const TournamentState& state) {
  std::vector<Entrant> ranked = SeededEntrants(state.seed_order);
  for (const auto& entrant : state.entrants) {
    if (std::find(state.seed_order.begin(), state.seed_order.end(), entrant.id) ==
        state.seed_order.end()) {
      ranked.push_back({entrant.id, static_cast<int>(ranked.size()) + 1});
    }
  }
  return ranked;
}

std::vector<std::vector<EntrantId>> Pools(const TournamentState& state) {
  return SnakePools(state.seed_order, state.config.pool_count);
}

// The round-robin rounds of the pools, merged by round number.
std::vector<PublishedRound> PoolRounds(const TournamentState& state) {
  std::vector<PublishedRound> merged;
  for (const auto& pool : Pools(state)) {
    const auto rounds = BergerRounds(pool, state.config.round_robin_cycles);
    for (std::size_t r = 0; r < rounds.size(); ++r) {
      if (merged.size() <= r) merged.push_back(EmptyRound(static_cast<int>(r) + 1));
      for (const auto& pairing : rounds[r].tables) merged[r].tables.push_back(TableOf(pairing));
      if (rounds[r].bye) merged[r].byes.push_back(*rounds[r].bye);
    }
  }
  return merged;
}

PublishedRound FromBerger(const RoundRobinRound& berger, int round) {
  PublishedRound published = EmptyRound(round);
  for (const auto& pairing : berger.tables) published.tables.push_back(TableOf(pairing));
  if (berger.bye) published.byes.push_back(*berger.bye);
  return published;
}

std::map<int, EntrantId> KnockoutWinners(const TournamentState& state) {
  std::map<int, EntrantId> winners;
  for (const auto& round : state.rounds) {
    for (const auto& table : round.tables) {
      if (table.bracket_match >= 0 && table.result && table.result->winner) {
        winners[table.bracket_match] = *table.result->winner;
      }
    }
  }
  return winners;
}

}  // namespace

bool SamePairings(const PublishedRound& a, const PublishedRound& b) {
  if (a.round != b.round || a.byes != b.byes || a.tables.size() != b.tables.size()) return false;
  for (std::size_t k = 0; k < a.tables.size(); ++k) {
    if (!(a.tables[k].pairing == b.tables[k].pairing) ||
        a.tables[k].bracket_match != b.tables[k].bracket_match) {
      return false;
    }
  }
  return true;
}

const EntrantRecord* TournamentState::FindEntrant(EntrantId id) const {
  for (const auto& entrant : entrants) {
    if (entrant.id == id) return &entrant;
  }
  return nullptr;
}

bool TournamentState::Active(EntrantId id) const {
  const auto* entrant = FindEntrant(id);
  return entrant && entrant->status == EntrantStatus::kRegistered;
}

std::vector<MatchResult> TournamentState::Results() const {
  std::vector<MatchResult> results;
  for (const auto& round : rounds) {
    for (const auto& table : round.tables) {
      if (table.result) results.push_back(*table.result);
    }
    for (const EntrantId bye : round.byes) results.push_back(ByeResult(round.round, bye));
    for (const auto& entrant : entrants) {
      if (round.round < entrant.first_round)
        results.push_back(AbsentResult(round.round, entrant.id));
    }
  }
  return results;
}

bool TournamentState::RoundComplete(const PublishedRound& round) const {
  return std::all_of(round.tables.begin(), round.tables.end(),
                     [](const PublishedTable& table) { return table.result.has_value(); });
}

std::string Apply(TournamentState& state, const TournamentEvent& event) {
  using Kind = TournamentEvent::Kind;
  switch (event.kind) {
    case Kind::kEntrantAdded: {
      if (state.FindEntrant(event.entrant)) return "entrant already registered";
      const int next_round = static_cast<int>(state.rounds.size()) + 1;
      if (state.started && (state.config.format != Format::kSwiss ||
                            next_round > state.config.late_entry_until_round)) {
        return "late entry is closed";
      }
      state.entrants.push_back({event.entrant, event.rating, event.manual_rank,
                                EntrantStatus::kRegistered, state.started ? next_round : 1,
                                event.accounts, event.name});
      return {};
    }
    case Kind::kEntrantRemoved:
      for (auto& entrant : state.entrants) {
        if (entrant.id != event.entrant) continue;
        entrant.status =
            event.disqualified ? EntrantStatus::kDisqualified : EntrantStatus::kWithdrawn;
        return {};
      }
      return "no such entrant";
    case Kind::kStarted: {
      if (state.started) return "already started";
      std::vector<SeedCandidate> candidates;
      for (const auto& entrant : state.entrants) {
        if (entrant.status == EntrantStatus::kRegistered) {
          candidates.push_back({entrant.id, entrant.rating, entrant.manual_rank});
        }
      }
      state.seed_order = SeedOrder(candidates, state.config.seeding, state.config.seed);
      state.started = true;
      return {};
    }
    case Kind::kRoundPublished:
      if (!state.started) return "round published before the start";
      if (event.round.round != static_cast<int>(state.rounds.size()) + 1) {
        return "round published out of order";
      }
      state.rounds.push_back(event.round);
      state.rounds.back().published_ms = event.at_ms;
      return {};
    case Kind::kResult: {
      const int round = event.result.round;
      if (round < 1 || round > static_cast<int>(state.rounds.size())) return "no such round";
      auto& tables = state.rounds[round - 1].tables;
      if (event.table < 0 || event.table >= static_cast<int>(tables.size())) {
        return "no such table";
      }
      const auto& pairing = tables[event.table].pairing;
      if (event.result.first != pairing.first || event.result.second != pairing.second) {
        return "result for other entrants than the table's";
      }
      tables[event.table].result = event.result;
      return {};
    }
    case Kind::kFinished:
      state.finished = true;
      return {};
    case Kind::kRoundReplaced: {
      if (state.rounds.empty() || event.round.round != static_cast<int>(state.rounds.size())) {
        return "only the current round can be replaced";
      }
      for (const auto& table : state.rounds.back().tables) {
        if (table.result) return "the round has results already";
      }
      const std::int64_t published_ms = state.rounds.back().published_ms;
      state.rounds.back() = event.round;
      state.rounds.back().by_hand = true;
      state.rounds.back().published_ms = published_ms;
      return {};
    }
    case Kind::kTableOpened:
    case Kind::kMatchStarted: {
      const int round = event.round_number;
      if (round < 1 || round > static_cast<int>(state.rounds.size())) return "no such round";
      auto& tables = state.rounds[round - 1].tables;
      if (event.table < 0 || event.table >= static_cast<int>(tables.size())) {
        return "no such table";
      }
      PublishedTable& table = tables[event.table];
      if (event.kind == Kind::kMatchStarted) {
        if (table.table_id.empty()) return "a match at a table not opened";
        table.match_id = event.match_id;
        return {};
      }
      if (!table.table_id.empty()) return "the table is open already";
      table.table_id = event.table_id;
      table.table_number = event.table_number;
      return {};
    }
    case Kind::kPaused:
    case Kind::kResumed:
      if (!state.started || state.finished) return "the event is not running";
      if (state.paused == (event.kind == Kind::kPaused)) {
        return state.paused ? "already paused" : "not paused";
      }
      state.paused = event.kind == Kind::kPaused;
      state.pause_reason = state.paused ? event.reason : "";
      if (state.paused) {
        state.paused_since_ms = event.at_ms;
      } else if (!state.rounds.empty()) {
        state.rounds.back().paused_ms +=
            std::max<std::int64_t>(0, event.at_ms - state.paused_since_ms);
      }
      return {};
    case Kind::kInvited:
    case Kind::kInvitationAnswered:
    case Kind::kCheckedIn:
      return {};
    case Kind::kPairForbidden:
    case Kind::kPairAllowed: {
      // Pairs kept apart join the settings' own (config.forbidden) from this entry on:
      // rounds published before it were paired without it, as the log shows.
      if (state.config.format != Format::kSwiss) return "forbidden pairs are for a Swiss";
      if (state.finished) return "the event is over";
      if (event.entrant == event.other || !state.FindEntrant(event.entrant) ||
          !state.FindEntrant(event.other)) {
        return "a forbidden pair names two entrants of the event";
      }
      const auto pair = EntrantPair::Of(event.entrant, event.other);
      if (event.kind == Kind::kPairForbidden) {
        state.config.forbidden.insert(pair);
      } else if (state.config.forbidden.erase(pair) == 0) {
        return "that pair is not forbidden";
      }
      return {};
    }
    case Kind::kRanked:
      if (state.started) return "the seeds are fixed at the start";
      if (event.manual_rank < 1) return "a rank is 1 or more";
      for (auto& entrant : state.entrants) {
        if (entrant.id != event.entrant) continue;
        entrant.manual_rank = event.manual_rank;
        return {};
      }
      return "no such entrant";
  }
  return "unknown event";
}

TournamentState Replay(const TournamentConfig& config, const std::vector<TournamentEvent>& log) {
  TournamentState state;
  state.config = config;
  for (const auto& event : log) Apply(state, event);
  return state;
}

std::optional<KnockoutStage> CurrentKnockout(const TournamentState& state) {
  if (!state.started) return std::nullopt;
  KnockoutStage stage;
  const auto& config = state.config;
  switch (config.format) {
    case Format::kSwiss:
    case Format::kRoundRobin:
      return std::nullopt;
    case Format::kSingleElimination:
      stage.seeded = state.seed_order;
      stage.bracket =
          SingleElimination(static_cast<int>(stage.seeded.size()), config.third_place_match);
      break;
    case Format::kDoubleElimination:
      stage.seeded = state.seed_order;
      stage.bracket =
          DoubleElimination(static_cast<int>(stage.seeded.size()), config.grand_final_reset);
      break;
    case Format::kPoolsKnockout: {
      const std::size_t pool_rounds = PoolRounds(state).size();
      if (state.rounds.size() < pool_rounds) return std::nullopt;
      for (std::size_t r = 0; r < pool_rounds; ++r) {
        if (!state.RoundComplete(state.rounds[r])) return std::nullopt;
      }
      std::vector<MatchResult> pool_results;
      for (std::size_t r = 0; r < pool_rounds; ++r) {
        for (const auto& table : state.rounds[r].tables) pool_results.push_back(*table.result);
        for (const EntrantId bye : state.rounds[r].byes) {
          pool_results.push_back(ByeResult(static_cast<int>(r) + 1, bye));
        }
      }
      std::vector<std::vector<StandingRow>> pool_standings;
      for (const auto& pool : Pools(state)) {
        pool_standings.push_back(
            ComputeStandings(SeededEntrants(pool), pool_results, config.tie_breaks, config.points));
      }
      stage.seeded = KnockoutSeedsFromPools(pool_standings, config.pool_qualifiers);
      stage.bracket =
          SingleElimination(static_cast<int>(stage.seeded.size()), config.third_place_match);
      break;
    }
  }
  stage.resolved = ResolveBracket(stage.bracket, stage.seeded, KnockoutWinners(state));
  return stage;
}

std::optional<PublishedRound> NextRound(const TournamentState& state) {
  if (!state.started || state.finished) return std::nullopt;
  if (!state.rounds.empty() && !state.RoundComplete(state.rounds.back())) return std::nullopt;
  const int next = static_cast<int>(state.rounds.size()) + 1;
  const auto& config = state.config;
  switch (config.format) {
    case Format::kSwiss: {
      if (next > config.swiss_rounds) return std::nullopt;
      std::vector<Entrant> active;
      for (const auto& entrant : RankedEntrants(state)) {
        if (state.Active(entrant.id)) active.push_back(entrant);
      }
      if (active.size() < 2) return std::nullopt;
      const auto pairing = PairSwissRound(
          SwissInputFromResults(next, active, state.Results(), config.forbidden, config.points));
      PublishedRound round = EmptyRound(next);
      for (const auto& table : pairing.tables) round.tables.push_back(TableOf(table));
      if (pairing.bye) round.byes.push_back(*pairing.bye);
      return round;
    }
    case Format::kRoundRobin: {
      const auto berger = BergerRounds(state.seed_order, config.round_robin_cycles);
      if (state.rounds.size() >= berger.size()) return std::nullopt;
      return FromBerger(berger[state.rounds.size()], next);
    }
    case Format::kPoolsKnockout: {
      auto pool_rounds = PoolRounds(state);
      if (state.rounds.size() < pool_rounds.size()) {
        auto round = pool_rounds[state.rounds.size()];
        round.round = next;
        return round;
      }
      [[fallthrough]];
    }
    case Format::kSingleElimination:
    case Format::kDoubleElimination: {
      const auto stage = CurrentKnockout(state);
      if (!stage) return std::nullopt;
      std::vector<int> published;
      for (const auto& round : state.rounds) {
        for (const auto& table : round.tables) published.push_back(table.bracket_match);
      }
      PublishedRound round = EmptyRound(next);
      for (const int id : ReadyMatches(stage->resolved)) {
        if (std::find(published.begin(), published.end(), id) != published.end()) continue;
        const auto& match = stage->resolved[id];
        round.tables.push_back(TableOf({*match.first, *match.second}, id));
      }
      if (round.tables.empty()) return std::nullopt;
      return round;
    }
  }
  return std::nullopt;
}

bool EventComplete(const TournamentState& state) {
  if (!state.started) return false;
  if (state.finished) return true;
  if (!state.rounds.empty() && !state.RoundComplete(state.rounds.back())) return false;
  return !NextRound(state).has_value();
}

std::vector<StandingRow> CurrentStandings(const TournamentState& state) {
  const auto& config = state.config;
  auto rows =
      ComputeStandings(RankedEntrants(state), state.Results(), config.tie_breaks, config.points);
  const auto stage = CurrentKnockout(state);
  if (!stage) return rows;
  // Knockout places first; everyone else after them in tie-break order.
  const auto places = KnockoutPlaces(stage->bracket, stage->resolved);
  std::stable_sort(rows.begin(), rows.end(), [&](const StandingRow& a, const StandingRow& b) {
    const auto pa = places.find(a.id), pb = places.find(b.id);
    if (pa != places.end() && pb != places.end()) return pa->second < pb->second;
    return pa != places.end() && pb == places.end();
  });
  int next_place = static_cast<int>(places.size()) + 1;
  for (std::size_t k = 0; k < rows.size(); ++k) {
    if (const auto place = places.find(rows[k].id); place != places.end()) {
      rows[k].place = place->second;
      continue;
    }
    // Outside the knockout: a shared place with the row above when equal on every column.
    const bool tied =
        k > 0 && !places.contains(rows[k - 1].id) && rows[k - 1].values == rows[k].values;
    rows[k].place = tied ? rows[k - 1].place : next_place;
    ++next_place;
  }
  return rows;
}

std::vector<std::string> VerifyLog(const TournamentConfig& config,
                                   const std::vector<TournamentEvent>& log) {
  std::vector<std::string> differences;
  TournamentState state;
  state.config = config;
  for (std::size_t k = 0; k < log.size(); ++k) {
    const auto& event = log[k];
    if (event.kind == TournamentEvent::Kind::kRoundPublished && !event.round.by_hand) {
      const auto expected = NextRound(state);
      if (!expected) {
        differences.push_back("entry " + std::to_string(k + 1) + ": round " +
                              std::to_string(event.round.round) +
                              " published when no round was due");
      } else if (!SamePairings(*expected, event.round)) {
        differences.push_back("entry " + std::to_string(k + 1) + ": round " +
                              std::to_string(event.round.round) +
                              " differs from the pairing recomputed from the log");
      }
    }
    if (const auto error = Apply(state, event); !error.empty()) {
      differences.push_back("entry " + std::to_string(k + 1) + ": " + error);
    }
  }
  return differences;
}

}  // namespace kafenio::tournament
