#pragma once
// The subcommands of the `kafenio` program. Each takes the arguments after its name and
// returns the process exit code.
#include <string_view>
#include <vector>

namespace kafenio::cli {

using Args = std::vector<std::string_view>;

int RunReplay(const Args& args);
int RunSimulate(const Args& args);
int RunDeal(const Args& args);
int RunVerify(const Args& args);
int RunBackup(const Args& args);
int RunRestore(const Args& args);
int RunMigrateDb(const Args& args);
int RunServe(const Args& args);
int RunTournament(const Args& args);
int RunAdmin(const Args& args);
int RunArena(const Args& args);

}  // namespace kafenio::cli
