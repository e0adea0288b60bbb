#pragma once
// What the record replayer needs from a game. Each game implements this once, on top of
// its engine, so the replay driver (replay.h) holds no game rules.
#include <optional>
#include <string>
#include <vector>

#include "engine/record/deal_block.h"
#include "engine/record/lines.h"

namespace kafenio::record {

class RecordGame {
 public:
  virtual ~RecordGame() = default;

  // The shape of the next hand's deal block.
  virtual DealShape NextDealShape() const = 0;
  // The dealer the rotation gives for the next hand; nullopt before the first hand.
  virtual std::optional<int> ExpectedDealer() const = 0;
  virtual bool AwaitingDeal() const = 0;
  virtual bool MatchOver() const = 0;

  // Starts a hand from a closed deal block. May refuse it (a Diloti table to redeal).
  virtual Outcome StartHand(const DealSpec& deal) = 0;
  // Applies one move line ("SEAT VERB ARGS..."); only called while a hand is in play.
  virtual Outcome ApplyMoveLine(const Line& line) = 0;
  // "hand N ..." and "winner T" lines produced since the last call.
  virtual std::vector<std::string> TakeResultLines() = 0;
  // Every legal move of the seat to act, in record syntax ("2 play Jh"), each once.
  virtual std::vector<std::string> LegalMoveLines() const = 0;
};

}  // namespace kafenio::record
