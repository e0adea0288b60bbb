// `kafenio simulate --game G [--rules PRESET [KEY=VALUE ...]] [--players N] --seed S
//  --matches N [--record FILE]`: random matches, a throughput summary, and optionally
// every match written as a record (shared/record-format.md).
#include <chrono>
#include <cstdio>
#include <fstream>
#include <optional>
#include <string>

#include "engine/core/rng.h"
#include "engine/record/lines.h"
#include "server/cli/commands.h"
#include "server/cli/flags.h"
#include "server/game/game_registry.h"

namespace kafenio::cli {
namespace {

constexpr const char* kUsage =
    "usage: kafenio simulate --game pilotta|diloti [--rules PRESET [KEY=VALUE ...]]\n"
    "                        [--players N] --seed S --matches N [--record FILE]\n";

struct SimulateOptions {
  std::string_view game;
  std::vector<std::string_view> rules;  // preset then options; empty: the default preset
  int players = 0;
  std::uint64_t seed = 0;
  long matches = 0;
  std::optional<std::string> record_path;
};

struct Totals {
  long matches = 0;
  long hands = 0;
  long moves = 0;
  std::array<long, 2> wins{};
};

// The options from the command line's flags; false with `error` when one is missing or bad.
// The texts point into `flags`.
bool ReadOptions(const Flags& flags, SimulateOptions& out, std::string& error) {
  if (!flags.Has("game") || !flags.Has("seed") || !flags.Has("matches")) {
    return error = "--game, --seed and --matches are required", false;
  }
  out.game = flags.Get("game");
  for (const std::string& word : flags.GetAll("rules")) out.rules.push_back(word);
  if (flags.Has("rules") && out.rules.empty()) return error = "--rules needs a preset", false;
  long long n = 0;
  if (flags.Has("players")) {
    if (!record::ParseInt(flags.Get("players"), n) || (n != 2 && n != 4)) {
      return error = "--players is 2 or 4", false;
    }
    out.players = static_cast<int>(n);
  }
  unsigned long long s = 0;
  if (!record::ParseUnsigned64(flags.Get("seed"), s)) return error = "--seed needs a number", false;
  out.seed = s;
  if (!record::ParseInt(flags.Get("matches"), n) || n < 1) {
    return error = "--matches needs a positive number", false;
  }
  out.matches = static_cast<long>(n);
  if (flags.Has("record")) out.record_path = flags.Get("record");
  return true;
}

// Plays the matches of one game; `play` turns a match seed into (record text, hands,
// moves, winner).
template <class PlayOne>
int RunMatches(const SimulateOptions& options, PlayOne play) {
  std::ofstream record;
  if (options.record_path) {
    record.open(*options.record_path, std::ios::binary | std::ios::trunc);
    if (!record) {
      std::fprintf(stderr, "kafenio simulate: cannot write %s\n", options.record_path->c_str());
      return 2;
    }
  }
  SplitMix64 match_seeds(options.seed);
  Totals totals;
  const auto start = std::chrono::steady_clock::now();
  for (long m = 0; m < options.matches; ++m) {
    play(match_seeds.Next(), totals, options.record_path ? &record : nullptr);
    ++totals.matches;
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const double per_second = seconds > 0 ? static_cast<double>(totals.moves) / seconds : 0;
  std::printf("matches %ld hands %ld moves %ld seconds %.3f throughput %.0f moves/s wins %ld %ld\n",
              totals.matches, totals.hands, totals.moves, seconds, per_second, totals.wins[0],
              totals.wins[1]);
  if (record.is_open() && !record.good()) {
    std::fprintf(stderr, "kafenio simulate: writing %s failed\n", options.record_path->c_str());
    return 2;
  }
  return 0;
}

}  // namespace

int RunSimulate(const Args& args) {
  Flags flags("simulate", kUsage, "Plays random matches and reports their throughput.");
  flags.Value("game", "pilotta or diloti")
      .Words("rules", "PRESET [KEY=VALUE ...]: the ruleset (default: the game's default preset)")
      .Value("players", "2 or 4 (Diloti)")
      .Value("seed", "the seed of the first match")
      .Value("matches", "how many matches")
      .Value("record", "write every match's record to this file");
  if (const auto done = flags.Parse(args)) return *done;
  SimulateOptions options;
  std::string error;
  if (!ReadOptions(flags, options, error)) return flags.Fail(error);
  const server::GameKind* game = server::FindGame(options.game);
  if (!game) {
    std::fprintf(stderr, "kafenio simulate: unknown game '%.*s' (%s)\n",
                 static_cast<int>(options.game.size()), options.game.data(),
                 server::GameNames().c_str());
    return 2;
  }
  server::RulesRequest request;
  if (!options.rules.empty()) {
    request.preset = options.rules[0];
    request.options.assign(options.rules.begin() + 1, options.rules.end());
  }
  request.players = options.players;
  if (const server::RulesCheck check = game->Check(request); !check.ok()) {
    std::fprintf(stderr, "kafenio simulate: %s\n", check.error.c_str());
    return 2;
  }
  return RunMatches(options, [&](std::uint64_t seed, Totals& totals, std::ofstream* record) {
    const server::SimulatedMatch match = game->PlayRandomMatch(request, seed, record != nullptr);
    totals.hands += match.hands;
    totals.moves += match.moves;
    ++totals.wins[static_cast<std::size_t>(match.winner)];
    if (record) {
      if (totals.matches > 0) *record << "end\n";
      *record << match.record;
    }
  });
}

}  // namespace kafenio::cli
