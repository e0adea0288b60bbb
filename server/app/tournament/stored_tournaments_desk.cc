// StoredTournaments' registration desk (partners' invitations and check-in) and its
// readers of whole events. Like every change to an event, each request is decided against
// the stored state and answered once its log entries are durable.
#include <algorithm>

#include "server/app/tournament/entry_rules.h"
#include "server/app/tournament/stored_tournaments.h"
#include "server/app/tournament/tournament_verify.h"

namespace kafenio::server {
namespace {

using tournament::TournamentEvent;
using tournament::TournamentState;
using Kind = TournamentEvent::Kind;

TournamentAnswer Refusal(TournamentRefusal why, std::string message) {
  return TournamentAnswer{why, std::move(message), 0};
}

bool Registered(const TournamentState& state, std::int64_t account) {
  for (const auto& entrant : state.entrants) {
    if (state.Active(entrant.id) &&
        std::count(entrant.accounts.begin(), entrant.accounts.end(), account) > 0) {
      return true;
    }
  }
  return false;
}

// Entry is open before the start, and after it only while a Swiss takes late entries.
std::string EntryNotOpen(const TournamentState& state) {
  if (state.finished) return "the event is over";
  if (!state.started) return {};
  const int next_round = static_cast<int>(state.rounds.size()) + 1;
  if (state.config.format == tournament::Format::kSwiss &&
      next_round <= state.config.late_entry_until_round) {
    return {};
  }
  return "the event has started: entry is closed";
}

}  // namespace

void StoredTournaments::Invite(const Identity& by, std::int64_t id, const Identity& invitee,
                               std::string pair_name, Executor executor,
                               Then<TournamentAnswer> then) {
  Submit(
      id,
      [this, id, by, invitee, pair_name = std::move(pair_name)](const TournamentState& state) {
        Change change;
        const Event* event = EventLocked(id);
        if (!event->options.pairs()) {
          change.refusal = Refusal(TournamentRefusal::kBadRequest,
                                   "entrants of this event are players, not pairs");
        } else if (auto closed = EntryNotOpen(state); !closed.empty()) {
          change.refusal = Refusal(TournamentRefusal::kNotAllowed, closed);
        } else if (invitee.account_id == by.account_id) {
          change.refusal = Refusal(TournamentRefusal::kEntryRefused, "invite someone else");
        } else if (Registered(state, by.account_id) || event->desk.PendingOf(by.account_id)) {
          change.refusal = Refusal(TournamentRefusal::kEntryRefused,
                                   "you are already entered or invited in this event");
        } else if (Registered(state, invitee.account_id) ||
                   event->desk.PendingOf(invitee.account_id)) {
          change.refusal = Refusal(TournamentRefusal::kEntryRefused,
                                   invitee.name + " is already entered or invited in this event");
        } else if (auto full = EntryClosed(state, event->options); !full.empty()) {
          change.refusal = Refusal(TournamentRefusal::kNotAllowed, full);
        }
        if (!change.refusal.ok()) return change;
        TournamentEvent invited;
        invited.kind = Kind::kInvited;
        invited.entrant = event->desk.NextNumber();
        invited.accounts = {by.account_id, invitee.account_id};
        invited.names = {by.name, invitee.name};
        invited.name = pair_name.empty() ? by.name + " & " + invitee.name : pair_name;
        change.entries.push_back(invited);
        change.answer_id = invited.entrant;
        return change;
      },
      std::move(executor), std::move(then));
}

void StoredTournaments::AnswerInvitation(std::int64_t by, std::int64_t id, int invitation,
                                         std::string answer, double rating, Executor executor,
                                         Then<TournamentAnswer> then) {
  Submit(
      id,
      [this, id, by, invitation, answer = std::move(answer), rating](const TournamentState& state) {
        Change change;
        const Event* event = EventLocked(id);
        const PartnerInvite* invite = event->desk.Find(invitation);
        const bool mine = invite && invite->state == "pending" &&
                          (answer == "cancelled" ? invite->inviter == by : invite->invitee == by);
        if (answer != "accepted" && answer != "declined" && answer != "cancelled") {
          change.refusal = Refusal(TournamentRefusal::kBadRequest, "no such answer");
          return change;
        }
        if (!mine) {
          change.refusal = Refusal(TournamentRefusal::kNoSuchInvitation,
                                   "no pending invitation of that number for you");
          return change;
        }
        TournamentEvent answered;
        answered.kind = Kind::kInvitationAnswered;
        answered.entrant = invitation;
        answered.name = answer;
        change.entries.push_back(answered);
        if (answer != "accepted") return change;
        if (auto closed = EntryNotOpen(state); !closed.empty()) {
          change.refusal = Refusal(TournamentRefusal::kNotAllowed, closed);
        } else if (auto full = EntryClosed(state, event->options); !full.empty()) {
          change.refusal = Refusal(TournamentRefusal::kNotAllowed, full);
        } else if (Registered(state, invite->inviter) || Registered(state, invite->invitee)) {
          change.refusal = Refusal(TournamentRefusal::kEntryRefused, "already registered");
        }
        if (!change.refusal.ok()) return change;
        TournamentEvent added;
        added.kind = Kind::kEntrantAdded;
        added.entrant = 1;
        for (const auto& entrant : state.entrants) {
          added.entrant = std::max(added.entrant, entrant.id + 1);
        }
        added.name = invite->pair_name;
        added.accounts = {invite->inviter, invite->invitee};
        added.rating = rating;
        TournamentState after = state;
        if (auto error = tournament::Apply(after, added); !error.empty()) {
          change.refusal = Refusal(TournamentRefusal::kNotAllowed, error);
          return change;
        }
        change.entries.push_back(added);
        change.answer_id = added.entrant;
        return change;
      },
      std::move(executor), std::move(then));
}

void StoredTournaments::CheckIn(std::int64_t by, std::int64_t id, Executor executor,
                                Then<TournamentAnswer> then) {
  Submit(
      id,
      [this, id, by](const TournamentState& state) {
        Change change;
        const Event* event = EventLocked(id);
        const auto opens = CheckInOpensMs(event->row, event->options);
        if (!opens) {
          change.refusal = Refusal(TournamentRefusal::kNotAllowed, "this event has no check-in");
        } else if (state.started) {
          change.refusal = Refusal(TournamentRefusal::kNotAllowed, "the event has started");
        } else if (clock_.NowMs() < *opens) {
          change.refusal = Refusal(TournamentRefusal::kNotAllowed,
                                   CheckInNotYetOpen(event->row, event->options, clock_.NowMs()));
        } else if (!Registered(state, by)) {
          change.refusal =
              Refusal(TournamentRefusal::kEntryRefused, "you are not entered in this event");
        }
        if (!change.refusal.ok() || event->desk.CheckedIn(by)) return change;
        TournamentEvent checked;
        checked.kind = Kind::kCheckedIn;
        checked.accounts = {by};
        change.entries.push_back(checked);
        return change;
      },
      std::move(executor), std::move(then));
}

std::optional<TournamentSnapshot> StoredTournaments::Snapshot(std::int64_t id) const {
  std::lock_guard lock(mutex_);
  const Event* event = EventLocked(id);
  if (!event) return std::nullopt;
  return TournamentSnapshot{event->row, event->state, event->options, event->desk};
}

std::vector<TournamentSnapshot> StoredTournaments::InState(const std::string& state,
                                                           int limit) const {
  std::lock_guard lock(mutex_);
  std::vector<TournamentSnapshot> found;
  for (auto it = events_.rbegin(); it != events_.rend() && static_cast<int>(found.size()) < limit;
       ++it) {
    const Event& event = it->second;
    if (event.row.state != state) continue;
    found.push_back({event.row, event.state, event.options, event.desk});
  }
  return found;
}

std::optional<TournamentSnapshot> StoredTournaments::ReadSnapshot(std::int64_t id) const {
  if (auto in_memory = Snapshot(id)) return in_memory;
  auto log = ReadStoredTournament(store_, id);
  if (!log || !log->config) return std::nullopt;
  TournamentSnapshot snapshot;
  snapshot.state = tournament::Replay(*log->config, log->events);
  for (const auto& entry : log->events) snapshot.desk.Apply(entry);
  snapshot.options = DecodeEventOptions(log->row.settings).value_or(EventOptions{});
  snapshot.row = std::move(log->row);
  return snapshot;
}

std::vector<TournamentSnapshot> StoredTournaments::ReadFinished(int limit) const {
  std::vector<TournamentSnapshot> found;
  for (const auto& row : store_.ListTournaments("finished", limit)) {
    if (auto snapshot = ReadSnapshot(row.id)) found.push_back(std::move(*snapshot));
  }
  return found;
}

}  // namespace kafenio::server
