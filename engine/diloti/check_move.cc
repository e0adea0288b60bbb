// Why a proposed move is illegal, one reason at a time, in the order shared/rules.md
// states the rules. Every check reads the position only; Apply() changes it afterwards.
// What a move is made of (its card, loose cards, declarations and value) is checked here;
// whether the rules allow it is asked of the rules' own files, which the move generator
// and sampler ask too.
#include "engine/diloti/capture.h"
#include "engine/diloti/forced_capture.h"
#include "engine/diloti/group.h"
#include "engine/diloti/hold_rule.h"
#include "engine/diloti/lay.h"
#include "engine/diloti/one_declaration_per_value.h"
#include "engine/diloti/owner_rule.h"
#include "engine/diloti/raise.h"
#include "engine/diloti/state.h"
#include "engine/diloti/values.h"

namespace kafenio::diloti {

namespace {
// The hold rule's `holds` (hold_rule.h) for the holder of `hand` after playing `card`: one
// test of the hand for each value asked, and most moves ask none.
auto HoldsAfter(CardMask hand, Card card) {
  return [rest = hand & ~Bit(card)](int value) { return (rest & ValueMask(value)) != 0; };
}

// Two rules every declaration move (declare, raise, group) is put to, once it is found
// well formed: it takes in at most the one declaration of move.taken and makes the one
// worth move.value the mover's.
//
// The owner rule, for a mover who owns the declaration worth `owned` (0: none).
bool TakesInOwned(int owned, const Move& move) {
  const int taken_in = move.taken ? std::countr_zero(move.taken) : 0;
  return (AllowedTakeIns(owned) >> taken_in) & 1;
}
// One declaration per value, with the declarations `declared` (bit v) on the table.
bool LeavesOneOfEachValue(std::uint32_t declared, const Move& move) {
  return (FreeValues(declared, move.taken) >> move.value) & 1;
}
}  // namespace

bool State::KeepsCardsOfValue(int seat, Card card, DeclarationSet gone, int new_value) const {
  return diloti::KeepsCardsOfValue(HoldsAfter(Hand(seat), card), OwnedValue(seat), gone, new_value);
}

bool State::CanCapture(int seat, Card card) const {
  const int value = ValueOf(card);
  const CaptureChoices choices =
      CaptureChoicesOf(value, HoldsAfter(Hand(seat), card), OwnedValue(seat), declared_);
  const bool loose_set =
      IsFace(card) ? LooseTwins(card, loose_) != 0 : HasSubsetSum(loose_ & kNumerals, value);
  return HasCapture(choices, loose_set);
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

// Forced capture: the last check of every move but a capture.
Illegal State::CheckForcedCapture(const Move& move) const {
  const bool only_captures =
      OnlyCaptures(rules_.forced_capture, [&] { return CanCapture(move.seat, move.card); });
  return only_captures ? Illegal::must_capture : Illegal::none;
}

// The hold rule, then forced capture: the last two checks of every declaration move.
Illegal State::CheckHoldAndForcedCapture(const Move& move) const {
  if (!KeepsCardsOfValue(move.seat, move.card, move.taken, move.value)) {
    return Illegal::must_keep_card_of_value;
  }
  return CheckForcedCapture(move);
}

Illegal State::CheckLay(const Move& move) const {
  if (move.loose || move.taken || move.value) return Illegal::groups_do_not_add_up;
  if (const Illegal why =
          WhyNotLay(OwnedValue(move.seat), IsFace(move.card), LooseTwins(move.card, loose_));
      why != Illegal::none) {
    return why;
  }
  return CheckForcedCapture(move);
}

Illegal State::CheckCapture(const Move& move) const {
  const int value = ValueOf(move.card);
  if (move.value != value) return Illegal::groups_do_not_add_up;
  if (IsFace(move.card)) {
    const bool one_twin =
        !move.taken && Count(move.loose) == 1 && (move.loose & LooseTwins(move.card, loose_));
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
  if (!TakesInOwned(OwnedValue(move.seat), move)) return Illegal::owner_must_take_in_declaration;
  if (!LeavesOneOfEachValue(declared_, move)) return Illegal::two_declarations_of_one_value;
  return CheckHoldAndForcedCapture(move);
}

Illegal State::CheckRaise(const Move& move) const {
  if (IsFace(move.card)) return Illegal::face_card_has_no_value;
  if (move.loose || std::popcount(move.taken) != 1 || (move.taken & 1)) {
    return Illegal::groups_do_not_add_up;
  }
  const int from = std::countr_zero(move.taken);
  if (from > kMaxValue || !DeclarationOf(from).cards) return Illegal::no_such_declaration;
  const Declaration& raised = DeclarationOf(from);
  // Reported in the order of the rules: a group cannot be raised at all, and whose plain
  // declaration may be raised comes after its new value and the owner rule.
  const Illegal not_raisable =
      WhyNotRaisable(raised.group, TeamOf(raised.owner) == TeamOf(move.seat), rules_.self_raise);
  if (not_raisable == Illegal::group_cannot_be_raised) return not_raisable;
  const int value = from + ValueOf(move.card);
  if (value > kMaxValue) return Illegal::declaration_over_ten;
  if (move.value != value) return Illegal::groups_do_not_add_up;
  if (!TakesInOwned(OwnedValue(move.seat), move)) return Illegal::owner_must_take_in_declaration;
  if (not_raisable != Illegal::none) return not_raisable;
  if (!LeavesOneOfEachValue(declared_, move)) return Illegal::two_declarations_of_one_value;
  return CheckHoldAndForcedCapture(move);
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
  const int card_sum = ValueOf(move.card) + SumValues(move.loose);
  if (!HasTwoComponents(value, card_sum, move.taken != 0)) {
    return Illegal::group_needs_two_components;
  }
  if (!TakesInOwned(OwnedValue(move.seat), move)) return Illegal::owner_must_take_in_declaration;
  if (!LeavesOneOfEachValue(declared_, move)) return Illegal::two_declarations_of_one_value;
  if (move.taken && !MayFoldIn(existing.group, TeamOf(existing.owner) == TeamOf(move.seat))) {
    return Illegal::opponent_plain_declaration;
  }
  return CheckHoldAndForcedCapture(move);
}

}  // namespace kafenio::diloti
