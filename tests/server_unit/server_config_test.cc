#include "server/config/server_config.h"

#include <catch2/catch.hpp>
#include <cstdio>
#include <fstream>

namespace kafenio::server {
namespace {

TEST_CASE("listen addresses") {
  ServerConfig config;
  std::string error;
  REQUIRE(ParseListen(config, "0.0.0.0:9000", error));
  CHECK(config.listen_address == "0.0.0.0");
  CHECK(config.listen_port == 9000);
  REQUIRE(ParseListen(config, ":0", error));
  CHECK(config.listen_address == "0.0.0.0");
  CHECK(config.listen_port == 0);
  CHECK_FALSE(ParseListen(config, "localhost:http", error));
  CHECK_FALSE(ParseListen(config, "1.2.3.4:70000", error));
  CHECK_FALSE(error.empty());
}

TEST_CASE("settings by name, with their values checked") {
  ServerConfig config;
  std::string error;
  CHECK(ApplySetting(config, "default_turn_clock_ms", "15000", error));
  CHECK(config.default_turn_clock_ms == 15000);
  CHECK(ApplySetting(config, "bot_delay_ms", "250", error));
  CHECK(config.bot_delay_ms == 250);
  CHECK(config.empty_table_grace_ms == 120000);
  CHECK(ApplySetting(config, "empty_table_grace_ms", "0", error));
  CHECK(config.empty_table_grace_ms == 0);
  CHECK(ApplySetting(config, "allowed_origin", "https://kafenio.example", error));
  CHECK(ApplySetting(config, "allowed_origin", "http://localhost:3000", error));
  CHECK(config.allowed_origins.size() == 2);
  CHECK_FALSE(ApplySetting(config, "send_queue_limit", "lots", error));
  CHECK_FALSE(ApplySetting(config, "no_such_key", "1", error));
  CHECK(error.find("no_such_key") != std::string::npos);
}

TEST_CASE("config files: KEY=VALUE lines, comments, and the line of an error") {
  const std::string path = "server_config_test.conf";
  {
    std::ofstream out(path);
    out << "# Kafenio\nlisten = 127.0.0.1:9100\n\nthreads=4  # four\nchat_max_bytes=100\n";
  }
  ServerConfig config;
  std::string error;
  REQUIRE(LoadConfigFile(config, path, error));
  CHECK(config.listen_port == 9100);
  CHECK(config.threads == 4);
  CHECK(config.chat_max_bytes == 100);
  {
    std::ofstream out(path);
    out << "threads=2\nthis line is wrong\n";
  }
  CHECK_FALSE(LoadConfigFile(config, path, error));
  CHECK(error.find(":2:") != std::string::npos);
  std::remove(path.c_str());
  CHECK_FALSE(LoadConfigFile(config, "/nonexistent/kafenio.conf", error));
}

}  // namespace
}  // namespace kafenio::server
