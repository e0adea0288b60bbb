#include "engine/diloti/illegal.h"

namespace kafenio::diloti {

std::string_view Describe(Illegal reason) {
  switch (reason) {
    case Illegal::none:
      return "legal";
    case Illegal::match_over:
      return "the match is over";
    case Illegal::no_hand_in_play:
      return "no hand is in play; the next hand must be dealt";
    case Illegal::bad_deal:
      return "the deal does not fit the ruleset or repeats a card";
    case Illegal::table_must_be_redealt:
      return "the table holds three or more face cards of one rank and must be redealt";
    case Illegal::no_such_seat:
      return "no such seat at this table";
    case Illegal::not_your_turn:
      return "it is not this seat's turn";
    case Illegal::card_not_held:
      return "that card is not in this seat's hand";
    case Illegal::card_not_on_table:
      return "a named card is not loose on the table";
    case Illegal::no_such_declaration:
      return "no declaration of that value is on the table";
    case Illegal::face_card_beside_twin:
      return "a face card may not be laid beside a loose face card of the same rank";
    case Illegal::owner_may_not_lay:
      return "a player who owns a declaration may not lay a card";
    case Illegal::face_capture_takes_one:
      return "a face card captures exactly one loose face card of the same rank";
    case Illegal::groups_do_not_add_up:
      return "the groups do not add up to the value";
    case Illegal::face_card_has_no_value:
      return "face cards have no value and take no part in sums or declarations";
    case Illegal::declaration_over_ten:
      return "a declaration is worth at most 10";
    case Illegal::declaration_needs_loose_card:
      return "a plain declaration needs the played card and at least one loose card";
    case Illegal::two_declarations_of_one_value:
      return "at most one declaration of each value may be on the table";
    case Illegal::must_keep_card_of_value:
      return "the owner of a declaration must keep a card of its value";
    case Illegal::owner_must_take_in_declaration:
      return "a player who owns a declaration must take it in with any declaration move";
    case Illegal::self_raise_not_allowed:
      return "this ruleset does not allow raising your own side's declaration";
    case Illegal::group_cannot_be_raised:
      return "groups cannot be raised";
    case Illegal::opponent_plain_declaration:
      return "an opponent's plain declaration cannot be folded into a group";
    case Illegal::group_needs_two_components:
      return "a group needs the played card and at least one other component";
    case Illegal::must_capture:
      return "forced capture: a card that can capture must capture";
  }
  return "illegal";
}

}  // namespace kafenio::diloti
