// Pilotta scoring as pure functions: rounding, declarations and their comparison.
#include <span>
#include <vector>

#include <catch2/catch.hpp>

#include "engine/core/rng.h"
#include "engine/pilotta/scoring.h"

namespace kafenio::pilotta {
namespace {

CardMask Cards(std::initializer_list<const char*> names) {
  CardMask mask = 0;
  for (const char* name : names) mask |= Bit(*ParseCard(name));
  return mask;
}

TEST_CASE("rounding: at most one side rounds up", "[pilotta][scoring]") {
  // rules.md: 287 - 45 is recorded 29 - 4.
  CHECK(RoundScores({287, 45}, {117, 45}) == std::array<int, 2>{29, 4});
  // rules.md: 76 - 86 card points (both remainders 6) give 7 - 9.
  CHECK(RoundScores({76, 86}, {76, 86}) == std::array<int, 2>{7, 9});
  CHECK(RoundScores({86, 76}, {86, 76}) == std::array<int, 2>{9, 7});
  // Larger remainder below 5: nobody rounds up.
  CHECK(RoundScores({81, 81}, {81, 81}) == std::array<int, 2>{8, 8});
  CHECK(RoundScores({164, 0}, {162, 0}) == std::array<int, 2>{16, 0});
  // Equal remainders and equal card points: nobody rounds up.
  CHECK(RoundScores({45, 45}, {45, 45}) == std::array<int, 2>{4, 4});
  // The larger remainder rounds up even when the other is also 5 or more.
  CHECK(RoundScores({57, 105}, {57, 105}) == std::array<int, 2>{6, 10});
}

TEST_CASE("declarations found in a hand", "[pilotta][scoring]") {
  std::array<CardMask, 5> found{};
  // A K Q J of hearts is one run of four; four jacks; 7 8 of clubs is no run.
  const CardMask hand = Cards({"Ah", "Kh", "Qh", "Jh", "Jc", "Jd", "Js", "7c"});
  const int count = FindDeclarations(hand, found);
  REQUIRE(count == 2);
  CHECK(found[0] == Cards({"Ah", "Kh", "Qh", "Jh"}));
  CHECK(found[1] == Cards({"Jc", "Jd", "Jh", "Js"}));
  CHECK(CheckDeclaration(hand, Cards({"Kh", "Qh", "Jh"})) == DeclarationCheck::not_whole_run);
  CHECK(CheckDeclaration(hand, Cards({"Ah", "Kh", "Qh", "Jh"})) == DeclarationCheck::ok);
  CHECK(CheckDeclaration(hand, Cards({"Jc", "Jd", "Jh", "Js"})) == DeclarationCheck::ok);
  CHECK(CheckDeclaration(hand, Cards({"Ah", "Kh", "Jh"})) == DeclarationCheck::not_a_declaration);
  const CardMask sevens = Cards({"7c", "7d", "7h", "7s"});
  CHECK(CheckDeclaration(sevens, sevens) == DeclarationCheck::not_a_declaration);
}

// The rules read literally: walk each suit's ranks for runs of three or more, then the
// ranks 9 to A for fours; FindDeclarations works on all suits at once and must agree.
std::vector<CardMask> DeclarationsByWalking(CardMask hand) {
  std::vector<CardMask> found;
  for (int suit = 0; suit < 4; ++suit) {
    CardMask run = 0;
    for (int rank = 0; rank <= 8; ++rank) {
      const Card card = MakeCard(static_cast<Suit>(suit), rank < 8 ? rank : 0);
      if (rank < 8 && (hand & Bit(card))) {
        run |= Bit(card);
        continue;
      }
      if (Count(run) >= 3) found.push_back(run);
      run = 0;
    }
  }
  for (int rank = r9; rank <= rA; ++rank) {
    if ((hand & RankMask(rank)) == RankMask(rank)) found.push_back(RankMask(rank));
  }
  return found;
}

TEST_CASE("declarations of random hands match a rank-by-rank walk", "[pilotta][scoring]") {
  DealRng rng(2024);
  for (int i = 0; i < 20000; ++i) {
    // 8 cards (cyprus, classic) or 9 (classic2), and some fuller hands for long runs.
    const int size = i % 3 == 0 ? 9 : i % 7 == 0 ? 14 : 8;
    std::array<Card, kDeckSize> deck{};
    for (int card = 0; card < kDeckSize; ++card)
      deck[static_cast<std::size_t>(card)] = static_cast<Card>(card);
    ShuffleInPlace(std::span<Card>(deck), rng);
    CardMask hand = 0;
    for (int k = 0; k < size; ++k) hand |= Bit(deck[static_cast<std::size_t>(k)]);
    const std::vector<CardMask> expected = DeclarationsByWalking(hand);
    if (expected.size() > 5) continue;  // more than a playing hand can hold
    std::array<CardMask, 5> found{};
    const int count = FindDeclarations(hand, found);
    INFO("hand " << FormatCards(hand));
    REQUIRE(count == static_cast<int>(expected.size()));
    for (int k = 0; k < count; ++k)
      CHECK(found[static_cast<std::size_t>(k)] == expected[static_cast<std::size_t>(k)]);
  }
}

TEST_CASE("declaration strength follows rules.md", "[pilotta][scoring]") {
  auto strength = [](std::initializer_list<const char*> cards, int trump = 0) {
    return MakeDeclaration(0, Cards(cards), trump).strength;
  };
  const auto jacks = strength({"Jc", "Jd", "Jh", "Js"});
  const auto nines = strength({"9c", "9d", "9h", "9s"});
  const auto aces = strength({"Ac", "Ad", "Ah", "As"});
  const auto tens = strength({"Tc", "Td", "Th", "Ts"});
  const auto kings = strength({"Kc", "Kd", "Kh", "Ks"});
  const auto queens = strength({"Qc", "Qd", "Qh", "Qs"});
  CHECK(jacks > nines);
  CHECK(nines > aces);
  CHECK(aces > tens);
  CHECK(tens > kings);
  CHECK(kings > queens);
  const auto run8 = strength({"7h", "8h", "9h", "Th", "Jh", "Qh", "Kh", "Ah"});
  CHECK(queens > run8);  // any four of a kind beats any sequence
  CHECK(strength({"7d", "8d", "9d", "Td"}) > strength({"Qd", "Kd", "Ad"}));  // longer wins
  CHECK(strength({"Qd", "Kd", "Ad"}) > strength({"Js", "Qs", "Ks"}));        // higher top
  // Equal length and top: the trump sequence wins (trump = hearts, 2); else a tie.
  CHECK(strength({"Qh", "Kh", "Ah"}, 2) > strength({"Qd", "Kd", "Ad"}, 2));
  CHECK(strength({"Qc", "Kc", "Ac"}, 2) == strength({"Qd", "Kd", "Ad"}, 2));
  // No trump and all trump: equal sequences tie.
  CHECK(strength({"Qh", "Kh", "Ah"}, 4) == strength({"Qd", "Kd", "Ad"}, 4));
  CHECK(strength({"Qh", "Kh", "Ah"}, 5) == strength({"Qd", "Kd", "Ad"}, 5));
  CHECK(MakeDeclaration(0, Cards({"Jc", "Jd", "Jh", "Js"}), 0).points_tens == 20);
  CHECK(MakeDeclaration(0, Cards({"9c", "9d", "9h", "9s"}), 0).points_tens == 15);
  CHECK(MakeDeclaration(0, Cards({"Qc", "Qd", "Qh", "Qs"}), 0).points_tens == 10);
  CHECK(MakeDeclaration(0, Cards({"Qc", "Kc", "Ac"}), 0).points_tens == 2);
  CHECK(MakeDeclaration(0, Cards({"Jc", "Qc", "Kc", "Ac"}), 0).points_tens == 5);
  CHECK(MakeDeclaration(0, Cards({"Tc", "Jc", "Qc", "Kc", "Ac"}), 0).points_tens == 10);
}

}  // namespace
}  // namespace kafenio::pilotta
