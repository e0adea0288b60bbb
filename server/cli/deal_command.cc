// `kafenio deal --game pilotta [--rules PRESET [KEY=VALUE ...]] --seed S --dealer D`
// `kafenio deal --game diloti [--players 2|4] --seed S --dealer D`:
// prints the deal block a seed produces (docs/shuffle.md), so a revealed seed can be
// re-dealt and compared with what was played.
#include <cstdio>
#include <string>

#include "engine/diloti/record.h"
#include "engine/pilotta/record.h"
#include "engine/record/lines.h"
#include "server/cli/commands.h"

namespace kafenio::cli {

int RunDeal(const Args& args) {
  constexpr const char* kUsage =
      "usage: kafenio deal --game pilotta [--rules PRESET [KEY=VALUE ...]] --seed S --dealer D\n"
      "       kafenio deal --game diloti [--players 2|4] --seed S --dealer D\n";
  std::string_view game;
  std::vector<std::string_view> rules;
  unsigned long long seed = 0;
  long long dealer = -1;
  long long players = 2;
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
      ++i;
    } else {
      std::fputs(kUsage, stderr);
      return 2;
    }
  }
  if ((game != "pilotta" && game != "diloti") || !have_seed) {
    std::fputs(kUsage, stderr);
    return 2;
  }
  if (game == "diloti") {
    if (dealer < 0 || dealer >= players) {
      std::fputs("kafenio deal: --dealer must name a seat\n", stderr);
      return 2;
    }
    const auto deal =
        diloti::DealFromSeed(static_cast<int>(players), static_cast<int>(dealer), seed);
    std::fputs(diloti::FormatDealLines(static_cast<int>(players), deal).c_str(), stdout);
    return 0;
  }
  const std::string_view preset = rules.empty() ? "cyprus" : rules[0];
  std::vector<std::string_view> options;
  if (!rules.empty()) options.assign(rules.begin() + 1, rules.end());
  const auto parsed = pilotta::ParseRules(preset, options);
  if (!parsed.error.empty() || dealer < 0 || dealer >= parsed.rules.Players()) {
    std::fprintf(stderr, "kafenio deal: %s\n",
                 parsed.error.empty() ? "--dealer must name a seat" : parsed.error.c_str());
    return 2;
  }
  const auto deal = pilotta::DealFromSeed(parsed.rules, static_cast<int>(dealer), seed);
  std::fputs(pilotta::FormatDealLines(parsed.rules, deal).c_str(), stdout);
  return 0;
}

}  // namespace kafenio::cli
