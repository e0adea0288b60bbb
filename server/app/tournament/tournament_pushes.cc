#include "server/app/tournament/tournament_pushes.h"

#include "server/tournament/match_points.h"

namespace kafenio::server {
namespace {

std::string NameOf(const tournament::TournamentState& state, tournament::EntrantId entrant) {
  const auto* record = state.FindEntrant(entrant);
  return record ? record->name : std::string();
}

double PointsOf(const tournament::TournamentState& state, tournament::EntrantId entrant) {
  return tournament::TotalMatchPoints(state.Results(), entrant, state.config.points);
}

}  // namespace

Push RoundStartedPush(std::int64_t id, const std::string& name,
                      const tournament::PublishedRound& round, int table,
                      tournament::EntrantId entrant, const std::string& table_id,
                      const tournament::TournamentState& state, std::int64_t deadline_ms,
                      std::int64_t no_show_ms, const std::vector<int>& seats) {
  auto message = std::make_shared<v1::Envelope>();
  auto& push = *message->mutable_tournament_round_started();
  push.set_tournament_id(id);
  push.set_tournament_name(name);
  push.set_round(round.round);
  push.set_bye(table < 0);
  if (table >= 0) {
    const auto& pairing = round.tables[static_cast<std::size_t>(table)].pairing;
    push.set_table_number(table + 1);
    push.set_table_id(table_id);
    for (const int seat : seats) push.add_seats(seat);
    push.set_opponent(NameOf(state, pairing.first == entrant ? pairing.second : pairing.first));
    push.set_deadline_unix_ms(deadline_ms);
    push.set_no_show_unix_ms(no_show_ms);
  }
  return message;
}

Push ResultPush(std::int64_t id, const tournament::PublishedTable& table,
                tournament::EntrantId entrant, const tournament::TournamentState& state) {
  auto message = std::make_shared<v1::Envelope>();
  auto& push = *message->mutable_tournament_match_result();
  const tournament::MatchResult& result = *table.result;
  const bool first = table.pairing.first == entrant;
  push.set_tournament_id(id);
  push.set_round(result.round);
  push.set_table_id(table.table_id);
  push.set_kind(result.kind == tournament::ResultKind::kForfeit ? "forfeit" : "played");
  push.set_outcome(!result.winner ? "draw" : *result.winner == entrant ? "win" : "loss");
  push.set_your_score(first ? result.first_score : result.second_score);
  push.set_their_score(first ? result.second_score : result.first_score);
  push.set_opponent(NameOf(state, first ? table.pairing.second : table.pairing.first));
  push.set_points(PointsOf(state, entrant));
  return message;
}

Push ByeResultPush(std::int64_t id, int round, tournament::EntrantId entrant,
                   const tournament::TournamentState& state) {
  auto message = std::make_shared<v1::Envelope>();
  auto& push = *message->mutable_tournament_match_result();
  push.set_tournament_id(id);
  push.set_round(round);
  push.set_kind("bye");
  const double bye = tournament::ByeScoreValue(state.config.points.bye);
  push.set_outcome(bye >= 1 ? "win" : bye > 0 ? "draw" : "loss");
  push.set_points(PointsOf(state, entrant));
  return message;
}

Push FinishedPush(std::int64_t id, const std::string& name, tournament::EntrantId entrant,
                  const std::vector<tournament::StandingRow>& standings) {
  auto message = std::make_shared<v1::Envelope>();
  auto& push = *message->mutable_tournament_finished();
  push.set_tournament_id(id);
  push.set_tournament_name(name);
  push.set_entrants(static_cast<int>(standings.size()));
  for (const auto& row : standings) {
    if (row.id == entrant) push.set_place(row.place);
  }
  return message;
}

Push PausedPush(std::int64_t id, bool paused, const std::string& reason) {
  auto message = std::make_shared<v1::Envelope>();
  auto& push = *message->mutable_tournament_paused();
  push.set_tournament_id(id);
  push.set_paused(paused);
  push.set_reason(reason);
  return message;
}

}  // namespace kafenio::server
