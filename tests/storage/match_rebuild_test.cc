// Crash recovery's contract with the engine: a match stored as deal seeds plus move events
// is rebuilt exactly by dealing each seed and applying the moves in sequence order.
#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

#include "engine/pilotta/random_match.h"
#include "engine/pilotta/state.h"
#include "tests/storage/storage_fixture.h"

namespace kafenio::storage {
namespace {

std::vector<std::string_view> Tokens(const std::string& text, std::vector<std::string>& keep) {
  std::istringstream in(text);
  keep.clear();
  for (std::string token; in >> token;) keep.push_back(token);
  return {keep.begin(), keep.end()};
}

TEST_CASE("an unfinished pilotta match is rebuilt exactly from its seeds and moves",
          "[storage][recovery]") {
  testing::StorageFixture fixture(GENERATE(KAFENIO_BACKENDS));
  const pilotta::Rules rules;
  const auto played = pilotta::PlayRandomMatch(rules, 20261122);
  REQUIRE(played.log.hands.size() >= 2);

  auto match = testing::BotMatch("pilotta", 4);
  match.first_dealer = played.log.first_dealer;
  const auto id = fixture.CreateMatch(match);

  // Store all but the last hand's final moves, as if the server died mid-hand.
  pilotta::State original(rules, played.log.first_dealer);
  std::int64_t sequence = 0;
  const std::size_t last_hand = played.log.hands.size() - 1;
  for (std::size_t h = 0; h <= last_hand; ++h) {
    const auto& hand = played.log.hands[h];
    REQUIRE(hand.seed);
    const int number = static_cast<int>(h) + 1;
    const int dealer = original.Dealer();
    REQUIRE(original.StartHand(pilotta::DealFromSeed(rules, dealer, *hand.seed)) ==
            pilotta::Illegal::none);
    REQUIRE(testing::Write(*fixture.store, [&](WriteTransaction& tx) {
              tx.PutHandSeed(HandSeed{id, number, dealer, *hand.seed, "salt", "commitment", false});
            }).ok());
    const std::size_t stored_moves = h == last_hand ? hand.moves.size() / 2 : hand.moves.size();
    for (std::size_t m = 0; m < stored_moves; ++m) {
      const auto& move = hand.moves[m];
      REQUIRE(original.Apply(move) == pilotta::Illegal::none);
      const MoveEvent event{id,      ++sequence, number, move.seat, pilotta::FormatMoveBody(move),
                            sequence};
      fixture.store->Enqueue([event](WriteTransaction& tx) { tx.AppendMove(event); }, nullptr);
    }
  }
  fixture.Reopen();  // a restart: only what is in the database remains

  const auto live = fixture.store->LoadUnfinishedMatches();
  REQUIRE(live.size() == 1);
  const auto& stored = live[0];
  pilotta::State rebuilt(rules, stored.match.first_dealer);
  std::size_t next_move = 0;
  std::vector<std::string> keep;
  for (const auto& seed : stored.hands) {
    CHECK(seed.dealer == rebuilt.Dealer());
    REQUIRE(rebuilt.StartHand(pilotta::DealFromSeed(rules, seed.dealer, seed.seed)) ==
            pilotta::Illegal::none);
    while (next_move < stored.moves.size() && stored.moves[next_move].hand == seed.hand) {
      const auto& event = stored.moves[next_move++];
      const auto parsed =
          pilotta::ParseMove(Tokens(std::to_string(event.seat) + " " + event.move, keep));
      REQUIRE(parsed.move);
      REQUIRE(rebuilt.Apply(*parsed.move) == pilotta::Illegal::none);
    }
  }
  CHECK(next_move == stored.moves.size());
  CHECK(rebuilt == original);
}

}  // namespace
}  // namespace kafenio::storage
