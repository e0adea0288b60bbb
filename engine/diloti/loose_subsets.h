#pragma once
// The loose numerals of a small table as concrete cards, for the random-move sampler
// (sample_move.cc): it counts the captures, declarations and groups of a position
// without listing them, then builds only the move it draws. A few loose cards have few
// subsets, so every set of loose cards a move may take is found at once, as a bit set
// over all the subsets, instead of through the integer partitions of values.
//
// The cards are named by their position in the order they were indexed; a Subset is a bit mask
// over those positions, and a Family of subsets holds subset S as bit S % 64 of word
// S / 64. With at most six loose numerals (nineteen positions in twenty in random play)
// a family is one word, and joining a set to every member of a family is a shift; the
// class is a template on the number of cards so that this common case compiles to
// straight-line word operations.
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

#include "engine/diloti/cards.h"
#include "engine/diloti/values.h"

namespace kafenio::diloti {

namespace loose_subsets_detail {
// Bit l: the six-bit subset l does not overlap `low`, for every six-bit `low`.
constexpr std::array<std::uint64_t, 64> BuildDisjoint() {
  std::array<std::uint64_t, 64> disjoint{};
  for (unsigned low = 0; low < 64; ++low) {
    for (unsigned l = 0; l < 64; ++l) {
      if (!(l & low)) disjoint[low] |= std::uint64_t{1} << l;
    }
  }
  return disjoint;
}
inline constexpr std::array<std::uint64_t, 64> kDisjoint = BuildDisjoint();
// Byte i is 0xFF where bit i of the index is set: selects bytes by a bit mask.
constexpr std::array<std::uint64_t, 256> BuildByteSelect() {
  std::array<std::uint64_t, 256> select{};
  for (unsigned bits = 0; bits < 256; ++bits) {
    for (unsigned i = 0; i < 8; ++i) {
      if (bits & (1u << i)) select[bits] |= std::uint64_t{0xFF} << (8 * i);
    }
  }
  return select;
}
inline constexpr std::array<std::uint64_t, 256> kByteSelect = BuildByteSelect();
}  // namespace loose_subsets_detail

template <int kMaxCards>
class LooseSubsets {
 public:
  static_assert(kMaxCards >= 6 && kMaxCards <= 16);
  using Subset = std::uint16_t;
  static constexpr std::size_t kWords = std::size_t{1} << (kMaxCards - 6);
  using Family = std::array<std::uint64_t, kWords>;

  LooseSubsets() { Clear(); }

  // Indexes `numerals` afresh. Requires Count(numerals) <= kMaxCards and no face card.
  void Index(CardMask numerals) {
    Clear();
    Update(numerals);
  }

  // The same as Index(numerals), starting from what is indexed now: cards no longer there
  // are dropped and new ones added, so that a position that shares most of its loose cards
  // with the last one indexed (random play's next position nearly always does) costs a
  // few word operations per card that changed. Everything built for a position depends
  // only on its cards, so this answers exactly as Index does.
  void Update(CardMask numerals) {
    if (numerals == indexed_) return;  // even the families built on demand still hold
    partitionable_ready_ = 0;
    if (const CardMask gone = indexed_ & ~numerals) Drop(gone);
    for (CardMask added = numerals & ~indexed_; added; added &= added - 1) AddCard(Lowest(added));
    indexed_ = numerals;
    CountSums();
  }

  // Takes over the index of a smaller table, whose positions are all below kFewer: when
  // the table grows past the smaller index's size, the cards it had are the new table's
  // but one or two, so updating from it costs far less than from whatever this index held.
  template <int kFewer>
  void CopyFrom(const LooseSubsets<kFewer>& smaller) {
    static_assert(kFewer < kMaxCards);
    for (std::size_t sum = 0; sum <= kMaxValue; ++sum) {
      for (std::size_t w = 0; w < kWords; ++w) {
        padded_[kMaxValue + sum][w] =
            w < LooseSubsets<kFewer>::kWords ? smaller.padded_[kMaxValue + sum][w] : 0;
      }
    }
    std::copy(smaller.cards_.begin(), smaller.cards_.end(), cards_.begin());
    position_ = smaller.position_;
    used_ = smaller.used_;
    indexed_ = smaller.indexed_;
    total_ = smaller.total_;
    reached_ = smaller.reached_;
    partitionable_ready_ = 0;
    CountSums();
  }
  // How many cards Update(numerals) would drop and add.
  int Distance(CardMask numerals) const { return Count(indexed_ ^ numerals); }

  // Bit s: some subset is worth s (0..10).
  std::uint32_t Reached() const { return reached_; }
  // How many non-empty subsets are worth `sum` (-10..10: none below 1).
  int CountWithSum(int sum) const {
    return with_sum_count_[static_cast<std::size_t>(kMaxValue + sum)];
  }
  // How many non-empty subsets are worth any of `sums` (bit s for s = 1..10). Each subset
  // has one sum, so these are at most 2^kMaxCards - 1 together.
  int CountWithSums(std::uint32_t sums) const {
    if constexpr (kPackedCounts) {
      // With at most eight cards every count and their total fit a byte: the counts of the
      // chosen sums are selected bytewise, added and summed across bytes by one multiply,
      // instead of one step per value.
      using loose_subsets_detail::kByteSelect;
      const std::uint64_t chosen = (count_bytes_low_ & kByteSelect[(sums >> 1) & 0xFF]) +
                                   (count_bytes_high_ & kByteSelect[(sums >> 9) & 0x3]);
      return static_cast<int>((chosen * 0x0101010101010101ULL) >> 56);
    } else {
      int count = 0;
      for (int sum = 1; sum <= kMaxValue; ++sum) {
        count += static_cast<int>((sums >> sum) & 1) * CountWithSum(sum);
      }
      return count;
    }
  }
  // The sum of the cards' values.
  int Total() const { return total_; }

  // Families of subsets; the empty set, where present, stands for taking no loose cards
  // and is left out of Size and NthInOrder.
  //
  // The subsets worth exactly `sum` (0..10).
  const Family& WithSum(int sum) const {
    return padded_[static_cast<std::size_t>(kMaxValue + sum)];
  }

  // The subsets that split into groups each worth `value` (1..10): what a card worth
  // `value` may capture. Built once per Index.
  const Family& Partitionable(int value) {
    Family& family = partitionable_[static_cast<std::size_t>(value)];
    if (!(partitionable_ready_ & (1u << value))) {
      partitionable_ready_ |= 1u << value;
      family = WithSum(value);
      family[0] |= 1;
      // Cards worth less than two groups make one group at most (the common case).
      if (total_ >= 2 * value) {
        // Every union of disjoint subsets worth `value`: each such subset in turn joins
        // every union found before it that it does not overlap, so a union of k of them
        // is built from the union of its first k - 1. (Joining in place is safe: a union
        // that holds the subset overlaps it and is not joined again, and the subsets
        // themselves, already present, join the empty set to no effect.)
        ForEachMember(WithSum(value), [&](Subset group) { JoinEach(family, family, group); });
      }
    }
    return family;
  }

  // Size(Partitionable(value)), without building the family where no two disjoint
  // subsets can be worth `value`: then they are exactly the subsets worth it.
  int CountPartitionable(int value) {
    if (total_ < 2 * value) return CountWithSum(value);
    return Size(Partitionable(value));
  }

  // The subsets that split into groups worth `value` together with one more card worth
  // `played` (1 <= played < value): the loose cards of a group the card makes, with and
  // without a component beside the played card's own. Valid until the next call.
  struct GroupFamilies {
    const Family& any;
    const Family& two_components;
  };
  GroupFamilies GroupsWith(int value, int played) {
    const Family& rest = Partitionable(value);
    const Family& own = WithSum(value - played);
    // The played card's component is one subset worth value - played; the rest of the
    // loose cards split into groups worth value (the empty set among them). A set has one
    // sum, so those with no further group (worth value - played) are exactly `own`.
    groups_any_ = {};
    ForEachMember(own, [&](Subset component) { JoinEach(groups_any_, rest, component); });
    for (std::size_t w = 0; w < kWords; ++w) groups_two_[w] = groups_any_[w] & ~own[w];
    return {groups_any_, groups_two_};
  }

  // How many non-empty subsets `family` holds.
  static int Size(const Family& family) {
    int size = -static_cast<int>(family[0] & 1);
    for (std::uint64_t word : family) size += std::popcount(word);
    return size;
  }

  CardMask Cards(Subset subset) const {
    CardMask cards = 0;
    for (; subset; subset &= static_cast<Subset>(subset - 1)) {
      cards |= Bit(cards_[static_cast<std::size_t>(std::countr_zero(subset))]);
    }
    return cards;
  }

  // The subset at `index` among the non-empty members of `family` in the order the
  // listing generator emits them (legal_moves.cc): by multiset of values (ascending as
  // PackedCounts for captures and groups, descending for declarations, whose partitions
  // PackedPartitionsOf lists from the largest part down), then by concrete cards, value
  // by value from the lowest, each value's cards in descending order of their mask.
  enum class MultisetOrder : std::uint8_t { ascending, descending };
  Subset NthInOrder(const Family& family, int index, MultisetOrder order) {
    std::size_t count = 0;
    ForEachMember(family, [&](Subset subset) {
      if (subset == 0) return;
      PackedCounts multiset = 0;
      std::uint64_t choice = 0;
      for (Subset rest = subset; rest; rest &= static_cast<Subset>(rest - 1)) {
        const Card card = cards_[static_cast<std::size_t>(std::countr_zero(rest))];
        const int value = ValueOf(card);
        multiset += OneOf(value);
        // The generator picks the cards of the lowest value first, in descending order of
        // their mask, which for cards of one rank is descending order of suit.
        choice |= std::uint64_t{1} << (4 * (kMaxValue - value) + SuitOf(card));
      }
      keyed_[count++] = {order == MultisetOrder::ascending ? multiset : ~multiset, ~choice, subset};
    });
    // Usually a handful: the one with `index` smaller ones, found without a sort.
    if (count <= 8) {
      for (std::size_t i = 0; i < count; ++i) {
        int smaller = 0;
        for (std::size_t j = 0; j < count; ++j) smaller += Before(keyed_[j], keyed_[i]);
        if (smaller == index) return keyed_[i].subset;
      }
    }
    const auto begin = keyed_.begin();
    const auto nth = begin + index;
    std::nth_element(begin, nth, begin + static_cast<std::ptrdiff_t>(count), Before);
    return nth->subset;
  }

 private:
  template <int>
  friend class LooseSubsets;

  // Nothing indexed: every family empty but for the empty set, worth 0.
  void Clear() {
    // Written word by word as a comparison: a plain clear became a `rep stos`, slower
    // than the whole knapsack.
    for (std::size_t sum = 0; sum <= kMaxValue; ++sum) {
      for (std::size_t w = 0; w < kWords; ++w) {
        padded_[kMaxValue + sum][w] = static_cast<std::uint64_t>(sum + w == first_empty_);
      }
    }
    indexed_ = 0;
    used_ = 0;
    total_ = 0;
    reached_ = 1;
    partitionable_ready_ = 0;
    CountSums();
  }

  // Forgets `gone` (indexed cards): every subset that holds one leaves its family, and
  // their positions are free for the next cards added.
  void Drop(CardMask gone) {
    unsigned positions = 0;
    for (; gone; gone &= gone - 1) {
      const Card card = Lowest(gone);
      positions |= 1u << position_[card];
      total_ -= ValueOf(card);
    }
    used_ = static_cast<std::uint16_t>(used_ & ~positions);
    const std::uint64_t keep = loose_subsets_detail::kDisjoint[positions & 63u];
    const std::size_t high = positions >> 6;
    reached_ = 0;
    for (std::size_t sum = 0; sum <= kMaxValue; ++sum) {
      Family& family = padded_[kMaxValue + sum];
      std::uint64_t any = 0;
      for (std::size_t w = 0; w < kWords; ++w) {
        family[w] = (w & high) ? 0 : family[w] & keep;
        any |= family[w];
      }
      reached_ |= static_cast<std::uint32_t>(any != 0) << sum;
    }
  }

  // Gives `card` the lowest free position and adds the subsets that hold it.
  void AddCard(Card card) {
    const auto position = static_cast<std::size_t>(std::countr_zero(static_cast<unsigned>(~used_)));
    used_ = static_cast<std::uint16_t>(used_ | 1u << position);
    cards_[position] = card;
    position_[card] = static_cast<std::uint8_t>(position);
    const int value = ValueOf(card);
    total_ += value;
    reached_ = (reached_ | reached_ << value) & ((2u << kMaxValue) - 1);
    // A knapsack over the cards so far: the subsets worth s that hold this card are
    // those worth s - value without it, plus this card. The eleven sums are updated
    // without a branch (sums below the card's value read the zero families below
    // padded_[kMaxValue]); every read sees the families before this card. No member
    // holds the free position, so joining it to every member needs no overlap test.
    const Family* from = &padded_[static_cast<std::size_t>(kMaxValue - value)];
    Family* to = &padded_[kMaxValue];
    if constexpr (kWords == 1) {
      // Copied first, so that the compiler sees no overlap and uses vector operations.
      std::array<std::uint64_t, kMaxValue + 1> joined;
      for (std::size_t sum = 0; sum <= kMaxValue; ++sum) joined[sum] = from[sum][0];
      const unsigned shift = 1u << position;
      for (std::size_t sum = 0; sum <= kMaxValue; ++sum) to[sum][0] |= joined[sum] << shift;
    } else {
      for (std::size_t sum = kMaxValue + 1; sum-- > 0;) {
        if (position < 6) {
          for (std::size_t w = 0; w < kWords; ++w) to[sum][w] |= from[sum][w] << (1u << position);
        } else {
          const std::size_t bit = std::size_t{1} << (position - 6);
          for (std::size_t w = 0; w < kWords; ++w) {
            if (!(w & bit)) to[sum][w | bit] |= from[sum][w];
          }
        }
      }
    }
  }

  // Counted once per index: every hand card's declarations ask for several of these sums.
  void CountSums() {
    for (std::size_t sum = 1; sum <= kMaxValue; ++sum) {
      with_sum_count_[kMaxValue + sum] = Size(padded_[kMaxValue + sum]);
    }
    if constexpr (kPackedCounts) {
      count_bytes_low_ = 0;
      count_bytes_high_ = 0;
      for (std::size_t sum = 1; sum <= 8; ++sum) {
        count_bytes_low_ |= static_cast<std::uint64_t>(with_sum_count_[kMaxValue + sum])
                            << (8 * (sum - 1));
      }
      for (std::size_t sum = 9; sum <= kMaxValue; ++sum) {
        count_bytes_high_ |= static_cast<std::uint64_t>(with_sum_count_[kMaxValue + sum])
                             << (8 * (sum - 9));
      }
    }
  }

  // Calls visit(subset) for every member of `family`, the empty set included.
  template <class Visit>
  static void ForEachMember(const Family& family, Visit&& visit) {
    for (std::size_t w = 0; w < kWords; ++w) {
      for (std::uint64_t bits = family[w]; bits; bits &= bits - 1) {
        visit(static_cast<Subset>(w * 64 + static_cast<std::size_t>(std::countr_zero(bits))));
      }
    }
  }

  // out gains S | subset for every member S of `in` that does not overlap `subset`.
  static void JoinEach(Family& out, const Family& in, Subset subset) {
    const unsigned low = subset & 63u;
    const std::size_t high = subset >> 6;
    const std::uint64_t disjoint = loose_subsets_detail::kDisjoint[low];
    for (std::size_t w = 0; w < kWords; ++w) {
      if (w & high) continue;
      out[w | high] |= (in[w] & disjoint) << low;
    }
  }

  std::array<Card, kMaxCards> cards_{};             // by position; free positions hold stale cards
  std::array<std::uint8_t, kDeckSize> position_{};  // by card, for the cards indexed
  std::uint16_t used_ = 0;                          // bit p: position p holds a card
  CardMask indexed_ = 0;                            // the cards indexed
  // padded_[kMaxValue + s]: the subsets worth s (0..10); the families below stay empty.
  std::array<Family, 2 * kMaxValue + 1> padded_{};
  int total_ = 0;
  std::uint32_t reached_ = 1;  // Reached()
  // with_sum_count_[kMaxValue + s]: CountWithSum(s); the entries for s <= 0 stay 0.
  std::array<int, 2 * kMaxValue + 1> with_sum_count_{};
  // With at most eight cards, CountWithSum(s) also as byte s - 1 of count_bytes_low_
  // (s = 1..8) and byte s - 9 of count_bytes_high_ (s = 9, 10), for CountWithSums.
  static constexpr bool kPackedCounts = kMaxCards <= 8;
  std::uint64_t count_bytes_low_ = 0;
  std::uint64_t count_bytes_high_ = 0;
  // Always 0, but not known to the compiler (see Clear).
  std::size_t first_empty_ = 0;
  std::array<Family, kMaxValue + 1> partitionable_{};
  std::uint32_t partitionable_ready_ = 0;  // bit v: partitionable_[v] is built
  Family groups_any_{};
  Family groups_two_{};
  struct Keyed {
    std::uint64_t multiset;  // PackedCounts, or its complement for descending order
    std::uint64_t choice;    // the cards, value 1 in the highest nibble, complemented
    Subset subset;
  };
  static bool Before(const Keyed& a, const Keyed& b) {
    return a.multiset != b.multiset ? a.multiset < b.multiset : a.choice < b.choice;
  }
  std::array<Keyed, std::size_t{1} << kMaxCards> keyed_{};
};

}  // namespace kafenio::diloti
