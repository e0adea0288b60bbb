#include "engine/pilotta/cards.h"

namespace kafenio::pilotta {
namespace {
// kRankChars index (A23456789TJQK) -> Pilotta rank, -1 when not in the 32-card deck.
constexpr int kFromWrittenRank[13] = {rA, -1, -1, -1, -1, -1, r7, r8, r9, rT, rJ, rQ, rK};
constexpr int kToWrittenRank[8] = {6, 7, 8, 9, 10, 11, 12, 0};
}  // namespace

std::optional<Card> ParseCard(std::string_view text) {
  auto written = ParseWrittenCard(text);
  if (!written || kFromWrittenRank[written->rank] < 0) return std::nullopt;
  return MakeCard(written->suit, kFromWrittenRank[written->rank]);
}

std::string FormatCard(Card card) {
  return FormatWrittenCard({kToWrittenRank[RankOf(card)], static_cast<Suit>(SuitOf(card))});
}

std::string FormatCards(CardMask mask) {
  std::string out;
  for (; mask; mask &= mask - 1) {
    if (!out.empty()) out += ' ';
    out += FormatCard(Lowest(mask));
  }
  return out;
}

}  // namespace kafenio::pilotta
