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

std::string_view StoredBotName(BotLevel level) {
  return level == BotLevel::strong ? "strong bot" : "bot";
}

BotLevel BotLevelOfStoredName(std::string_view name) {
  return name == "strong bot" ? BotLevel::strong : BotLevel::easy;
}

}  // namespace kafenio::server
