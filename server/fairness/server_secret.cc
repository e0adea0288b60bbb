#include "server/fairness/server_secret.h"

#include <fcntl.h>
#include <sodium.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "server/fairness/sodium.h"

namespace kafenio::fairness {

namespace {

std::optional<ServerSecret> ReadSecret(const std::string& path) {
  std::ifstream file(path);
  if (!file) return std::nullopt;
  std::string hex;
  file >> hex;
  auto secret = Bytes32FromHex(hex);
  if (!secret) throw std::runtime_error(path + ": not a server secret (64 hex digits)");
  return secret;
}

}  // namespace

ServerSecret LoadOrCreateServerSecret(const std::string& path) {
  if (std::filesystem::exists(path)) {
    if (auto secret = ReadSecret(path)) return *secret;
    throw std::runtime_error(path + ": cannot read the server secret");
  }
  EnsureSodium();
  const auto folder = std::filesystem::path(path).parent_path();
  if (!folder.empty()) std::filesystem::create_directories(folder);
  const ServerSecret secret = NewServerSecret();
  const std::string text = ToHex(secret) + "\n";
  // O_EXCL: if another process created it meanwhile, use theirs rather than overwrite it.
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL, 0600);
  if (fd < 0) {
    if (auto existing = ReadSecret(path)) return *existing;
    throw std::runtime_error(path + ": cannot create the server secret");
  }
  const bool written = ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size()) &&
                       ::fsync(fd) == 0;
  ::close(fd);
  if (!written) throw std::runtime_error(path + ": cannot write the server secret");
  return secret;
}

ServerSecret NewServerSecret() {
  EnsureSodium();
  ServerSecret secret{};
  randombytes_buf(secret.data(), secret.size());
  return secret;
}

}  // namespace kafenio::fairness
