// The tournament requests (docs/tournaments.md, "Protocol"): players create, list, read,
// enter (alone, or as a pair by inviting a partner), withdraw from and check in to events;
// directors use their powers. Every change goes through StoredTournaments, which stores it
// before it is answered; the answer to a change is the event in full. Lookups of players
// and their ratings read storage, so they run on the read pool.
#include "server/app/hub.h"
#include "server/app/tournament/entry_rules.h"
#include "server/app/tournament/tournament_refusal_code.h"
#include "server/app/tournament/tournament_settings.h"
#include "server/app/tournament/tournament_view.h"
#include "server/rating/rating_modes.h"

namespace kafenio::server {
namespace {

using B = v1::Envelope::BodyCase;

constexpr int kDefaultListLimit = 20;
constexpr int kLongestList = 100;

std::int64_t TournamentIdOf(const v1::Envelope& request) {
  switch (request.body_case()) {
    case B::kGetTournament:
      return request.get_tournament().tournament_id();
    case B::kEnterTournament:
      return request.enter_tournament().tournament_id();
    case B::kWithdrawFromTournament:
      return request.withdraw_from_tournament().tournament_id();
    case B::kAnswerInvitation:
      return request.answer_invitation().tournament_id();
    case B::kCheckIn:
      return request.check_in().tournament_id();
    case B::kDirectTournament:
      return request.direct_tournament().tournament_id();
    default:
      return 0;
  }
}

// A player's rating in the event's game and size (1500 and unrated when never played).
struct PlayerStanding {
  double rating = 1500;
  bool rated = false;
};

PlayerStanding RatingIn(ResultsStore& results, const TournamentSnapshot& event,
                        std::int64_t account) {
  const auto mode = rating::RatingMode(event.row.game, event.options.seats);
  PlayerStanding standing;
  if (!mode) return standing;
  for (const auto& record : results.RatingsOf(account)) {
    if (record.mode == *mode) {
      standing.rating = record.rating;
      standing.rated = record.matches > 0;
    }
  }
  return standing;
}

// The caller's active entrant in the event, if any.
std::optional<tournament::EntrantId> EntrantOf(const TournamentSnapshot& event,
                                               std::int64_t account) {
  for (const auto& entrant : event.state.entrants) {
    if (!event.state.Active(entrant.id)) continue;
    for (const auto player : entrant.accounts) {
      if (player == account) return entrant.id;
    }
  }
  return std::nullopt;
}

std::optional<tournament::PublishedRound> RoundFromWire(const TournamentSnapshot& event,
                                                        const v1::TournamentRound& wire) {
  if (event.state.rounds.empty()) return std::nullopt;
  const auto& current = event.state.rounds.back();
  tournament::PublishedRound round;
  round.round = current.round;
  for (int k = 0; k < wire.tables_size(); ++k) {
    tournament::PublishedTable table;
    table.pairing = {wire.tables(k).first(), wire.tables(k).second()};
    table.bracket_match =
        k < static_cast<int>(current.tables.size()) ? current.tables[k].bracket_match : -1;
    round.tables.push_back(table);
  }
  round.byes.assign(wire.byes().begin(), wire.byes().end());
  return round;
}

}  // namespace

bool Hub::IsTournamentRequest(v1::Envelope::BodyCase body) {
  switch (body) {
    case B::kCreateTournament:
    case B::kListTournaments:
    case B::kGetTournament:
    case B::kEnterTournament:
    case B::kWithdrawFromTournament:
    case B::kAnswerInvitation:
    case B::kListInvitations:
    case B::kCheckIn:
    case B::kDirectTournament:
      return true;
    default:
      return false;
  }
}

void Hub::TournamentRequest(ClientContext& client, const std::shared_ptr<Peer>& peer,
                            const v1::Envelope& request) {
  const std::string rid = request.request_id();
  if (!tournaments_) {
    return Refuse(peer, rid, v1::UNKNOWN_TOURNAMENT, "this server runs no tournaments");
  }
  StoredTournaments& events = *tournaments_;
  const B body = request.body_case();

  // Answers a change with the event as it now stands.
  auto answer_with_event = [this, peer, rid, &events](std::int64_t id) {
    return [this, peer, rid, id, &events](TournamentAnswer answer) {
      if (!answer.ok())
        return Refuse(peer, rid, TournamentErrorCode(answer.refusal), answer.message);
      const auto snapshot = events.Snapshot(id);
      auto reply = std::make_shared<v1::Envelope>();
      reply->set_request_id(rid);
      if (snapshot) FillTournamentView(*snapshot, clock().NowMs(), *reply->mutable_tournament());
      peer->Deliver(reply);
    };
  };
  // Runs a read off the I/O threads, or refuses when too many wait.
  auto read = [this, peer, rid](std::function<void()> job) {
    if (!reads_.TrySubmit(std::move(job))) {
      Refuse(peer, rid, v1::RATE_LIMITED, "the server is busy reading: try again in a moment");
    }
  };

  if (body == B::kListTournaments) {
    const auto& list = request.list_tournaments();
    const std::string state = list.state().empty() ? "registering" : list.state();
    const int limit = list.limit() == 0 ? kDefaultListLimit : list.limit();
    if (state != "registering" && state != "running" && state != "finished") {
      return Refuse(peer, rid, v1::BAD_REQUEST, "state is registering, running or finished");
    }
    if (limit < 1 || limit > kLongestList) {
      return Refuse(peer, rid, v1::BAD_REQUEST, "limit is 1 to 100");
    }
    return read([peer, rid, state, limit, &events] {
      const auto found =
          state == "finished" ? events.ReadFinished(limit) : events.InState(state, limit);
      auto reply = std::make_shared<v1::Envelope>();
      reply->set_request_id(rid);
      auto& shown = *reply->mutable_tournament_list();
      for (const auto& event : found) FillTournamentSummary(event, *shown.add_tournaments());
      peer->Deliver(reply);
    });
  }
  if (body == B::kGetTournament) {
    const std::int64_t id = request.get_tournament().tournament_id();
    return read([this, peer, rid, id, &events] {
      const auto snapshot = events.ReadSnapshot(id);
      if (!snapshot) return Refuse(peer, rid, v1::UNKNOWN_TOURNAMENT, "no such event");
      auto reply = std::make_shared<v1::Envelope>();
      reply->set_request_id(rid);
      auto& view = *reply->mutable_tournament();
      FillTournamentView(*snapshot, clock().NowMs(), view);
      if (const auto director = services_.accounts.FindAccount(snapshot->row.director_id)) {
        view.set_director_name(director->name);
      }
      peer->Deliver(reply);
    });
  }
  if (!client.who) return Refuse(peer, rid, v1::NOT_SIGNED_IN, "sign in first");
  const Identity who = *client.who;
  const auto strand = client.strand;

  if (body == B::kCreateTournament) {
    // Events are run by players with an account: a guest's event would lose its director
    // when the guest leaves.
    if (who.guest) {
      return Refuse(peer, rid, v1::REGISTERED_ONLY, "register to create a tournament");
    }
    auto check =
        CheckTournamentSettings(request.create_tournament().settings(), config(), clock().NowMs());
    if (check.code != v1::ERROR_UNSPECIFIED) return Refuse(peer, rid, check.code, check.error);
    return events.Create(
        who.account_id, std::move(check.event), strand,
        [answer_with_event](TournamentAnswer answer) { answer_with_event(answer.id)(answer); });
  }
  if (body == B::kListInvitations) {
    auto reply = std::make_shared<v1::Envelope>();
    reply->set_request_id(rid);
    auto& shown = *reply->mutable_invitations();
    for (const char* state : {"registering", "running"}) {
      for (const auto& event : events.InState(state, 100000)) {
        for (const auto& [number, invite] : event.desk.invitations()) {
          if (invite.state == "pending" &&
              (invite.inviter == who.account_id || invite.invitee == who.account_id)) {
            FillInvitation(event, invite, *shown.add_invitations());
          }
        }
      }
    }
    return peer->Deliver(reply);
  }

  const std::int64_t id = TournamentIdOf(request);
  const auto event = events.Snapshot(id);
  if (!event) return Refuse(peer, rid, v1::UNKNOWN_TOURNAMENT, "no such event");
  switch (body) {
    case B::kEnterTournament: {
      if (who.guest) {
        return Refuse(peer, rid, v1::REGISTERED_ONLY, "register to enter a tournament");
      }
      const auto& enter = request.enter_tournament();
      if (event->options.pairs() && enter.partner_name().empty()) {
        return Refuse(peer, rid, v1::BAD_REQUEST,
                      "entrants of this event are pairs: name your partner (partner_name)");
      }
      if (!event->options.pairs() && !enter.partner_name().empty()) {
        return Refuse(peer, rid, v1::BAD_REQUEST, "entrants of this event are players");
      }
      return read([this, peer, rid, id, who, strand, enter, event = *event, answer_with_event,
                   &events] {
        const auto mine = RatingIn(services_.results, event, who.account_id);
        if (auto refused = RatingRefused(event.options, mine.rating, mine.rated);
            !refused.empty()) {
          return Refuse(peer, rid, v1::ENTRY_REFUSED, refused);
        }
        if (!event.options.pairs()) {
          return events.AddEntrant(who.account_id, id, who.name, {who.account_id}, mine.rating,
                                   strand, answer_with_event(id));
        }
        const auto partner = services_.accounts.FindAccountByName(enter.partner_name());
        if (!partner) {
          return Refuse(peer, rid, v1::UNKNOWN_PLAYER, "no player named " + enter.partner_name());
        }
        if (partner->guest) {
          return Refuse(peer, rid, v1::REGISTERED_ONLY, "a partner must be a registered player");
        }
        const Identity invitee{partner->id, partner->name, false};
        events.Invite(who, id, invitee, enter.pair_name(), strand,
                      [this, id, invitee, answer_with_event, &events](TournamentAnswer answer) {
                        if (answer.ok()) {
                          const auto now = events.Snapshot(id);
                          const auto* invite =
                              now ? now->desk.Find(static_cast<int>(answer.id)) : nullptr;
                          if (invite) {
                            auto push = std::make_shared<v1::Envelope>();
                            FillInvitation(*now, *invite, *push->mutable_partner_invitation());
                            sanctions_.SendTo(invitee.account_id, push);
                          }
                        }
                        answer_with_event(id)(answer);
                      });
      });
    }
    case B::kWithdrawFromTournament: {
      if (const auto entrant = EntrantOf(*event, who.account_id)) {
        return events.RemoveEntrant(who.account_id, id, *entrant, false, strand,
                                    answer_with_event(id));
      }
      if (const auto* invite = event->desk.PendingOf(who.account_id)) {
        return events.AnswerInvitation(who.account_id, id, invite->number,
                                       invite->inviter == who.account_id ? "cancelled" : "declined",
                                       0, strand, answer_with_event(id));
      }
      return Refuse(peer, rid, v1::ENTRY_REFUSED, "you are not entered in this event");
    }
    case B::kAnswerInvitation: {
      const auto& answer = request.answer_invitation();
      const auto* invite = event->desk.Find(answer.invitation());
      if (!invite || invite->invitee != who.account_id || invite->state != "pending") {
        return Refuse(peer, rid, v1::UNKNOWN_INVITATION,
                      "no pending invitation of that number for you");
      }
      // The inviter hears the answer too.
      auto tell_inviter = [this, id, number = invite->number, inviter = invite->inviter,
                           answer_with_event, &events](TournamentAnswer result) {
        if (result.ok()) {
          const auto now = events.Snapshot(id);
          if (const auto* done = now ? now->desk.Find(number) : nullptr) {
            auto push = std::make_shared<v1::Envelope>();
            FillInvitation(*now, *done, *push->mutable_partner_invitation());
            sanctions_.SendTo(inviter, push);
          }
        }
        answer_with_event(id)(result);
      };
      if (!answer.accept()) {
        return events.AnswerInvitation(who.account_id, id, invite->number, "declined", 0, strand,
                                       tell_inviter);
      }
      return read([this, peer, rid, id, who, strand, event = *event, number = invite->number,
                   inviter = invite->inviter, tell_inviter, &events] {
        const auto mine = RatingIn(services_.results, event, who.account_id);
        const auto theirs = RatingIn(services_.results, event, inviter);
        const double team = (mine.rating + theirs.rating) / 2;
        std::string refused = RatingRefused(event.options, mine.rating, mine.rated);
        if (refused.empty()) refused = RatingRefused(event.options, team, theirs.rated);
        if (!refused.empty()) return Refuse(peer, rid, v1::ENTRY_REFUSED, refused);
        events.AnswerInvitation(who.account_id, id, number, "accepted", team, strand, tell_inviter);
      });
    }
    case B::kCheckIn:
      return events.CheckIn(who.account_id, id, strand, answer_with_event(id));
    case B::kDirectTournament:
      break;
    default:
      return Refuse(peer, rid, v1::BAD_REQUEST, "that message is not a request");
  }

  // The director's powers.
  if (event->row.director_id != who.account_id) {
    return Refuse(peer, rid, v1::NOT_TOURNAMENT_DIRECTOR, "only the event's director may do that");
  }
  DirectTournament(who.account_id, *event, request.direct_tournament(), strand,
                   [this, peer, rid, answer = answer_with_event(id)](v1::ErrorCode code,
                                                                     const std::string& message) {
                     if (code != v1::ERROR_UNSPECIFIED) return Refuse(peer, rid, code, message);
                     answer(TournamentAnswer{});
                   });
}

void Hub::DirectTournament(std::int64_t by, const TournamentSnapshot& event,
                           const v1::DirectTournament& direct, const Executor& strand,
                           DirectorDone done) {
  StoredTournaments& events = *tournaments_;
  const std::int64_t id = event.row.id;
  auto answer = [done](TournamentAnswer result) {
    if (!result.ok()) return done(TournamentErrorCode(result.refusal), result.message);
    done(v1::ERROR_UNSPECIFIED, "");
  };
  const std::string& action = direct.action();
  if (action == "start") return events.Start(by, id, strand, answer);
  if (action == "end_early") return events.EndEarly(by, id, strand, answer);
  if (action == "remove_entrant" || action == "disqualify") {
    return events.RemoveEntrant(by, id, direct.entrant(), action == "disqualify", strand, answer);
  }
  if (action == "replace_round") {
    const auto round = RoundFromWire(event, direct.round());
    if (!round) return done(v1::TOURNAMENT_STATE, "no round has been published");
    return events.ReplaceRound(by, id, *round, strand, answer);
  }
  if (action == "add_entrant") {
    if (direct.player_name().empty() || event.options.pairs() == direct.partner_name().empty()) {
      return done(v1::BAD_REQUEST, event.options.pairs()
                                       ? "name both players (player_name, partner_name)"
                                       : "name the player (player_name) alone");
    }
    const bool admitted =
        reads_.TrySubmit([this, by, id, strand, direct, event, answer, done, &events] {
          std::vector<std::int64_t> accounts;
          std::vector<std::string> names;
          double rating = 0;
          for (const auto& name : {direct.player_name(), direct.partner_name()}) {
            if (name.empty()) continue;
            const auto player = services_.accounts.FindAccountByName(name);
            if (!player) return done(v1::UNKNOWN_PLAYER, "no player named " + name);
            if (player->guest)
              return done(v1::REGISTERED_ONLY, name + " is a guest: players register");
            accounts.push_back(player->id);
            names.push_back(player->name);
            rating += RatingIn(services_.results, event, player->id).rating;
          }
          rating /= static_cast<double>(accounts.size());
          const std::string entrant_name =
              names.size() == 2 ? names[0] + " & " + names[1] : names[0];
          events.AddEntrant(by, id, entrant_name, accounts, rating, strand, answer);
        });
    if (!admitted) done(v1::RATE_LIMITED, "the server is busy reading: try again in a moment");
    return;
  }
  if (action == "add_bot") {
    // An entrant the server's bots play (accounts 0, docs/tournaments.md "Bot entrants"):
    // an odd field's extra entrant, or a practice event. Rated as a newcomer.
    const int number = static_cast<int>(event.state.entrants.size()) + 1;
    const std::string name =
        direct.player_name().empty() ? "Bot " + std::to_string(number) : direct.player_name();
    std::vector<std::int64_t> accounts(event.options.pairs() ? 2 : 1, 0);
    return events.AddEntrant(by, id, name, std::move(accounts), 1500, strand, answer);
  }
  if (action == "forbid_pair" || action == "allow_pair") {
    // Club mates, relatives: kept apart by the Swiss pairing from the next round on.
    const auto& state = event.state;
    if (state.config.format != tournament::Format::kSwiss) {
      return done(v1::BAD_REQUEST, "forbidden pairs are for a Swiss");
    }
    if (direct.entrant() == direct.other_entrant() || !state.FindEntrant(direct.entrant()) ||
        !state.FindEntrant(direct.other_entrant())) {
      return done(v1::BAD_REQUEST, "name two entrants of the event (entrant, other_entrant)");
    }
    tournament::TournamentEvent entry;
    entry.kind = action == "forbid_pair" ? tournament::TournamentEvent::Kind::kPairForbidden
                                         : tournament::TournamentEvent::Kind::kPairAllowed;
    entry.entrant = direct.entrant();
    entry.other = direct.other_entrant();
    return events.Arrange(by, id, entry, strand, answer);
  }
  if (action == "set_rank") {
    // Manual seeding: the director's order, fixed at the start.
    if (event.state.config.seeding != tournament::SeedingMethod::kManual) {
      return done(v1::BAD_REQUEST, "the event is not seeded by hand");
    }
    if (!event.state.FindEntrant(direct.entrant()) || direct.rank() < 1) {
      return done(v1::BAD_REQUEST, "name an entrant and a rank of 1 or more");
    }
    tournament::TournamentEvent entry;
    entry.kind = tournament::TournamentEvent::Kind::kRanked;
    entry.entrant = direct.entrant();
    entry.manual_rank = direct.rank();
    return events.Arrange(by, id, entry, strand, answer);
  }
  done(v1::BAD_REQUEST,
       "action is start, add_entrant, add_bot, remove_entrant, disqualify, replace_round, "
       "forbid_pair, allow_pair, set_rank or end_early");
}

}  // namespace kafenio::server
