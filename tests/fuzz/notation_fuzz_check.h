#pragma once
// What the move-notation fuzz targets check, for any game whose engine has the common
// shape (ParseMove on a record line's tokens, FormatMove, State::Apply): every line that
// parses is applied to a live state (a hand dealt from the input's first bytes) without a
// crash; a move the state accepts formats to text that parses back to the same move, and
// is not one its parse called illegal.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>

#include "engine/record/lines.h"

namespace kafenio::fuzz {

// The input's first 8 bytes, as a deal seed (fewer bytes: zero-padded).
inline std::uint64_t TakeSeed(std::string_view& input) {
  std::uint64_t seed = 0;
  const std::size_t n = input.size() < sizeof seed ? input.size() : sizeof seed;
  std::memcpy(&seed, input.data(), n);
  input.remove_prefix(n);
  return seed;
}

template <class State, class ParseMove, class FormatMove>
void CheckNotation(State& state, std::string_view text, ParseMove parse_move,
                   FormatMove format_move) {
  for (const auto& line : record::SplitLines(text)) {
    const auto parsed = parse_move(line.tokens);
    if (!parsed.move) continue;
    const std::string written = format_move(*parsed.move);
    // Diloti's parser also says when a well-formed move's groups do not add up: the state
    // must refuse such a move too, since the server applies what parses.
    bool flagged = false;
    if constexpr (requires { parsed.illegal; })
      flagged = parsed.illegal != decltype(parsed.illegal){};
    const auto why = state.Apply(*parsed.move);
    if (why != decltype(why){}) continue;  // refused, and the state unchanged
    if (flagged) {
      std::fprintf(stderr, "\"%s\" was applied though its parse calls it illegal\n",
                   written.c_str());
      std::abort();
    }
    // An applied move is what records hold: its text must read back as the same move.
    const auto again = record::SplitLines(written);
    const auto reparsed =
        again.size() == 1 ? parse_move(again[0].tokens) : decltype(parse_move(line.tokens)){};
    if (!reparsed.move || !(*reparsed.move == *parsed.move)) {
      std::fprintf(stderr, "\"%s\" does not parse back to its move\n", written.c_str());
      std::abort();
    }
  }
}

}  // namespace kafenio::fuzz
