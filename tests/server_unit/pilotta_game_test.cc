#include "server/game/pilotta_game.h"

#include <catch2/catch.hpp>

#include "engine/core/rng.h"
#include "engine/pilotta/state.h"
#include "server/game/pilotta_bot.h"

namespace kafenio::server {
namespace {

pilotta::Rules RulesFor(pilotta::Preset preset) {
  pilotta::Rules rules;
  rules.preset = preset;
  return rules;
}

TEST_CASE("bots finish whole matches of every preset through the adapter") {
  for (const auto preset :
       {pilotta::Preset::cyprus, pilotta::Preset::classic, pilotta::Preset::classic2}) {
    SplitMix64 seeds(static_cast<std::uint64_t>(preset) + 1);
    for (int m = 0; m < 5; ++m) {
      auto match = MakePilottaMatch(RulesFor(preset), m);
      int moves = 0;
      while (!match->MatchOver()) {
        if (match->AwaitingDeal()) match->StartHand(seeds.Next());
        const int seat = match->ToAct();
        REQUIRE(seat >= 0);
        const MoveOutcome outcome = match->Apply(seat, match->BotMove());
        REQUIRE(outcome.kind == MoveOutcome::Kind::applied);
        REQUIRE(++moves < 20000);
      }
      CHECK((match->Winner() == 0 || match->Winner() == 1));
    }
  }
}

TEST_CASE("moves arrive as notation or as fields, and refusals change nothing") {
  auto match = MakePilottaMatch(RulesFor(pilotta::Preset::cyprus), 3);  // seat 0 is eldest
  match->StartHand(42);
  REQUIRE(match->ToAct() == 0);
  v1::GameView before;
  match->FillView(0, before);

  v1::Move wrong_turn;
  wrong_turn.set_notation("pass");
  CHECK(match->Apply(1, wrong_turn).kind == MoveOutcome::Kind::not_your_turn);
  v1::Move illegal;
  illegal.set_notation("bid 85 h");
  const MoveOutcome refused = match->Apply(0, illegal);
  CHECK(refused.kind == MoveOutcome::Kind::illegal);
  CHECK_FALSE(refused.reason.empty());
  v1::Move garbage;
  garbage.set_notation("bid");
  CHECK(match->Apply(0, garbage).kind == MoveOutcome::Kind::unparsable);
  v1::GameView after;
  match->FillView(0, after);
  CHECK(after.SerializeAsString() == before.SerializeAsString());

  v1::Move bid;
  bid.set_kind("bid");
  bid.set_value(90);
  bid.set_suit("h");
  const MoveOutcome applied = match->Apply(0, bid);
  REQUIRE(applied.kind == MoveOutcome::Kind::applied);
  CHECK(applied.move.notation() == "bid 90 h");
  CHECK(applied.move.seat() == 0);
  CHECK(match->ToAct() == 1);
}

TEST_CASE(
    "views: a seat sees its own hand, a spectator none, and only the mover gets legal moves") {
  auto match = MakePilottaMatch(RulesFor(pilotta::Preset::cyprus), 3);
  match->StartHand(7);
  v1::GameView seat0, seat1, spectator;
  match->FillView(0, seat0);
  match->FillView(1, seat1);
  match->FillView(-1, spectator);
  CHECK(seat0.pilotta().hand_size() == 8);
  CHECK(seat1.pilotta().hand_size() == 8);
  CHECK(spectator.pilotta().hand_size() == 0);
  CHECK(seat0.pilotta().legal_moves_size() > 0);
  CHECK(seat1.pilotta().legal_moves_size() == 0);
  CHECK(spectator.pilotta().legal_moves_size() == 0);
  for (const auto& card : seat0.pilotta().hand()) {
    for (const auto& other : seat1.pilotta().hand()) CHECK(card != other);
  }
}

// The bot is meant to play sensibly: partnered bots beat partnered random players.
TEST_CASE("bots beat random play") {
  int bot_wins = 0;
  constexpr int kMatches = 40;
  for (int m = 0; m < kMatches; ++m) {
    pilotta::State state(RulesFor(pilotta::Preset::cyprus), m % 4);
    SplitMix64 seeds(1000 + static_cast<std::uint64_t>(m));
    DealRng random(static_cast<std::uint64_t>(m));
    while (!state.MatchOver()) {
      if (state.phase() == pilotta::Phase::awaiting_deal) {
        state.StartHand(pilotta::DealFromSeed(state.rules(), state.Dealer(), seeds.Next()));
        continue;
      }
      const int seat = state.ToAct();
      pilotta::Move move = ChoosePilottaMove(state);
      if (pilotta::TeamOf(seat) == 1) {
        const pilotta::MoveList legal = state.LegalMoves();
        move = legal[static_cast<int>(random.Below(static_cast<std::uint64_t>(legal.size())))];
      }
      REQUIRE(state.Apply(move) == pilotta::Illegal::none);
    }
    if (state.Winner() == 0) ++bot_wins;
  }
  CHECK(bot_wins >= kMatches * 3 / 4);
}

}  // namespace
}  // namespace kafenio::server
