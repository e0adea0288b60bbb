// State::SampleLegalMove counts the moves without listing them and builds only the one it
// draws (sample_move.cc); it must still be exactly LegalMoves()[rng.Below(size)] and use
// the generator the same way. diloti_state_test.cc checks that along random play, whose
// tables are small; here play lays numerals whenever it may, so that tables grow past the
// sizes where the sampler changes its index (6, 8 and 10 loose numerals) and where it
// falls back to listing, and every position is drawn from many generator states.
#include <array>
#include <string>

#include <catch2/catch.hpp>

#include "engine/core/rng.h"
#include "engine/diloti/deal.h"
#include "engine/diloti/state.h"

namespace kafenio::diloti {
namespace {

// Positions compared, by number of loose numerals: up to 6, 7-8, 9-10, more.
using Coverage = std::array<int, 4>;

std::size_t SizeClass(const State& state) {
  const int numerals = Count(state.Loose() & kNumerals);
  return numerals <= 6 ? 0 : numerals <= 8 ? 1 : numerals <= 10 ? 2 : 3;
}

void CompareOnCrowdedTables(Rules rules, std::uint64_t seed, int rounds, Coverage& coverage) {
  rules.target = 1'000'000;  // every round is played; the match never ends
  DealRng play(seed);
  State state(rules, 0);
  for (int round = 0; round < rounds; ++round) {
    REQUIRE(state.StartHand(DealFromSeed(rules.players, state.Dealer(), play.Next())) ==
            Illegal::none);
    while (state.phase() == Phase::play) {
      const MoveList legal = state.LegalMoves();
      REQUIRE(!legal.empty());
      for (int draw = 0; draw < 16; ++draw) {
        DealRng listed(play.Next());
        DealRng sampled = listed;
        const Move expected =
            legal[static_cast<int>(listed.Below(static_cast<std::uint64_t>(legal.size())))];
        const Move got = state.SampleLegalMove(sampled);
        if (!(got == expected)) {
          FAIL("sample " << FormatMove(got) << " != " << FormatMove(expected) << " with "
                         << Count(state.Loose() & kNumerals) << " loose numerals, " << legal.size()
                         << " moves");
        }
        REQUIRE(sampled.Next() == listed.Next());  // the same draws were consumed
      }
      ++coverage[SizeClass(state)];
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
  Coverage coverage{};
  for (const char* preset : {"online", "traditional"}) {
    for (int players : {2, 4}) {
      Rules rules = ParseRules(preset, {}).rules;
      rules.players = players;
      rules.forced_capture = players == 4;  // both settings of the option, across presets
      CompareOnCrowdedTables(rules, 7000 + static_cast<std::uint64_t>(players), 60, coverage);
    }
  }
  // Every size of index, and the fallback, was exercised.
  for (int positions : coverage) CHECK(positions >= 100);
}

}  // namespace
}  // namespace kafenio::diloti
