#pragma once
// What this program is: its version, the commit it was built from and its compiler, for
// `kafenio --version`, the start-up log line and kafenio_build_info on /metrics.
#include <string_view>

namespace kafenio {

std::string_view Version();   // the project's version, e.g. "0.1.0"
std::string_view Commit();    // the git commit at configure time, or "unknown"
std::string_view Compiler();  // e.g. "GCC 12.2.0"

}  // namespace kafenio
