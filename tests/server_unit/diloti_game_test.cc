#include "server/game/diloti_game.h"

#include <catch2/catch.hpp>

#include "engine/core/rng.h"
#include "engine/diloti/state.h"
#include "server/game/diloti_bot.h"

namespace kafenio::server {
namespace {

diloti::Rules RulesFor(diloti::Preset preset, int players) {
  diloti::Rules rules = diloti::PresetRules(preset);
  rules.players = players;
  return rules;
}

TEST_CASE("diloti bots finish whole matches of both presets and player counts") {
  for (const auto preset : {diloti::Preset::online, diloti::Preset::traditional}) {
    for (const int players : {2, 4}) {
      SplitMix64 seeds(static_cast<std::uint64_t>(players) * 10 +
                       static_cast<std::uint64_t>(preset));
      for (int m = 0; m < 5; ++m) {
        auto match = MakeDilotiMatch(RulesFor(preset, players), m % players);
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
        v1::HandResult result;
        match->FillLastResult(result);
        CHECK(result.line().find(" done score ") != std::string::npos);
      }
    }
  }
}

TEST_CASE("diloti moves arrive as notation or as fields, and refusals change nothing") {
  auto match = MakeDilotiMatch(RulesFor(diloti::Preset::online, 2), 1);  // seat 0 is eldest
  match->StartHand(42);
  REQUIRE(match->ToAct() == 0);
  v1::GameView before;
  match->FillView(0, before);
  const v1::DilotiView& view = before.diloti();
  REQUIRE(view.hand_size() == 6);
  REQUIRE(view.loose_size() == 4);

  v1::Move wrong_turn;
  wrong_turn.set_notation("lay " + view.hand(0));
  CHECK(match->Apply(1, wrong_turn).kind == MoveOutcome::Kind::not_your_turn);
  v1::Move not_held;
  not_held.set_notation("lay " + view.loose(0));  // a table card is not in the hand
  const MoveOutcome refused = match->Apply(0, not_held);
  CHECK(refused.kind == MoveOutcome::Kind::illegal);
  CHECK_FALSE(refused.reason.empty());
  v1::Move garbage;
  garbage.set_notation("capture");
  CHECK(match->Apply(0, garbage).kind == MoveOutcome::Kind::unparsable);
  v1::GameView after;
  match->FillView(0, after);
  CHECK(after.SerializeAsString() == before.SerializeAsString());

  // A legal move given as fields (kind, card, groups) is the same move as its notation.
  const v1::Move& legal = view.legal_moves(0);
  v1::Move fields;
  fields.set_kind(legal.kind());
  fields.set_card(legal.card());
  for (const auto& group : legal.groups()) fields.add_groups(group);
  const MoveOutcome applied = match->Apply(0, fields);
  REQUIRE(applied.kind == MoveOutcome::Kind::applied);
  CHECK(applied.move.notation() == legal.notation());
  CHECK(match->ToAct() == 1);
}

TEST_CASE("diloti views: own hand only, a spectator none, legal moves for the mover") {
  auto match = MakeDilotiMatch(RulesFor(diloti::Preset::online, 4), 0);
  match->StartHand(7);
  v1::GameView seat1, seat2, spectator;
  match->FillView(1, seat1);
  match->FillView(2, seat2);
  match->FillView(-1, spectator);
  CHECK(seat1.diloti().hand_size() == 6);
  CHECK(spectator.diloti().hand_size() == 0);
  CHECK(seat1.diloti().legal_moves_size() > 0);  // eldest
  CHECK(seat2.diloti().legal_moves_size() == 0);
  CHECK(spectator.diloti().legal_moves_size() == 0);
  CHECK(spectator.diloti().loose_size() == 4);
  for (const auto& card : seat1.diloti().hand()) {
    for (const auto& other : seat2.diloti().hand()) CHECK(card != other);
  }
}

// The bot is meant to play sensibly: it beats a uniformly random opponent.
TEST_CASE("the diloti bot beats random play") {
  int bot_wins = 0;
  constexpr int kMatches = 40;
  for (int m = 0; m < kMatches; ++m) {
    diloti::State state(RulesFor(diloti::Preset::online, 2), m % 2);
    SplitMix64 seeds(2000 + static_cast<std::uint64_t>(m));
    DealRng random(static_cast<std::uint64_t>(m));
    while (!state.MatchOver()) {
      if (state.phase() == diloti::Phase::awaiting_deal) {
        state.StartHand(diloti::DealFromSeed(2, state.Dealer(), seeds.Next()));
        continue;
      }
      diloti::Move move = ChooseDilotiMove(state);
      if (state.ToAct() == 1) {
        const diloti::MoveList legal = state.LegalMoves();
        move = legal[static_cast<int>(random.Below(static_cast<std::uint64_t>(legal.size())))];
      }
      REQUIRE(state.Apply(move) == diloti::Illegal::none);
    }
    if (state.Winner() == 0) ++bot_wins;
  }
  CHECK(bot_wins >= kMatches * 3 / 4);
}

}  // namespace
}  // namespace kafenio::server
