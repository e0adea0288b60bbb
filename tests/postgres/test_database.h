#pragma once
// A fresh PostgreSQL database for one test, on a server the tests started themselves:
// the one CTest's `postgres` fixture started (its connection string in KAFENIO_TEST_PG),
// or, for a test binary run by hand, one this process starts with pg_server.sh and stops
// when it exits. Each TestDatabase is created empty and dropped afterwards.
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <stdexcept>
#include <string>

#include "server/storage/postgres/connection.h"

#ifndef KAFENIO_PG_SERVER_SCRIPT
#error "KAFENIO_PG_SERVER_SCRIPT must name tests/postgres/pg_server.sh"
#endif

namespace kafenio::testing {

// Runs a shell command and returns its standard output; throws when it fails.
inline std::string RunCommand(const std::string& command) {
  FILE* pipe = ::popen(command.c_str(), "r");
  if (pipe == nullptr) throw std::runtime_error("cannot run " + command);
  std::string output;
  char buffer[512];
  while (std::fgets(buffer, sizeof buffer, pipe) != nullptr) output += buffer;
  if (::pclose(pipe) != 0) throw std::runtime_error("failed: " + command + "\n" + output);
  while (!output.empty() && output.back() == '\n') output.pop_back();
  return output;
}

// The server's connection string, to its `postgres` database.
inline const std::string& TestPostgresServer() {
  struct Server {
    std::string conninfo;
    std::string own_dir;  // set when this process started it
    Server() {
      if (const char* shared = std::getenv("KAFENIO_TEST_PG"); shared && *shared) {
        conninfo = shared;
        return;
      }
      own_dir = "/tmp/kafenio-pg-" + std::to_string(::getpid());
      conninfo = RunCommand(std::string(KAFENIO_PG_SERVER_SCRIPT) + " start " + own_dir);
    }
    ~Server() {
      if (own_dir.empty()) return;
      std::system((std::string(KAFENIO_PG_SERVER_SCRIPT) + " stop " + own_dir).c_str());
    }
  };
  static Server server;
  return server.conninfo;
}

// The connection string of `base` with another database name.
inline std::string WithDatabase(const std::string& base, const std::string& name) {
  const auto slash = base.find("/postgres");
  if (slash == std::string::npos) throw std::runtime_error("unexpected conninfo " + base);
  return base.substr(0, slash) + "/" + name + base.substr(slash + 9);
}

class TestDatabase {
 public:
  TestDatabase() {
    static std::atomic<int> created{0};
    name_ = "kafenio_test_" + std::to_string(::getpid()) + "_" + std::to_string(++created);
    storage::pg::Connection admin(TestPostgresServer());
    admin.Command("CREATE DATABASE " + name_);
    conninfo_ = WithDatabase(TestPostgresServer(), name_);
  }
  ~TestDatabase() {
    try {
      storage::pg::Connection admin(TestPostgresServer());
      admin.Command("DROP DATABASE IF EXISTS " + name_ + " WITH (FORCE)");
    } catch (...) {
    }
  }
  TestDatabase(const TestDatabase&) = delete;
  TestDatabase& operator=(const TestDatabase&) = delete;

  const std::string& conninfo() const { return conninfo_; }
  const std::string& name() const { return name_; }

 private:
  std::string name_;
  std::string conninfo_;
};

}  // namespace kafenio::testing
