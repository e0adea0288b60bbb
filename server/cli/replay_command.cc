// `kafenio replay [--legal] FILE|-` (shared/record-format.md).
#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>

#include "engine/record/replay.h"
#include "server/cli/commands.h"
#include "server/game/game_registry.h"

namespace kafenio::cli {

int RunReplay(const Args& args) {
  bool legal = false;
  std::string_view path;
  for (auto arg : args) {
    if (arg == "--legal") {
      legal = true;
    } else if (path.empty()) {
      path = arg;
    } else {
      std::fputs("usage: kafenio replay [--legal] FILE|-\n", stderr);
      return 2;
    }
  }
  if (path.empty()) {
    std::fputs("usage: kafenio replay [--legal] FILE|-\n", stderr);
    return 2;
  }
  std::string text;
  if (path == "-") {
    text.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
  } else {
    std::ifstream file{std::string(path), std::ios::binary};
    if (!file) {
      std::fprintf(stderr, "kafenio replay: cannot read %.*s\n", static_cast<int>(path.size()),
                   path.data());
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
