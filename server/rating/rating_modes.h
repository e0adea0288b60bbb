#pragma once
// The rating modes: each game and table size has its own ladder.
#include <optional>
#include <string_view>

namespace kafenio::rating {

inline constexpr std::string_view kDiloti1v1 = "diloti-1v1";
inline constexpr std::string_view kDiloti2v2 = "diloti-2v2";
inline constexpr std::string_view kPilotta = "pilotta";

// The mode of a match of this game with this many players; none for an unknown game.
std::optional<std::string_view> RatingMode(std::string_view game, int players);
// Whether `mode` names one of the ladders above.
bool IsRatingMode(std::string_view mode);

}  // namespace kafenio::rating
