// The one place that knows every game: maps a record header to that game's replayer.
#include <string>

#include "engine/diloti/record.h"
#include "engine/pilotta/record.h"
#include "engine/record/replay.h"

namespace kafenio::record {
namespace {

Outcome MakePilotta(const Header& header, std::unique_ptr<RecordGame>& out) {
  const std::string_view preset = header.rules.empty() ? "cyprus" : header.rules[0];
  std::vector<std::string_view> options;
  if (!header.rules.empty()) options.assign(header.rules.begin() + 1, header.rules.end());
  auto parsed = pilotta::ParseRules(preset, options);
  if (!parsed.error.empty()) return Outcome::Error(header.rules_line, parsed.error);
  if (header.players != 0 && header.players != parsed.rules.Players()) {
    return Outcome::Error(header.players_line, "pilotta " + std::string(preset) + " is played by " +
                                                   std::to_string(parsed.rules.Players()) +
                                                   " players");
  }
  out = pilotta::MakeRecordGame(parsed.rules);
  return Outcome::Ok();
}

Outcome MakeDiloti(const Header& header, std::unique_ptr<RecordGame>& out) {
  const std::string_view preset = header.rules.empty() ? "online" : header.rules[0];
  std::vector<std::string_view> options;
  if (!header.rules.empty()) options.assign(header.rules.begin() + 1, header.rules.end());
  auto parsed = diloti::ParseRules(preset, options);
  if (!parsed.error.empty()) return Outcome::Error(header.rules_line, parsed.error);
  parsed.rules.players = header.players != 0 ? header.players : 2;
  out = diloti::MakeRecordGame(parsed.rules);
  return Outcome::Ok();
}

}  // namespace

Outcome MakeRecordGame(const Header& header, std::unique_ptr<RecordGame>& out) {
  if (header.game == "pilotta") return MakePilotta(header, out);
  if (header.game == "diloti") return MakeDiloti(header, out);
  return Outcome::Error(header.game_line, "unknown game: " + std::string(header.game));
}

}  // namespace kafenio::record
