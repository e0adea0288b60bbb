// The registration desk's log entries (invitations, answers, check-ins) through the codec
// and back, folded by RegistrationDesk; an event's play options stored beside the core's
// settings, which the core's decoder still reads.
#include <catch2/catch.hpp>

#include "server/app/tournament/event_options.h"
#include "server/app/tournament/registration_desk.h"
#include "server/app/tournament/tournament_log_codec.h"

namespace kafenio::server {
namespace {

using Kind = tournament::TournamentEvent::Kind;

tournament::TournamentEvent RoundTrip(const tournament::TournamentEvent& event) {
  const auto back =
      DecodeTournamentEvent(TournamentEventKind(event.kind), EncodeTournamentEvent(event));
  REQUIRE(back);
  return *back;
}

TEST_CASE("invitations and check-ins round-trip and fold into the desk", "[tournament]") {
  tournament::TournamentEvent invited;
  invited.kind = Kind::kInvited;
  invited.entrant = 1;
  invited.accounts = {7, 9};
  invited.names = {"Γιώργος", "Ελένη"};
  invited.name = "Γιώργος & Ελένη";
  tournament::TournamentEvent answered;
  answered.kind = Kind::kInvitationAnswered;
  answered.entrant = 1;
  answered.name = "accepted";
  tournament::TournamentEvent checked;
  checked.kind = Kind::kCheckedIn;
  checked.accounts = {7};

  RegistrationDesk desk;
  desk.Apply(RoundTrip(invited));
  REQUIRE(desk.PendingOf(9));
  CHECK(desk.PendingOf(9)->inviter_name == "Γιώργος");
  CHECK(desk.NextNumber() == 2);
  desk.Apply(RoundTrip(answered));
  CHECK_FALSE(desk.PendingOf(7));
  CHECK(desk.Find(1)->state == "accepted");
  desk.Apply(RoundTrip(checked));
  tournament::EntrantRecord pair;
  pair.accounts = {7, 9};
  CHECK_FALSE(desk.Present(pair));  // one of two checked in
  checked.accounts = {9};
  desk.Apply(RoundTrip(checked));
  CHECK(desk.Present(pair));
  tournament::EntrantRecord bot;
  bot.accounts = {0};
  CHECK(desk.Present(bot));

  // The core state takes them as they are.
  tournament::TournamentState state;
  CHECK(tournament::Apply(state, invited).empty());
  CHECK(tournament::Apply(state, checked).empty());
  CHECK(state.entrants.empty());
}

TEST_CASE("an event's play options sit beside the core settings", "[tournament]") {
  tournament::TournamentConfig config;
  config.swiss_rounds = 7;
  EventOptions options;
  options.preset = "cyprus";
  options.options = {"nt_at_bids=1"};
  options.seats = 4;
  options.unit = {151, 0};
  options.final_unit = {351, 0};
  options.round_time_limit_minutes = 50;
  options.duplicate_deals = true;
  options.registration_limit = 32;
  options.rated_only = true;
  options.min_rating = 1400;
  options.check_in_minutes = 30;
  const std::string stored = SettingsWithOptions(EncodeTournamentSettings(config), options);
  const auto core = DecodeTournamentSettings(stored, 5);
  REQUIRE(core);
  CHECK(core->swiss_rounds == 7);
  const auto back = DecodeEventOptions(stored);
  REQUIRE(back);
  CHECK(EncodeEventOptions(*back) == EncodeEventOptions(options));
  CHECK(back->pairs());
  // An event stored before play options has the defaults.
  CHECK(DecodeEventOptions(EncodeTournamentSettings(config))->unit.target == 0);
}

}  // namespace
}  // namespace kafenio::server
