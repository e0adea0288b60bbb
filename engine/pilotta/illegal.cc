#include "engine/pilotta/illegal.h"

namespace kafenio::pilotta {

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
    case Illegal::no_such_seat:
      return "no such seat at this table";
    case Illegal::not_your_turn:
      return "it is not this seat's turn";
    case Illegal::not_now:
      return "that move is not possible at this point of the hand";
    case Illegal::bid_value:
      return "bids are multiples of 10 from 80 to 160, or capot";
    case Illegal::bid_too_low:
      return "a bid must be higher than the standing bid";
    case Illegal::bid_suit_not_enabled:
      return "no trump and all trump bids are not enabled";
    case Illegal::name_turned_suit:
      return "the turned suit can only be taken, not named";
    case Illegal::name_not_a_suit:
      return "name needs one of the suits c d h s";
    case Illegal::card_not_held:
      return "that card is not in this seat's hand";
    case Illegal::must_follow_suit:
      return "must follow the suit led";
    case Illegal::must_overtrump_led_trump:
      return "trump was led: must beat the best trump";
    case Illegal::must_trump:
      return "cannot follow suit: must play a trump";
    case Illegal::must_overtrump:
      return "must beat the best trump in the trick";
    case Illegal::declaration_too_late:
      return "declarations are announced only in the first trick, before playing a card";
    case Illegal::declaration_not_held:
      return "the declared cards are not all in hand";
    case Illegal::not_a_declaration:
      return "not a declaration: a sequence of 3 or more or four of a kind (not 7s or 8s)";
    case Illegal::declaration_not_whole_run:
      return "a sequence is announced as its whole length";
    case Illegal::declaration_repeated:
      return "that declaration was already announced";
    case Illegal::belote_not_allowed:
      return "belote is announced with the first of the K and Q of trumps, holding both";
  }
  return "illegal";
}

}  // namespace kafenio::pilotta
