#include "server/app/tournament/tournament_runner.h"

#include <algorithm>

#include "server/app/crypto.h"
#include "server/app/tournament/stored_match_result.h"
#include "server/app/tournament/tournament_pushes.h"
#include "server/game/bot_level.h"
#include "server/log/log.h"
#include "server/tournament/duplicate_deals.h"

namespace kafenio::server {
namespace {

using tournament::EntrantId;
using tournament::PublishedRound;
using tournament::PublishedTable;
using tournament::TournamentEvent;
using tournament::TournamentState;

TournamentEvent Entry(TournamentEvent::Kind kind) {
  TournamentEvent event;
  event.kind = kind;
  return event;
}

const PublishedTable* TableAt(const TournamentState& state, int round, int table) {
  if (round < 1 || round > static_cast<int>(state.rounds.size())) return nullptr;
  const auto& tables = state.rounds[round - 1].tables;
  if (table < 0 || table >= static_cast<int>(tables.size())) return nullptr;
  return &tables[table];
}

// The stage whose unit a table plays: the first stage (Swiss, round robin, pools), a
// knockout match, or the final.
tournament::MatchStage StageOf(const TournamentState& state, const PublishedTable& table) {
  if (table.bracket_match < 0) return tournament::MatchStage::kFirst;
  const auto knockout = tournament::CurrentKnockout(state);
  if (knockout && table.bracket_match < static_cast<int>(knockout->bracket.matches.size()) &&
      tournament::IsFinal(knockout->bracket, knockout->bracket.matches[table.bracket_match])) {
    return tournament::MatchStage::kFinal;
  }
  return tournament::MatchStage::kKnockout;
}

// The seats of the pairing's first and second entrant: Diloti 1v1 seats 0 and 1; four
// seats: the first pair 0 and 2, the second 1 and 3 (partners sit opposite).
std::vector<int> SeatsOf(bool first, int seat_count) {
  if (seat_count == 2) return {first ? 0 : 1};
  return first ? std::vector<int>{0, 2} : std::vector<int>{1, 3};
}

}  // namespace

TournamentRunner::TournamentRunner(StoredTournaments& events, Hub& hub, storage::Storage& store,
                                   boost::asio::io_context::executor_type executor)
    : events_(events), hub_(hub), store_(store), strand_(boost::asio::make_strand(executor)) {}

void TournamentRunner::Install() {
  hub_.tables().SetRebuildHook([this](TableSettings& settings) {
    const auto place = Locate(settings.table_id);
    if (!place) return;
    const auto ours = SettingsFor(*place);
    if (!ours) return;
    settings.tournament_id = ours->tournament_id;
    settings.tournament_round = ours->tournament_round;
    settings.tournament_table = ours->tournament_table;
    settings.limits = ours->limits;
    settings.deal_seeds = ours->deal_seeds;
    settings.first_dealer = ours->first_dealer;
  });
  hub_.tables().AddListener(*this);
  events_.SetObserver([this](std::int64_t id) {
    OnStrand([this, id] {
      if (clustered_) Notice(id);
      Reconcile(id);
    });
  });
}

void TournamentRunner::Start() {
  for (const std::int64_t id : events_.Ids()) {
    OnStrand([this, id] {
      // In a cluster, what the players are told is what changes from here on.
      if (clustered_) Notice(id);
      Reconcile(id);
    });
  }
}

// ---- Where things are -------------------------------------------------------------------

std::optional<TournamentRunner::Place> TournamentRunner::Locate(const std::string& table_id) const {
  for (const std::int64_t id : events_.Ids()) {
    const auto state = events_.State(id);
    if (!state) continue;
    for (const auto& round : state->rounds) {
      for (std::size_t t = 0; t < round.tables.size(); ++t) {
        if (round.tables[t].table_id == table_id) {
          return Place{id, round.round, static_cast<int>(t)};
        }
      }
    }
  }
  return std::nullopt;
}

std::int64_t TournamentRunner::RoundDeadline(const TournamentState& state,
                                             const PublishedRound& round) const {
  const std::int64_t limit = state.config.play.round_time_limit_ms;
  if (limit <= 0) return 0;
  return round.published_ms + round.paused_ms + limit;
}

std::optional<TableSettings> TournamentRunner::SettingsFor(const Place& place) const {
  const auto state = events_.State(place.event);
  const auto row = events_.Row(place.event);
  if (!state || !row) return std::nullopt;
  const PublishedTable* table = TableAt(*state, place.round, place.table);
  if (!table) return std::nullopt;
  const tournament::TournamentPlay& play = state->config.play;
  const bool knockout = table->bracket_match >= 0;
  const tournament::StageUnit unit = tournament::UnitOfStage(play, StageOf(*state, *table));
  MatchSpec spec{row->game, play.preset, unit.options, 0, play.players};
  const SeatCount rules = CheckRules(spec);
  if (!rules.error.empty()) {
    log::error("tournament {}: its rules make no match: {}", place.event, rules.error);
    return std::nullopt;
  }
  TableSettings settings;
  settings.game = row->game;
  settings.preset = spec.preset;
  settings.options = spec.options;
  settings.rules_text = rules.rules_text;
  settings.seats = rules.seats;
  settings.turn_clock_ms =
      play.turn_clock_ms > 0 ? play.turn_clock_ms : hub_.config().default_turn_clock_ms;
  settings.series_matches = 1;
  settings.rated = play.rated;
  settings.tournament_id = place.event;
  settings.tournament_round = place.round;
  settings.tournament_table = place.table + 1;
  settings.limits.hands = unit.hands;
  settings.limits.deadline_ms = RoundDeadline(*state, state->rounds[place.round - 1]);
  settings.limits.decisive = knockout;
  // The pairing's first entrant (seat 0, Pilotta's first pair) deals first: the pairing
  // balances the first seat over the rounds, so each entrant deals first about as often.
  settings.first_dealer = 0;
  const int deals = play.duplicate_deals;
  const auto format = state->config.format;
  if (deals > 0 && !knockout &&
      (format == tournament::Format::kSwiss || format == tournament::Format::kRoundRobin)) {
    // Hands 2d and 2d+1 play deal d: the same seed, dealt by the next seat, so that each
    // side holds the other's cards (the deal goes round from the dealer's left) and each
    // pairing plays both sides of every deal; every table of the round the same.
    settings.limits.hands = 2 * deals;
    for (int deal = 0; deal < deals; ++deal) {
      const std::uint64_t seed =
          tournament::DuplicateDealSeed(state->config.seed, place.round, deal);
      settings.deal_seeds.push_back(seed);
      settings.deal_seeds.push_back(seed);
    }
    settings.first_dealer =
        tournament::DuplicateSchedule(state->config.seed, place.round, 1, settings.seats)[0]
            .dealer_seat;
  }
  return settings;
}

// ---- The event as stored, and what is due -------------------------------------------------

void TournamentRunner::Reconcile(std::int64_t id) {
  const auto state = events_.State(id);
  const auto row = events_.Row(id);
  if (!state || !row) return;
  if (clustered_) Tend(id);
  if (!Runs(id)) return;  // another node runs it
  Running& run = running_[id];
  if (!state->started) return StartDue(id, *row);
  run.start_alarm.reset();
  for (const auto& round : state->rounds) {
    if (!run.announced.count(round.round) &&
        round.round == static_cast<int>(state->rounds.size())) {
      run.announced.insert(round.round);
      for (const EntrantId bye : round.byes) {
        Tell(*state, bye, RoundStartedPush(id, row->name, round, -1, bye, "", *state, 0, 0, {}));
        Tell(*state, bye, ByeResultPush(id, round.round, bye, *state));
      }
    }
    for (std::size_t t = 0; t < round.tables.size(); ++t) {
      const PublishedTable& table = round.tables[t];
      const Place place{id, round.round, static_cast<int>(t)};
      if (table.result) {
        // A match that became a forfeit (a withdrawal, a disqualification, a no-show) is
        // not played on.
        const auto open = tables_.find(table.table_id);
        if (table.result->kind == tournament::ResultKind::kForfeit && open != tables_.end()) {
          tables_.erase(open);
          hub_.tables().Close(table.table_id, "the match is a forfeit");
        }
        continue;
      }
      if (run.opening.count(place) || run.recording.count(place) || state->finished) continue;
      if (table.table_id.empty()) {
        OpenTable(id, place, RandomToken(5), 0);
      } else if (!tables_.count(table.table_id)) {
        Reattach(place, table);
      }
    }
  }
  if (state->finished) {
    if (!run.finished_told) {
      run.finished_told = true;
      run.no_show_alarm.reset();
      const auto standings = tournament::CurrentStandings(*state);
      for (const auto& entrant : state->entrants) {
        Tell(*state, entrant.id, FinishedPush(id, row->name, entrant.id, standings));
      }
    }
    return;
  }
  ArmNoShow(id, *state);
}

void TournamentRunner::StartDue(std::int64_t id, const storage::TournamentRow& row) {
  if (!row.starts_ms) return;
  Running& run = running_[id];
  const std::int64_t now = hub_.clock().NowMs();
  if (now < *row.starts_ms) {
    if (!run.start_alarm) {
      run.start_alarm = hub_.clock().After(strand_, *row.starts_ms - now, [this, id] {
        running_[id].start_alarm.reset();
        Reconcile(id);
      });
    }
    return;
  }
  // The scheduled time has come: the server starts it as its director would.
  const auto director = events_.DirectorOf(id);
  if (!director || run.opening.count(Place{id, 0, -1})) return;
  run.opening.insert(Place{id, 0, -1});
  events_.Start(*director, id, strand_, [this, id](TournamentAnswer answer) {
    running_[id].opening.erase(Place{id, 0, -1});
    if (!answer.ok()) {
      log::warn("tournament {}: not started at its time: {}", id, answer.message);
      running_[id].start_alarm.reset();
    }
  });
}

// ---- Opening a table ------------------------------------------------------------------

void TournamentRunner::OpenTable(std::int64_t id, const Place& place, std::string table_id,
                                 std::int64_t table_number) {
  auto settings = SettingsFor(place);
  const auto state = events_.State(id);
  if (!settings || !state) return;
  const PublishedTable* table = TableAt(*state, place.round, place.table);
  Running& run = running_[id];
  run.opening.insert(place);
  settings->table_id = std::move(table_id);
  settings->table_number = table_number;
  // The seats: each entrant's players (0: a bot, which the server's bot plays).
  std::vector<std::pair<int, std::int64_t>> wanted;  // seat, account
  for (const bool first : {true, false}) {
    const EntrantId entrant = first ? table->pairing.first : table->pairing.second;
    const auto* record = state->FindEntrant(entrant);
    const auto seats = SeatsOf(first, settings->seats);
    for (std::size_t k = 0; k < seats.size(); ++k) {
      const std::int64_t account = record && k < record->accounts.size() ? record->accounts[k] : 0;
      wanted.emplace_back(seats[k], account);
    }
  }
  const BotLevel level = ParseBotLevel(state->config.play.bot_level).value_or(BotLevel::easy);
  const bool fresh = settings->table_number == 0;
  // Players' names are read off the I/O threads, then the table is made on the strand.
  const bool admitted =
      hub_.Read([this, id, place, settings = *settings, wanted, level, fresh]() mutable {
        std::vector<SeatReservation> seats;
        for (const auto& [seat, account] : wanted) {
          SeatReservation reserved{seat, Identity{account, "", false}, level};
          if (account != 0) {
            const auto found = hub_.account_store().FindAccount(account);
            reserved.who.name = found ? found->name : "#" + std::to_string(account);
            reserved.who.guest = found ? found->guest : false;
          }
          seats.push_back(std::move(reserved));
        }
        OnStrand(
            [this, id, place, settings = std::move(settings), seats = std::move(seats),
             fresh]() mutable { Opened(id, place, std::move(settings), std::move(seats), fresh); });
      });
  if (!admitted) {
    run.opening.erase(place);
    RetrySoon(id);
  }
}

void TournamentRunner::RetrySoon(std::int64_t id) {
  Running& run = running_[id];
  if (run.retry_alarm) return;
  run.retry_alarm = hub_.clock().After(strand_, 200, [this, id] {
    running_[id].retry_alarm.reset();
    Reconcile(id);
  });
}

void TournamentRunner::Opened(std::int64_t id, const Place& place, TableSettings settings,
                              std::vector<SeatReservation> seats, bool fresh) {
  const auto finish = [this, id, place, seats](TableSettings opened) {
    const auto table = hub_.tables().Add(opened);
    tables_[opened.table_id] = place;
    const auto state = events_.State(id);
    if (state && state->paused) table->Pause("the tournament is paused");
    table->Reserve(seats, [this, id, place, table_id = opened.table_id](Refusal refused) {
      OnStrand([this, id, place, table_id, refused] {
        running_[id].opening.erase(place);
        if (refused) {
          log::error("tournament {}: table {} refused its seats: {}", id, table_id,
                     refused.message);
          return;
        }
        // In a cluster too: the other nodes tell their players from the log, this one once
        // the table is open here (tournament_runner_cluster.cc).
        noticing_ = true;
        if (const auto now = events_.State(id)) TellRound(id, *now, place, table_id);
        noticing_ = false;
        Reconcile(id);
      });
    });
  };
  if (!fresh) {
    // Its row and log entry exist; the row was closed (a restart closes a table nobody sat
    // at yet, or its players all left before the match): opened again under the same id.
    const std::int64_t number = settings.table_number;
    return hub_.match_log().ReopenTable(
        number, strand_,
        [this, id, place, settings = std::move(settings), finish](WriteResult reopened) mutable {
          if (!reopened.ok()) {
            running_[id].opening.erase(place);
            log::error("tournament {}: table {} could not be opened again: {}", id,
                       settings.table_id, reopened.message);
            RetrySoon(id);
            return;
          }
          finish(std::move(settings));
        });
  }
  const auto row = events_.Row(id);
  const TableRecord record{settings.table_id,
                           settings.game,
                           settings.rules_text,
                           settings.seats,
                           false,
                           "",
                           settings.turn_clock_ms,
                           row ? row->director_id : 0,
                           hub_.clock().NowMs(),
                           settings.series_matches,
                           settings.rated};
  hub_.match_log().CreateTable(
      record, strand_, [this, id, place, settings, finish](Written<std::int64_t> stored) mutable {
        if (!stored.result.ok()) {
          running_[id].opening.erase(place);
          log::error("tournament {}: a table could not be stored: {}", id, stored.result.message);
          return;
        }
        settings.table_number = stored.value;
        TournamentEvent opened = Entry(TournamentEvent::Kind::kTableOpened);
        opened.round_number = place.round;
        opened.table = place.table;
        opened.table_id = settings.table_id;
        opened.table_number = settings.table_number;
        // Logged before anyone is told: a restart finds this table, never opens another.
        events_.RecordEntry(
            id, opened, strand_, [this, id, place, settings, finish](TournamentAnswer answer) {
              if (!answer.ok()) {
                running_[id].opening.erase(place);
                log::warn("tournament {}: table not opened: {}", id, answer.message);
                return;
              }
              finish(settings);
            });
      });
}

void TournamentRunner::Reattach(const Place& place, const PublishedTable& table) {
  if (clustered_) return LocateElsewhere(place, table);
  const auto open = hub_.tables().Find(table.table_id);
  if (open && table.match_id == 0) {
    // Recovered with its seats at start-up, its match not begun.
    tables_[table.table_id] = place;
    const auto state = events_.State(place.event);
    if (state && state->paused) open->Pause("the tournament is paused");
    return;
  }
  // Its match may have finished while the event could not hear of it: the store says.
  Running& run = running_[place.event];
  run.opening.insert(place);
  const bool admitted = hub_.Read([this, place, table] {
    std::optional<tournament::MatchResult> result;
    if (table.match_id != 0) {
      result = StoredMatchResult(store_, table.match_id, place.round, table.pairing);
    }
    OnStrand([this, place, table, result] {
      running_[place.event].opening.erase(place);
      if (result) return Record(place, *result);
      if (const auto live = hub_.tables().Find(table.table_id)) {
        // Recovered with its match live: its end comes as any match's.
        tables_[table.table_id] = place;
        const auto state = events_.State(place.event);
        if (state && state->paused) live->Pause("the tournament is paused");
        return;
      }
      // Closed without its match played (or with it abandoned): the same table again.
      OpenTable(place.event, place, table.table_id, table.table_number);
    });
  });
  if (!admitted) {
    run.opening.erase(place);
    RetrySoon(place.event);
  }
}

// ---- Matches and results ----------------------------------------------------------------

void TournamentRunner::TableChanged(const v1::TableInfo& info) {
  if (info.tournament_id() == 0) return;
  std::vector<std::int64_t> here;
  for (const auto& seat : info.seats()) {
    if (seat.connected() && seat.account_id() != 0) here.push_back(seat.account_id());
  }
  if (here.empty()) return;
  OnStrand([this, table_id = info.table_id(), here] {
    appeared_[table_id].insert(here.begin(), here.end());
  });
}

void TournamentRunner::MatchStarted(const std::string& table_id, std::int64_t match_id) {
  OnStrand([this, table_id, match_id] {
    const auto place = Locate(table_id);
    if (!place) return;
    TournamentEvent started = Entry(TournamentEvent::Kind::kMatchStarted);
    started.round_number = place->round;
    started.table = place->table;
    started.match_id = match_id;
    events_.RecordEntry(place->event, started, strand_, [](TournamentAnswer) {});
  });
}

void TournamentRunner::MatchFinished(const MatchOutcome& outcome) {
  OnStrand([this, outcome] {
    const auto place = Locate(outcome.table_id);
    if (!place) return;
    const auto state = events_.State(place->event);
    const PublishedTable* table = state ? TableAt(*state, place->round, place->table) : nullptr;
    if (!table || table->result) return;
    const int team = outcome.winner >= 0 ? outcome.winner : LeaderOf(outcome.totals);
    tournament::MatchResult result =
        tournament::PlayedResult(place->round, table->pairing.first, table->pairing.second,
                                 outcome.totals[0], outcome.totals[1]);
    if (team >= 0) result.winner = team == 0 ? table->pairing.first : table->pairing.second;
    Record(*place, result);
  });
}

void TournamentRunner::TableClosed(const std::string& table_id, const std::string& reason) {
  (void)reason;
  OnStrand([this, table_id] {
    const auto found = tables_.find(table_id);
    if (found == tables_.end()) return;
    const std::int64_t id = found->second.event;
    tables_.erase(found);
    appeared_.erase(table_id);
    // A table that closed before its result (the server closed it) is reopened.
    Reconcile(id);
  });
}

void TournamentRunner::Record(const Place& place, tournament::MatchResult result) {
  Running& run = running_[place.event];
  if (run.recording.count(place)) return;
  run.recording.insert(place);
  events_.RecordResult(place.event, place.table, result, strand_,
                       [this, place](TournamentAnswer answer) {
                         running_[place.event].recording.erase(place);
                         if (!answer.ok()) {
                           log::warn("tournament {}: result of round {} table {} not stored: {}",
                                     place.event, place.round, place.table + 1, answer.message);
                         } else if (const auto state = events_.State(place.event)) {
                           TellResult(place.event, *state, place);
                         }
                         Reconcile(place.event);
                       });
}

// ---- No-shows -----------------------------------------------------------------------------

void TournamentRunner::ArmNoShow(std::int64_t id, const TournamentState& state) {
  Running& run = running_[id];
  const std::int64_t grace = state.config.play.no_show_grace_ms;
  if (grace <= 0 || state.rounds.empty() || state.paused) {
    run.no_show_alarm.reset();
    run.no_show_round = 0;
    return;
  }
  const PublishedRound& round = state.rounds.back();
  if (run.no_show_round == round.round && run.no_show_alarm) return;
  run.no_show_round = round.round;
  const std::int64_t due = round.published_ms + round.paused_ms + grace;
  const std::int64_t wait = std::max<std::int64_t>(0, due - hub_.clock().NowMs());
  run.no_show_alarm =
      hub_.clock().After(strand_, wait, [this, id, r = round.round] { ForfeitNoShows(id, r); });
}

void TournamentRunner::ForfeitNoShows(std::int64_t id, int round) {
  const auto state = events_.State(id);
  if (!state || state->paused || state->finished ||
      static_cast<int>(state->rounds.size()) != round || !Runs(id)) {
    return;
  }
  const PublishedRound& published = state->rounds.back();
  for (std::size_t t = 0; t < published.tables.size(); ++t) {
    const PublishedTable& table = published.tables[t];
    // A match under way is played out: a player who came and dropped is never forfeited.
    if (table.result || table.table_id.empty() || table.match_id != 0) continue;
    // In a cluster only this node's tables: who came to another node's is not known here.
    if (clustered_ && !hub_.tables().Find(table.table_id)) continue;
    const auto& came = appeared_[table.table_id];
    const auto absent = [&](EntrantId entrant) {
      const auto* record = state->FindEntrant(entrant);
      if (!record) return false;
      return std::any_of(
          record->accounts.begin(), record->accounts.end(),
          [&](std::int64_t account) { return account != 0 && !came.count(account); });
    };
    const bool first_absent = absent(table.pairing.first);
    const bool second_absent = absent(table.pairing.second);
    if (!first_absent && !second_absent) continue;
    // Both absent: recorded for the first seat, as two withdrawn entrants' table is (a
    // knockout needs someone to go on).
    const tournament::MatchResult result = tournament::ForfeitResult(
        round, table.pairing.first, table.pairing.second,
        first_absent && !second_absent ? table.pairing.second : table.pairing.first);
    log::info("tournament {}: round {} table {}: no-show forfeited", id, round, t + 1);
    Record(Place{id, round, static_cast<int>(t)}, result);
  }
}

// ---- Pause and resume ---------------------------------------------------------------------

void TournamentRunner::Pause(std::int64_t by, std::int64_t id, std::string reason,
                             Executor executor, Then<TournamentAnswer> then) {
  if (events_.DirectorOf(id) != by) {
    return PostResult(executor, then,
                      TournamentAnswer{events_.DirectorOf(id) ? TournamentRefusal::kNotDirector
                                                              : TournamentRefusal::kNoSuchEvent,
                                       "only the event's director pauses it", 0});
  }
  TournamentEvent paused = Entry(TournamentEvent::Kind::kPaused);
  paused.reason = reason;
  events_.RecordEntry(
      id, paused, strand_, [this, id, reason, executor, then](TournamentAnswer answer) {
        if (!answer.ok()) return PostResult(executor, then, answer);
        // In a cluster every node pauses its own tables as the log says (Tend).
        if (clustered_) {
          return AwaitTablesShow(id, true, std::chrono::steady_clock::now() + kTablesShowBound,
                                 [executor, then, answer] { PostResult(executor, then, answer); });
        }
        PauseTables(id, true, reason,
                    [executor, then] { PostResult(executor, then, TournamentAnswer{}); });
      });
}

void TournamentRunner::Resume(std::int64_t by, std::int64_t id, Executor executor,
                              Then<TournamentAnswer> then) {
  if (events_.DirectorOf(id) != by) {
    return PostResult(executor, then,
                      TournamentAnswer{events_.DirectorOf(id) ? TournamentRefusal::kNotDirector
                                                              : TournamentRefusal::kNoSuchEvent,
                                       "only the event's director resumes it", 0});
  }
  events_.RecordEntry(
      id, Entry(TournamentEvent::Kind::kResumed), strand_,
      [this, id, executor, then](TournamentAnswer answer) {
        if (!answer.ok()) return PostResult(executor, then, answer);
        if (clustered_) {
          return AwaitTablesShow(id, false, std::chrono::steady_clock::now() + kTablesShowBound,
                                 [executor, then, answer] { PostResult(executor, then, answer); });
        }
        PauseTables(id, false, "",
                    [executor, then] { PostResult(executor, then, TournamentAnswer{}); });
      });
}

void TournamentRunner::PauseTables(std::int64_t id, bool pause, std::string reason,
                                   std::function<void()> done) {
  const auto state = events_.State(id);
  if (!state) return done();
  std::vector<std::shared_ptr<Table>> tables;
  for (const auto& [table_id, place] : tables_) {
    if (place.event != id) continue;
    if (auto table = hub_.tables().Find(table_id)) tables.push_back(std::move(table));
  }
  // The round's time limit moves on by the pause (the log says how long it was).
  const std::int64_t deadline =
      state->rounds.empty() ? 0 : RoundDeadline(*state, state->rounds.back());
  auto left = std::make_shared<std::size_t>(tables.size());
  auto finish = [this, id, pause, reason, done = std::move(done)] {
    if (const auto now = events_.State(id)) {
      const auto message = PausedPush(id, pause, reason);
      for (const auto& entrant : now->entrants) Tell(*now, entrant.id, message);
    }
    Reconcile(id);  // the no-show grace stands still while paused, and runs on after
    done();
  };
  if (tables.empty()) return finish();
  for (const auto& table : tables) {
    auto applied = [this, left, finish] {
      OnStrand([left, finish] {
        if (--*left == 0) finish();
      });
    };
    if (pause) {
      table->Pause(reason.empty() ? "the tournament is paused" : reason, applied);
    } else {
      if (deadline > 0) table->SetDeadline(deadline);
      table->Resume(applied);
    }
  }
}

// ---- Telling the players ------------------------------------------------------------------

void TournamentRunner::SignedIn(std::int64_t account_id) {
  OnStrand([this, account_id] {
    // In a cluster the player's table may be played on any node: every event's tables.
    const auto candidates =
        clustered_ ? TablesOfEvents()
                   : std::vector<std::pair<std::string, Place>>(tables_.begin(), tables_.end());
    for (const auto& [table_id, place] : candidates) {
      const auto state = events_.State(place.event);
      const PublishedTable* table = state ? TableAt(*state, place.round, place.table) : nullptr;
      if (!table || table->result || state->finished) continue;
      for (const EntrantId entrant : {table->pairing.first, table->pairing.second}) {
        const auto* record = state->FindEntrant(entrant);
        if (!record ||
            std::count(record->accounts.begin(), record->accounts.end(), account_id) == 0) {
          continue;
        }
        const auto row = events_.Row(place.event);
        const PublishedRound& round = state->rounds[place.round - 1];
        const std::int64_t grace = state->config.play.no_show_grace_ms;
        const auto settings = SettingsFor(place);
        hub_.sanctions().SendTo(
            account_id,
            RoundStartedPush(
                place.event, row ? row->name : "", round, place.table, entrant, table_id, *state,
                RoundDeadline(*state, round),
                grace > 0 ? round.published_ms + round.paused_ms + grace : 0,
                SeatsOf(entrant == table->pairing.first, settings ? settings->seats : 2)));
      }
    }
  });
}

void TournamentRunner::Tell(const TournamentState& state, EntrantId entrant,
                            const std::shared_ptr<const v1::Envelope>& message) {
  if (clustered_ && !noticing_) return;  // told from the log on every node (Notice)
  const auto* record = state.FindEntrant(entrant);
  if (!record) return;
  for (const std::int64_t account : record->accounts) {
    if (account != 0) hub_.sanctions().SendTo(account, message);
  }
}

void TournamentRunner::TellRound(std::int64_t id, const TournamentState& state, const Place& place,
                                 const std::string& table_id) {
  const auto row = events_.Row(id);
  const PublishedTable* table = TableAt(state, place.round, place.table);
  if (!row || !table) return;
  const PublishedRound& round = state.rounds[place.round - 1];
  const std::int64_t grace = state.config.play.no_show_grace_ms;
  const std::int64_t no_show = grace > 0 ? round.published_ms + round.paused_ms + grace : 0;
  const int seats = SettingsFor(place) ? SettingsFor(place)->seats : 2;
  for (const bool first : {true, false}) {
    const EntrantId entrant = first ? table->pairing.first : table->pairing.second;
    Tell(state, entrant,
         RoundStartedPush(id, row->name, round, place.table, entrant, table_id, state,
                          RoundDeadline(state, round), no_show, SeatsOf(first, seats)));
  }
}

void TournamentRunner::TellResult(std::int64_t id, const TournamentState& state,
                                  const Place& place) {
  const PublishedTable* table = TableAt(state, place.round, place.table);
  if (!table || !table->result) return;
  for (const EntrantId entrant : {table->pairing.first, table->pairing.second}) {
    Tell(state, entrant, ResultPush(id, *table, entrant, state));
  }
}

}  // namespace kafenio::server
