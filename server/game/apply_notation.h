#pragma once
// Applying a protocol move to an engine state, shared by every game adapter: the engines
// have the same shape (ParseMove, State::ToAct/HandNumber/Apply returning an Illegal enum,
// Describe found by argument-dependent lookup), so the refusals are written once.
#include <string>

#include "engine/record/lines.h"
#include "server/game/game.h"

namespace kafenio::server {

// Applies `notation` (record notation without the seat) for `seat`: `parse_move` is the
// engine's ParseMove, `to_proto` turns the applied move into the protocol's Move, and
// `hand_over` says whether the state is between hands. The state changes only when the
// outcome is `applied`.
template <class State, class ParseMove, class ToProto, class HandOver>
MoveOutcome ApplyNotation(State& state, int seat, const std::string& notation, const char* example,
                          ParseMove parse_move, ToProto to_proto, HandOver hand_over) {
  MoveOutcome out;
  std::string text = std::to_string(seat);
  text.append(1, ' ');
  text.append(notation);
  const auto lines = record::SplitLines(text);
  if (lines.size() != 1) {
    out.kind = MoveOutcome::Kind::unparsable;
    out.reason = std::string("a move is one line of record notation, e.g. \"") + example + "\"";
    return out;
  }
  const auto parse = parse_move(lines[0].tokens);
  if (!parse.move) {
    out.kind = MoveOutcome::Kind::unparsable;
    out.reason = parse.error;
    return out;
  }
  using Illegal = decltype(state.Apply(*parse.move));
  if (state.ToAct() != seat) {
    out.kind = MoveOutcome::Kind::not_your_turn;
    out.reason = std::string(Describe(Illegal::not_your_turn));
    return out;
  }
  const int hand_before = state.HandNumber();
  const auto why = state.Apply(*parse.move);
  if (why != Illegal::none) {
    out.kind = MoveOutcome::Kind::illegal;
    out.reason = std::string(Describe(why));
    return out;
  }
  out.move = to_proto(*parse.move);
  out.match_over = state.MatchOver();
  out.hand_ended = out.match_over || hand_over(state) || state.HandNumber() != hand_before;
  return out;
}

}  // namespace kafenio::server
