// `kafenio deal --game pilotta [--rules PRESET [KEY=VALUE ...]] --seed S --dealer D`
// `kafenio deal --game diloti [--players 2|4] --seed S --dealer D`:
// prints the deal block a seed produces (docs/shuffle.md), so a revealed seed can be
// re-dealt and compared with what was played. Any game of the registry, with its rules
// and player count as a table has them.
#include <cstdio>
#include <string>

#include "engine/record/lines.h"
#include "server/cli/commands.h"
#include "server/cli/flags.h"
#include "server/game/game_registry.h"

namespace kafenio::cli {

int RunDeal(const Args& args) {
  constexpr const char* kUsage =
      "usage: kafenio deal --game pilotta [--rules PRESET [KEY=VALUE ...]] --seed S --dealer D\n"
      "       kafenio deal --game diloti [--players 2|4] --seed S --dealer D\n";
  Flags flags("deal", kUsage, "Prints the deal a seed produces (docs/shuffle.md).");
  flags.Value("game", "pilotta or diloti")
      .Words("rules", "PRESET [KEY=VALUE ...]: the ruleset (default: the game's default preset)")
      .Value("players", "2 or 4 (Diloti)")
      .Value("seed", "the deal seed")
      .Value("dealer", "the dealer's seat");
  if (const auto done = flags.Parse(args)) return *done;
  const std::string_view game = flags.Get("game");
  const std::vector<std::string_view> rules(flags.GetAll("rules").begin(),
                                            flags.GetAll("rules").end());
  unsigned long long seed = 0;
  long long dealer = -1;
  long long players = 0;
  const bool players_given = flags.Has("players");
  if (players_given &&
      (!record::ParseInt(flags.Get("players"), players) || (players != 2 && players != 4))) {
    return flags.Fail("--players is 2 or 4");
  }
  if (flags.Has("dealer") && !record::ParseInt(flags.Get("dealer"), dealer)) {
    return flags.Fail("--dealer must name a seat");
  }
  const bool have_seed = record::ParseUnsigned64(flags.Get("seed"), seed);
  const server::GameKind* kind = server::FindGame(game);
  if (!kind || !have_seed) return flags.Fail("--game (pilotta or diloti) and --seed are required");
  server::RulesRequest request;
  if (!rules.empty()) {
    request.preset = rules[0];
    request.options.assign(rules.begin() + 1, rules.end());
  }
  request.players = players_given ? static_cast<int>(players) : 0;
  const server::RulesCheck check = kind->Check(request);
  if (!check.ok() || dealer < 0 || dealer >= check.players) {
    std::fprintf(stderr, "kafenio deal: %s\n",
                 check.ok() ? "--dealer must name a seat" : check.error.c_str());
    return 2;
  }
  std::fputs(kind->DealLines(request, static_cast<int>(dealer), seed).c_str(), stdout);
  return 0;
}

}  // namespace kafenio::cli
