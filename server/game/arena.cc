#include "server/game/arena.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <functional>
#include <string_view>
#include <thread>

#include "engine/diloti/deal.h"
#include "engine/pilotta/deal.h"
#include "server/game/diloti_strong_bot.h"
#include "server/game/pilotta_strong_bot.h"
#include "server/game/root_search.h"

namespace kafenio::server {
namespace {

// A match that has not ended after this many hands is called a draw (never seen in
// practice; it keeps a pathological pair of bots from running forever).
constexpr int kHandLimit = 400;

struct MatchOutcome {
  int winner = -1;  // 0: A, 1: B, -1: drawn
  int margin = 0;   // A's total minus B's
  std::vector<double> a_ms;
  std::vector<double> b_ms;
};

// The side (0: A, 1: B) that plays `team` in game `leg` of a pair: A is team 0 first.
int SideOf(int team, int leg) {
  return team ^ leg;
}

// Plays one match of either game. `deal(state, seed)` starts a hand; `choose(state,
// side)` asks a side's bot for the seat to act.
template <class State, class DealFn, class ChooseFn>
MatchOutcome PlayMatch(State state, std::uint64_t match_seed, int leg, DealFn deal,
                       ChooseFn choose) {
  MatchOutcome out;
  while (!state.MatchOver() && state.HandNumber() < kHandLimit) {
    deal(state, MixSeed(match_seed, static_cast<std::uint64_t>(state.HandNumber())));
    while (state.ToAct() >= 0) {
      const int side = SideOf(state.ToAct() & 1, leg);
      const auto start = std::chrono::steady_clock::now();
      const bool searched = state.LegalMoves().size() > 1;
      const auto move = choose(state, side, MixSeed(match_seed, static_cast<std::uint64_t>(side)));
      const double ms =
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
              .count();
      if (searched) (side == 0 ? out.a_ms : out.b_ms).push_back(ms);
      state.Apply(move);
    }
  }
  const auto totals = state.Totals();
  const int a_team = leg;  // A plays team 0 in leg 0, team 1 in leg 1
  out.margin =
      totals[static_cast<std::size_t>(a_team)] - totals[static_cast<std::size_t>(1 - a_team)];
  if (state.MatchOver()) out.winner = state.Winner() == a_team ? 0 : 1;
  return out;
}

const ArenaSide& Side(const ArenaConfig& config, int side) {
  return side == 0 ? config.a : config.b;
}

SearchSettings SeededSettings(const ArenaSide& side, std::uint64_t seed) {
  SearchSettings settings = side.settings;
  settings.seed = MixSeed(settings.seed, seed);
  return settings;
}

struct Game {
  std::string error;
  // Plays leg 0 or 1 of pair `pair`.
  std::function<MatchOutcome(std::uint64_t match_seed, int leg)> play;
};

std::vector<std::string_view> Views(const std::vector<std::string>& strings) {
  return {strings.begin(), strings.end()};
}

Game MakeGame(const ArenaConfig& config) {
  Game game;
  const std::vector<std::string_view> words = Views(config.rules);
  const std::string_view preset = words.empty() ? std::string_view{} : words[0];
  const std::vector<std::string_view> options =
      words.empty() ? std::vector<std::string_view>{}
                    : std::vector<std::string_view>(words.begin() + 1, words.end());
  if (config.game == "pilotta") {
    const pilotta::RulesParse parsed =
        pilotta::ParseRules(preset.empty() ? "cyprus" : preset, options);
    if (!parsed.error.empty()) return Game{parsed.error, {}};
    const pilotta::Rules rules = parsed.rules;
    game.play = [rules, &config](std::uint64_t match_seed, int leg) {
      return PlayMatch(
          pilotta::State(rules, 0), match_seed, leg,
          [](pilotta::State& s, std::uint64_t seed) {
            s.StartHand(pilotta::DealFromSeed(s.rules(), s.Dealer(), seed));
          },
          [&config](const pilotta::State& s, int side, std::uint64_t seed) {
            const ArenaSide& bot = Side(config, side);
            return ChoosePilottaMove(s, bot.level, SeededSettings(bot, seed));
          });
    };
    return game;
  }
  if (config.game == "diloti") {
    const diloti::RulesParse parsed =
        diloti::ParseRules(preset.empty() ? "online" : preset, options);
    if (!parsed.error.empty()) return Game{parsed.error, {}};
    if (config.players != 2 && config.players != 4) return Game{"players must be 2 or 4", {}};
    diloti::Rules rules = parsed.rules;
    rules.players = config.players;
    game.play = [rules, &config](std::uint64_t match_seed, int leg) {
      return PlayMatch(
          diloti::State(rules, 0), match_seed, leg,
          [](diloti::State& s, std::uint64_t seed) {
            s.StartHand(diloti::DealFromSeed(s.Players(), s.Dealer(), seed));
          },
          [&config](const diloti::State& s, int side, std::uint64_t seed) {
            const ArenaSide& bot = Side(config, side);
            return ChooseDilotiMove(s, bot.level, SeededSettings(bot, seed));
          });
    };
    return game;
  }
  return Game{"unknown game: " + config.game, {}};
}

double Percentile(std::vector<double>& values, double fraction) {
  if (values.empty()) return 0;
  const auto k = static_cast<std::size_t>(fraction * static_cast<double>(values.size() - 1));
  std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(k), values.end());
  return values[k];
}

}  // namespace

ArenaResult RunArena(const ArenaConfig& config) {
  ArenaResult result;
  const Game game = MakeGame(config);
  if (!game.error.empty()) {
    result.error = game.error;
    return result;
  }
  const long pairs = (std::max(config.matches, 1L) + 1) / 2;
  std::vector<MatchOutcome> outcomes(static_cast<std::size_t>(2 * pairs));
  std::atomic<long> next{0};
  auto worker = [&] {
    for (long p = next++; p < pairs; p = next++) {
      const std::uint64_t match_seed = MixSeed(config.seed, static_cast<std::uint64_t>(p));
      for (int leg = 0; leg < 2; ++leg) {
        outcomes[static_cast<std::size_t>(2 * p + leg)] = game.play(match_seed, leg);
      }
    }
  };
  std::vector<std::thread> threads;
  for (int t = 1; t < std::max(config.threads, 1); ++t) threads.emplace_back(worker);
  worker();
  for (auto& t : threads) t.join();

  std::vector<double> a_ms;
  std::vector<double> b_ms;
  double sum = 0;
  double sum_squares = 0;
  long margin_sum = 0;
  for (long p = 0; p < pairs; ++p) {
    double pair_score = 0;
    for (int leg = 0; leg < 2; ++leg) {
      const MatchOutcome& o = outcomes[static_cast<std::size_t>(2 * p + leg)];
      const double score = o.winner == 0 ? 1.0 : o.winner == 1 ? 0.0 : 0.5;
      pair_score += score / 2;
      result.a_wins += score;
      margin_sum += o.margin;
      result.winners.push_back(o.winner);
      a_ms.insert(a_ms.end(), o.a_ms.begin(), o.a_ms.end());
      b_ms.insert(b_ms.end(), o.b_ms.begin(), o.b_ms.end());
    }
    sum += pair_score;
    sum_squares += pair_score * pair_score;
  }
  result.matches = 2 * pairs;
  const auto n = static_cast<double>(pairs);
  result.win_rate = sum / n;
  // The pairs are the independent samples (the two legs of a pair share their deals).
  const double variance = pairs > 1 ? (sum_squares - sum * sum / n) / (n - 1) : 0;
  const double half_width = 1.96 * std::sqrt(std::max(variance, 0.0) / n);
  result.interval_low = std::max(0.0, result.win_rate - half_width);
  result.interval_high = std::min(1.0, result.win_rate + half_width);
  result.mean_margin = static_cast<double>(margin_sum) / static_cast<double>(result.matches);
  result.a_decisions = static_cast<long>(a_ms.size());
  result.b_decisions = static_cast<long>(b_ms.size());
  result.a_median_ms = Percentile(a_ms, 0.5);
  result.a_p95_ms = Percentile(a_ms, 0.95);
  result.b_median_ms = Percentile(b_ms, 0.5);
  result.b_p95_ms = Percentile(b_ms, 0.95);
  return result;
}

}  // namespace kafenio::server
