#include "server/storage/game_record_text.h"

namespace kafenio::server {

std::string RecordHeader(const std::string& game, const std::string& rules, std::size_t players) {
  return "game " + game + "\nrules " + rules + "\nplayers " + std::to_string(players) + "\n";
}

void AppendDealToRecord(std::string& record, int hand, int dealer, const std::string& seed) {
  record += "hand\n";
  if (hand == 1) record += "dealer " + std::to_string(dealer) + "\n";
  record += "seed " + seed + "\n";
}

std::string GameRecordText(const MatchRecord& match, const std::vector<MatchEventRecord>& events) {
  std::string record = RecordHeader(match.game, match.rules, match.seat_accounts.size());
  int hand = 0;
  for (const MatchEventRecord& event : events) {
    if (event.kind == "deal") {
      AppendDealToRecord(record, ++hand, event.seat, event.text);
    } else {
      record += event.text + "\n";
    }
  }
  return record;
}

}  // namespace kafenio::server
