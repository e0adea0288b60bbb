#include "engine/diloti/values.h"

#include <algorithm>

namespace kafenio::diloti {

ValueCounts CountValues(CardMask numerals) {
  ValueCounts counts{};
  for (int v = 1; v <= kMaxValue; ++v) {
    counts[static_cast<std::size_t>(v)] = static_cast<std::uint8_t>(Count(numerals & ValueMask(v)));
  }
  return counts;
}

int SumValues(CardMask numerals) {
  int sum = 0;
  for (int v = 1; v <= kMaxValue; ++v) sum += v * Count(numerals & ValueMask(v));
  return sum;
}

namespace {

bool PartitionRest(ValueCounts& counts, int value);

// Completes the group being built: `remaining` more value from cards worth `from` or more
// (non-decreasing, so each group is tried once), then partitions what is left.
bool FillGroup(ValueCounts& counts, int remaining, int from, int value) {
  if (remaining == 0) return PartitionRest(counts, value);
  for (int u = from; u <= remaining; ++u) {
    auto& count = counts[static_cast<std::size_t>(u)];
    if (count == 0) continue;
    --count;
    const bool ok = FillGroup(counts, remaining - u, u, value);
    ++count;
    if (ok) return true;
  }
  return false;
}

// The smallest card left must belong to some group; try each group that contains it.
bool PartitionRest(ValueCounts& counts, int value) {
  int u = 1;
  while (u <= kMaxValue && counts[static_cast<std::size_t>(u)] == 0) ++u;
  if (u > kMaxValue) return true;
  if (u > value) return false;
  --counts[static_cast<std::size_t>(u)];
  const bool ok = FillGroup(counts, value - u, u, value);
  ++counts[static_cast<std::size_t>(u)];
  return ok;
}

void CollectPartitions(int value, int remaining, int largest, ValueCounts& current,
                       std::vector<ValueCounts>& out) {
  if (remaining == 0) {
    out.push_back(current);
    return;
  }
  for (int part = std::min(largest, remaining); part >= 1; --part) {
    ++current[static_cast<std::size_t>(part)];
    CollectPartitions(value, remaining - part, part, current, out);
    --current[static_cast<std::size_t>(part)];
  }
}

std::array<std::vector<ValueCounts>, kMaxValue + 1> BuildPartitions() {
  std::array<std::vector<ValueCounts>, kMaxValue + 1> all;
  for (int v = 1; v <= kMaxValue; ++v) {
    ValueCounts current{};
    CollectPartitions(v, v, v, current, all[static_cast<std::size_t>(v)]);
  }
  return all;
}

}  // namespace

PackedCounts Pack(const ValueCounts& counts) {
  std::uint64_t key = 0;
  for (int v = 1; v <= kMaxValue; ++v) {
    key |= std::uint64_t{counts[static_cast<std::size_t>(v)]} << (4 * (v - 1));
  }
  return key;
}

int SumOf(PackedCounts packed) {
  int sum = 0;
  for (int v = 1; v <= kMaxValue; ++v) sum += v * CountIn(packed, v);
  return sum;
}

namespace {

// Adds partitions (atoms) in non-decreasing index order while the cards last: every
// multiset of atoms is visited once; different atom multisets with the same union are
// merged afterwards.
void AddAtoms(std::span<const std::uint64_t> atoms, std::size_t first, std::uint64_t left,
              std::uint64_t key, std::vector<std::uint64_t>& keys) {
  for (std::size_t i = first; i < atoms.size(); ++i) {
    if (!FitsIn(left, atoms[i])) continue;
    keys.push_back(key + atoms[i]);
    AddAtoms(atoms, i, left - atoms[i], key + atoms[i], keys);
  }
}

}  // namespace

bool CanPartition(const ValueCounts& counts, int value) {
  if (value < 1 || value > kMaxValue) return false;
  int sum = 0;
  for (int v = 1; v <= kMaxValue; ++v) sum += v * counts[static_cast<std::size_t>(v)];
  if (sum == 0 || sum % value != 0) return false;
  ValueCounts work = counts;
  return PartitionRest(work, value);
}

bool HasSubsetSum(CardMask numerals, int value) {
  std::uint32_t reachable = 1;  // bit s: some subset sums to s (s <= value)
  for (CardMask rest = numerals & kNumerals; rest; rest &= rest - 1) {
    const int v = ValueOf(Lowest(rest));
    if (v <= value) reachable |= reachable << v;
  }
  return (reachable >> value) & 1;
}

const std::vector<ValueCounts>& PartitionsOf(int value) {
  static const auto partitions = BuildPartitions();
  return partitions[static_cast<std::size_t>(value)];
}

namespace {

// The partitions of `value` that fit `available`.
using Atoms = std::array<PackedCounts, packed_partitions_detail::kMostPartitions>;
std::size_t FittingAtoms(PackedCounts available, int value, Atoms& atoms) {
  std::size_t count = 0;
  ForEachPartitionIn(FittingPartitions(available, value), value,
                     [&](PackedCounts atom) { atoms[count++] = atom; });
  return count;
}

void SortUnique(std::vector<PackedCounts>& keys) {
  std::sort(keys.begin(), keys.end());
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
}

}  // namespace

void PartitionableMultisets(PackedCounts available, int value, std::vector<PackedCounts>& out) {
  out.clear();
  Atoms atoms;  // not zeroed: only the first `count` are read
  const std::size_t count = FittingAtoms(available, value, atoms);
  AddAtoms({atoms.data(), count}, 0, available, 0, out);
  if (count > 1) SortUnique(out);
}

void PartitionableMultisetsWith(PackedCounts available, int value, int member,
                                std::vector<PackedCounts>& out) {
  out.clear();
  Atoms atoms;  // not zeroed: only the first `count` are read
  const std::size_t count = FittingAtoms(available, value, atoms);
  // The group holding `member` first, then any further groups; a multiset reached
  // through two such first groups is merged by SortUnique.
  for (std::size_t i = 0; i < count; ++i) {
    if (CountIn(atoms[i], member) == 0) continue;
    out.push_back(atoms[i]);
    AddAtoms({atoms.data(), count}, 0, available - atoms[i], atoms[i], out);
  }
  if (out.size() > 1) SortUnique(out);
}

std::vector<CardMask> SplitIntoGroups(CardMask numerals, int value) {
  // Depth-first over concrete cards: the lowest unplaced card starts a group, completed
  // from higher cards; fine for writing one move.
  std::vector<CardMask> groups;
  struct Search {
    int value;
    std::vector<CardMask>& groups;
    bool Rest(CardMask left) {
      if (left == 0) return true;
      const Card first = Lowest(left);
      return Fill(left & ~Bit(first), Bit(first), value - ValueOf(first), left & ~Bit(first));
    }
    bool Fill(CardMask left, CardMask group, int remaining, CardMask candidates) {
      if (remaining == 0) {
        groups.push_back(group);
        if (Rest(left)) return true;
        groups.pop_back();
        return false;
      }
      for (CardMask c = candidates; c; c &= c - 1) {
        const Card card = Lowest(c);
        const int v = ValueOf(card);
        if (v > remaining) continue;
        if (Fill(left & ~Bit(card), group | Bit(card), remaining - v, c & (c - 1))) return true;
      }
      return false;
    }
  };
  if (numerals & kFaceCards) return {};
  Search search{value, groups};
  if (!search.Rest(numerals)) groups.clear();
  return groups;
}

}  // namespace kafenio::diloti
