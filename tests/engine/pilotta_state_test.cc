// Pilotta state behaviour that records cannot show directly: views, copies, the deal
// layout and the pinned seeded deal.
#include <catch2/catch.hpp>

#include "engine/pilotta/record.h"
#include "engine/pilotta/state.h"
#include "engine/pilotta/view.h"

namespace kafenio::pilotta {
namespace {

TEST_CASE("a seeded deal is pinned forever", "[pilotta][deal]") {
  // docs/shuffle.md: seed 1, dealer 0, cyprus; checked against docs/redeal.py, the
  // reference re-deal written from docs/shuffle.md. Changing this breaks every stored record.
  const Deal deal = DealFromSeed(Rules{}, 0, 1);
  CHECK(FormatCards(deal.hands[0]) == "Qc Kc 7h 8h 9h Kh Js As");
  CHECK(FormatCards(deal.hands[1]) == "7c Jd Qd Qh Ah 7s Ts Qs");
  CHECK(FormatCards(deal.hands[2]) == "8c 9c Jc Ac 8d Kd Jh 8s");
  CHECK(FormatCards(deal.hands[3]) == "Tc 7d 9d Td Ad Th 9s Ks");
}

TEST_CASE("deal layouts follow the presets", "[pilotta][deal]") {
  Rules classic;
  classic.preset = Preset::classic;
  const Deal four = DealFromSeed(classic, 2, 99);
  for (int seat = 0; seat < 4; ++seat)
    CHECK(Count(four.hands[static_cast<std::size_t>(seat)]) == 5);
  CHECK(four.turn != kNoCard);
  CHECK(four.stock_size == 11);
  Rules two;
  two.preset = Preset::classic2;
  const Deal pair = DealFromSeed(two, 1, 99);
  CHECK(Count(pair.hands[0]) == 6);
  CHECK(Count(pair.hands[1]) == 6);
  CHECK(pair.stock_size == 19);
  CHECK(IsCompleteDeal(two, pair));
}

TEST_CASE("an illegal move changes nothing and says why", "[pilotta][state]") {
  State state(Rules{}, 3);
  CHECK(state.Apply(Move::Pass(0)) == Illegal::no_hand_in_play);
  REQUIRE(state.StartHand(DealFromSeed(Rules{}, 3, 5)) == Illegal::none);
  const State before = state;
  CHECK(state.Apply(Move::Pass(1)) == Illegal::not_your_turn);
  CHECK(state.Apply(Move::Bid(0, 7, 0)) == Illegal::bid_value);
  CHECK(state.Apply(Move::Bid(0, 9, 4)) == Illegal::bid_suit_not_enabled);
  CHECK(state.Apply(Move::Make(MoveKind::contra, 0)) == Illegal::not_now);
  CHECK(state.Apply(Move::Play(0, 0)) == Illegal::not_now);
  CHECK(state == before);
  CHECK(state.StartHand(DealFromSeed(Rules{}, 3, 6)) == Illegal::not_now);
  CHECK(state == before);
}

TEST_CASE("a new hand clears every call and declaration of the last", "[pilotta][state]") {
  // StartHand clears only the entries the last hand used; states compare whole arrays,
  // so the rest must still be the zeros of a new match.
  Rules rules;
  rules.target = 1 << 30;
  State state(rules, 0);
  DealRng choices(17);
  int hands_with_declarations = 0;
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    REQUIRE(state.StartHand(DealFromSeed(rules, state.Dealer(), seed)) == Illegal::none);
    for (int i = 0; i < 40; ++i) REQUIRE(state.CallAt(i) == Call{});
    for (int i = 0; i < 16; ++i) REQUIRE(state.DeclarationAt(i) == Declaration{});
    while (state.phase() != Phase::awaiting_deal) {
      const MoveList legal = state.LegalMoves();
      REQUIRE(
          state.Apply(
              legal[static_cast<int>(choices.Below(static_cast<std::uint64_t>(legal.size())))]) ==
          Illegal::none);
    }
    if (state.DeclarationCount() > 0) ++hands_with_declarations;
  }
  CHECK(hands_with_declarations > 10);
}

TEST_CASE("views hold only what a seat may know", "[pilotta][view]") {
  State state(Rules{}, 0);
  REQUIRE(state.StartHand(DealFromSeed(Rules{}, 0, 11)) == Illegal::none);
  const SeatView mine = ViewFor(state, 1);
  CHECK(mine.hand == state.Hand(1));
  CHECK(!mine.legal_moves.empty());  // seat 1 is eldest and to act
  const SeatView other = ViewFor(state, 2);
  CHECK(other.hand == state.Hand(2));
  CHECK(other.legal_moves.empty());
  CHECK((other.VisibleCards() & state.Hand(1)) == 0);
  const SeatView spectator = SpectatorView(state);
  CHECK(spectator.hand == 0);
  CHECK(spectator.VisibleCards() == 0);
  CHECK(spectator.hand_sizes == std::array<int, 4>{8, 8, 8, 8});
}

}  // namespace
}  // namespace kafenio::pilotta

namespace kafenio::pilotta {
namespace {

TEST_CASE("SampleLegalMove is the list pick it promises", "[pilotta][state]") {
  for (const char* preset : {"cyprus", "classic", "classic2"}) {
    auto parsed = ParseRules(preset, {"partner_exception=true"});
    if (std::string_view(preset) == "cyprus") parsed = ParseRules(preset, {"nt_at_bids=true"});
    REQUIRE(parsed.error.empty());
    const Rules rules = parsed.rules;
    for (std::uint64_t seed = 1; seed <= 300; ++seed) {
      State state(rules, static_cast<int>(seed % static_cast<std::uint64_t>(rules.Players())));
      REQUIRE(state.StartHand(DealFromSeed(rules, state.Dealer(), seed)) == Illegal::none);
      DealRng walk(seed);
      while (state.phase() != Phase::awaiting_deal && !state.MatchOver()) {
        DealRng sampled = walk;
        DealRng listed = walk;
        const MoveList legal = state.LegalMoves();
        const Move expected =
            legal[static_cast<int>(listed.Below(static_cast<std::uint64_t>(legal.size())))];
        const Move got = state.SampleLegalMove(sampled);
        if (!(got == expected))
          FAIL("sample " << FormatMove(got) << " != " << FormatMove(expected));
        walk = sampled;
        REQUIRE(state.Apply(got) == Illegal::none);
      }
    }
  }
}

}  // namespace
}  // namespace kafenio::pilotta
