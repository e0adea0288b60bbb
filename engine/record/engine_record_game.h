#pragma once
// What every game's RecordGame (record_game.h) shares, written once on the engines' common
// shape: State(rules, dealer), phase() with Phase::awaiting_deal, Dealer(), MatchOver(),
// Winner(), Totals(), LastResult().number, Apply() returning an Illegal enum with `none`,
// and Describe() / FormatMove() found by argument-dependent lookup.
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/record/lines.h"
#include "engine/record/record_game.h"

namespace kafenio::record {

// A move line naming a seat the game does not have is malformed.
inline std::optional<Outcome> SeatOutsideGame(int line, int seat, int players) {
  if (seat < players) return std::nullopt;
  return Outcome::Error(line, "no seat " + std::to_string(seat) + " in a " +
                                  std::to_string(players) + "-player game");
}

// A result-line field for both sides: " KEY=A-B".
inline std::string PairField(const char* key, const std::array<int, 2>& values) {
  std::string field = " ";
  field += key;
  field += '=';
  field += std::to_string(values[0]);
  field += '-';
  field += std::to_string(values[1]);
  return field;
}

// The deck's card parser as DealShape::parse_card wants it: text -> card index.
template <auto parse_card>
std::optional<int> CardIndex(std::string_view text) {
  const auto card = parse_card(text);
  return card ? std::optional<int>(*card) : std::nullopt;
}

template <class State, class Rules>
class EngineRecordGame : public RecordGame {
 public:
  explicit EngineRecordGame(const Rules& rules) : rules_(rules), state_(rules, 0) {}

  std::optional<int> ExpectedDealer() const override {
    return started_ ? std::optional<int>(state_.Dealer()) : std::nullopt;
  }
  bool AwaitingDeal() const override {
    return state_.phase() == decltype(state_.phase())::awaiting_deal;
  }
  bool MatchOver() const override { return state_.MatchOver(); }
  std::vector<std::string> TakeResultLines() override { return std::exchange(results_, {}); }
  // Every legal move of the seat to act, in record syntax ("2 play Jh").
  std::vector<std::string> LegalMoveLines() const override {
    std::vector<std::string> lines;
    for (const auto& move : state_.LegalMoves()) lines.push_back(FormatMove(move));
    return lines;
  }

 protected:
  // The state a hand is dealt into: the first hand starts the match with its dealer.
  State& StateForHand(int dealer) {
    if (!started_) {
      state_ = State(rules_, dealer);
      started_ = true;
    }
    return state_;
  }

  // Applies a parsed move: an illegal move is refused with the engine's reason; a move that
  // ends a hand adds its result line (format_result(state)) and, when the match is over,
  // the "winner T" line.
  template <class Move, class FormatResult>
  Outcome ApplyMove(int line, const Move& move, FormatResult format_result) {
    const int results_before = state_.LastResult().number;
    const auto why = state_.Apply(move);
    if (why != decltype(why)::none) return Outcome::Illegal(line, std::string(Describe(why)));
    if (state_.LastResult().number != results_before) {
      results_.push_back(format_result(state_));
      if (state_.MatchOver()) results_.push_back("winner " + std::to_string(state_.Winner()));
    }
    return Outcome::Ok();
  }

  Rules rules_;
  State state_;

 private:
  bool started_ = false;
  std::vector<std::string> results_;
};

}  // namespace kafenio::record
