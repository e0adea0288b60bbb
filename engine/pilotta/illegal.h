#pragma once
// Why a Pilotta move was refused. Apply() returns one of these and leaves the state as it
// was; Describe() gives the sentence shown to players and printed by `kafenio replay`.
#include <cstdint>
#include <string_view>

namespace kafenio::pilotta {

enum class Illegal : std::uint8_t {
  none,
  match_over,
  no_hand_in_play,
  bad_deal,
  no_such_seat,
  not_your_turn,
  not_now,
  bid_value,
  bid_too_low,
  bid_suit_not_enabled,
  name_turned_suit,
  name_not_a_suit,
  card_not_held,
  must_follow_suit,
  must_overtrump_led_trump,
  must_trump,
  must_overtrump,
  declaration_too_late,
  declaration_not_held,
  not_a_declaration,
  declaration_not_whole_run,
  declaration_repeated,
  belote_not_allowed,
};

std::string_view Describe(Illegal reason);

}  // namespace kafenio::pilotta
