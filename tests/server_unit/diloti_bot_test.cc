// The Diloti bot's decisions, pinned: along fixed-seed play of every preset, player count
// and forced capture, the bot is asked for its move at every position, and a hash of all
// its answers must stay what it was when the test was written. A change to how the bot or
// the engine values moves that alters a single choice changes the hash. The play itself
// takes the bot's move or a random legal one by turns of a coin, so that the positions
// are not only those the bot leads to.
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>

#include "engine/core/rng.h"
#include "engine/diloti/state.h"
#include "server/game/diloti_bot.h"

namespace kafenio::server {
namespace {

// FNV-1a over the text of each move.
struct MoveHash {
  std::uint64_t value = 14695981039346656037ULL;
  void Add(const std::string& text) {
    for (const char c : text) {
      value ^= static_cast<unsigned char>(c);
      value *= 1099511628211ULL;
    }
    value ^= '\n';
    value *= 1099511628211ULL;
  }
};

// Does the capture take every card on the table (a xeri unless it is the round's first
// move, or its last card under traditional rules)?
bool Sweeps(const diloti::State& state, const diloti::Move& move) {
  if (move.kind != diloti::MoveKind::capture) return false;
  diloti::CardMask taken = move.loose;
  for (int value = 1; value <= diloti::kMaxValue; ++value) {
    if (move.taken & diloti::DeclarationBit(value)) taken |= state.DeclarationOf(value).cards;
  }
  return (state.TableCards() & ~taken) == 0;
}

bool LastCardOfRound(const diloti::State& state) {
  int held = 0;
  for (int seat = 0; seat < state.Players(); ++seat) held += diloti::Count(state.Hand(seat));
  return state.StockSize() == 0 && held == 1;
}

TEST_CASE("the diloti bot's choices along fixed-seed play stay the same") {
  MoveHash hash;
  int positions = 0;
  int sweeps = 0;
  int last_card_sweeps = 0;  // where final_xeri decides whether the sweep is a xeri
  std::uint64_t seed = 0;
  for (const auto preset : {diloti::Preset::online, diloti::Preset::traditional}) {
    for (const int players : {2, 4}) {
      for (const bool forced_capture : {false, true}) {
        diloti::Rules rules = diloti::PresetRules(preset);
        rules.players = players;
        rules.forced_capture = forced_capture;
        for (int match = 0; match < 20; ++match) {
          ++seed;
          diloti::State state(rules, match % players);
          SplitMix64 deals(seed);
          DealRng coin(seed);
          while (!state.MatchOver()) {
            if (state.phase() == diloti::Phase::awaiting_deal) {
              REQUIRE(state.StartHand(diloti::DealFromSeed(players, state.Dealer(),
                                                           deals.Next())) == diloti::Illegal::none);
              continue;
            }
            const diloti::Move chosen = ChooseDilotiMove(state);
            hash.Add(diloti::FormatMove(chosen));
            ++positions;
            if (Sweeps(state, chosen)) {
              ++sweeps;
              if (LastCardOfRound(state) && !rules.final_xeri) ++last_card_sweeps;
            }
            diloti::Move next = chosen;
            if (coin.Below(2) == 0) {
              const diloti::MoveList legal = state.LegalMoves();
              next = legal[static_cast<int>(coin.Below(static_cast<std::uint64_t>(legal.size())))];
            }
            REQUIRE(state.Apply(next) == diloti::Illegal::none);
          }
        }
      }
    }
  }
  // What the play covered, so that a change of the seeds cannot leave the test empty.
  CHECK(positions == 43872);
  CHECK(sweeps == 1312);
  CHECK(last_card_sweeps == 20);
  CHECK(hash.value == 0x481f2c5923a5080aULL);
}

}  // namespace
}  // namespace kafenio::server
