#pragma once
// How well a bot plays: `easy` is the heuristic of pilotta_bot / diloti_bot, `strong` the
// search of pilotta_strong_bot / diloti_strong_bot (docs/bots.md). The search's budget is
// a setting (`kafenio serve --bot-iterations`, `kafenio arena --iterations`).
#include <cstdint>
#include <optional>
#include <string_view>

namespace kafenio::server {

enum class BotLevel : std::uint8_t { easy, strong };

std::string_view BotLevelName(BotLevel level);
std::optional<BotLevel> ParseBotLevel(std::string_view name);
// A bot's name in the database (the `bot` column of match_seats and table_seats), which
// is also what match histories show: "bot" for easy (as every bot was stored before
// levels), "strong bot" for strong. A restart gives each bot back its level.
std::string_view StoredBotName(BotLevel level);
BotLevel BotLevelOfStoredName(std::string_view name);

struct SearchSettings {
  // Playouts per decision, shared among the legal moves. The default meets the time goal
  // of docs/bots.md on one core of the reference machine.
  int iterations = 300;
  // Mixed with what the seat sees (never with hidden cards) into each decision's seed.
  std::uint64_t seed = 0x6b6166656e696fULL;
  // The all-seeing upper bound of docs/bots.md: searches the true deal instead of
  // determinizations. Never used for a seat at a table.
  bool sees_all = false;
};

}  // namespace kafenio::server
