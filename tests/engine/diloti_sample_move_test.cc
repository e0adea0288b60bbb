// State::SampleLegalMove counts the moves without listing them and builds only the one it
// draws (sample_move.cc); it must still be exactly LegalMoves()[rng.Below(size)] and use
// the generator the same way. diloti_state_test.cc checks that along random play, whose
// tables are small; here play lays numerals whenever it may, so that tables grow past the
// sizes where the sampler changes its index (6, 8 and 10 loose numerals) and where it
// falls back to listing, and every position is drawn from many generator states. The
// draws are made both without and with a SampleScratch, which the sampler may reuse from
// one call to the next: one scratch serves every game of the test, and each position is
// followed by a draw from the position the round started with, so that the scratch sees
// the same cards again, one card more, fewer cards and other tables in turn.
#include <array>
#include <memory>
#include <string>

#include <catch2/catch.hpp>

#include "engine/core/rng.h"
#include "engine/diloti/deal.h"
#include "engine/diloti/sample_scratch.h"
#include "engine/diloti/state.h"

namespace kafenio::diloti {
namespace {

// Positions compared, by number of loose numerals: up to 6, 7-8, 9-10, more.
using Coverage = std::array<int, 4>;

std::size_t SizeClass(const State& state) {
  const int numerals = Count(state.Loose() & kNumerals);
  return numerals <= 6 ? 0 : numerals <= 8 ? 1 : numerals <= 10 ? 2 : 3;
}

void CompareOnCrowdedTables(Rules rules, std::uint64_t seed, int rounds, SampleScratch& scratch,
                            Coverage& coverage) {
  rules.target = 1'000'000;  // every round is played; the match never ends
  DealRng play(seed);
  State state(rules, 0);
  for (int round = 0; round < rounds; ++round) {
    REQUIRE(state.StartHand(DealFromSeed(rules.players, state.Dealer(), play.Next())) ==
            Illegal::none);
    const State round_start = state;
    while (state.phase() == Phase::play) {
      const MoveList legal = state.LegalMoves();
      REQUIRE(!legal.empty());
      for (int draw = 0; draw < 16; ++draw) {
        DealRng listed(play.Next());
        DealRng sampled = listed;
        DealRng with_scratch = listed;
        const Move expected =
            legal[static_cast<int>(listed.Below(static_cast<std::uint64_t>(legal.size())))];
        const Move got = state.SampleLegalMove(sampled);
        const Move got_with_scratch = state.SampleLegalMove(with_scratch, scratch);
        if (!(got == expected) || !(got_with_scratch == expected)) {
          FAIL("samples " << FormatMove(got) << ", " << FormatMove(got_with_scratch) << " != "
                          << FormatMove(expected) << " with " << Count(state.Loose() & kNumerals)
                          << " loose numerals, " << legal.size() << " moves");
        }
        // The same draws were consumed.
        const std::uint64_t after = listed.Next();
        REQUIRE(sampled.Next() == after);
        REQUIRE(with_scratch.Next() == after);
      }
      ++coverage[SizeClass(state)];
      // Back to the round's first position, whose loose cards this table contains.
      const MoveList first = round_start.LegalMoves();
      DealRng listed(play.Next());
      DealRng with_scratch = listed;
      REQUIRE(round_start.SampleLegalMove(with_scratch, scratch) ==
              first[static_cast<int>(listed.Below(static_cast<std::uint64_t>(first.size())))]);
      // Lay a numeral when one may be laid (seven times in eight) until the table holds
      // twelve (more would allow millions of captures to list), else any legal move.
      Move next = legal[static_cast<int>(play.Below(static_cast<std::uint64_t>(legal.size())))];
      if (play.Below(8) != 0 && Count(state.Loose() & kNumerals) < 12) {
        for (const Move& move : legal) {
          if (move.kind == MoveKind::lay && !IsFace(move.card)) next = move;
        }
      }
      REQUIRE(state.Apply(next) == Illegal::none);
    }
  }
}

TEST_CASE("diloti: SampleLegalMove is the list pick on crowded tables", "[diloti][state]") {
  auto scratch = std::make_unique<SampleScratch>();  // shared by every game below
  Coverage coverage{};
  for (const char* preset : {"online", "traditional"}) {
    for (int players : {2, 4}) {
      Rules rules = ParseRules(preset, {}).rules;
      rules.players = players;
      rules.forced_capture = players == 4;  // both settings of the option, across presets
      CompareOnCrowdedTables(rules, 7000 + static_cast<std::uint64_t>(players), 60, *scratch,
                             coverage);
    }
  }
  // Every size of index, and the fallback, was exercised.
  for (int positions : coverage) CHECK(positions >= 100);
}

}  // namespace
}  // namespace kafenio::diloti
