#include "engine/diloti/cards.h"

namespace kafenio::diloti {

std::optional<Card> ParseCard(std::string_view text) {
  auto written = ParseWrittenCard(text);
  if (!written) return std::nullopt;
  return MakeCard(written->suit, written->rank);
}

std::string FormatCard(Card card) {
  return FormatWrittenCard({RankOf(card), static_cast<Suit>(SuitOf(card))});
}

std::string FormatCards(CardMask mask) {
  std::string out;
  for (; mask; mask &= mask - 1) {
    if (!out.empty()) out += ' ';
    out += FormatCard(Lowest(mask));
  }
  return out;
}

}  // namespace kafenio::diloti
