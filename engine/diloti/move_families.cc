// The compact description of the legal moves (move_families.h). It follows
// State::LegalMoves (legal_moves.cc) card by card and asks the rules the same questions
// through the same table index, so that both say the same thing; where LegalMoves lists
// every combination of groups, this lists the groups once.
#include "engine/diloti/move_families.h"

#include <array>
#include <unordered_set>

#include "engine/diloti/capture.h"
#include "engine/diloti/forced_capture.h"
#include "engine/diloti/lay.h"
#include "engine/diloti/state.h"
#include "engine/diloti/table_index.h"
#include "engine/diloti/values.h"

namespace kafenio::diloti {

// The sets of loose numerals worth `sum` together, by sum, each computed once per call:
// several cards of one value ask for the same sets. At most 1,702 sets for 10 even with
// every numeral loose (the integer partitions of 10 and the cards of each value).
class LooseSetsBySum {
 public:
  explicit LooseSetsBySum(const TableIndex& table) : table_(table) {}
  const std::vector<CardMask>& Of(int sum) {
    auto& sets = sets_[static_cast<std::size_t>(sum)];
    if (ready_ & (1u << sum)) return sets;
    ready_ |= 1u << sum;
    if (!table_.Reaches(sum)) return sets;
    auto emit = [&sets](CardMask loose) { sets.push_back(loose); };
    for (const ValueCounts& partition : PartitionsOf(sum)) {
      bool fits = true;
      for (int v = 1; v <= kMaxValue; ++v) {
        fits = fits && partition[static_cast<std::size_t>(v)] <= CountIn(table_.packed, v);
      }
      if (fits) ForEachChoice(Pack(partition), table_.by_value, 0, emit);
    }
    return sets;
  }

 private:
  const TableIndex& table_;
  std::array<std::vector<CardMask>, kMaxValue + 1> sets_;
  std::uint32_t ready_ = 0;
};

namespace {
MovePart LoosePart(CardMask loose) {
  return MovePart{loose, 0, false};
}
}  // namespace

void State::CompactLegalMoves(CompactMoves& out) const {
  out.plain.clear();
  out.families.clear();
  if (phase_ != Phase::play) return;
  const int seat = to_act_;
  MoveList scratch;
  TableIndex table(scratch.table_multisets_);
  IndexTable(seat, table);
  LooseSetsBySum sets(table);
  for (CardMask hand = Hand(seat); hand; hand &= hand - 1) {
    const Card card = Lowest(hand);
    const bool only_captures =
        OnlyCaptures(rules_.forced_capture, [&] { return CanCapture(seat, card); });
    if (MayLay(table.owned, IsFace(card), LooseTwins(card, loose_)) && !only_captures) {
      out.plain.push_back(Move::Lay(seat, card));
    }
    if (IsFace(card)) {
      scratch.Clear();
      AddCaptures(seat, card, table, scratch);  // one loose twin each: plain moves
      out.plain.insert(out.plain.end(), scratch.begin(), scratch.end());
      continue;
    }
    AddCaptureFamily(seat, card, table, sets, out);
    if (only_captures) continue;
    scratch.Clear();
    AddDeclarations(seat, card, table, scratch);
    AddRaises(seat, card, table, scratch);
    out.plain.insert(out.plain.end(), scratch.begin(), scratch.end());
    AddGroupFamilies(seat, card, table, sets, out);
  }
}

void State::AddCaptureFamily(int seat, Card card, const TableIndex& table, LooseSetsBySum& sets,
                             CompactMoves& out) const {
  // As AddCaptures: the declaration of the card's value may be taken when the hold rule
  // allows (choices.declaration), loose groups without it when it allows that too
  // (choices.loose_alone); when only the first, every capture takes the declaration.
  const CaptureChoices choices = table.CapturesOf(table.PlayedOf(card));
  if (!choices.declaration && !choices.loose_alone) return;
  const int value = ValueOf(card);
  MoveFamily family{MoveKind::capture,
                    static_cast<std::uint8_t>(seat),
                    card,
                    static_cast<std::uint8_t>(value),
                    {},
                    {}};
  if (choices.declaration) {
    family.parts.push_back(MovePart{0, DeclarationBit(value), !choices.loose_alone});
  }
  for (CardMask loose : sets.Of(value)) family.parts.push_back(LoosePart(loose));
  if (!family.parts.empty()) out.families.push_back(std::move(family));
}

void State::AddGroupFamilies(int seat, Card card, const TableIndex& table, LooseSetsBySum& sets,
                             CompactMoves& out) const {
  const int played = ValueOf(card);
  for (std::uint32_t values = table.GroupValues(card); values; values &= values - 1) {
    const int value = std::countr_zero(values);
    MoveFamily family{MoveKind::group,
                      static_cast<std::uint8_t>(seat),
                      card,
                      static_cast<std::uint8_t>(value),
                      {},
                      {}};
    // The played card's own component: the card alone, or with loose numerals.
    if (value == played) {
      family.anchors.push_back(0);
    } else {
      family.anchors = sets.Of(value - played);
    }
    // The declaration of this value, if any, must be folded in (GroupValues checked it may
    // be): one declaration per value.
    const auto taken = static_cast<DeclarationSet>(table.declared & DeclarationBit(value));
    if (taken) family.parts.push_back(MovePart{0, taken, true});
    for (CardMask loose : sets.Of(value)) family.parts.push_back(LoosePart(loose));
    // A family is listed only if some selection is legal: an anchor and a part beside it.
    bool any = false;
    for (CardMask anchor : family.anchors) {
      for (const MovePart& part : family.parts) any = any || !(anchor & part.loose);
      if (any) break;
    }
    if (any) out.families.push_back(std::move(family));
  }
}

std::string FormatPart(const MovePart& part) {
  if (part.taken) return "@" + std::to_string(std::countr_zero(part.taken));
  return FormatGroup(part.loose);
}

std::string FormatAnchor(const MoveFamily& family, int index) {
  return FormatGroup(family.anchors.at(static_cast<std::size_t>(index)) | Bit(family.card),
                     family.card);
}

std::optional<Move> MoveOfSelection(const MoveFamily& family, int anchor,
                                    const std::vector<int>& parts) {
  const bool group = family.kind == MoveKind::group;
  if (group != (anchor >= 0)) return std::nullopt;
  if (anchor >= static_cast<int>(family.anchors.size())) return std::nullopt;
  CardMask loose = group ? family.anchors[static_cast<std::size_t>(anchor)] : 0;
  DeclarationSet taken = 0;
  std::vector<bool> chosen(family.parts.size());
  for (int index : parts) {
    if (index < 0 || index >= static_cast<int>(family.parts.size())) return std::nullopt;
    const MovePart& part = family.parts[static_cast<std::size_t>(index)];
    if ((part.loose & loose) || (part.taken & taken)) return std::nullopt;
    loose |= part.loose;
    taken |= part.taken;
    chosen[static_cast<std::size_t>(index)] = true;
  }
  if (parts.empty()) return std::nullopt;
  for (std::size_t i = 0; i < family.parts.size(); ++i) {
    if (family.parts[i].required && !chosen[i]) return std::nullopt;
  }
  const int seat = family.seat;
  return group ? Move::Group(seat, family.card, family.value, loose, taken)
               : Move::Capture(seat, family.card, loose, taken);
}

std::optional<std::vector<Move>> FamilyMoves(const MoveFamily& family, std::size_t limit) {
  // The loose cards and declarations of a selection's parts as one word: the loose cards
  // use bits 0..51, the declarations (bits 1..10 of a DeclarationSet) bits 52 and up.
  auto key_of = [](const MovePart& part) {
    return part.loose | (static_cast<std::uint64_t>(part.taken) << kDeckSize);
  };
  // Required parts are in every selection: start from their union; a part overlapping
  // them can never join.
  std::uint64_t start = 0;
  for (const MovePart& part : family.parts) {
    if (!part.required) continue;
    if (start & key_of(part)) return std::vector<Move>{};
    start |= key_of(part);
  }
  // Every union of pairwise disjoint optional parts, each found once.
  std::unordered_set<std::uint64_t> unions{start};
  std::vector<std::uint64_t> grown;
  for (const MovePart& part : family.parts) {
    const std::uint64_t key = key_of(part);
    if (part.required || (key & start)) continue;
    grown.clear();
    for (std::uint64_t u : unions) {
      if (!(u & key)) grown.push_back(u | key);
    }
    unions.insert(grown.begin(), grown.end());
    if (unions.size() > limit + 1) return std::nullopt;
  }
  unions.erase(0);  // a selection needs a part
  const bool group = family.kind == MoveKind::group;
  const std::vector<CardMask> no_anchor{0};
  std::unordered_set<std::uint64_t> seen;
  std::vector<Move> moves;
  for (CardMask anchor : group ? family.anchors : no_anchor) {
    for (std::uint64_t u : unions) {
      if (u & anchor) continue;
      const std::uint64_t key = u | anchor;
      if (!seen.insert(key).second) continue;
      const CardMask loose = key & kFullDeck;
      const auto taken = static_cast<DeclarationSet>(key >> kDeckSize);
      moves.push_back(group ? Move::Group(family.seat, family.card, family.value, loose, taken)
                            : Move::Capture(family.seat, family.card, loose, taken));
      if (moves.size() > limit) return std::nullopt;
    }
  }
  return moves;
}

}  // namespace kafenio::diloti
