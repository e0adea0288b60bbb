#include "server/rating/rating_modes.h"

namespace kafenio::rating {

std::optional<std::string_view> RatingMode(std::string_view game, int players) {
  if (game == "diloti") {
    if (players == 2) return kDiloti1v1;
    if (players == 4) return kDiloti2v2;
    return std::nullopt;
  }
  // Pilotta's 2-player (classic2) and 4-player games share one ladder: one game, one mode.
  if (game == "pilotta") return kPilotta;
  return std::nullopt;
}

bool IsRatingMode(std::string_view mode) {
  return mode == kDiloti1v1 || mode == kDiloti2v2 || mode == kPilotta;
}

}  // namespace kafenio::rating
