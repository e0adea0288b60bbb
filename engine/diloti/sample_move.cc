// Drawing a uniformly random legal move, for simulations and bots: exactly
// LegalMoves()[rng.Below(LegalMoves().size())], without listing the moves. The moves of
// each hand card are counted kind by kind in the order the generator lists them
// (legal_moves.cc: the lay, captures, declarations, raises, groups); the draw then picks
// a card and a kind by those counts, and only the one move drawn is built. Counting uses
// the loose numerals as concrete subsets (loose_subsets.h): on the small tables of random
// play that costs less than listing, whose time goes mostly to fixed costs per position
// and per card rather than to its partition searches.
#include <array>
#include <memory>

#include "engine/diloti/capture.h"
#include "engine/diloti/forced_capture.h"
#include "engine/diloti/lay.h"
#include "engine/diloti/loose_subsets.h"
#include "engine/diloti/sample_scratch.h"
#include "engine/diloti/state.h"
#include "engine/diloti/table_index.h"

namespace kafenio::diloti {

template <class Subsets>
class MoveSampler {
 public:
  using Family = typename Subsets::Family;
  using MultisetOrder = typename Subsets::MultisetOrder;

  // reuse: the subsets may keep what they indexed for an earlier position.
  MoveSampler(const State& state, Subsets& loose, bool reuse) : state_(state), loose_(loose) {
    seat_ = state.to_act_;
    forced_capture_ = state.rules_.forced_capture;
    state.IndexMover(seat_, table_);
    // The rest of the table index (the generator's values by card and packed counts are
    // not needed here) comes from the subsets.
    if (reuse) {
      loose_.Update(state.loose_ & kNumerals);
    } else {
      loose_.Index(state.loose_ & kNumerals);
    }
    table_.sums = loose_.Reached();
    table_.total = loose_.Total();
  }

  Move Sample(DealRng& rng) {
    // The moves of each hand card by kind (MoveKind is the generator's order), and how
    // many come before each card's.
    std::array<Card, kHandSize> cards;
    std::array<std::array<int, 5>, kHandSize> counts;
    std::array<int, kHandSize> before;
    std::size_t held = 0;
    int total = 0;
    for (CardMask hand = state_.Hand(seat_); hand; hand &= hand - 1, ++held) {
      cards[held] = Lowest(hand);
      counts[held] = CountByKind(cards[held]);
      before[held] = total;
      for (int count : counts[held]) total += count;
    }
    int index = static_cast<int>(rng.Below(static_cast<std::uint64_t>(total)));
    // The card and kind the index falls in, found by counting rather than by a branch
    // per card and kind, whose outcome would be a coin toss for the predictor.
    std::size_t card = 0;
    for (std::size_t i = 1; i < held; ++i) card += before[i] <= index;
    index -= before[card];
    std::size_t kind = 0;
    for (int count = 0, i = 0; i < 4; ++i) {
      count += counts[card][static_cast<std::size_t>(i)];
      kind += count <= index;
    }
    for (std::size_t i = 0; i < kind; ++i) index -= counts[card][i];
    return Nth(static_cast<MoveKind>(kind), cards[card], index);
  }

 private:
  // Written for the instruction count, as it runs for every card of every position: each
  // card is classified once, and the played card's rule inputs (PositionIndex::Played)
  // are worked out once for all the rules that ask.
  std::array<int, 5> CountByKind(Card card) {
    std::array<int, 5> count{};
    const int rank = RankOf(card);
    if (rank >= kJack) {
      // A face card takes one loose twin and no declaration, where the hold rule allows a
      // capture that takes none: CaptureChoices::loose_alone, asked of the hold rule
      // directly, since working out the declaration part too costs 2% of a random round.
      // Forced capture changes nothing for a face card: one that can capture may not be
      // laid beside its twin anyway.
      const CardMask twins = LooseTwins(card, state_.loose_);
      const PositionIndex::Played face = table_.PlayedAs(0);
      const bool keeps = KeepsCardsOfValue(HoldsOf(face.held_after), table_.owned, 0, 0);
      count[Kind(MoveKind::lay)] = MayLay(table_.owned, true, twins);
      count[Kind(MoveKind::capture)] = keeps ? Count(twins) : 0;
      return count;
    }
    const PositionIndex::Played played = table_.PlayedAs(rank + 1);
    const int captures = CountCaptures(played);
    count[Kind(MoveKind::capture)] = captures;
    // A card can capture exactly when its count of captures is not zero.
    if (OnlyCaptures(forced_capture_, [captures] { return captures != 0; })) return count;
    count[Kind(MoveKind::lay)] = MayLay(table_.owned, false, LooseTwins(card, state_.loose_));
    count[Kind(MoveKind::declare)] = CountDeclarations(played);
    count[Kind(MoveKind::raise)] = std::popcount(table_.RaiseSources(played));
    count[Kind(MoveKind::group)] = CountGroups(played);
    return count;
  }

  Move Nth(MoveKind kind, Card card, int index) {
    switch (kind) {
      case MoveKind::lay:
        return Move::Lay(seat_, card);
      case MoveKind::capture:
        return NthCapture(card, index);
      case MoveKind::declare:
        return NthDeclaration(card, index);
      case MoveKind::raise:
        return Move::Raise(seat_, card, NthBit(table_.RaiseSources(card), index));
      case MoveKind::group:
        return NthGroup(card, index);
    }
    return Move::Lay(seat_, card);
  }

  static std::size_t Kind(MoveKind kind) { return static_cast<std::size_t>(kind); }
  static int NthBit(std::uint32_t bits, int index) {
    for (; index > 0; --index) bits &= bits - 1;
    return std::countr_zero(bits);
  }
  int Size(const Family& family) const { return Subsets::Size(family); }

  // AddCaptures: with the declaration of the card's value, first that declaration alone,
  // then for each capturable set of loose cards the set alone and the set with the
  // declaration, each where the hold rule allows it (CaptureChoices, capture.h).
  int CountCaptures(PositionIndex::Played card) {
    const CaptureChoices choices = table_.CapturesOf(card);
    // Captures per capturable set of loose cards: none, the set alone or with the
    // declaration, or both.
    const int per_set = choices.loose_alone + choices.declaration;
    if (per_set == 0) return 0;
    const int sets = table_.Reaches(card.value) ? loose_.CountPartitionable(card.value) : 0;
    return choices.declaration + sets * per_set;
  }
  Move NthCapture(Card card, int index) {
    if (IsFace(card)) {
      CardMask twins = LooseTwins(card, state_.loose_);
      for (; index > 0; --index) twins &= twins - 1;
      return Move::Capture(seat_, card, Bit(Lowest(twins)), 0);
    }
    const CaptureChoices choices = table_.CapturesOf(table_.PlayedOf(card));
    const int value = ValueOf(card);
    const DeclarationSet with = DeclarationBit(value);
    if (choices.declaration) {
      if (index == 0) return Move::Capture(seat_, card, 0, with);
      --index;
    }
    const int per_set = choices.loose_alone + choices.declaration;
    const auto set =
        loose_.NthInOrder(loose_.Partitionable(value), index / per_set, MultisetOrder::ascending);
    const bool alone = choices.loose_alone && index % per_set == 0;
    return Move::Capture(seat_, card, loose_.Cards(set), alone ? 0 : with);
  }

  // AddDeclarations: by declared value, ascending; for each, every set of loose cards
  // worth the difference.
  int CountDeclarations(PositionIndex::Played card) const {
    const std::uint32_t values = table_.DeclarationValues(card);
    // Declaring v takes the sets worth v - played; every value at once, without a branch
    // (which values qualify is data no predictor learns).
    return loose_.CountWithSums(values >> card.value);
  }
  Move NthDeclaration(Card card, int index) {
    for (std::uint32_t values = table_.DeclarationValues(card);; values &= values - 1) {
      const int value = std::countr_zero(values);
      const auto& sets = loose_.WithSum(value - ValueOf(card));
      if (index >= Size(sets)) {
        index -= Size(sets);
        continue;
      }
      const auto set = loose_.NthInOrder(sets, index, MultisetOrder::descending);
      return Move{MoveKind::declare,
                  static_cast<std::uint8_t>(seat_),
                  card,
                  static_cast<std::uint8_t>(value),
                  0,
                  loose_.Cards(set)};
    }
  }

  // AddGroups: by value, ascending. A group worth the card's own value takes the
  // declaration of that value alone first, if there is one, then every capturable set;
  // a larger group takes the sets that make the value with the card, those without a
  // second component only when a declaration is folded in.
  const Family& GroupSetsOf(int value, int played, bool taken) {
    if (value == played) return loose_.Partitionable(value);
    const auto groups = loose_.GroupsWith(value, played);
    return taken ? groups.any : groups.two_components;
  }
  int CountGroups(PositionIndex::Played card) {
    const int played = card.value;
    int count = 0;
    for (std::uint32_t values = table_.GroupValues(card); values; values &= values - 1) {
      const int value = std::countr_zero(values);
      const bool taken = table_.declared & DeclarationBit(value);
      count += (taken && value == played) + Size(GroupSetsOf(value, played, taken));
    }
    return count;
  }
  Move NthGroup(Card card, int index) {
    const int played = ValueOf(card);
    for (std::uint32_t values = table_.GroupValues(card);; values &= values - 1) {
      const int value = std::countr_zero(values);
      const auto taken = static_cast<DeclarationSet>(table_.declared & DeclarationBit(value));
      if (taken && value == played) {
        if (index == 0) return Move::Group(seat_, card, value, 0, taken);
        --index;
      }
      const auto& sets = GroupSetsOf(value, played, taken != 0);
      if (index >= Size(sets)) {
        index -= Size(sets);
        continue;
      }
      const auto set = loose_.NthInOrder(sets, index, MultisetOrder::ascending);
      return Move::Group(seat_, card, value, loose_.Cards(set), taken);
    }
  }

  const State& state_;
  Subsets& loose_;
  int seat_;
  bool forced_capture_;  // the rules' option, read once rather than for every card
  PositionIndex table_;
};

Move State::SampleLegalMove(DealRng& rng) const {
  // Without the caller's scratch: one for this call alone, on the heap (it is about 40 KB).
  const auto scratch = std::make_unique<SampleScratch>();
  return Sample(rng, *scratch, false);
}

Move State::SampleLegalMove(DealRng& rng, SampleScratch& scratch) const {
  return Sample(rng, scratch, true);
}

namespace {
// Where a table has just grown past the smaller index's size, the larger index starts from
// the smaller one's cards rather than from the older table it last indexed.
template <int kMore, int kFewer>
LooseSubsets<kMore>& Grown(LooseSubsets<kMore>& larger, const LooseSubsets<kFewer>& smaller,
                           CardMask numerals) {
  if (larger.Distance(numerals) > smaller.Distance(numerals) + 1) larger.CopyFrom(smaller);
  return larger;
}
}  // namespace

Move State::Sample(DealRng& rng, SampleScratch& scratch, bool reuse) const {
  // The index sized for the table: one word per family up to six loose numerals.
  const CardMask loose = loose_ & kNumerals;
  const int numerals = Count(loose);
  if (numerals <= 6) return MoveSampler(*this, scratch.six_, reuse).Sample(rng);
  if (numerals <= 8) {
    auto& eight = reuse ? Grown(scratch.eight_, scratch.six_, loose) : scratch.eight_;
    return MoveSampler(*this, eight, reuse).Sample(rng);
  }
  if (numerals <= 10) {
    auto& ten = reuse ? Grown(scratch.ten_, scratch.eight_, loose) : scratch.ten_;
    return MoveSampler(*this, ten, reuse).Sample(rng);
  }
  // A crowded table (one position in several thousand in random play): list the moves.
  MoveList& legal = scratch.legal_;
  LegalMoves(legal);
  return legal[static_cast<int>(rng.Below(static_cast<std::uint64_t>(legal.size())))];
}

Move State::PlayRandomMove(DealRng& rng) {
  const Move move = SampleLegalMove(rng);
  Perform(move);  // generated moves are legal: the brute-force test checks the generator
  return move;
}

Move State::PlayRandomMove(DealRng& rng, SampleScratch& scratch) {
  const Move move = SampleLegalMove(rng, scratch);
  Perform(move);
  return move;
}

}  // namespace kafenio::diloti
