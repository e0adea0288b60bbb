// The Diloti rule functions that have two forms (hold_rule.h, group.h): the form that asks
// of one move and the one that asks of every value at once, which the move generator and
// sampler use, must agree on every input. State::ScoresXeri, which asks xeri.h before a
// capture, must say what Apply then scores. And CardPointsOf, which ScoreRound and the
// Diloti bot ask, counts the scoring cards.
#include <cstdint>

#include <catch2/catch.hpp>

#include "engine/core/rng.h"
#include "engine/diloti/deal.h"
#include "engine/diloti/group.h"
#include "engine/diloti/hold_rule.h"
#include "engine/diloti/scoring.h"
#include "engine/diloti/state.h"

namespace kafenio::diloti {
namespace {

TEST_CASE("HoldableValues is KeepsCardsOfValue for every value", "[diloti][rules]") {
  // Every set of values held (bits 1..10), every owned value and every set taken off.
  int differ = 0;
  for (std::uint32_t held = 0; held < (1u << kMaxValue); ++held) {
    const std::uint32_t held_after = held << 1;
    for (int owned = 0; owned <= kMaxValue; ++owned) {
      for (const DeclarationSet gone :
           {DeclarationSet{0}, DeclarationBit(owned), DeclarationBit(owned % kMaxValue + 1)}) {
        const std::uint32_t values = HoldableValues(held_after, owned, gone);
        for (int value = 1; value <= kMaxValue; ++value) {
          const bool keeps = KeepsCardsOfValue(HoldsOf(held_after), owned, gone, value);
          differ += ((values >> value) & 1) != keeps;
        }
      }
    }
  }
  CHECK(differ == 0);
}

TEST_CASE("TwoComponentValues is HasTwoComponents for every value", "[diloti][rules]") {
  // Cards in a group are worth at most the deck's 220.
  int differ = 0;
  for (int card_sum = 0; card_sum <= 220; ++card_sum) {
    for (std::uint32_t folded = 0; folded < (1u << kMaxValue); ++folded) {
      const std::uint32_t values = TwoComponentValues(card_sum, folded << 1);
      for (int value = 1; value <= kMaxValue; ++value) {
        const bool folds = (folded >> (value - 1)) & 1;
        differ += ((values >> value) & 1) != HasTwoComponents(value, card_sum, folds);
      }
    }
  }
  CHECK(differ == 0);
}

// Does the capture take every card on the table?
bool Clears(const State& state, const Move& move) {
  if (move.kind != MoveKind::capture || (state.Loose() & ~move.loose)) return false;
  for (int value = 1; value <= kMaxValue; ++value) {
    if (state.DeclarationOf(value).cards && !(move.taken & DeclarationBit(value))) return false;
  }
  return true;
}

// Along random play of every preset, player count and final_xeri, each legal capture is
// applied to a copy of the position: ScoresXeri must say whether the mover's side gains a
// xeri.
TEST_CASE("ScoresXeri says which captures Apply scores as a xeri", "[diloti][rules]") {
  int xeri = 0;
  // The round's last card clears the table: a xeri only under final_xeri.
  int last_card_sweeps = 0;
  int last_card_sweeps_scored = 0;
  std::uint64_t seed = 0;
  for (const auto preset : {Preset::online, Preset::traditional}) {
    for (const int players : {2, 4}) {
      Rules rules = PresetRules(preset);
      rules.players = players;
      rules.target = 1'000'000;
      DealRng rng(++seed);
      State state(rules, 0);
      for (int round = 0; round < 500; ++round) {
        REQUIRE(state.StartHand(DealFromSeed(players, state.Dealer(), rng.Next())) ==
                Illegal::none);
        while (state.phase() == Phase::play) {
          const MoveList legal = state.LegalMoves();
          const int team = TeamOf(state.ToAct());
          for (const Move& move : legal) {
            State after = state;
            REQUIRE(after.Apply(move) == Illegal::none);
            const bool scored = after.Xeri()[team] > state.Xeri()[team];
            REQUIRE(state.ScoresXeri(move) == scored);
            xeri += scored;
            if (after.phase() != Phase::play && Clears(state, move)) {
              ++last_card_sweeps;
              last_card_sweeps_scored += scored;
            }
          }
          state.Apply(legal[static_cast<int>(rng.Below(static_cast<std::uint64_t>(legal.size())))]);
        }
      }
    }
  }
  CHECK(xeri > 0);
  CHECK(last_card_sweeps > last_card_sweeps_scored);
  CHECK(last_card_sweeps_scored > 0);
}

TEST_CASE("CardPointsOf counts the scoring cards", "[diloti][scoring]") {
  const CardPoints deck = CardPointsOf(kFullDeck);
  CHECK(deck.ten_diamonds == 2);
  CHECK(deck.two_clubs == 1);
  CHECK(deck.aces == 4);
  CHECK(deck.Total() == 7);
  // The 10 of diamonds and an ace among others that score nothing.
  const CardMask some = Bit(*ParseCard("Td")) | Bit(*ParseCard("Ah")) | Bit(*ParseCard("2d")) |
                        Bit(*ParseCard("Tc")) | Bit(*ParseCard("Ks"));
  CHECK(CardPointsOf(some).Total() == 3);
  CHECK(CardPointsOf(0).Total() == 0);
}

}  // namespace
}  // namespace kafenio::diloti
