// `kafenio deal --game pilotta [--rules PRESET [KEY=VALUE ...]] --seed S --dealer D`
// `kafenio deal --game diloti [--players 2|4] --seed S --dealer D`:
// prints the deal block a seed produces (docs/shuffle.md), so a revealed seed can be
// re-dealt and compared with what was played. Any game of the registry, with its rules
// and player count as a table has them.
#include <cstdio>
#include <string>

#include "engine/record/lines.h"
#include "server/cli/commands.h"
#include "server/game/game_registry.h"

namespace kafenio::cli {

int RunDeal(const Args& args) {
  constexpr const char* kUsage =
      "usage: kafenio deal --game pilotta [--rules PRESET [KEY=VALUE ...]] --seed S --dealer D\n"
      "       kafenio deal --game diloti [--players 2|4] --seed S --dealer D\n";
  std::string_view game;
  std::vector<std::string_view> rules;
  unsigned long long seed = 0;
  long long dealer = -1;
  long long players = 0;
  bool players_given = false;
  bool have_seed = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const bool has_value = i + 1 < args.size();
    if (args[i] == "--game" && has_value) {
      game = args[++i];
    } else if (args[i] == "--rules") {
      while (i + 1 < args.size() && !args[i + 1].starts_with("--")) rules.push_back(args[++i]);
    } else if (args[i] == "--seed" && has_value && record::ParseUnsigned64(args[i + 1], seed)) {
      have_seed = true;
      ++i;
    } else if (args[i] == "--dealer" && has_value && record::ParseInt(args[i + 1], dealer)) {
      ++i;
    } else if (args[i] == "--players" && has_value && record::ParseInt(args[i + 1], players) &&
               (players == 2 || players == 4)) {
      players_given = true;
      ++i;
    } else {
      std::fputs(kUsage, stderr);
      return 2;
    }
  }
  const server::GameKind* kind = server::FindGame(game);
  if (!kind || !have_seed) {
    std::fputs(kUsage, stderr);
    return 2;
  }
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
