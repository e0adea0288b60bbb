// `kafenio arena --game pilotta|diloti --a LEVEL --b LEVEL --matches N --seed S
//  [--threads T] [--iterations I] [--a-iterations I] [--b-iterations I] [--a-sees-all]
//  [--rules PRESET [KEY=VALUE ...]] [--players 2|4]`: duplicate matches between two bots
// (docs/bots.md), with A's win rate, its 95% interval, the mean margin and decision times.
#include <cstdio>
#include <string>

#include "engine/record/lines.h"
#include "server/cli/commands.h"
#include "server/game/arena.h"

namespace kafenio::cli {
namespace {

constexpr const char* kUsage =
    "usage: kafenio arena --game pilotta|diloti --a easy|strong --b easy|strong --matches N\n"
    "                     --seed S [--threads T] [--iterations I] [--a-iterations I]\n"
    "                     [--b-iterations I] [--a-sees-all] [--rules PRESET [KEY=VALUE ...]]\n"
    "                     [--players 2|4]\n";

bool ParseArena(const Args& args, server::ArenaConfig& config, std::string& error) {
  bool have_a = false, have_b = false, have_seed = false, have_matches = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string_view arg = args[i];
    const bool has_value = i + 1 < args.size();
    long long n = 0;
    unsigned long long u = 0;
    auto level = [&](server::ArenaSide& side) {
      if (!has_value) return false;
      const auto parsed = server::ParseBotLevel(args[++i]);
      if (parsed) side.level = *parsed;
      return parsed.has_value();
    };
    auto count = [&](int& out) {
      if (!has_value || !record::ParseInt(args[i + 1], n) || n < 1 || n > 1000000) return false;
      out = static_cast<int>(n);
      ++i;
      return true;
    };
    if (arg == "--game" && has_value) {
      config.game = std::string(args[++i]);
    } else if (arg == "--a") {
      if (!(have_a = level(config.a))) return error = "--a is easy or strong", false;
    } else if (arg == "--b") {
      if (!(have_b = level(config.b))) return error = "--b is easy or strong", false;
    } else if (arg == "--matches") {
      if (!has_value || !record::ParseInt(args[i + 1], n) || n < 1) {
        return error = "--matches needs a positive number", false;
      }
      config.matches = static_cast<long>(n);
      have_matches = true;
      ++i;
    } else if (arg == "--seed") {
      if (!has_value || !record::ParseUnsigned64(args[i + 1], u))
        return error = "--seed needs a number", false;
      config.seed = u;
      have_seed = true;
      ++i;
    } else if (arg == "--threads") {
      if (!count(config.threads)) return error = "--threads needs a positive number", false;
    } else if (arg == "--iterations") {
      int it = 0;
      if (!count(it)) return error = "--iterations needs a positive number", false;
      config.a.settings.iterations = config.b.settings.iterations = it;
    } else if (arg == "--a-iterations") {
      if (!count(config.a.settings.iterations))
        return error = "--a-iterations needs a positive number", false;
    } else if (arg == "--b-iterations") {
      if (!count(config.b.settings.iterations))
        return error = "--b-iterations needs a positive number", false;
    } else if (arg == "--a-sees-all") {
      config.a.settings.sees_all = true;
    } else if (arg == "--players") {
      if (!count(config.players)) return error = "--players is 2 or 4", false;
    } else if (arg == "--rules") {
      while (i + 1 < args.size() && !args[i + 1].starts_with("--"))
        config.rules.emplace_back(args[++i]);
      if (config.rules.empty()) return error = "--rules needs a preset", false;
    } else {
      return error = "unknown argument: " + std::string(arg), false;
    }
  }
  if (config.game.empty() || !have_a || !have_b || !have_seed || !have_matches) {
    return error = "--game, --a, --b, --matches and --seed are required", false;
  }
  // A's and B's searches draw different numbers (their seeds differ) even at equal levels.
  config.b.settings.seed ^= 0x5bd1e995ULL;
  return true;
}

}  // namespace

int RunArena(const Args& args) {
  server::ArenaConfig config;
  std::string error;
  if (!ParseArena(args, config, error)) {
    std::fprintf(stderr, "kafenio arena: %s\n%s", error.c_str(), kUsage);
    return 2;
  }
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
