#pragma once
// `kafenio replay`: checks a record line by line and produces its output lines and exit
// code as specified in shared/record-format.md. No I/O here; the CLI prints the lines.
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/record/lines.h"
#include "engine/record/record_game.h"

namespace kafenio::record {

struct ReplayResult {
  std::vector<std::string> lines;
  int exit_code = 0;  // 0 good, 2 malformed line, 3 illegal move
};

// A record's header: `game`, `rules` and `players`, with the lines they were on.
struct Header {
  std::string_view game;
  int game_line = 0;
  std::vector<std::string_view> rules;  // preset and KEY=VALUE options; empty: default preset
  int rules_line = 0;
  int players = 0;  // 0 when not given
  int players_line = 0;
};

// Builds the game a header names, or says why not (an unknown game, rules that do not
// parse). The replayer knows no game: the server's game registry supplies this.
using RecordGameFactory =
    std::function<Outcome(const Header& header, std::unique_ptr<RecordGame>& out)>;

// Replays one record, or several separated by `end` lines.
ReplayResult Replay(std::string_view text, bool list_legal, const RecordGameFactory& make_game);

}  // namespace kafenio::record
