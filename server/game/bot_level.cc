#include "server/game/bot_level.h"

namespace kafenio::server {

std::string_view BotLevelName(BotLevel level) {
  return level == BotLevel::strong ? "strong" : "easy";
}

std::optional<BotLevel> ParseBotLevel(std::string_view name) {
  if (name == "easy") return BotLevel::easy;
  if (name == "strong") return BotLevel::strong;
  return std::nullopt;
}

}  // namespace kafenio::server
