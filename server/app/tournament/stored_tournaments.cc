#include "server/app/tournament/stored_tournaments.h"

#include <algorithm>
#include <set>

#include "server/app/tournament/entry_rules.h"
#include "server/app/tournament/tournament_log_codec.h"
#include "server/app/tournament/tournament_verify.h"

namespace kafenio::server {
namespace {

using tournament::TournamentEvent;
using tournament::TournamentState;
using Kind = TournamentEvent::Kind;

// A request whose entry number other nodes keep taking first is refused (unavailable)
// after this many tries.
constexpr int kMaxConflicts = 8;

TournamentAnswer Refuse(TournamentRefusal why, std::string message) {
  return TournamentAnswer{why, std::move(message), 0};
}

TournamentEvent Entry(Kind kind) {
  TournamentEvent event;
  event.kind = kind;
  return event;
}

// Forfeits for the tables of the newest round where a side is no longer in the event: the
// side still there wins; when neither is, the first seat's side is recorded as winner so
// that a knockout can go on (both are out of the event either way).
void ForfeitAbsentees(TournamentState& state, std::vector<TournamentEvent>& entries) {
  if (state.rounds.empty()) return;
  const auto round = state.rounds.back();
  for (std::size_t t = 0; t < round.tables.size(); ++t) {
    const auto& table = round.tables[t];
    if (table.result) continue;
    const bool first_in = state.Active(table.pairing.first);
    const bool second_in = state.Active(table.pairing.second);
    if (first_in && second_in) continue;
    TournamentEvent forfeit = Entry(Kind::kResult);
    forfeit.table = static_cast<int>(t);
    forfeit.result = tournament::ForfeitResult(
        round.round, table.pairing.first, table.pairing.second,
        first_in || !second_in ? table.pairing.first : table.pairing.second);
    tournament::Apply(state, forfeit);
    entries.push_back(forfeit);
  }
}

// What follows a change by itself: the rounds it makes due (with forfeits for absentees,
// which may complete a round at once) and the end of the event.
void FollowUps(TournamentState& state, std::vector<TournamentEvent>& entries) {
  ForfeitAbsentees(state, entries);
  for (int guard = 0; guard < 1000; ++guard) {
    if (const auto next = tournament::NextRound(state)) {
      TournamentEvent published = Entry(Kind::kRoundPublished);
      published.round = *next;
      tournament::Apply(state, published);
      entries.push_back(published);
      ForfeitAbsentees(state, entries);
      continue;
    }
    if (!state.finished && tournament::EventComplete(state)) {
      const TournamentEvent finished = Entry(Kind::kFinished);
      tournament::Apply(state, finished);
      entries.push_back(finished);
    }
    return;
  }
}

std::string StateName(const TournamentState& state) {
  if (state.finished) return "finished";
  return state.started ? "running" : "registering";
}

bool Plays(const TournamentState& state, tournament::EntrantId entrant, std::int64_t account) {
  const auto* record = state.FindEntrant(entrant);
  return record && std::count(record->accounts.begin(), record->accounts.end(), account) > 0;
}

}  // namespace

StoredTournaments::StoredTournaments(storage::Storage& store, Clock& clock)
    : store_(store), clock_(clock) {
  for (const char* state : {"registering", "running"}) {
    for (const auto& listed : store_.ListTournaments(state, 100000)) {
      if (auto event = Loaded(ReadStoredTournament(store_, listed.id))) {
        const std::int64_t id = event->row.id;
        events_.emplace(id, std::move(*event));
      }
    }
  }
}

std::optional<StoredTournaments::Event> StoredTournaments::Loaded(
    std::optional<StoredTournamentLog> log) {
  // An event whose log cannot be read stays as stored; `kafenio tournament verify` names
  // what is wrong with it.
  if (!log || !log->config || !log->problems.empty()) return std::nullopt;
  Event event;
  event.state = tournament::Replay(*log->config, log->events);
  for (const auto& entry : log->events) event.desk.Apply(entry);
  event.options = DecodeEventOptions(log->row.settings).value_or(EventOptions{});
  event.entries = log->entries;
  event.row = std::move(log->row);
  return event;
}

void StoredTournaments::Refresh(std::int64_t id) {
  auto loaded = Loaded(ReadStoredTournament(store_, id));  // blocking, outside the lock
  if (!loaded) return;
  std::lock_guard lock(mutex_);
  const auto found = events_.find(id);
  if (found == events_.end()) {
    events_.emplace(id, std::move(*loaded));
    if (observer_) observer_(id);
    return;
  }
  Event& event = found->second;
  if (event.writing) {
    // What this read saw may already be stale against the write under way: again after it.
    event.refresh_wanted = true;
    return;
  }
  if (loaded->entries > event.entries) {
    event.state = std::move(loaded->state);
    event.desk = std::move(loaded->desk);
    event.entries = loaded->entries;
    event.row.state = loaded->row.state;
    if (observer_) observer_(id);
  }
  if (event.stalled) {
    event.stalled = false;
    Next(id, event);
  }
}

std::vector<std::pair<std::int64_t, std::int64_t>> StoredTournaments::KnownLengths() const {
  std::lock_guard lock(mutex_);
  std::vector<std::pair<std::int64_t, std::int64_t>> lengths;
  for (const auto& [id, event] : events_) {
    if (!event.state.finished) lengths.emplace_back(id, event.entries);
  }
  return lengths;
}

void StoredTournaments::Create(std::int64_t director, NewTournament settings, Executor executor,
                               Then<TournamentAnswer> then) {
  if (settings.name.empty() || (settings.game != "diloti" && settings.game != "pilotta")) {
    return PostResult(executor, then,
                      Refuse(TournamentRefusal::kBadRequest, "a name and a game are needed"));
  }
  storage::TournamentRow row;
  row.name = settings.name;
  row.director_id = director;
  row.game = settings.game;
  row.settings = SettingsWithOptions(EncodeTournamentSettings(settings.config), settings.options);
  row.seed = static_cast<std::int64_t>(settings.config.seed);
  row.created_ms = clock_.NowMs();
  row.starts_ms = settings.starts_ms;
  auto id = std::make_shared<std::int64_t>(0);
  store_.Enqueue([row, id](storage::WriteTransaction& tx) { *id = tx.CreateTournament(row); },
                 [this, row, config = settings.config, options = settings.options, id, executor,
                  then](const storage::WriteStatus& status) mutable {
                   if (!status.ok()) {
                     return PostResult(executor, then,
                                       Refuse(TournamentRefusal::kUnavailable, status.error));
                   }
                   {
                     std::lock_guard lock(mutex_);
                     Event event;
                     event.row = row;
                     event.row.id = *id;
                     event.state.config = config;
                     event.options = options;
                     events_.emplace(*id, std::move(event));
                     if (observer_) observer_(*id);
                   }
                   PostResult(executor, then, TournamentAnswer{TournamentRefusal::kNone, {}, *id});
                 });
}

void StoredTournaments::AddEntrant(std::int64_t by, std::int64_t id, std::string name,
                                   std::vector<std::int64_t> accounts, double rating,
                                   Executor executor, Then<TournamentAnswer> then) {
  Submit(
      id,
      [this, id, by, name = std::move(name), accounts = std::move(accounts),
       rating](const TournamentState& state) {
        Change change;
        const bool director = DirectorOfLocked(id) == by;
        if (accounts.empty() || name.empty()) {
          change.refusal =
              Refuse(TournamentRefusal::kBadRequest, "an entrant needs a name and players");
          return change;
        }
        if (!director && std::count(accounts.begin(), accounts.end(), by) == 0) {
          change.refusal =
              Refuse(TournamentRefusal::kNotDirector, "only the director registers someone else");
          return change;
        }
        for (const auto& entrant : state.entrants) {
          for (const auto account : accounts) {
            if (account != 0 && entrant.status == tournament::EntrantStatus::kRegistered &&
                std::count(entrant.accounts.begin(), entrant.accounts.end(), account)) {
              change.refusal = Refuse(TournamentRefusal::kEntryRefused, "already registered");
              return change;
            }
          }
        }
        if (const auto* event = EventLocked(id)) {
          if (auto full = EntryClosed(state, event->options); !full.empty()) {
            change.refusal = Refuse(TournamentRefusal::kNotAllowed, full);
            return change;
          }
        }
        TournamentEvent added = Entry(Kind::kEntrantAdded);
        added.entrant = 1;
        for (const auto& entrant : state.entrants)
          added.entrant = std::max(added.entrant, entrant.id + 1);
        added.name = name;
        added.accounts = accounts;
        added.rating = rating;
        TournamentState after = state;
        if (auto error = tournament::Apply(after, added); !error.empty()) {
          change.refusal = Refuse(TournamentRefusal::kNotAllowed, error);
          return change;
        }
        change.entries.push_back(added);
        change.answer_id = added.entrant;
        return change;
      },
      std::move(executor), std::move(then));
}

void StoredTournaments::RemoveEntrant(std::int64_t by, std::int64_t id,
                                      tournament::EntrantId entrant, bool disqualify,
                                      Executor executor, Then<TournamentAnswer> then) {
  Submit(
      id,
      [this, id, by, entrant, disqualify](const TournamentState& state) {
        Change change;
        const bool director = DirectorOfLocked(id) == by;
        if (!state.Active(entrant)) {
          change.refusal = Refuse(TournamentRefusal::kBadRequest, "no such entrant in the event");
        } else if (state.finished) {
          change.refusal = Refuse(TournamentRefusal::kNotAllowed, "the event is over");
        } else if (disqualify ? !director : !(director || Plays(state, entrant, by))) {
          change.refusal = Refuse(TournamentRefusal::kNotDirector,
                                  disqualify ? "only the director disqualifies"
                                             : "only the entrant or the director withdraws it");
        }
        if (!change.refusal.ok()) return change;
        TournamentEvent removed = Entry(Kind::kEntrantRemoved);
        removed.entrant = entrant;
        removed.disqualified = disqualify;
        TournamentState after = state;
        tournament::Apply(after, removed);
        change.entries.push_back(removed);
        if (after.started) FollowUps(after, change.entries);
        return change;
      },
      std::move(executor), std::move(then));
}

void StoredTournaments::Start(std::int64_t by, std::int64_t id, Executor executor,
                              Then<TournamentAnswer> then) {
  Submit(
      id,
      [this, id, by](const TournamentState& state) {
        Change change;
        int active = 0;
        for (const auto& entrant : state.entrants) active += state.Active(entrant.id);
        const Event* event = EventLocked(id);
        // With check-in, the entrants not all checked in are withdrawn at the start, and
        // the field is paired over those present.
        std::vector<tournament::EntrantId> absent;
        if (event && event->options.check_in_minutes > 0) {
          for (const auto& entrant : state.entrants) {
            if (state.Active(entrant.id) && !event->desk.Present(entrant)) {
              absent.push_back(entrant.id);
            }
          }
        }
        const std::string window =
            event ? CheckInNotYetOpen(event->row, event->options, clock_.NowMs()) : "";
        if (DirectorOfLocked(id) != by) {
          change.refusal = Refuse(TournamentRefusal::kNotDirector, "only the director starts it");
        } else if (state.started) {
          change.refusal = Refuse(TournamentRefusal::kNotAllowed, "the event has started");
        } else if (!window.empty()) {
          change.refusal = Refuse(TournamentRefusal::kNotAllowed, window);
        } else if (active - static_cast<int>(absent.size()) < 2) {
          change.refusal = Refuse(TournamentRefusal::kNotAllowed,
                                  absent.empty() ? "fewer than two entrants"
                                                 : "fewer than two entrants have checked in");
        }
        if (!change.refusal.ok()) return change;
        TournamentState after = state;
        for (const auto entrant : absent) {
          TournamentEvent removed = Entry(Kind::kEntrantRemoved);
          removed.entrant = entrant;
          tournament::Apply(after, removed);
          change.entries.push_back(removed);
        }
        const TournamentEvent started = Entry(Kind::kStarted);
        tournament::Apply(after, started);
        change.entries.push_back(started);
        FollowUps(after, change.entries);
        return change;
      },
      std::move(executor), std::move(then));
}

void StoredTournaments::RecordResult(std::int64_t id, int table, tournament::MatchResult result,
                                     Executor executor, Then<TournamentAnswer> then) {
  Submit(
      id,
      [table, result](const TournamentState& state) {
        Change change;
        const int round = result.round;
        if (round < 1 || round > static_cast<int>(state.rounds.size()) || table < 0 ||
            table >= static_cast<int>(state.rounds[round - 1].tables.size())) {
          change.refusal = Refuse(TournamentRefusal::kBadRequest, "no such table");
          return change;
        }
        if (state.rounds[round - 1].tables[table].result) {
          change.refusal = Refuse(TournamentRefusal::kNotAllowed, "that table has its result");
          return change;
        }
        TournamentEvent recorded = Entry(Kind::kResult);
        recorded.table = table;
        recorded.result = result;
        TournamentState after = state;
        if (auto error = tournament::Apply(after, recorded); !error.empty()) {
          change.refusal = Refuse(TournamentRefusal::kBadRequest, error);
          return change;
        }
        change.entries.push_back(recorded);
        FollowUps(after, change.entries);
        return change;
      },
      std::move(executor), std::move(then));
}

void StoredTournaments::ReplaceRound(std::int64_t by, std::int64_t id,
                                     tournament::PublishedRound round, Executor executor,
                                     Then<TournamentAnswer> then) {
  Submit(
      id,
      [this, id, by, round](const TournamentState& state) {
        Change change;
        if (DirectorOfLocked(id) != by) {
          change.refusal =
              Refuse(TournamentRefusal::kNotDirector, "only the director pairs by hand");
          return change;
        }
        // Every active entrant once, nobody else.
        std::multiset<tournament::EntrantId> seen(round.byes.begin(), round.byes.end());
        for (const auto& table : round.tables) {
          seen.insert(table.pairing.first);
          seen.insert(table.pairing.second);
        }
        std::multiset<tournament::EntrantId> active;
        for (const auto& entrant : state.entrants) {
          if (state.Active(entrant.id)) active.insert(entrant.id);
        }
        if (seen != active) {
          change.refusal = Refuse(TournamentRefusal::kBadRequest,
                                  "a pairing must seat every entrant in the event once");
          return change;
        }
        TournamentEvent replaced = Entry(Kind::kRoundReplaced);
        replaced.round = round;
        replaced.round.by_hand = true;
        TournamentState after = state;
        if (auto error = tournament::Apply(after, replaced); !error.empty()) {
          change.refusal = Refuse(TournamentRefusal::kNotAllowed, error);
          return change;
        }
        change.entries.push_back(replaced);
        FollowUps(after, change.entries);
        return change;
      },
      std::move(executor), std::move(then));
}

void StoredTournaments::EndEarly(std::int64_t by, std::int64_t id, Executor executor,
                                 Then<TournamentAnswer> then) {
  Submit(
      id,
      [this, id, by](const TournamentState& state) {
        Change change;
        if (DirectorOfLocked(id) != by) {
          change.refusal = Refuse(TournamentRefusal::kNotDirector, "only the director ends it");
        } else if (state.finished) {
          change.refusal = Refuse(TournamentRefusal::kNotAllowed, "the event is over");
        } else {
          change.entries.push_back(Entry(Kind::kFinished));
        }
        return change;
      },
      std::move(executor), std::move(then));
}

void StoredTournaments::Arrange(std::int64_t by, std::int64_t id, tournament::TournamentEvent entry,
                                Executor executor, Then<TournamentAnswer> then) {
  Submit(
      id,
      [this, id, by, entry = std::move(entry)](const TournamentState& state) {
        if (DirectorOfLocked(id) != by) {
          Change change;
          change.refusal =
              Refuse(TournamentRefusal::kNotDirector, "only the director arranges the field");
          return change;
        }
        return EntryAlone(state, entry);
      },
      std::move(executor), std::move(then));
}

void StoredTournaments::RecordEntry(std::int64_t id, TournamentEvent entry, Executor executor,
                                    Then<TournamentAnswer> then) {
  Submit(
      id,
      [entry = std::move(entry)](const TournamentState& state) { return EntryAlone(state, entry); },
      std::move(executor), std::move(then));
}

StoredTournaments::Change StoredTournaments::EntryAlone(const TournamentState& state,
                                                        const TournamentEvent& entry) {
  Change change;
  TournamentState after = state;
  if (auto error = tournament::Apply(after, entry); !error.empty()) {
    change.refusal = Refuse(TournamentRefusal::kNotAllowed, error);
    return change;
  }
  change.entries.push_back(entry);
  return change;
}

std::vector<std::int64_t> StoredTournaments::Ids() const {
  std::lock_guard lock(mutex_);
  std::vector<std::int64_t> ids;
  for (const auto& [id, event] : events_) ids.push_back(id);
  return ids;
}

std::optional<storage::TournamentRow> StoredTournaments::Row(std::int64_t id) const {
  std::lock_guard lock(mutex_);
  const auto found = events_.find(id);
  if (found == events_.end()) return std::nullopt;
  return found->second.row;
}

std::optional<TournamentState> StoredTournaments::State(std::int64_t id) const {
  std::lock_guard lock(mutex_);
  const auto found = events_.find(id);
  if (found == events_.end()) return std::nullopt;
  return found->second.state;
}

std::optional<std::int64_t> StoredTournaments::DirectorOf(std::int64_t id) const {
  std::lock_guard lock(mutex_);
  return DirectorOfLocked(id);
}

const StoredTournaments::Event* StoredTournaments::EventLocked(std::int64_t id) const {
  const auto found = events_.find(id);
  return found == events_.end() ? nullptr : &found->second;
}

std::optional<std::int64_t> StoredTournaments::DirectorOfLocked(std::int64_t id) const {
  const auto found = events_.find(id);
  if (found == events_.end()) return std::nullopt;
  return found->second.row.director_id;
}

void StoredTournaments::Submit(std::int64_t id, Decide decide, Executor executor,
                               Then<TournamentAnswer> then) {
  std::lock_guard lock(mutex_);
  const auto found = events_.find(id);
  if (found == events_.end()) {
    return PostResult(executor, then, Refuse(TournamentRefusal::kNoSuchEvent, "no such event"));
  }
  found->second.queue.push_back({std::move(decide), std::move(executor), std::move(then)});
  if (!found->second.writing && !found->second.stalled) Next(id, found->second);
}

void StoredTournaments::Next(std::int64_t id, Event& event) {
  while (!event.queue.empty()) {
    Request& request = event.queue.front();
    Change change = request.decide(event.state);
    if (!change.refusal.ok() || change.entries.empty()) {
      PostResult(request.executor, request.then,
                 change.refusal.ok()
                     ? TournamentAnswer{TournamentRefusal::kNone, {}, change.answer_id}
                     : change.refusal);
      event.queue.pop_front();
      continue;
    }
    TournamentState after = event.state;
    std::vector<storage::TournamentLogEntry> rows;
    const std::int64_t now = clock_.NowMs();
    for (auto& entry : change.entries) {
      entry.at_ms = now;
      tournament::Apply(after, entry);
      rows.push_back({id, event.entries + static_cast<std::int64_t>(rows.size()) + 1,
                      std::string(TournamentEventKind(entry.kind)), EncodeTournamentEvent(entry),
                      now});
    }
    std::string new_state = StateName(after);
    const bool state_changes = new_state != event.row.state;
    event.writing = true;
    store_.Enqueue(
        [rows, id, new_state, state_changes](storage::WriteTransaction& tx) {
          for (const auto& row : rows) tx.AppendTournamentLog(row);
          if (state_changes) tx.SetTournamentState(id, new_state);
        },
        [this, id, entries = std::move(change.entries), new_state,
         answer_id = change.answer_id](const storage::WriteStatus& status) mutable {
          Written(id, status, std::move(entries), std::move(new_state), answer_id);
        });
    return;
  }
}

void StoredTournaments::Written(std::int64_t id, const storage::WriteStatus& status,
                                std::vector<TournamentEvent> entries, std::string new_state,
                                std::int64_t answer_id) {
  std::lock_guard lock(mutex_);
  Event& event = events_.at(id);
  Request request = std::move(event.queue.front());
  event.queue.pop_front();
  event.writing = false;
  if (!status.ok() && status.conflict && refresher_ && request.conflicts < kMaxConflicts) {
    // Another node wrote this entry number first: decided again once the log is read.
    ++request.conflicts;
    event.queue.push_front(std::move(request));
    event.stalled = true;
    event.refresh_wanted = false;
    refresher_(id);
    return;
  }
  if (status.ok()) {
    for (const auto& entry : entries) {
      tournament::Apply(event.state, entry);
      event.desk.Apply(entry);
    }
    event.entries += static_cast<std::int64_t>(entries.size());
    event.row.state = new_state;
    PostResult(request.executor, request.then,
               TournamentAnswer{TournamentRefusal::kNone, {}, answer_id});
    if (observer_) observer_(id);
  } else {
    PostResult(request.executor, request.then,
               Refuse(TournamentRefusal::kUnavailable, status.error));
  }
  if (event.refresh_wanted) {
    event.refresh_wanted = false;
    if (refresher_) refresher_(id);
  }
  // The next request is decided and written from its own executor, not the writer's thread.
  if (!event.queue.empty()) {
    event.writing = true;  // until it runs: keeps Submit from starting another
    boost::asio::post(event.queue.front().executor, [this, id] {
      std::lock_guard again(mutex_);
      Event& next = events_.at(id);
      next.writing = false;
      Next(id, next);
    });
  }
}

}  // namespace kafenio::server
