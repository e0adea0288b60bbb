#pragma once
// Splitting a game record (shared/record-format.md) into numbered statements.
#include <string>
#include <string_view>
#include <vector>

namespace kafenio::record {

struct Line {
  int number = 0;  // 1-based line number in the source text
  std::vector<std::string_view> tokens;
};

// Splits text into lines, drops everything after '#', splits on spaces and tabs, and keeps
// only lines with at least one token. The views point into `text`.
std::vector<Line> SplitLines(std::string_view text);

// Where a line was refused: `error` for malformed input (exit 2), `illegal` for a
// well-formed move the rules forbid (exit 3).
struct Outcome {
  enum class Kind { ok, error, illegal };
  Kind kind = Kind::ok;
  std::string reason;
  int line = 0;  // the line it is reported on

  static Outcome Ok() { return {}; }
  static Outcome Error(int line, std::string reason) {
    return {Kind::error, std::move(reason), line};
  }
  static Outcome Illegal(int line, std::string reason) {
    return {Kind::illegal, std::move(reason), line};
  }
  bool ok() const { return kind == Kind::ok; }
};

// Parses a decimal integer that must fill the whole token.
bool ParseInt(std::string_view token, long long& out);
bool ParseUnsigned64(std::string_view token, unsigned long long& out);

}  // namespace kafenio::record
