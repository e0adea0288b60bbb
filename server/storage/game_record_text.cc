#include "server/storage/game_record_text.h"

namespace kafenio::server {

std::string GameRecordText(const MatchRecord& match, const std::vector<MatchEventRecord>& events) {
  std::string record = "game " + match.game + "\nrules " + match.rules + "\nplayers " +
                       std::to_string(match.seat_accounts.size()) + "\n";
  bool first_hand = true;
  for (const MatchEventRecord& event : events) {
    if (event.kind == "deal") {
      // Later hands' dealers follow the rotation, so only the first one is written.
      record += "hand\n";
      if (first_hand) record += "dealer " + std::to_string(event.seat) + "\n";
      record += "seed " + event.text + "\n";
      first_hand = false;
    } else {
      record += event.text + "\n";
    }
  }
  return record;
}

}  // namespace kafenio::server
