#pragma once
// Pilotta game records (shared/record-format.md): replaying and writing.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/pilotta/deal.h"
#include "engine/pilotta/move.h"
#include "engine/pilotta/rules.h"
#include "engine/pilotta/state.h"
#include "engine/record/record_game.h"

namespace kafenio::pilotta {

// One hand as a record holds it: a seed, or the explicit deal, and the moves.
struct HandLog {
  std::optional<std::uint64_t> seed;
  Deal deal;  // always filled (from the seed when there is one)
  std::vector<Move> moves;
};

struct MatchLog {
  Rules rules;
  int first_dealer = 0;
  std::vector<HandLog> hands;
};

std::string WriteRecord(const MatchLog& match);

// The explicit deal block lines of a deal ("deal 0 ...", "turn ...", "stock ..."), each
// ending in a newline, hands in card order and the stock in dealing order.
std::string FormatDealLines(const Rules& rules, const Deal& deal);

// The "hand N ..." line for a finished hand, and the match's running totals after it.
std::string FormatHandResult(const HandResult& result, const std::array<int, 2>& totals,
                             const Rules& rules);

// Replays records of this game; built by record::MakeRecordGame.
std::unique_ptr<record::RecordGame> MakeRecordGame(const Rules& rules);

}  // namespace kafenio::pilotta
