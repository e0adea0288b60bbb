// Why a proposed move is illegal, one reason at a time, in the order shared/rules.md
// states the rules. Every check reads the position only; Apply() changes it afterwards.
#include "engine/diloti/state.h"
#include "engine/diloti/values.h"

namespace kafenio::diloti {

bool State::HeldAfter(int seat, Card card, int value) const {
  return (Hand(seat) & ~Bit(card) & ValueMask(value)) != 0;
}

bool State::KeepsCardsOfValue(int seat, Card card, DeclarationSet gone, int new_value) const {
  if (new_value && !HeldAfter(seat, card, new_value)) return false;
  for (DeclarationSet values = declared_ & ~gone; values; values &= values - 1) {
    const int v = std::countr_zero(values);
    if (DeclarationOf(v).owner != seat) continue;
    if (v != new_value && !HeldAfter(seat, card, v)) return false;
  }
  return true;
}

bool State::CanCapture(int seat, Card card) const {
  const int owned = OwnedValue(seat);
  const bool keeps_owned = owned == 0 || HeldAfter(seat, card, owned);
  if (IsFace(card)) return keeps_owned && (loose_ & RankMask(RankOf(card))) != 0;
  const int value = ValueOf(card);
  // Without the last card of an owned declaration's value, only capturing that very
  // declaration is legal.
  if (!keeps_owned) return owned == value;
  return DeclarationOf(value).cards != 0 || HasSubsetSum(loose_ & kNumerals, value);
}

Illegal State::Check(const Move& move) const {
  if (phase_ == Phase::match_over) return Illegal::match_over;
  if (phase_ == Phase::awaiting_deal) return Illegal::no_hand_in_play;
  if (move.seat >= players_) return Illegal::no_such_seat;
  if (move.seat != to_act_) return Illegal::not_your_turn;
  if (move.card >= kDeckSize || !(Hand(move.seat) & Bit(move.card))) return Illegal::card_not_held;
  if (move.loose & ~loose_) return Illegal::card_not_on_table;
  switch (move.kind) {
    case MoveKind::lay:
      return CheckLay(move);
    case MoveKind::capture:
      return CheckCapture(move);
    case MoveKind::declare:
      return CheckDeclare(move);
    case MoveKind::raise:
      return CheckRaise(move);
    case MoveKind::group:
      return CheckGroup(move);
  }
  return Illegal::groups_do_not_add_up;
}

Illegal State::CheckLay(const Move& move) const {
  if (move.loose || move.taken || move.value) return Illegal::groups_do_not_add_up;
  if (OwnedValue(move.seat)) return Illegal::owner_may_not_lay;
  if (IsFace(move.card) && (loose_ & RankMask(RankOf(move.card)))) {
    return Illegal::face_card_beside_twin;
  }
  if (rules_.forced_capture && CanCapture(move.seat, move.card)) return Illegal::must_capture;
  return Illegal::none;
}

Illegal State::CheckCapture(const Move& move) const {
  const int value = ValueOf(move.card);
  if (move.value != value) return Illegal::groups_do_not_add_up;
  if (IsFace(move.card)) {
    const bool one_twin =
        !move.taken && Count(move.loose) == 1 && RankOf(Lowest(move.loose)) == RankOf(move.card);
    if (!one_twin) return Illegal::face_capture_takes_one;
  } else {
    if (move.taken & ~DeclarationBit(value)) return Illegal::groups_do_not_add_up;
    if (move.taken && !DeclarationOf(value).cards) return Illegal::no_such_declaration;
    if (!move.taken && !move.loose) return Illegal::groups_do_not_add_up;
    if (move.loose & kFaceCards) return Illegal::groups_do_not_add_up;
    if (move.loose && !CanPartition(CountValues(move.loose), value)) {
      return Illegal::groups_do_not_add_up;
    }
  }
  if (!KeepsCardsOfValue(move.seat, move.card, move.taken, 0)) {
    return Illegal::must_keep_card_of_value;
  }
  return Illegal::none;
}

Illegal State::CheckDeclare(const Move& move) const {
  if (move.taken) return Illegal::groups_do_not_add_up;
  if (IsFace(move.card) || (move.loose & kFaceCards)) return Illegal::face_card_has_no_value;
  if (!move.loose) return Illegal::declaration_needs_loose_card;
  const int value = ValueOf(move.card) + SumValues(move.loose);
  if (value > kMaxValue) return Illegal::declaration_over_ten;
  if (move.value != value) return Illegal::groups_do_not_add_up;
  if (OwnedValue(move.seat)) return Illegal::owner_must_take_in_declaration;
  if (DeclarationOf(value).cards) return Illegal::two_declarations_of_one_value;
  if (!KeepsCardsOfValue(move.seat, move.card, 0, value)) return Illegal::must_keep_card_of_value;
  if (rules_.forced_capture && CanCapture(move.seat, move.card)) return Illegal::must_capture;
  return Illegal::none;
}

Illegal State::CheckRaise(const Move& move) const {
  if (IsFace(move.card)) return Illegal::face_card_has_no_value;
  if (move.loose || std::popcount(move.taken) != 1 || (move.taken & 1)) {
    return Illegal::groups_do_not_add_up;
  }
  const int from = std::countr_zero(move.taken);
  if (from > kMaxValue || !DeclarationOf(from).cards) return Illegal::no_such_declaration;
  const Declaration& raised = DeclarationOf(from);
  if (raised.group) return Illegal::group_cannot_be_raised;
  const int value = from + ValueOf(move.card);
  if (value > kMaxValue) return Illegal::declaration_over_ten;
  if (move.value != value) return Illegal::groups_do_not_add_up;
  const int owned = OwnedValue(move.seat);
  if (owned && owned != from) return Illegal::owner_must_take_in_declaration;
  if (TeamOf(raised.owner) == TeamOf(move.seat) && !rules_.self_raise) {
    return Illegal::self_raise_not_allowed;
  }
  if (DeclarationOf(value).cards) return Illegal::two_declarations_of_one_value;
  if (!KeepsCardsOfValue(move.seat, move.card, move.taken, value)) {
    return Illegal::must_keep_card_of_value;
  }
  if (rules_.forced_capture && CanCapture(move.seat, move.card)) return Illegal::must_capture;
  return Illegal::none;
}

Illegal State::CheckGroup(const Move& move) const {
  if (IsFace(move.card) || (move.loose & kFaceCards)) return Illegal::face_card_has_no_value;
  const int value = move.value;
  if (value < 1) return Illegal::groups_do_not_add_up;
  if (value > kMaxValue) return Illegal::declaration_over_ten;
  if (move.taken & ~DeclarationBit(value)) return Illegal::groups_do_not_add_up;
  const Declaration& existing = DeclarationOf(value);
  if (move.taken && !existing.cards) return Illegal::no_such_declaration;
  if (!CanPartition(CountValues(move.loose | Bit(move.card)), value)) {
    return Illegal::groups_do_not_add_up;
  }
  const int components = (ValueOf(move.card) + SumValues(move.loose)) / value;
  if (components < 2 && !move.taken) return Illegal::group_needs_two_components;
  const int owned = OwnedValue(move.seat);
  if (owned && !(move.taken & DeclarationBit(owned))) {
    return Illegal::owner_must_take_in_declaration;
  }
  if (existing.cards && !move.taken) return Illegal::two_declarations_of_one_value;
  if (move.taken && !existing.group && TeamOf(existing.owner) != TeamOf(move.seat)) {
    return Illegal::opponent_plain_declaration;
  }
  if (!KeepsCardsOfValue(move.seat, move.card, move.taken, value)) {
    return Illegal::must_keep_card_of_value;
  }
  if (rules_.forced_capture && CanCapture(move.seat, move.card)) return Illegal::must_capture;
  return Illegal::none;
}

}  // namespace kafenio::diloti
