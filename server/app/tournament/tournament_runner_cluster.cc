// The runner on a clustered node (docs/scaling.md, "Tournaments in a cluster"). Every node
// keeps every event's state (cluster/tournament_follower.h); this node runs the rounds of
// the events whose lease it holds, and on every node the runner tends the tables played
// there and tells the players connected there what their events' logs say.
#include <algorithm>

#include <boost/asio/steady_timer.hpp>

#include "server/app/tournament/stored_match_result.h"
#include "server/app/tournament/tournament_pushes.h"
#include "server/app/tournament/tournament_runner.h"
#include "server/log/log.h"

namespace kafenio::server {

using tournament::EntrantId;
using tournament::PublishedTable;
using tournament::TournamentState;

void TournamentRunner::SetClustered(TableLocator* locator) {
  clustered_ = true;
  locator_ = locator;
}

void TournamentRunner::Hold(std::vector<std::int64_t> held) {
  OnStrand([this, held = std::move(held)] {
    const std::set<std::int64_t> now(held.begin(), held.end());
    for (const std::int64_t id : held_) {
      if (now.count(id)) continue;
      // Lost (this node was paused or cut off past the lease): the holder runs it now. The
      // tables still played here go on under their own leases.
      Running& run = running_[id];
      run.start_alarm.reset();
      run.retry_alarm.reset();
      run.no_show_alarm.reset();
      run.no_show_round = 0;
      run.finished_told = false;
    }
    held_ = now;
    // Each lease round: an event taken up is run from its log as a restart does, and the
    // tables of held events played elsewhere are looked at again.
    for (const std::int64_t id : held_) {
      running_[id].elsewhere.clear();
      Reconcile(id);
    }
  });
}

std::vector<std::pair<std::string, TournamentRunner::Place>> TournamentRunner::TablesOfEvents()
    const {
  std::vector<std::pair<std::string, Place>> tables;
  for (const std::int64_t id : events_.Ids()) {
    const auto state = events_.State(id);
    if (!state || state->finished || state->rounds.empty()) continue;
    const auto& round = state->rounds.back();
    for (std::size_t t = 0; t < round.tables.size(); ++t) {
      if (round.tables[t].table_id.empty()) continue;
      tables.emplace_back(round.tables[t].table_id, Place{id, round.round, static_cast<int>(t)});
    }
  }
  return tables;
}

void TournamentRunner::Tend(std::int64_t id) {
  const auto state = events_.State(id);
  if (!state) return;
  Running& run = running_[id];
  std::vector<std::shared_ptr<Table>> live;
  for (const auto& round : state->rounds) {
    for (const PublishedTable& table : round.tables) {
      if (table.table_id.empty()) continue;
      auto open = hub_.tables().Find(table.table_id);
      if (!open) continue;
      if (!table.result) {
        live.push_back(std::move(open));
      } else if (table.result->kind == tournament::ResultKind::kForfeit) {
        // A withdrawal or disqualification asked on any node: not played on here.
        tables_.erase(table.table_id);
        hub_.tables().Close(table.table_id, "the match is a forfeit");
      }
    }
  }
  if (state->paused == run.tables_paused) return;
  run.tables_paused = state->paused;
  const std::int64_t deadline =
      state->rounds.empty() ? 0 : RoundDeadline(*state, state->rounds.back());
  for (const auto& table : live) {
    if (state->paused) {
      table->Pause("the tournament is paused");
    } else {
      if (deadline > 0) table->SetDeadline(deadline);
      table->Resume();
    }
  }
}

void TournamentRunner::AwaitTablesShow(std::int64_t id, bool paused,
                                       std::chrono::steady_clock::time_point until,
                                       std::function<void()> done) {
  if (TablesShow(id, paused) || std::chrono::steady_clock::now() >= until) return done();
  // The other nodes' tables reach this node's lobby within a lobby flush and a NOTIFY.
  auto timer = std::make_shared<boost::asio::steady_timer>(strand_, std::chrono::milliseconds(20));
  timer->async_wait([this, timer, id, paused, until,
                     done = std::move(done)](const boost::system::error_code& error) mutable {
    if (error) return;  // shutting down
    AwaitTablesShow(id, paused, until, std::move(done));
  });
}

bool TournamentRunner::TablesShow(std::int64_t id, bool paused) {
  const auto state = events_.State(id);
  if (!state || state->rounds.empty()) return true;
  for (const PublishedTable& table : state->rounds.back().tables) {
    if (table.table_id.empty() || table.result) continue;
    // A table the lobby does not list has closed: nothing to pause.
    const auto info = hub_.lobby().Find(table.table_id);
    if (info && info->paused() != paused) return false;
  }
  return true;
}

void TournamentRunner::Notice(std::int64_t id) {
  const auto state = events_.State(id);
  const auto row = events_.Row(id);
  if (!state || !row) return;
  const auto [seen, first] = told_.try_emplace(id, *state);
  if (first) return;  // as this node found it: told already, or told at sign-in
  const TournamentState before = std::move(seen->second);
  seen->second = *state;
  const Running& run = running_[id];
  noticing_ = true;
  for (std::size_t r = 0; r < state->rounds.size(); ++r) {
    const auto& round = state->rounds[r];
    const bool new_round = r >= before.rounds.size();
    if (new_round) {
      for (const EntrantId bye : round.byes) {
        Tell(*state, bye, RoundStartedPush(id, row->name, round, -1, bye, "", *state, 0, 0, {}));
        Tell(*state, bye, ByeResultPush(id, round.round, bye, *state));
      }
    }
    for (std::size_t t = 0; t < round.tables.size(); ++t) {
      const PublishedTable& table = round.tables[t];
      const PublishedTable* was =
          new_round || t >= before.rounds[r].tables.size() ? nullptr : &before.rounds[r].tables[t];
      const Place place{id, round.round, static_cast<int>(t)};
      // A table this node is opening tells its players once it is open (Opened).
      if (!table.table_id.empty() && (!was || was->table_id.empty()) && !table.result &&
          !run.opening.count(place)) {
        TellRound(id, *state, place, table.table_id);
      }
      if (table.result && (!was || !was->result)) TellResult(id, *state, place);
    }
  }
  if (state->finished && !before.finished) {
    const auto standings = tournament::CurrentStandings(*state);
    for (const auto& entrant : state->entrants) {
      Tell(*state, entrant.id, FinishedPush(id, row->name, entrant.id, standings));
    }
  }
  if (state->paused != before.paused) {
    const auto message = PausedPush(id, state->paused, state->pause_reason);
    for (const auto& entrant : state->entrants) Tell(*state, entrant.id, message);
  }
  noticing_ = false;
}

void TournamentRunner::LocateElsewhere(const Place& place, const PublishedTable& table) {
  Running& run = running_[place.event];
  const auto attach = [this, place](const std::shared_ptr<Table>& open, const std::string& id) {
    tables_[id] = place;
    const auto state = events_.State(place.event);
    if (state && state->paused) open->Pause("the tournament is paused");
  };
  if (const auto open = hub_.tables().Find(table.table_id)) return attach(open, table.table_id);
  if (run.elsewhere.count(table.table_id)) return;  // looked at again next lease round
  run.opening.insert(place);
  const bool admitted = hub_.Read([this, place, table, attach] {
    std::optional<tournament::MatchResult> result;
    TableWhereabouts where;
    try {
      if (table.match_id != 0) {
        result = StoredMatchResult(store_, table.match_id, place.round, table.pairing);
      }
      if (!result && locator_) where = locator_->Locate(table.table_id);
    } catch (const std::exception& error) {
      log::warn("tournament {}: cannot find table {}: {}", place.event, table.table_id,
                error.what());
      where.kind = TableWhereabouts::Kind::moving;  // looked at again next round
    }
    OnStrand([this, place, table, result, where, attach] {
      Running& running = running_[place.event];
      running.opening.erase(place);
      if (result) return Record(place, *result);
      if (const auto live = hub_.tables().Find(table.table_id)) {
        return attach(live, table.table_id);
      }
      if (where.kind != TableWhereabouts::Kind::unknown) {
        // Played by another node, or between nodes until one takes it over: its result
        // comes through the log, whichever node records it.
        running.elsewhere.insert(table.table_id);
        return;
      }
      // Closed without its match played: the same table again, here.
      OpenTable(place.event, place, table.table_id, table.table_number);
    });
  });
  if (!admitted) {
    run.opening.erase(place);
    RetrySoon(place.event);
  }
}

}  // namespace kafenio::server
