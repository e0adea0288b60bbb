#include "engine/record/deal_block.h"

#include <string>

namespace kafenio::record {

DealBlockReader::DealBlockReader(DealShape shape, std::optional<int> expected_dealer)
    : shape_(std::move(shape)),
      expected_dealer_(expected_dealer),
      hands_(static_cast<std::size_t>(shape_.seats)),
      used_(static_cast<std::size_t>(shape_.deck_size), false) {}

bool DealBlockReader::IsDealKeyword(std::string_view word) {
  return word == "dealer" || word == "seed" || word == "deal" || word == "turn" ||
         word == "table" || word == "stock";
}

bool DealBlockReader::Complete() const {
  if (!dealer_ && !expected_dealer_) return false;
  if (seed_) return true;
  for (const auto& hand : hands_) {
    if (!hand) return false;
  }
  if (shape_.has_turn && !turn_) return false;
  if (shape_.table_cards > 0 && !table_) return false;
  return true;
}

Outcome DealBlockReader::TakeCards(const Line& line, std::size_t first_token,
                                   std::vector<int>& out) {
  for (std::size_t i = first_token; i < line.tokens.size(); ++i) {
    auto card = shape_.parse_card(line.tokens[i]);
    if (!card) {
      return Outcome::Error(line.number, "not a card of this deck: " + std::string(line.tokens[i]));
    }
    if (used_[static_cast<std::size_t>(*card)]) {
      return Outcome::Error(line.number, "card dealt twice: " + std::string(line.tokens[i]));
    }
    used_[static_cast<std::size_t>(*card)] = true;
    out.push_back(*card);
  }
  return Outcome::Ok();
}

Outcome DealBlockReader::Feed(const Line& line) {
  if (first_line_ == 0) first_line_ = line.number;
  const std::string_view word = line.tokens[0];
  const bool explicit_cards =
      word == "deal" || word == "turn" || word == "table" || word == "stock";
  if (word == "dealer") {
    long long seat = 0;
    if (line.tokens.size() != 2 || !ParseInt(line.tokens[1], seat) || seat < 0 ||
        seat >= shape_.seats) {
      return Outcome::Error(line.number,
                            "dealer needs a seat from 0 to " + std::to_string(shape_.seats - 1));
    }
    if (dealer_) return Outcome::Error(line.number, "dealer given twice");
    if (expected_dealer_ && *expected_dealer_ != seat) {
      return Outcome::Error(line.number, "dealer contradicts the rotation: seat " +
                                             std::to_string(*expected_dealer_) + " deals");
    }
    dealer_ = static_cast<int>(seat);
    return Outcome::Ok();
  }
  if (word == "seed") {
    unsigned long long seed = 0;
    if (line.tokens.size() != 2 || !ParseUnsigned64(line.tokens[1], seed)) {
      return Outcome::Error(line.number, "seed needs one unsigned 64-bit number");
    }
    if (seed_) return Outcome::Error(line.number, "seed given twice");
    for (bool used : used_) {
      if (used) return Outcome::Error(line.number, "a deal has either a seed or explicit cards");
    }
    seed_ = seed;
    return Outcome::Ok();
  }
  if (explicit_cards && seed_) {
    return Outcome::Error(line.number, "a deal has either a seed or explicit cards");
  }
  if (word == "deal") {
    long long seat = 0;
    if (line.tokens.size() < 2 || !ParseInt(line.tokens[1], seat) || seat < 0 ||
        seat >= shape_.seats) {
      return Outcome::Error(line.number,
                            "deal needs a seat from 0 to " + std::to_string(shape_.seats - 1));
    }
    auto& hand = hands_[static_cast<std::size_t>(seat)];
    if (hand) return Outcome::Error(line.number, "seat " + std::to_string(seat) + " dealt twice");
    if (static_cast<int>(line.tokens.size()) - 2 != shape_.cards_per_seat) {
      return Outcome::Error(
          line.number, "each seat is dealt " + std::to_string(shape_.cards_per_seat) + " cards");
    }
    std::vector<int> cards;
    if (auto bad = TakeCards(line, 2, cards); !bad.ok()) return bad;
    hand = std::move(cards);
    return Outcome::Ok();
  }
  if (word == "turn") {
    if (!shape_.has_turn) return Outcome::Error(line.number, "this ruleset turns no card up");
    if (turn_) return Outcome::Error(line.number, "turn given twice");
    if (line.tokens.size() != 2) return Outcome::Error(line.number, "turn needs one card");
    std::vector<int> cards;
    if (auto bad = TakeCards(line, 1, cards); !bad.ok()) return bad;
    turn_ = cards[0];
    return Outcome::Ok();
  }
  if (word == "table") {
    if (shape_.table_cards == 0) return Outcome::Error(line.number, "this game has no table deal");
    if (table_) return Outcome::Error(line.number, "table given twice");
    if (static_cast<int>(line.tokens.size()) - 1 != shape_.table_cards) {
      return Outcome::Error(line.number,
                            "table needs " + std::to_string(shape_.table_cards) + " cards");
    }
    std::vector<int> cards;
    if (auto bad = TakeCards(line, 1, cards); !bad.ok()) return bad;
    table_ = std::move(cards);
    table_line_ = line.number;
    return Outcome::Ok();
  }
  // stock
  if (stock_) return Outcome::Error(line.number, "stock given twice");
  std::vector<int> cards;
  if (auto bad = TakeCards(line, 1, cards); !bad.ok()) return bad;
  stock_ = std::move(cards);
  return Outcome::Ok();
}

Outcome DealBlockReader::Close(int next_line, DealSpec& out) const {
  if (!dealer_ && !expected_dealer_) {
    return Outcome::Error(next_line, "the first hand must name its dealer");
  }
  out = DealSpec{};
  out.dealer = dealer_ ? *dealer_ : *expected_dealer_;
  out.first_line = first_line_;
  if (seed_) {
    out.seed = *seed_;
    return Outcome::Ok();
  }
  for (int seat = 0; seat < shape_.seats; ++seat) {
    if (!hands_[static_cast<std::size_t>(seat)]) {
      return Outcome::Error(next_line, "no seed and no deal for seat " + std::to_string(seat));
    }
  }
  if (shape_.has_turn && !turn_) return Outcome::Error(next_line, "the turned card is missing");
  if (shape_.table_cards > 0 && !table_) {
    return Outcome::Error(next_line, "the table cards are missing");
  }
  int used = 0;
  for (bool card_used : used_) used += card_used ? 1 : 0;
  if (used != shape_.deck_size) {
    return Outcome::Error(
        next_line, std::to_string(shape_.deck_size - used) + " cards of the deck are not dealt");
  }
  for (const auto& hand : hands_) out.hands.push_back(*hand);
  out.turn = turn_;
  if (table_) out.table = *table_;
  if (stock_) out.stock = *stock_;
  out.table_line = table_line_;
  return Outcome::Ok();
}

}  // namespace kafenio::record
