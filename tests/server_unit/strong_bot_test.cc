// The strong bots (docs/bots.md): they only ever play legal moves, in every phase of
// every preset; their determinizations agree with what the seat knows; they never cheat
// (two states the seat cannot tell apart, with different hidden cards, give the same
// decision from the same seed); and the arena's results follow from its seed alone.
#include <catch2/catch.hpp>

#include <cstdint>
#include <set>
#include <string>

#include "engine/core/rng.h"
#include "engine/diloti/view.h"
#include "engine/pilotta/view.h"
#include "server/game/arena.h"
#include "server/game/diloti_determinize.h"
#include "server/game/diloti_strong_bot.h"
#include "server/game/pilotta_determinize.h"
#include "server/game/pilotta_strong_bot.h"

namespace kafenio::server {
namespace {

SearchSettings Small(int iterations = 12) {
  SearchSettings settings;
  settings.iterations = iterations;
  return settings;
}

// Everything seat `seat` sees of a Pilotta position, as text: two states with the same
// text are the same to that seat.
std::string Seen(const pilotta::State& state, int seat) {
  const pilotta::SeatView v = pilotta::ViewFor(state, seat);
  std::string out = pilotta::FormatCards(v.hand) + "|" + pilotta::FormatCards(v.played) + "|";
  for (int s = 0; s < 4; ++s)
    out += std::to_string(v.hand_sizes[static_cast<std::size_t>(s)]) + ",";
  for (const auto& c : v.calls)
    out += std::to_string(int(c.kind)) + ":" + std::to_string(c.value) + ":" +
           std::to_string(c.suit) + ",";
  out += "|" + std::to_string(v.turned) + "|" + std::to_string(v.set_aside) + "|";
  for (const auto& t : v.trick) out += pilotta::FormatCard(t.card);
  for (const auto& d : v.declarations)
    out += pilotta::FormatCards(d.cards) + std::to_string(d.seat);
  out += "|" + std::to_string(v.belote_holder) + std::to_string(v.belote_complete);
  for (const auto& m : v.legal_moves) out += pilotta::FormatMove(m) + ";";
  for (int s = 0; s < state.Players(); ++s) out += std::to_string(state.ShownVoids(s));
  return out;
}

std::string Seen(const diloti::State& state, int seat) {
  const diloti::SeatView v = diloti::ViewFor(state, seat);
  std::string out = diloti::FormatCards(v.hand) + "|" + diloti::FormatCards(v.loose) + "|" +
                    diloti::FormatCards(v.captured[0]) + "|" + diloti::FormatCards(v.captured[1]) +
                    "|" + std::to_string(v.stock_size) + "|";
  for (int s = 0; s < 4; ++s)
    out += std::to_string(v.hand_sizes[static_cast<std::size_t>(s)]) + ",";
  for (const auto& d : v.declarations)
    out += std::to_string(d.value) + diloti::FormatCards(d.cards) + std::to_string(d.owner);
  for (const auto& m : v.legal_moves) out += diloti::FormatMove(m) + ";";
  for (const auto& family : v.move_families) {
    out += diloti::FormatCard(family.card) + std::to_string(family.value) + ":";
    for (int i = 0; i < static_cast<int>(family.anchors.size()); ++i)
      out += diloti::FormatAnchor(family, i) + ",";
    for (const auto& part : family.parts) out += diloti::FormatPart(part) + ",";
  }
  return out;
}

std::vector<pilotta::Rules> PilottaRulesets() {
  std::vector<pilotta::Rules> all;
  for (const auto preset :
       {pilotta::Preset::cyprus, pilotta::Preset::classic, pilotta::Preset::classic2}) {
    for (const bool options : {false, true}) {
      pilotta::Rules rules;
      rules.preset = preset;
      rules.nt_at_bids = options;
      rules.partner_exception = options;
      all.push_back(rules);
    }
  }
  return all;
}

std::vector<diloti::Rules> DilotiRulesets() {
  std::vector<diloti::Rules> all;
  for (const auto preset : {diloti::Preset::online, diloti::Preset::traditional}) {
    for (const int players : {2, 4}) {
      for (const bool forced : {false, true}) {
        diloti::Rules rules = diloti::PresetRules(preset);
        rules.players = players;
        rules.forced_capture = forced;
        all.push_back(rules);
      }
    }
  }
  return all;
}

// Calls `visit(state)` at positions along random play of `matches` matches.
template <class State, class DealFn, class Visit>
void RandomPositions(State state, std::uint64_t seed, int positions, DealFn deal, Visit visit) {
  DealRng rng(seed);
  const State start = state;
  for (int seen = 0; seen < positions;) {
    if (state.MatchOver()) state = start;
    if (state.ToAct() < 0) {
      deal(state, rng.Next());
      continue;
    }
    if (rng.Below(3) == 0) {
      visit(state);
      ++seen;
    }
    state.Apply(state.SampleLegalMove(rng));
  }
}

void DealPilotta(pilotta::State& s, std::uint64_t seed) {
  s.StartHand(pilotta::DealFromSeed(s.rules(), s.Dealer(), seed));
}
void DealDiloti(diloti::State& s, std::uint64_t seed) {
  s.StartHand(diloti::DealFromSeed(s.Players(), s.Dealer(), seed));
}

TEST_CASE("the strong pilotta bot plays only legal moves, in every phase of every preset") {
  std::set<int> phases;
  int positions = 0;
  std::uint64_t seed = 11;
  for (const pilotta::Rules& rules : PilottaRulesets()) {
    RandomPositions(pilotta::State(rules, 0), ++seed, 400, DealPilotta,
                    [&](const pilotta::State& state) {
                      const pilotta::Move move = ChooseStrongPilottaMove(state, Small());
                      pilotta::State after = state;
                      INFO(pilotta::PresetName(rules.preset) << " " << pilotta::FormatMove(move));
                      REQUIRE(after.Apply(move) == pilotta::Illegal::none);
                      phases.insert(static_cast<int>(state.phase()));
                      ++positions;
                    });
  }
  CHECK(positions == 2400);
  // auction, contra, recontra, take, name, swap and play were all visited.
  CHECK(phases.size() == 7);
}

TEST_CASE("the strong diloti bot plays only legal moves, in every preset and player count") {
  std::set<int> kinds;
  int positions = 0;
  std::uint64_t seed = 21;
  for (const diloti::Rules& rules : DilotiRulesets()) {
    RandomPositions(diloti::State(rules, 0), ++seed, 250, DealDiloti,
                    [&](const diloti::State& state) {
                      const diloti::Move move = ChooseStrongDilotiMove(state, Small());
                      INFO(diloti::FormatMove(move));
                      REQUIRE(state.Validate(move) == diloti::Illegal::none);
                      kinds.insert(static_cast<int>(move.kind));
                      ++positions;
                    });
  }
  CHECK(positions == 2000);
  CHECK(kinds.size() >= 4);  // captures, declarations, raises or groups, lays
}

TEST_CASE("pilotta determinizations keep everything the seat knows") {
  std::uint64_t seed = 31;
  int checked = 0;
  for (const pilotta::Rules& rules : PilottaRulesets()) {
    RandomPositions(pilotta::State(rules, 0), ++seed, 200, DealPilotta,
                    [&](const pilotta::State& state) {
                      const int seat = state.ToAct();
                      const PilottaKnowledge knowledge = PilottaKnowledgeOf(state, seat);
                      DealRng rng(seed * 7 + static_cast<std::uint64_t>(checked));
                      const pilotta::State d = Determinize(state, knowledge, rng);
                      REQUIRE(Seen(d, seat) == Seen(state, seat));
                      pilotta::CardMask all = d.Played();
                      for (int s = 0; s < state.Players(); ++s) {
                        REQUIRE((all & d.Hand(s)) == 0);
                        all |= d.Hand(s);
                        REQUIRE((d.Hand(s) & knowledge.known[static_cast<std::size_t>(s)]) ==
                                knowledge.known[static_cast<std::size_t>(s)]);
                      }
                      ++checked;
                    });
  }
  CHECK(checked == 1200);
}

TEST_CASE("the strong bots never cheat: the same view gives the same decision") {
  int differing = 0;
  int checked = 0;
  std::uint64_t seed = 41;
  for (const pilotta::Rules& rules : PilottaRulesets()) {
    RandomPositions(
        pilotta::State(rules, 0), ++seed, 40, DealPilotta, [&](const pilotta::State& state) {
          const int seat = state.ToAct();
          DealRng rng(seed + static_cast<std::uint64_t>(checked));
          // Another state the seat cannot tell from this one: its hidden cards redrawn.
          const pilotta::State other = Determinize(state, PilottaKnowledgeOf(state, seat), rng);
          REQUIRE(Seen(other, seat) == Seen(state, seat));
          for (int s = 0; s < state.Players(); ++s) differing += other.Hand(s) != state.Hand(s);
          CHECK(ChooseStrongPilottaMove(state, Small(40)) ==
                ChooseStrongPilottaMove(other, Small(40)));
          ++checked;
        });
  }
  for (const diloti::Rules& rules : DilotiRulesets()) {
    RandomPositions(
        diloti::State(rules, 0), ++seed, 30, DealDiloti, [&](const diloti::State& state) {
          const int seat = state.ToAct();
          DealRng rng(seed + static_cast<std::uint64_t>(checked));
          const diloti::State other = Determinize(state, DilotiKnowledgeOf(state, seat), rng);
          REQUIRE(Seen(other, seat) == Seen(state, seat));
          for (int s = 0; s < state.Players(); ++s) differing += other.Hand(s) != state.Hand(s);
          CHECK(ChooseStrongDilotiMove(state, Small(40)) ==
                ChooseStrongDilotiMove(other, Small(40)));
          ++checked;
        });
  }
  CHECK(checked == 6 * 40 + 8 * 30);
  CHECK(differing > checked);  // the hidden cards really differed
}

TEST_CASE("the all-seeing bot does look at the hidden cards (the check above has teeth)") {
  // The same kind of pair of states as above, decided by the all-seeing version: some
  // decisions must differ, or the no-cheating check could not tell cheating apart.
  SearchSettings sees_all = Small(40);
  sees_all.sees_all = true;
  int differ = 0;
  int seed = 51;
  RandomPositions(
      pilotta::State(pilotta::Rules{}, 0), 51, 60, DealPilotta, [&](const pilotta::State& state) {
        DealRng rng(static_cast<std::uint64_t>(++seed));
        const pilotta::State other =
            Determinize(state, PilottaKnowledgeOf(state, state.ToAct()), rng);
        differ +=
            ChooseStrongPilottaMove(state, sees_all) != ChooseStrongPilottaMove(other, sees_all);
      });
  CHECK(differ > 0);
}

TEST_CASE("arena results follow from the seed, whatever the threads") {
  for (const char* game : {"pilotta", "diloti"}) {
    ArenaConfig config;
    config.game = game;
    config.a.level = BotLevel::strong;
    config.a.settings.iterations = 8;
    config.b.level = BotLevel::easy;
    config.matches = 4;
    config.seed = 2026;
    config.threads = 1;
    const ArenaResult one = RunArena(config);
    config.threads = 2;
    const ArenaResult two = RunArena(config);
    INFO(game);
    REQUIRE(one.error.empty());
    CHECK(one.matches == 4);
    CHECK(one.winners == two.winners);
    CHECK(one.a_wins == two.a_wins);
    CHECK(one.mean_margin == two.mean_margin);
    CHECK(one.a_decisions == two.a_decisions);
    CHECK(one.a_decisions > 0);
    config.seed = 2027;
    const ArenaResult other = RunArena(config);
    CHECK((other.mean_margin != one.mean_margin || other.a_decisions != one.a_decisions));
  }
}

}  // namespace
}  // namespace kafenio::server
