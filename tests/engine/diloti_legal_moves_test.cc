// The legal-move generator against brute force: in positions from random play, every
// candidate move (each card, each kind, each value, each subset of the loose cards, with
// and without each declaration) is put to State::Validate, and the accepted ones must be
// exactly the generated list.
#include <algorithm>
#include <vector>

#include <catch2/catch.hpp>

#include "engine/core/rng.h"
#include "engine/diloti/deal.h"
#include "engine/diloti/state.h"

namespace kafenio::diloti {
namespace {

struct Key {
  Move move;
  bool operator<(const Key& other) const {
    const Move& a = move;
    const Move& b = other.move;
    return std::tie(a.kind, a.card, a.value, a.taken, a.loose) <
           std::tie(b.kind, b.card, b.value, b.taken, b.loose);
  }
  bool operator==(const Key& other) const { return move == other.move; }
};

std::vector<Key> BruteForce(const State& state) {
  std::vector<Key> accepted;
  const int seat = state.ToAct();
  std::vector<Card> loose;
  for (CardMask rest = state.Loose(); rest; rest &= rest - 1) loose.push_back(Lowest(rest));
  DeclarationSet on_table = 0;
  for (int v = 1; v <= kMaxValue; ++v) {
    if (state.DeclarationOf(v).cards) on_table |= DeclarationBit(v);
  }
  auto consider = [&](const Move& move) {
    if (state.Validate(move) == Illegal::none) accepted.push_back({move});
  };
  for (CardMask hand = state.Hand(seat); hand; hand &= hand - 1) {
    const Card card = Lowest(hand);
    consider(Move::Lay(seat, card));
    for (int v = 1; v <= kMaxValue; ++v) {
      if (on_table & DeclarationBit(v)) consider(Move::Raise(seat, card, v));
    }
    for (std::uint32_t subset = 0; subset < (1u << loose.size()); ++subset) {
      CardMask cards = 0;
      for (std::size_t i = 0; i < loose.size(); ++i) {
        if (subset >> i & 1) cards |= Bit(loose[i]);
      }
      consider(Move::Declare(seat, card, cards));
      for (DeclarationSet taken : {DeclarationSet{0}, DeclarationBit(ValueOf(card))}) {
        if (!IsFace(card) && taken && !(on_table & taken)) continue;
        consider(Move::Capture(seat, card, cards, IsFace(card) ? 0 : taken));
        if (IsFace(card)) break;
      }
      for (int v = 1; v <= kMaxValue; ++v) {
        consider(Move::Group(seat, card, v, cards, 0));
        if (on_table & DeclarationBit(v))
          consider(Move::Group(seat, card, v, cards, DeclarationBit(v)));
      }
    }
  }
  std::sort(accepted.begin(), accepted.end());
  accepted.erase(std::unique(accepted.begin(), accepted.end()), accepted.end());
  return accepted;
}

void CompareInRandomPlay(Rules rules, std::uint64_t seed, int positions) {
  DealRng rng(seed);
  State state(rules, 0);
  int compared = 0;
  while (compared < positions) {
    if (state.MatchOver()) state = State(rules, 0);
    if (state.phase() == Phase::awaiting_deal) {
      state.StartHand(DealFromSeed(rules.players, state.Dealer(), rng.Next()));
    }
    const MoveList legal = state.LegalMoves();
    REQUIRE(!legal.empty());
    if (Count(state.Loose()) <= 10 && rng.Below(2) == 0) {
      std::vector<Key> generated;
      for (const Move& move : legal) generated.push_back({move});
      std::sort(generated.begin(), generated.end());
      REQUIRE(std::adjacent_find(generated.begin(), generated.end()) == generated.end());
      REQUIRE(generated == BruteForce(state));
      ++compared;
    }
    state.Apply(legal[static_cast<int>(rng.Below(static_cast<std::uint64_t>(legal.size())))]);
  }
}

TEST_CASE("legal moves equal brute force: online, 2 players", "[diloti][legal]") {
  CompareInRandomPlay(Rules{}, 21, 3000);
}

TEST_CASE("legal moves equal brute force: traditional, 4 players, forced capture",
          "[diloti][legal]") {
  Rules rules = PresetRules(Preset::traditional);
  rules.players = 4;
  rules.forced_capture = true;
  CompareInRandomPlay(rules, 22, 3000);
}

}  // namespace
}  // namespace kafenio::diloti
