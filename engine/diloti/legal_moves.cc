// Enumerating every legal move of the seat to act, each once. Captures and group
// declarations are built from the table indexed by value (values.h): first the distinct
// multisets of values that split into groups worth v, then the concrete cards of each
// value, so no subset of table cards is ever visited and every move comes out once.
#include <vector>

#include "engine/diloti/state.h"
#include "engine/diloti/values.h"

namespace kafenio::diloti {

// What every candidate move of one position needs, computed once per LegalMoves call.
struct TableIndex {
  // Loose numerals worth v; filled value by value in LegalMoves (a plain loop is cheaper
  // than zeroing the array first).
  std::array<CardMask, kMaxValue + 1> by_value;
  PackedCounts packed = 0;
  // Bit s: some set of loose numerals sums to s (s <= 10). Most values a hand could
  // capture, declare or group are ruled out by this one word before any search.
  std::uint32_t sums = 1;
  int total = 0;                  // the sum of the loose numerals' values
  int owned = 0;                  // the value of the declaration the mover owns, or 0
  ValueCounts held{};             // the mover's cards by value
  std::uint32_t held_values = 0;  // bit v: the mover holds a card worth v
  std::uint32_t declared = 0;     // bit v: a declaration worth v is on the table

  // Bit v: the mover still holds a card worth v after playing `card`.
  std::uint32_t HeldValuesAfter(Card card) const {
    const int value = ValueOf(card);
    if (value && held[static_cast<std::size_t>(value)] == 1) return held_values & ~(1u << value);
    return held_values;
  }

  bool Reaches(int sum) const { return (sums >> sum) & 1; }
  // The loose multisets that split into groups worth `value`, computed once per call:
  // captures with any card of that value and groups led by one share them.
  const std::vector<PackedCounts>& TableMultisets(int value) const {
    thread_local std::array<std::vector<PackedCounts>, kMaxValue + 1> memo;
    auto& multisets = memo[static_cast<std::size_t>(value)];
    if (!(memo_ready & (1u << value))) {
      PartitionableMultisets(packed, value, multisets);
      memo_ready |= static_cast<std::uint16_t>(1u << value);
    }
    return multisets;
  }
  mutable std::uint16_t memo_ready = 0;
  // FittingPartitions(packed, d), computed once per call: the declarations of several
  // cards ask for the same differences.
  std::uint64_t FittingPartitionsOf(int difference) const {
    const auto d = static_cast<std::size_t>(difference);
    if (!(fitting_ready & (1u << difference))) {
      fitting[d] = FittingPartitions(packed, difference);
      fitting_ready |= static_cast<std::uint16_t>(1u << difference);
    }
    return fitting[d];
  }
  mutable std::array<std::uint64_t, kMaxValue + 1> fitting;  // read only once computed
  mutable std::uint16_t fitting_ready = 0;
  // Does the mover still hold a card worth `value` after playing `card`?
  bool HeldAfter(Card card, int value) const {
    return held[static_cast<std::size_t>(value)] > (ValueOf(card) == value ? 1 : 0);
  }
  // The hold rule after playing `card`: the declaration worth `new_value` (0: none) is
  // the mover's, and `gone` left the table.
  bool Keeps(Card card, DeclarationSet gone, int new_value) const {
    if (new_value && !HeldAfter(card, new_value)) return false;
    if (!owned || owned == new_value || (gone & DeclarationBit(owned))) return true;
    return HeldAfter(card, owned);
  }
};

void State::LegalMoves(MoveList& out) const {
  out.Clear();
  if (phase_ != Phase::play) return;
  const int seat = to_act_;
  TableIndex table;
  table.by_value[0] = 0;
  for (int v = 1; v <= kMaxValue; ++v)
    table.by_value[static_cast<std::size_t>(v)] = loose_ & ValueMask(v);
  // One pass over the (few) loose numerals and the hand, not over every value.
  for (CardMask loose = loose_ & kNumerals; loose; loose &= loose - 1) {
    const int v = ValueOf(Lowest(loose));
    table.packed += OneOf(v);
    table.sums |= table.sums << v;
    table.total += v;
  }
  table.sums &= (1u << (kMaxValue + 1)) - 1;
  for (CardMask hand = Hand(seat) & kNumerals; hand; hand &= hand - 1) {
    const int v = ValueOf(Lowest(hand));
    ++table.held[static_cast<std::size_t>(v)];
    table.held_values |= 1u << v;
  }
  table.declared = declared_;
  for (DeclarationSet values = declared_; values; values &= values - 1) {
    const int v = std::countr_zero(values);
    if (DeclarationOf(v).owner == seat) table.owned = v;
  }
  for (CardMask hand = Hand(seat); hand; hand &= hand - 1) {
    const Card card = Lowest(hand);
    const bool only_captures = rules_.forced_capture && CanCapture(seat, card);
    const bool face_twin = IsFace(card) && (loose_ & RankMask(RankOf(card)));
    if (!table.owned && !face_twin && !only_captures) out.Add(Move::Lay(seat, card));
    AddCaptures(seat, card, table, out);
    if (only_captures || IsFace(card)) continue;
    AddDeclarations(seat, card, table, out);
    AddRaises(seat, card, table, out);
    AddGroups(seat, card, table, out);
  }
}

void State::AddCaptures(int seat, Card card, const TableIndex& table, MoveList& out) const {
  const int owned = table.owned;
  const bool keeps_owned = table.Keeps(card, 0, 0);
  if (IsFace(card)) {
    if (!keeps_owned) return;
    for (CardMask twins = loose_ & RankMask(RankOf(card)); twins; twins &= twins - 1) {
      out.Add(Move::Capture(seat, card, Bit(Lowest(twins)), 0));
    }
    return;
  }
  const int value = ValueOf(card);
  const bool declaration = DeclarationOf(value).cards != 0;
  // Giving up the last card of an owned declaration's value is legal only by capturing it.
  if (!keeps_owned && owned != value) return;
  const DeclarationSet with = DeclarationBit(value);
  if (declaration) out.Add(Move::Capture(seat, card, 0, with));
  if (!table.Reaches(value)) return;
  auto emit = [&](CardMask loose) {
    if (keeps_owned) out.Add(Move::Capture(seat, card, loose, 0));
    if (declaration) out.Add(Move::Capture(seat, card, loose, with));
  };
  for (PackedCounts multiset : table.TableMultisets(value)) {
    ForEachChoice(multiset, table.by_value, 0, emit);
  }
}

void State::AddDeclarations(int seat, Card card, const TableIndex& table, MoveList& out) const {
  if (table.owned) return;  // an owner's declaration moves must take theirs in
  const int played = ValueOf(card);
  // Worth more than the card, held afterwards, not declared yet, reachable from the table.
  std::uint32_t values = table.HeldValuesAfter(card) & ~table.declared & (table.sums << played) &
                         ~((2u << played) - 1);
  for (; values; values &= values - 1) {
    const int value = std::countr_zero(values);
    auto emit = [&](CardMask loose) {
      out.Add(Move{MoveKind::declare, static_cast<std::uint8_t>(seat), card,
                   static_cast<std::uint8_t>(value), 0, loose});
    };
    // The loose cards are one partition of the difference, each of its values available.
    ForEachPartitionIn(table.FittingPartitionsOf(value - played), value - played,
                       [&](PackedCounts part) { ForEachChoice(part, table.by_value, 0, emit); });
  }
}

void State::AddRaises(int seat, Card card, const TableIndex& table, MoveList& out) const {
  const int played = ValueOf(card);
  // Declarations worth at most 10 - played.
  for (std::uint32_t values = table.declared & ((2u << (kMaxValue - played)) - 1); values;
       values &= values - 1) {
    const int from = std::countr_zero(values);
    const Declaration& raised = DeclarationOf(from);
    if (raised.group) continue;
    if (table.owned && table.owned != from) continue;
    if (TeamOf(raised.owner) == TeamOf(seat) && !rules_.self_raise) continue;
    const int value = from + played;
    if (table.declared & (1u << value)) continue;
    if (!table.Keeps(card, DeclarationBit(from), value)) continue;
    out.Add(Move::Raise(seat, card, from));
  }
}

void State::AddGroups(int seat, Card card, const TableIndex& table, MoveList& out) const {
  const int owned = table.owned;
  const int played = ValueOf(card);
  thread_local std::vector<PackedCounts> multisets;
  // The group's value is held afterwards and at least the card's.
  std::uint32_t values = table.HeldValuesAfter(card) & ~((1u << played) - 1);
  for (; values; values &= values - 1) {
    const int value = std::countr_zero(values);
    const Declaration& existing = DeclarationOf(value);
    // The played card's component needs loose cards worth value - played, and a second
    // component is a declaration or loose cards worth value.
    if (value != played && !table.Reaches(value - played)) continue;
    if (!existing.cards && !table.Reaches(value)) continue;
    if (owned && owned != value) continue;  // must take in the owned declaration
    // A declaration of this value must be folded in (one per value), and may be only if
    // it is a group or the player's own side's.
    if (existing.cards && !existing.group && TeamOf(existing.owner) != TeamOf(seat)) continue;
    const DeclarationSet taken = existing.cards ? DeclarationBit(value) : 0;
    // Without a declaration to fold in, the group needs two components, so loose cards
    // worth at least 2 * value - played: a cheap test that spares most partition searches.
    if (!taken && table.total + played < 2 * value) continue;
    if (!table.Keeps(card, taken, value)) continue;
    auto emit = [&](CardMask loose) { out.Add(Move::Group(seat, card, value, loose, taken)); };
    if (value == played) {
      // The played card is a component by itself; the others split the loose cards.
      if (taken) emit(0);
      for (PackedCounts multiset : table.TableMultisets(value)) {
        ForEachChoice(multiset, table.by_value, 0, emit);
      }
      continue;
    }
    // The played card joins the table's values; only multisets that use it count.
    PartitionableMultisetsWith(table.packed + OneOf(played), value, played, multisets);
    for (PackedCounts multiset : multisets) {
      if (!taken && SumOf(multiset) < 2 * value) continue;
      ForEachChoice(multiset - OneOf(played), table.by_value, 0, emit);
    }
  }
}

}  // namespace kafenio::diloti
