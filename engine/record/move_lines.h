#pragma once
// The parts of a game's RecordGame (record_game.h) that depend only on the engines' common
// shape: State::Apply returning an Illegal enum with `none`, Describe() and FormatMove()
// found by argument-dependent lookup, LastResult().number, MatchOver(), Winner().
#include <optional>
#include <string>
#include <vector>

#include "engine/record/lines.h"

namespace kafenio::record {

// A move line naming a seat the game does not have is malformed.
inline std::optional<Outcome> SeatOutsideGame(int line, int seat, int players) {
  if (seat < players) return std::nullopt;
  return Outcome::Error(line, "no seat " + std::to_string(seat) + " in a " +
                                  std::to_string(players) + "-player game");
}

// Applies a parsed move: an illegal move is refused with the engine's reason; a move that
// ends a hand appends its result line (format_result(state)) and, when the match is over,
// the "winner T" line.
template <class State, class Move, class FormatResult>
Outcome ApplyParsedMove(State& state, int line, const Move& move, FormatResult format_result,
                        std::vector<std::string>& results) {
  const int results_before = state.LastResult().number;
  const auto why = state.Apply(move);
  if (why != decltype(why)::none) return Outcome::Illegal(line, std::string(Describe(why)));
  if (state.LastResult().number != results_before) {
    results.push_back(format_result(state));
    if (state.MatchOver()) results.push_back("winner " + std::to_string(state.Winner()));
  }
  return Outcome::Ok();
}

// Every legal move of the seat to act, in record syntax ("2 play Jh").
template <class State>
std::vector<std::string> FormatLegalMoves(const State& state) {
  std::vector<std::string> lines;
  for (const auto& move : state.LegalMoves()) lines.push_back(FormatMove(move));
  return lines;
}

}  // namespace kafenio::record
