#include "server/app/tournament/tournament_view.h"

#include <array>

#include "server/app/tournament/entry_rules.h"
#include "server/app/tournament/tournament_log_codec.h"
#include "server/app/tournament/tournament_settings.h"

namespace kafenio::server {
namespace {

using tournament::EntrantStatus;
using tournament::ResultKind;

constexpr std::array<const char*, 3> kStatuses{"registered", "withdrawn", "disqualified"};
constexpr std::array<const char*, 5> kStages{"main", "losers", "third_place", "grand_final",
                                             "grand_final_reset"};
constexpr std::array<const char*, 6> kMatchStatuses{"waiting",  "ready", "decided",
                                                    "walkover", "empty", "not_needed"};

int SeedRank(const tournament::TournamentState& state, tournament::EntrantId id) {
  for (std::size_t k = 0; k < state.seed_order.size(); ++k) {
    if (state.seed_order[k] == id) return static_cast<int>(k) + 1;
  }
  return 0;
}

void FillRounds(const tournament::TournamentState& state,
                const std::optional<tournament::KnockoutStage>& knockout, v1::TournamentView& out) {
  for (const auto& round : state.rounds) {
    auto& shown = *out.add_rounds();
    shown.set_round(round.round);
    shown.set_by_hand(round.by_hand);
    for (const auto bye : round.byes) shown.add_byes(bye);
    for (std::size_t t = 0; t < round.tables.size(); ++t) {
      const auto& table = round.tables[t];
      auto& cell = *shown.add_tables();
      cell.set_table(static_cast<int>(t));
      cell.set_first(table.pairing.first);
      cell.set_second(table.pairing.second);
      if (knockout && table.bracket_match >= 0 &&
          table.bracket_match < static_cast<int>(knockout->bracket.matches.size())) {
        cell.set_match_label(tournament::MatchLabel(
            knockout->bracket, knockout->bracket.matches[table.bracket_match]));
      }
      cell.set_table_id(table.table_id);
      cell.set_match_id(table.match_id);
      if (!table.result) continue;
      cell.set_result(std::string(ResultKindName(table.result->kind)));
      cell.set_winner(table.result->winner.value_or(0));
      cell.set_first_score(table.result->first_score);
      cell.set_second_score(table.result->second_score);
    }
  }
}

void FillBracket(const tournament::KnockoutStage& knockout, v1::TournamentView& out) {
  for (const auto& match : knockout.bracket.matches) {
    auto& shown = *out.add_bracket();
    shown.set_match(match.id);
    shown.set_stage(kStages[static_cast<int>(match.stage)]);
    shown.set_round(match.round);
    shown.set_label(tournament::MatchLabel(knockout.bracket, match));
    if (match.id >= static_cast<int>(knockout.resolved.size())) continue;
    const auto& resolved = knockout.resolved[match.id];
    const auto status = static_cast<int>(resolved.status);
    shown.set_status(kMatchStatuses[status]);
    shown.set_first(resolved.first.value_or(0));
    shown.set_second(resolved.second.value_or(0));
    shown.set_winner(resolved.winner.value_or(0));
  }
}

}  // namespace

void FillTournamentSummary(const TournamentSnapshot& event, v1::TournamentSummary& out) {
  out.set_tournament_id(event.row.id);
  out.set_name(event.row.name);
  out.set_game(event.row.game);
  out.set_format(std::string(FormatName(event.state.config.format)));
  out.set_state(event.row.state);
  out.set_director_id(event.row.director_id);
  int active = 0;
  for (const auto& entrant : event.state.entrants) active += event.state.Active(entrant.id);
  out.set_entrants(active);
  out.set_registration_limit(event.options.registration_limit);
  out.set_starts_unix_ms(event.row.starts_ms.value_or(0));
  out.set_pairs(event.options.pairs());
  out.set_round(static_cast<int>(event.state.rounds.size()));
  out.set_created_unix_ms(event.row.created_ms);
  out.set_paused(event.state.paused);
}

void FillInvitation(const TournamentSnapshot& event, const PartnerInvite& invite,
                    v1::PartnerInvitation& out) {
  out.set_invitation(invite.number);
  out.set_tournament_id(event.row.id);
  out.set_tournament_name(event.row.name);
  out.set_inviter_id(invite.inviter);
  out.set_inviter_name(invite.inviter_name);
  out.set_invitee_id(invite.invitee);
  out.set_invitee_name(invite.invitee_name);
  out.set_state(invite.state);
  out.set_pair_name(invite.pair_name);
}

void FillTournamentView(const TournamentSnapshot& event, std::int64_t now_ms,
                        v1::TournamentView& out) {
  const auto& state = event.state;
  FillTournamentSummary(event, *out.mutable_summary());
  FillTournamentSettings(event, *out.mutable_settings());
  for (const auto& entrant : state.entrants) {
    auto& shown = *out.add_entrants();
    shown.set_entrant(entrant.id);
    shown.set_name(entrant.name);
    for (const auto account : entrant.accounts) shown.add_account_ids(account);
    shown.set_rating(entrant.rating);
    shown.set_status(kStatuses[static_cast<int>(entrant.status)]);
    shown.set_seed_rank(SeedRank(state, entrant.id));
    shown.set_checked_in(event.desk.Present(entrant));
    shown.set_first_round(entrant.first_round);
    shown.set_manual_rank(entrant.manual_rank);
  }
  for (const auto& [number, invite] : event.desk.invitations()) {
    if (invite.state == "pending") FillInvitation(event, invite, *out.add_invitations());
  }
  const auto knockout = tournament::CurrentKnockout(state);
  FillRounds(state, knockout, out);
  for (const auto tie_break : state.config.tie_breaks) {
    const auto& info = tournament::Describe(tie_break);
    auto& column = *out.add_columns();
    column.set_key(std::string(info.key));
    column.set_name(std::string(info.name));
    column.set_explanation(std::string(info.explanation));
  }
  if (state.started) {
    for (const auto& row : tournament::CurrentStandings(state)) {
      auto& shown = *out.add_standings();
      shown.set_place(row.place);
      shown.set_entrant(row.id);
      for (const double value : row.values) shown.add_values(value);
      shown.set_played(row.played);
      shown.set_wins(row.wins);
      shown.set_draws(row.draws);
      shown.set_losses(row.losses);
      shown.set_byes(row.byes);
    }
  }
  if (knockout) FillBracket(*knockout, out);
  if (const auto opens = CheckInOpensMs(event.row, event.options)) {
    out.set_check_in_opens_unix_ms(*opens);
    out.set_check_in_open(!state.started && now_ms >= *opens);
  }
}

}  // namespace kafenio::server
