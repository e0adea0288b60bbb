// `kafenio arena --game pilotta|diloti --a LEVEL --b LEVEL --matches N --seed S
//  [--threads T] [--iterations I] [--a-iterations I] [--b-iterations I] [--a-sees-all]
//  [--rules PRESET [KEY=VALUE ...]] [--players 2|4]`: duplicate matches between two bots
// (docs/bots.md), with A's win rate, its 95% interval, the mean margin and decision times.
#include <cstdio>
#include <string>

#include "engine/record/lines.h"
#include "server/cli/commands.h"
#include "server/cli/flags.h"
#include "server/game/arena.h"

namespace kafenio::cli {
namespace {

constexpr const char* kUsage =
    "usage: kafenio arena --game pilotta|diloti --a easy|strong --b easy|strong --matches N\n"
    "                     --seed S [--threads T] [--iterations I] [--a-iterations I]\n"
    "                     [--b-iterations I] [--a-sees-all] [--rules PRESET [KEY=VALUE ...]]\n"
    "                     [--players 2|4]\n";

// The configuration from the command line's flags; false with `error` when a flag is
// missing or bad.
bool ReadArena(const Flags& flags, server::ArenaConfig& config, std::string& error) {
  if (!flags.Has("game") || !flags.Has("a") || !flags.Has("b") || !flags.Has("seed") ||
      !flags.Has("matches")) {
    return error = "--game, --a, --b, --matches and --seed are required", false;
  }
  config.game = flags.Get("game");
  auto level = [&](const char* name, server::ArenaSide& side) {
    const auto parsed = server::ParseBotLevel(flags.Get(name));
    if (parsed) side.level = *parsed;
    return parsed.has_value();
  };
  if (!level("a", config.a)) return error = "--a is easy or strong", false;
  if (!level("b", config.b)) return error = "--b is easy or strong", false;
  long long n = 0;
  if (!record::ParseInt(flags.Get("matches"), n) || n < 1) {
    return error = "--matches needs a positive number", false;
  }
  config.matches = static_cast<long>(n);
  unsigned long long u = 0;
  if (!record::ParseUnsigned64(flags.Get("seed"), u)) return error = "--seed needs a number", false;
  config.seed = u;
  // A count from 1 to 1,000,000, when the flag is given.
  auto count = [&](const char* name, int& out) {
    if (!flags.Has(name)) return true;
    if (!record::ParseInt(flags.Get(name), n) || n < 1 || n > 1000000) return false;
    out = static_cast<int>(n);
    return true;
  };
  if (!count("threads", config.threads)) return error = "--threads needs a positive number", false;
  int iterations = 0;
  if (!count("iterations", iterations)) {
    return error = "--iterations needs a positive number", false;
  }
  if (iterations > 0) config.a.settings.iterations = config.b.settings.iterations = iterations;
  if (!count("a-iterations", config.a.settings.iterations)) {
    return error = "--a-iterations needs a positive number", false;
  }
  if (!count("b-iterations", config.b.settings.iterations)) {
    return error = "--b-iterations needs a positive number", false;
  }
  if (flags.Has("a-sees-all")) config.a.settings.sees_all = true;
  if (!count("players", config.players)) return error = "--players is 2 or 4", false;
  for (const std::string& word : flags.GetAll("rules")) config.rules.emplace_back(word);
  if (flags.Has("rules") && config.rules.empty()) return error = "--rules needs a preset", false;
  // A's and B's searches draw different numbers (their seeds differ) even at equal levels.
  config.b.settings.seed ^= 0x5bd1e995ULL;
  return true;
}

}  // namespace

int RunArena(const Args& args) {
  Flags flags("arena", kUsage, "Plays duplicate matches between two bots (docs/bots.md).");
  flags.Value("game", "pilotta or diloti")
      .Value("a", "bot A's level: easy or strong")
      .Value("b", "bot B's level: easy or strong")
      .Value("matches", "how many matches (in duplicate pairs)")
      .Value("seed", "the seed of the first deal")
      .Value("threads", "threads playing matches at once")
      .Value("iterations", "both strong bots' playouts per decision")
      .Value("a-iterations", "bot A's playouts per decision")
      .Value("b-iterations", "bot B's playouts per decision")
      .Switch("a-sees-all", "bot A sees every hand (an upper bound)")
      .Words("rules", "PRESET [KEY=VALUE ...]: the ruleset")
      .Value("players", "2 or 4 (Diloti)");
  if (const auto done = flags.Parse(args)) return *done;
  server::ArenaConfig config;
  std::string error;
  if (!ReadArena(flags, config, error)) return flags.Fail(error);
  const server::ArenaResult r = server::RunArena(config);
  if (!r.error.empty()) {
    std::fprintf(stderr, "kafenio arena: %s\n", r.error.c_str());
    return 2;
  }
  std::printf("game %s a %s%s b %s matches %ld (%ld duplicate pairs) seed %llu\n",
              config.game.c_str(), std::string(server::BotLevelName(config.a.level)).c_str(),
              config.a.settings.sees_all ? " (sees all)" : "",
              std::string(server::BotLevelName(config.b.level)).c_str(), r.matches, r.matches / 2,
              static_cast<unsigned long long>(config.seed));
  std::printf("a wins %.1f of %ld: win rate %.3f, 95%% interval %.3f-%.3f\n", r.a_wins, r.matches,
              r.win_rate, r.interval_low, r.interval_high);
  std::printf("mean margin %+.1f points (a minus b)\n", r.mean_margin);
  std::printf("a decision time: median %.2f ms, p95 %.2f ms over %ld decisions\n", r.a_median_ms,
              r.a_p95_ms, r.a_decisions);
  std::printf("b decision time: median %.2f ms, p95 %.2f ms over %ld decisions\n", r.b_median_ms,
              r.b_p95_ms, r.b_decisions);
  return 0;
}

}  // namespace kafenio::cli
