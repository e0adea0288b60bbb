// Enumerating every legal move of the seat to act, each once. Captures and group
// declarations are built from the table indexed by value (values.h): first the distinct
// multisets of values that split into groups worth v, then the concrete cards of each
// value, so no subset of table cards is ever visited and every move comes out once.
#include <vector>

#include "engine/diloti/capture.h"
#include "engine/diloti/forced_capture.h"
#include "engine/diloti/group.h"
#include "engine/diloti/lay.h"
#include "engine/diloti/raise.h"
#include "engine/diloti/state.h"
#include "engine/diloti/table_index.h"
#include "engine/diloti/values.h"

namespace kafenio::diloti {

void State::IndexTable(int seat, TableIndex& table) const {
  // One pass over the (few) loose numerals and the hand, not over every value.
  for (CardMask loose = loose_ & kNumerals; loose; loose &= loose - 1) {
    const int v = ValueOf(Lowest(loose));
    table.packed += OneOf(v);
    table.sums |= table.sums << v;
    table.total += v;
  }
  table.sums &= (1u << (kMaxValue + 1)) - 1;
  table.by_value[0] = 0;
  for (int v = 1; v <= kMaxValue; ++v) {
    table.by_value[static_cast<std::size_t>(v)] = loose_ & ValueMask(v);
  }
  IndexMover(seat, table);
}

void State::IndexMover(int seat, PositionIndex& table) const {
  // The hand's ranks suit by suit, combined without a loop over the cards: bit r of each
  // word is rank r (value r + 1) in that suit.
  const CardMask hand = Hand(seat) & kNumerals;
  constexpr CardMask kSuitRanks = (CardMask{1} << 13) - 1;
  const auto a = static_cast<std::uint32_t>(hand & kSuitRanks);
  const auto b = static_cast<std::uint32_t>((hand >> 13) & kSuitRanks);
  const auto c = static_cast<std::uint32_t>((hand >> 26) & kSuitRanks);
  const auto d = static_cast<std::uint32_t>((hand >> 39) & kSuitRanks);
  table.held_values = (a | b | c | d) << 1;
  table.held_several = ((a & (b | c | d)) | (b & (c | d)) | (c & d)) << 1;
  table.declared = declared_;
  for (DeclarationSet values = declared_; values; values &= values - 1) {
    const int v = std::countr_zero(values);
    const Declaration& declaration = DeclarationOf(v);
    if (declaration.owner == seat) table.owned = v;
    const bool own_side = TeamOf(declaration.owner) == TeamOf(seat);
    if (!MayFoldIn(declaration.group, own_side)) table.unfoldable |= 1u << v;
    if (WhyNotRaisable(declaration.group, own_side, rules_.self_raise) == Illegal::none) {
      table.raisable |= 1u << v;
    }
  }
}

void State::LegalMoves(MoveList& out) const {
  out.Clear();
  if (phase_ != Phase::play) return;
  const int seat = to_act_;
  TableIndex table(out.table_multisets_);
  IndexTable(seat, table);
  for (CardMask hand = Hand(seat); hand; hand &= hand - 1) {
    const Card card = Lowest(hand);
    const bool only_captures =
        OnlyCaptures(rules_.forced_capture, [&] { return CanCapture(seat, card); });
    if (MayLay(table.owned, IsFace(card), LooseTwins(card, loose_)) && !only_captures) {
      out.Add(Move::Lay(seat, card));
    }
    AddCaptures(seat, card, table, out);
    if (only_captures || IsFace(card)) continue;
    AddDeclarations(seat, card, table, out);
    AddRaises(seat, card, table, out);
    AddGroups(seat, card, table, out);
  }
}

void State::AddCaptures(int seat, Card card, const TableIndex& table, MoveList& out) const {
  const CaptureChoices choices = table.CapturesOf(table.PlayedOf(card));
  if (IsFace(card)) {
    if (!choices.loose_alone) return;
    for (CardMask twins = LooseTwins(card, loose_); twins; twins &= twins - 1) {
      out.Add(Move::Capture(seat, card, Bit(Lowest(twins)), 0));
    }
    return;
  }
  if (!choices.declaration && !choices.loose_alone) return;
  const int value = ValueOf(card);
  const DeclarationSet with = DeclarationBit(value);
  if (choices.declaration) out.Add(Move::Capture(seat, card, 0, with));
  if (!table.Reaches(value)) return;
  auto emit = [&](CardMask loose) {
    if (choices.loose_alone) out.Add(Move::Capture(seat, card, loose, 0));
    if (choices.declaration) out.Add(Move::Capture(seat, card, loose, with));
  };
  for (PackedCounts multiset : table.TableMultisets(value)) {
    ForEachChoice(multiset, table.by_value, 0, emit);
  }
}

void State::AddDeclarations(int seat, Card card, const TableIndex& table, MoveList& out) const {
  const int played = ValueOf(card);
  for (std::uint32_t values = table.DeclarationValues(card); values; values &= values - 1) {
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
  for (std::uint32_t sources = table.RaiseSources(card); sources; sources &= sources - 1) {
    out.Add(Move::Raise(seat, card, std::countr_zero(sources)));
  }
}

void State::AddGroups(int seat, Card card, const TableIndex& table, MoveList& out) const {
  const int played = ValueOf(card);
  std::vector<PackedCounts>& multisets = out.group_multisets_;
  for (std::uint32_t values = table.GroupValues(card); values; values &= values - 1) {
    const int value = std::countr_zero(values);
    // The declaration of this value, if any, is folded in (GroupValues checked it may be).
    const auto taken = static_cast<DeclarationSet>(table.declared & DeclarationBit(value));
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
      if (!HasTwoComponents(value, SumOf(multiset), taken != 0)) continue;
      ForEachChoice(multiset - OneOf(played), table.by_value, 0, emit);
    }
  }
}

}  // namespace kafenio::diloti
