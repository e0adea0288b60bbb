// Seating: the seat rules without a table around them.
#include "server/app/table/seating.h"

#include <catch2/catch.hpp>

namespace kafenio::server {
namespace {

const Identity kAnna{1, "anna", false};
const Identity kPetros{2, "petros", false};
const Identity kGuest{3, "guest#ab", true};

TEST_CASE("players sit in free seats, one seat each, and bots fill the rest") {
  Seating seating(4, false);
  CHECK_FALSE(seating.Sit(kAnna, 0, false));
  CHECK(seating.SeatOf(1) == 0);
  CHECK_FALSE(seating.Sit(kAnna, 0, false));  // already there: nothing to refuse
  CHECK(seating.Sit(kPetros, 0, false).code == v1::SEAT_TAKEN);
  CHECK(seating.Sit(kAnna, 1, false).code == v1::SEAT_TAKEN);  // one seat each
  CHECK(seating.Sit(kPetros, 4, false).code == v1::BAD_REQUEST);
  CHECK(seating.Sit(kPetros, 1, true).code == v1::MATCH_IN_PROGRESS);
  CHECK_FALSE(seating.AddBot(1, false));
  CHECK(seating.AddBot(1, false).code == v1::SEAT_TAKEN);
  CHECK_FALSE(seating.Sit(kPetros, 1, false));  // a player takes a bot's seat
  CHECK(seating[1].IsPlayer(2));
  CHECK(seating.Stand(3, false).code == v1::NOT_YOUR_SEAT);
  CHECK(seating.Stand(2, true).code == v1::MATCH_IN_PROGRESS);
  CHECK_FALSE(seating.Stand(2, false));
  CHECK(seating[1].kind == Seat::Kind::empty);
}

TEST_CASE("a rated table seats registered players only, and a guest or a bot unrates a match") {
  Seating seating(2, true);
  CHECK(seating.Sit(kGuest, 0, false).code == v1::REGISTERED_ONLY);
  CHECK_FALSE(seating.Sit(kAnna, 0, false));
  CHECK_FALSE(seating.Sit(kPetros, 1, false));
  CHECK(seating.MatchIsRated());
  CHECK_FALSE(seating.Stand(2, false));
  CHECK_FALSE(seating.AddBot(1, false));
  CHECK_FALSE(seating.MatchIsRated());
  CHECK_FALSE(Seating(2, false).MatchIsRated());
}

TEST_CASE("a match starts when every seat is taken and ready; bots are always ready") {
  Seating seating(2, false);
  CHECK_FALSE(seating.AllReady());
  CHECK_FALSE(seating.Sit(kAnna, 0, false));
  CHECK_FALSE(seating.AddBot(1, false));
  CHECK_FALSE(seating.AllReady());
  CHECK(seating.SetReady(2, true).code == v1::NOT_YOUR_SEAT);
  CHECK_FALSE(seating.SetReady(1, true));
  CHECK(seating.AllReady());
  seating.UnreadyPlayers();
  CHECK_FALSE(seating.AllReady());
}

TEST_CASE("holds: who abandoned, what is stored, and what a match's end gives up") {
  Seating seating(4, false);
  for (int seat = 0; seat < 4; ++seat) {
    REQUIRE_FALSE(seating.Sit(
        Identity{seat + 1, std::string(1, static_cast<char>('a' + seat)), false}, seat, false));
    REQUIRE_FALSE(seating.SetReady(seat + 1, true));
  }
  CHECK(seating.AbandonedBy() == -1);
  CHECK(seating.SetHold(1, SeatHold{.bot_holding = true, .left = true, .timeouts = 0}));
  CHECK_FALSE(seating.SetHold(1, SeatHold{.bot_holding = true, .left = true, .timeouts = 0}));
  CHECK(seating[1].Away());
  CHECK(seating[1].BotPlays());
  CHECK(seating.AbandonedBy() == 1);
  // Partners abandoning together still single out their team.
  CHECK(seating.SetHold(3, SeatHold{.bot_holding = true, .left = false, .timeouts = 3}));
  CHECK(seating.AbandonedBy() == 1);
  // Both teams abandoned: neither is singled out.
  CHECK(seating.SetHold(0, SeatHold{.bot_holding = true, .left = false, .timeouts = 3}));
  CHECK(seating.AbandonedBy() == -1);
  // The seat of a player who left is not stored for the next match, and is given up.
  const auto records = seating.Records();
  CHECK(records.size() == 3);
  CHECK(std::none_of(records.begin(), records.end(),
                     [](const TableSeatRecord& r) { return r.seat == 1; }));
  seating.AfterMatch();
  CHECK(seating[1].kind == Seat::Kind::empty);
  CHECK_FALSE(seating[0].ready);
  CHECK(seating.Accounts() == std::vector<std::int64_t>{1, 0, 3, 4});
}

TEST_CASE("the table's info shows each seat's kind, team and connection") {
  Seating seating(4, false);
  REQUIRE_FALSE(seating.Sit(kAnna, 2, false));
  REQUIRE_FALSE(seating.AddBot(3, false));
  v1::TableInfo info;
  seating.Fill(info, [](std::int64_t account) { return account == 1; });
  REQUIRE(info.seats_size() == 4);
  CHECK(info.seats(0).kind() == v1::SEAT_EMPTY);
  CHECK(info.seats(2).name() == "anna");
  CHECK(info.seats(2).team() == 0);
  CHECK(info.seats(2).connected());
  CHECK(info.seats(3).kind() == v1::SEAT_BOT);
  CHECK(info.seats(3).connected());
  CHECK(info.seats(3).team() == 1);
}

}  // namespace
}  // namespace kafenio::server
