#pragma once
// Diloti game records (shared/record-format.md): replaying and writing.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/diloti/deal.h"
#include "engine/diloti/move.h"
#include "engine/diloti/rules.h"
#include "engine/diloti/state.h"
#include "engine/record/record_game.h"

namespace kafenio::diloti {

// One round as a record holds it: a seed, or the explicit deal, and the moves.
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

// The explicit deal block lines of a deal ("deal 0 ...", "table ...", "stock ..."), each
// ending in a newline, hands and table in card order and the stock in dealing order.
std::string FormatDealLines(int players, const Deal& deal);

// The "hand N done ..." line for a finished round, and the match's totals after it.
std::string FormatHandResult(const RoundResult& result, const std::array<int, 2>& totals);

// Replays records of this game; built by record::MakeRecordGame.
std::unique_ptr<record::RecordGame> MakeRecordGame(const Rules& rules);

}  // namespace kafenio::diloti
