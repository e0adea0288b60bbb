// Ending a match: the result and the rating updates are written together, and only rated
// matches between people change ratings.
#include <catch2/catch.hpp>

#include "server/rating/rating_modes.h"
#include "server/rating/record_match_result.h"
#include "server/storage/storage_error.h"
#include "tests/storage/storage_fixture.h"

namespace kafenio::rating {
namespace {

using storage::Match;
using storage::MatchResult;
using storage::SeatHolder;

struct RatedFixture : testing::StorageFixture {
  Match MakeMatch(const std::string& game, const std::vector<std::int64_t>& accounts, bool rated) {
    Match match;
    match.game = game;
    match.rules = "standard";
    for (auto account : accounts) match.seats.push_back(SeatHolder{account, "", {}});
    match.rated = rated;
    match.created_ms = 1;
    match.id = CreateMatch(match);
    return match;
  }
  storage::WriteStatus Finish(const Match& match, std::optional<int> winner,
                              std::optional<int> abandoned_by = std::nullopt) {
    MatchResult result;
    result.match_id = match.id;
    result.winner = winner;
    result.abandoned_by = abandoned_by;
    result.total = {0, 0};
    result.record = "game " + match.game + "\n";
    result.finished_ms = 500;
    return testing::Write(*store, RecordMatchResult(result));
  }
};

TEST_CASE("modes: diloti by table size, pilotta alone", "[ratings]") {
  CHECK(RatingMode("diloti", 2) == kDiloti1v1);
  CHECK(RatingMode("diloti", 4) == kDiloti2v2);
  CHECK(RatingMode("pilotta", 4) == kPilotta);
  CHECK(RatingMode("pilotta", 2) == kPilotta);
  CHECK_FALSE(RatingMode("chess", 2));
}

TEST_CASE("a rated 1v1 match updates both players with their history", "[ratings]") {
  RatedFixture fixture;
  const auto anna = fixture.CreateAccount("anna");
  const auto petros = fixture.CreateAccount("petros");
  const auto match = fixture.MakeMatch("diloti", {anna, petros}, true);
  REQUIRE(fixture.Finish(match, 0).ok());

  const auto winner = fixture.store->FindRating(anna, kDiloti1v1);
  const auto loser = fixture.store->FindRating(petros, kDiloti1v1);
  REQUIRE(winner);
  REQUIRE(loser);
  // Both new at 1500/350/0.06, so the update is the plain Glicko-2 game between them.
  const Glicko2Game won{{1500, 350, 0.06}, 1};
  const auto expected = Glicko2Update(Glicko2Rating{}, std::span(&won, 1));
  CHECK(winner->rating == Approx(expected.rating));
  CHECK(winner->rd == Approx(expected.rd));
  CHECK(winner->volatility == Approx(expected.volatility));
  CHECK(winner->matches == 1);
  CHECK(loser->rating == Approx(3000 - expected.rating));

  const auto history = fixture.store->RatingHistory(anna, kDiloti1v1);
  REQUIRE(history.size() == 1);
  CHECK(history[0].match_id == match.id);
  CHECK(history[0].rating == Approx(winner->rating));
  CHECK(history[0].time_ms == 500);

  const auto board = fixture.store->Leaderboard(kDiloti1v1, 10);
  REQUIRE(board.size() == 2);
  CHECK(board[0].name == "anna");
  CHECK(board[1].name == "petros");
  CHECK(fixture.store->Leaderboard(kPilotta, 10).empty());
}

TEST_CASE("a second rated match starts from the stored ratings", "[ratings]") {
  RatedFixture fixture;
  const auto anna = fixture.CreateAccount("anna");
  const auto petros = fixture.CreateAccount("petros");
  REQUIRE(fixture.Finish(fixture.MakeMatch("diloti", {anna, petros}, true), 0).ok());
  const auto after_one = *fixture.store->FindRating(anna, kDiloti1v1);
  REQUIRE(fixture.Finish(fixture.MakeMatch("diloti", {anna, petros}, true), 0).ok());
  const auto after_two = *fixture.store->FindRating(anna, kDiloti1v1);
  CHECK(after_two.rating > after_one.rating);
  CHECK(after_two.rd < after_one.rd);
  CHECK(after_two.matches == 2);
  CHECK(fixture.store->RatingHistory(anna, kDiloti1v1).size() == 2);
}

TEST_CASE("casual matches and matches with bots change no rating", "[ratings]") {
  RatedFixture fixture;
  const auto anna = fixture.CreateAccount("anna");
  const auto petros = fixture.CreateAccount("petros");
  const auto casual = fixture.MakeMatch("diloti", {anna, petros}, false);
  REQUIRE(fixture.Finish(casual, 0).ok());

  Match with_bot;
  with_bot.game = "diloti";
  with_bot.rules = "standard";
  with_bot.seats = {SeatHolder{anna, "", {}}, SeatHolder{std::nullopt, "bot", {}}};
  with_bot.rated = true;
  CHECK_FALSE(IsRatedMatch(with_bot));
  with_bot.id = fixture.CreateMatch(with_bot);
  REQUIRE(fixture.Finish(with_bot, 0).ok());

  CHECK_FALSE(fixture.store->FindRating(anna, kDiloti1v1));
  CHECK_FALSE(fixture.store->FindRating(petros, kDiloti1v1));
  // The results themselves are stored.
  CHECK(fixture.store->FindMatch(casual.id)->state == storage::MatchState::finished);
  CHECK(fixture.store->LoadMatchRecord(with_bot.id));
}

TEST_CASE("abandoning loses for rating purposes, whatever the score", "[ratings]") {
  RatedFixture fixture;
  const auto anna = fixture.CreateAccount("anna");
  const auto petros = fixture.CreateAccount("petros");
  const auto match = fixture.MakeMatch("diloti", {anna, petros}, true);
  REQUIRE(fixture.Finish(match, 0, /*abandoned_by=*/0).ok());
  CHECK(fixture.store->FindRating(anna, kDiloti1v1)->rating < 1500);
  CHECK(fixture.store->FindRating(petros, kDiloti1v1)->rating > 1500);
  CHECK(fixture.store->FindMatch(match.id)->state == storage::MatchState::abandoned);

  MatchResult result;
  result.abandoned_by = 3;
  CHECK(Team0Score(result) == 1.0);
  result.abandoned_by.reset();
  CHECK(Team0Score(result) == 0.5);
}

TEST_CASE("in a 2v2 match partners move together against the other team", "[ratings]") {
  RatedFixture fixture;
  std::vector<std::int64_t> players;
  for (const char* name : {"a", "b", "c", "d"}) players.push_back(fixture.CreateAccount(name));
  const auto match = fixture.MakeMatch("diloti", players, true);
  REQUIRE(fixture.Finish(match, 1).ok());
  // Seats 1 and 3 are team 1.
  CHECK(fixture.store->FindRating(players[1], kDiloti2v2)->rating > 1500);
  CHECK(fixture.store->FindRating(players[3], kDiloti2v2)->rating > 1500);
  CHECK(fixture.store->FindRating(players[0], kDiloti2v2)->rating < 1500);
  CHECK_FALSE(fixture.store->FindRating(players[0], kDiloti1v1));
}

TEST_CASE("the result and the ratings commit together or not at all", "[ratings]") {
  RatedFixture fixture;
  const auto anna = fixture.CreateAccount("anna");
  const auto petros = fixture.CreateAccount("petros");
  auto match = fixture.MakeMatch("diloti", {anna, petros}, true);
  // The result and both ratings are written, then the operation fails: all of it must be
  // undone, result included.
  MatchResult result;
  result.match_id = match.id;
  result.winner = 0;
  result.record = "game diloti\n";
  result.finished_ms = 500;
  const storage::WriteOp finish = RecordMatchResult(result);
  CHECK_FALSE(testing::Write(*fixture.store, [finish](storage::WriteTransaction& tx) {
                finish(tx);
                throw storage::StorageError("the disk filled up after the ratings");
              }).ok());
  CHECK(fixture.store->FindMatch(match.id)->state == storage::MatchState::live);
  CHECK_FALSE(fixture.store->LoadMatchRecord(match.id));
  CHECK_FALSE(fixture.store->FindRating(anna, kDiloti1v1));

  REQUIRE(fixture.Finish(match, 0).ok());
  // Finishing twice fails and leaves the single rating update alone.
  CHECK_FALSE(fixture.Finish(match, 0).ok());
  CHECK(fixture.store->FindRating(anna, kDiloti1v1)->matches == 1);
  CHECK(fixture.store->RatingHistory(anna, kDiloti1v1).size() == 1);
  // A match that is not stored cannot be finished.
  result.match_id = match.id + 100;
  CHECK_FALSE(testing::Write(*fixture.store, RecordMatchResult(result)).ok());
}

}  // namespace
}  // namespace kafenio::rating
