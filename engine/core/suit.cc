#include "engine/core/suit.h"

#include <cctype>

namespace kafenio {

std::optional<Suit> ParseSuit(std::string_view text) {
  if (text.size() != 1) return std::nullopt;
  auto at = kSuitChars.find(text[0]);
  if (at == std::string_view::npos) return std::nullopt;
  return static_cast<Suit>(at);
}

char SuitChar(Suit suit) {
  return kSuitChars[static_cast<int>(suit)];
}

std::optional<WrittenCard> ParseWrittenCard(std::string_view text) {
  if (text.size() != 2) return std::nullopt;
  char rank = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
  auto at = kRankChars.find(rank);
  auto suit = ParseSuit(text.substr(1));
  if (at == std::string_view::npos || !suit) return std::nullopt;
  return WrittenCard{static_cast<int>(at), *suit};
}

std::string FormatWrittenCard(WrittenCard card) {
  return {kRankChars[static_cast<std::size_t>(card.rank)], SuitChar(card.suit)};
}

}  // namespace kafenio
