// The server secret file: created once with owner-only permissions, then read back.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "server/fairness/server_secret.h"
#include "tests/storage/temp_dir.h"

namespace kafenio::fairness {
namespace {

TEST_CASE("the server secret is created once and then reused", "[fairness]") {
  testing::TempDir dir;
  const auto path = dir.File("var/server-secret");
  const auto created = LoadOrCreateServerSecret(path);
  CHECK(created != ServerSecret{});
  CHECK(LoadOrCreateServerSecret(path) == created);
  const auto permissions = std::filesystem::status(path).permissions();
  CHECK((permissions & (std::filesystem::perms::group_all | std::filesystem::perms::others_all)) ==
        std::filesystem::perms::none);
}

TEST_CASE("a malformed server secret file is an error, not silently replaced", "[fairness]") {
  testing::TempDir dir;
  const auto path = dir.File("server-secret");
  std::ofstream(path) << "not hex\n";
  CHECK_THROWS(LoadOrCreateServerSecret(path));
}

}  // namespace
}  // namespace kafenio::fairness
