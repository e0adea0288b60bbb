// `kafenio replay [--legal] FILE|-` (shared/record-format.md).
#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>

#include "engine/record/replay.h"
#include "server/cli/commands.h"
#include "server/cli/flags.h"
#include "server/game/game_registry.h"

namespace kafenio::cli {

int RunReplay(const Args& args) {
  Flags flags("replay", "usage: kafenio replay [--legal] FILE|-\n",
              "Checks a game record (shared/record-format.md) and prints its results.");
  flags.Switch("legal", "also check every move against the rules")
      .Positional("record", 1, "the record file, or - for standard input");
  if (const auto done = flags.Parse(args)) return *done;
  const bool legal = flags.Has("legal");
  const std::string path = flags.Get("record");
  if (path.empty()) return flags.Fail("a record file (or -) is required");
  std::string text;
  if (path == "-") {
    text.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
  } else {
    std::ifstream file{path, std::ios::binary};
    if (!file) {
      std::fprintf(stderr, "kafenio replay: cannot read %s\n", path.c_str());
      return 2;
    }
    std::ostringstream buffer;
    buffer << file.rdbuf();
    text = buffer.str();
  }
  const auto result = record::Replay(text, legal, server::MakeRecordGame);
  for (const auto& line : result.lines) std::printf("%s\n", line.c_str());
  return result.exit_code;
}

}  // namespace kafenio::cli
