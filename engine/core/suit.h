#pragma once
// Suits and card text shared by both games. Each game keeps its own compact card index
// (32 cards for Pilotta, 52 for Diloti); this file only knows the written form.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace kafenio {

enum class Suit : std::uint8_t { clubs = 0, diamonds = 1, hearts = 2, spades = 3 };
inline constexpr int kSuitCount = 4;

// Ranks in the order A 2 3 4 5 6 7 8 9 T J Q K, numbered 0..12 ("face index").
inline constexpr std::string_view kRankChars = "A23456789TJQK";
inline constexpr std::string_view kSuitChars = "cdhs";

struct WrittenCard {
  int rank;  // 0..12 in kRankChars order
  Suit suit;
};

std::optional<Suit> ParseSuit(std::string_view text);
char SuitChar(Suit suit);
// Accepts "Th", "th", "7c". Suits must be lower case, as written in rules.md.
std::optional<WrittenCard> ParseWrittenCard(std::string_view text);
std::string FormatWrittenCard(WrittenCard card);

}  // namespace kafenio
