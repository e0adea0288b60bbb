#pragma once
// Reads a record's deal block (`hand`, `dealer`, `seed`, `deal`, `turn`, `table`, `stock`)
// for either game. The game describes its deck and deal shape in a DealShape; this reader
// checks the block against it and reports each error on the line it belongs to.
#include <cstdint>
#include <functional>
#include <optional>
#include <string_view>
#include <vector>

#include "engine/record/lines.h"

namespace kafenio::record {

struct DealShape {
  int seats = 4;
  int deck_size = 32;
  int cards_per_seat = 8;  // cards in each `deal` line
  bool has_turn = false;   // pilotta classic/classic2
  int table_cards = 0;     // diloti: 4
  // Card text -> index in 0..deck_size-1, or nullopt when the card is not in this deck.
  std::function<std::optional<int>(std::string_view)> parse_card;
};

// What the block said: a dealer and either a seed or every card.
struct DealSpec {
  int dealer = 0;
  std::optional<std::uint64_t> seed;
  std::vector<std::vector<int>> hands;  // by seat
  std::optional<int> turn;
  std::vector<int> table;
  std::vector<int> stock;
  int table_line = 0;  // where the table was given, for table errors found by the game
  int first_line = 0;  // the block's first line
};

class DealBlockReader {
 public:
  // expected_dealer: the dealer the rotation gives, or nullopt for the first hand (which
  // must name one).
  DealBlockReader(DealShape shape, std::optional<int> expected_dealer);

  static bool IsDealKeyword(std::string_view word);

  Outcome Feed(const Line& line);
  // True when the block names a seed or every required line, so it can be closed.
  bool Complete() const;
  // Closes the block; errors that need the whole block are reported on `next_line`.
  Outcome Close(int next_line, DealSpec& out) const;

 private:
  Outcome TakeCards(const Line& line, std::size_t first_token, std::vector<int>& out);

  DealShape shape_;
  std::optional<int> expected_dealer_;
  std::optional<int> dealer_;
  std::optional<std::uint64_t> seed_;
  std::vector<std::optional<std::vector<int>>> hands_;
  std::optional<int> turn_;
  std::optional<std::vector<int>> table_;
  std::optional<std::vector<int>> stock_;
  std::vector<bool> used_;
  int table_line_ = 0;
  int first_line_ = 0;
};

}  // namespace kafenio::record
