// Diloti behaviour that records cannot show directly: the pinned seeded deals (checked
// against an independent re-deal of docs/shuffle.md), round scoring, the value search,
// and the legal-move generator against a brute-force search over every candidate move.
#include <algorithm>
#include <memory>
#include <vector>

#include <catch2/catch.hpp>

#include "engine/core/rng.h"
#include "engine/diloti/deal.h"
#include "engine/diloti/sample_scratch.h"
#include "engine/diloti/scoring.h"
#include "engine/diloti/state.h"
#include "engine/diloti/values.h"

namespace kafenio::diloti {
namespace {

std::string Stock(const Deal& deal, int count) {
  std::string out;
  for (int i = 0; i < count; ++i) {
    if (!out.empty()) out += ' ';
    out += FormatCard(deal.stock[static_cast<std::size_t>(i)]);
  }
  return out;
}

TEST_CASE("a seeded diloti deal is pinned forever", "[diloti][deal]") {
  // Seed 1, two players, dealer 0: eldest (seat 1) takes the first six cards.
  const Deal deal = DealFromSeed(2, 0, 1);
  CHECK(FormatCards(deal.hands[0]) == "Ad 4d Qd 5h 9s Ks");
  CHECK(FormatCards(deal.hands[1]) == "Tc 8d Kd 6h 9h Ts");
  CHECK(FormatCards(deal.table) == "Kc 5s 7s 8s");
  CHECK(deal.stock_size == 36);
  CHECK(Stock(deal, 6) == "5c 2h 8c 9c 4s Ac");
  CHECK(IsCompleteDeal(2, deal));
}

TEST_CASE("a seeded table with three kings is redealt from the reshuffled stock",
          "[diloti][deal]") {
  // Seed 75, four players, dealer 3: the first table is Ks Kd Td Kc. Values checked
  // against docs/redeal.py, the reference re-deal written from docs/shuffle.md.
  const Deal deal = DealFromSeed(4, 3, 75);
  CHECK(FormatCards(deal.hands[0]) == "5c Ad 3d Qd Ah 8h");
  CHECK(FormatCards(deal.hands[1]) == "Ac 8c 2h 6h 5s 9s");
  CHECK(FormatCards(deal.hands[2]) == "3c 9c Qc 4h 7h Th");
  CHECK(FormatCards(deal.hands[3]) == "Jc 6d Jh 3s 4s 8s");
  CHECK(FormatCards(deal.table) == "5d Td 5h 6s");
  CHECK(deal.stock_size == 24);
  CHECK(Stock(deal, 6) == "Kc Jd 2s 9h 6c Ks");
}

TEST_CASE("no seeded table ever needs a redeal", "[diloti][deal]") {
  for (std::uint64_t seed = 0; seed < 3000; ++seed) {
    const Deal deal = DealFromSeed(seed % 2 ? 4 : 2, static_cast<int>(seed % 2), seed);
    REQUIRE(!TableNeedsRedeal(deal.table));
    REQUIRE(IsCompleteDeal(seed % 2 ? 4 : 2, deal));
  }
}

TEST_CASE("an explicit table to redeal is refused", "[diloti][deal]") {
  // Table Jc Jd Jh 4s; the other cards in deck order: six to each seat, then the stock.
  Deal deal;
  deal.table =
      (RankMask(kJack) & ~Bit(MakeCard(Suit::spades, kJack))) | Bit(MakeCard(Suit::spades, 3));
  int dealt = 0;
  for (Card card = 0; card < kDeckSize; ++card) {
    if (deal.table & Bit(card)) continue;
    if (dealt < 12) {
      deal.hands[static_cast<std::size_t>(dealt++ / 6)] |= Bit(card);
    } else {
      deal.stock[deal.stock_size++] = card;
    }
  }
  REQUIRE(IsCompleteDeal(2, deal));
  REQUIRE(TableNeedsRedeal(deal.table));
  State state(Rules{}, 0);
  CHECK(state.StartHand(deal) == Illegal::table_must_be_redealt);
  CHECK(state.phase() == Phase::awaiting_deal);
}

TEST_CASE("round scoring", "[diloti][scoring]") {
  // Team 0: 27 cards with Td and two aces; team 1: the rest with 2c and two aces.
  const CardMask team1 =
      RankMask(0) & ~(Bit(MakeCard(Suit::clubs, 0)) | Bit(MakeCard(Suit::diamonds, 0))) |
      RankMask(1) | RankMask(2) | RankMask(3) | RankMask(4) | RankMask(5) |
      Bit(MakeCard(Suit::clubs, 6)) | Bit(MakeCard(Suit::hearts, 6)) |
      Bit(MakeCard(Suit::spades, 6));
  const CardMask team0 = kFullDeck & ~team1;
  REQUIRE(Count(team0) == 27);
  const auto result = ScoreRound({team0, team1}, {1, 2});
  CHECK(result.cards == std::array<int, 2>{27, 25});
  CHECK(result.most_cards == std::array<int, 2>{4, 0});
  CHECK(result.ten_diamonds == std::array<int, 2>{2, 0});
  CHECK(result.two_clubs == std::array<int, 2>{0, 1});
  CHECK(result.aces == std::array<int, 2>{2, 2});
  CHECK(result.score == std::array<int, 2>{4 + 2 + 2 + 10, 1 + 2 + 20});
}

TEST_CASE("splitting values into equal groups", "[diloti][values]") {
  auto counts = [](std::initializer_list<int> values) {
    ValueCounts c{};
    for (int v : values) ++c[static_cast<std::size_t>(v)];
    return c;
  };
  CHECK(CanPartition(counts({3, 4, 7}), 7));
  CHECK(CanPartition(counts({1, 2, 3, 4, 5, 5}), 10));       // 1+4+5, 2+3+5
  CHECK(CanPartition(counts({1, 2, 3, 4, 5, 5}), 5));        // 1+4, 2+3, 5, 5
  CHECK_FALSE(CanPartition(counts({1, 2, 3, 4, 5, 5}), 4));  // a 5 fits no group of 4
  CHECK_FALSE(CanPartition(counts({2, 2, 2}), 3));
  CHECK_FALSE(CanPartition(counts({3, 3, 4}), 5));  // sums to 10, splits into no 5s
}

TEST_CASE("the compile-time packed partitions are PartitionsOf, packed", "[diloti][values]") {
  for (int v = 1; v <= kMaxValue; ++v) {
    std::vector<PackedCounts> expected;
    for (const auto& partition : PartitionsOf(v)) {
      if (std::all_of(partition.begin(), partition.end(), [](auto count) { return count <= 5; })) {
        expected.push_back(Pack(partition));
      }
    }
    const auto packed = PackedPartitionsOf(v);
    CHECK(std::vector<PackedCounts>(packed.begin(), packed.end()) == expected);
  }
}

TEST_CASE("diloti: SampleLegalMove is the list pick it promises", "[diloti][state]") {
  auto scratch = std::make_unique<SampleScratch>();  // kept across every game
  for (const char* preset : {"online", "traditional"}) {
    for (int players : {2, 4}) {
      Rules rules = ParseRules(preset, {}).rules;
      rules.players = players;
      rules.forced_capture = players == 4;  // both settings of the option, across presets
      for (std::uint64_t seed = 1; seed <= 200; ++seed) {
        State state(rules, static_cast<int>(seed % static_cast<std::uint64_t>(players)));
        REQUIRE(state.StartHand(DealFromSeed(players, state.Dealer(), seed)) == Illegal::none);
        DealRng walk(seed);
        while (state.phase() == Phase::play) {
          DealRng sampled = walk;
          DealRng listed = walk;
          DealRng played = walk;
          const MoveList legal = state.LegalMoves();
          const Move expected =
              legal[static_cast<int>(listed.Below(static_cast<std::uint64_t>(legal.size())))];
          const Move got = state.SampleLegalMove(sampled);
          if (!(got == expected)) {
            FAIL("sample " << FormatMove(got) << " != " << FormatMove(expected));
          }
          // PlayRandomMove is Apply of that same move, without the second validation, and
          // so is PlayRandomMove with a scratch kept along the whole line of play.
          State applied = state;
          REQUIRE(applied.Apply(got) == Illegal::none);
          State with_scratch = state;
          DealRng played_with_scratch = walk;
          REQUIRE(state.PlayRandomMove(played) == got);
          REQUIRE(state == applied);
          REQUIRE(with_scratch.PlayRandomMove(played_with_scratch, *scratch) == got);
          REQUIRE(with_scratch == applied);
          walk = sampled;
        }
      }
    }
  }
}

}  // namespace
}  // namespace kafenio::diloti
