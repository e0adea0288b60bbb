// libFuzzer target: game records as `kafenio replay --legal` reads them
// (engine/record/replay.cc and each game's record replayer and rules; tournament
// officials upload records). Any text: no crash, no sanitizer report, an exit code of 0,
// 2 or 3 and an output line for every failure. The games are made from the engines' own
// rules parsers, as the server's game registry makes them (server/game/*_kind.cc),
// without the registry's bots and protocol code, which replaying never uses.
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>

#include "engine/diloti/record.h"
#include "engine/pilotta/record.h"
#include "engine/record/replay.h"

namespace {

using kafenio::record::Header;
using kafenio::record::Outcome;
using kafenio::record::RecordGame;

std::string_view PresetOf(const Header& header, std::string_view fallback) {
  return header.rules.empty() ? fallback : header.rules[0];
}

std::vector<std::string_view> OptionsOf(const Header& header) {
  if (header.rules.empty()) return {};
  return {header.rules.begin() + 1, header.rules.end()};
}

Outcome MakeGame(const Header& header, std::unique_ptr<RecordGame>& out) {
  if (header.game == "diloti") {
    auto parse = kafenio::diloti::ParseRules(PresetOf(header, "online"), OptionsOf(header));
    if (!parse.error.empty()) return Outcome::Error(header.rules_line, parse.error);
    if (header.players != 0 && header.players != 2 && header.players != 4)
      return Outcome::Error(header.players_line, "diloti is played by 2 or 4 players");
    parse.rules.players = header.players == 0 ? 2 : header.players;
    out = kafenio::diloti::MakeRecordGame(parse.rules);
    return Outcome::Ok();
  }
  if (header.game == "pilotta") {
    const auto parse = kafenio::pilotta::ParseRules(PresetOf(header, "cyprus"), OptionsOf(header));
    if (!parse.error.empty()) return Outcome::Error(header.rules_line, parse.error);
    if (header.players != 0 && header.players != parse.rules.Players())
      return Outcome::Error(header.players_line, "wrong number of players");
    out = kafenio::pilotta::MakeRecordGame(parse.rules);
    return Outcome::Ok();
  }
  return Outcome::Error(header.game_line, "unknown game");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto result = kafenio::record::Replay(text, true, MakeGame);
  if (result.exit_code != 0 && result.exit_code != 2 && result.exit_code != 3) std::abort();
  if (result.exit_code != 0 && result.lines.empty()) std::abort();
  return 0;
}
