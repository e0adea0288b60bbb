#pragma once
// Why a Diloti move was refused. Apply() returns one of these and leaves the state as it
// was; Describe() gives the sentence shown to players and printed by `kafenio replay`.
#include <cstdint>
#include <string_view>

namespace kafenio::diloti {

enum class Illegal : std::uint8_t {
  none,
  match_over,
  no_hand_in_play,
  bad_deal,
  table_must_be_redealt,
  no_such_seat,
  not_your_turn,
  card_not_held,
  card_not_on_table,
  no_such_declaration,
  face_card_beside_twin,
  owner_may_not_lay,
  face_capture_takes_one,
  groups_do_not_add_up,
  face_card_has_no_value,
  declaration_over_ten,
  declaration_needs_loose_card,
  two_declarations_of_one_value,
  must_keep_card_of_value,
  owner_must_take_in_declaration,
  self_raise_not_allowed,
  group_cannot_be_raised,
  opponent_plain_declaration,
  group_needs_two_components,
  must_capture,
};

std::string_view Describe(Illegal reason);

}  // namespace kafenio::diloti
