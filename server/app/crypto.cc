#include "server/app/crypto.h"

#include <sodium.h>

#include <vector>

namespace kafenio::server {
namespace {

std::string Hex(const unsigned char* data, std::size_t size) {
  std::string out(size * 2 + 1, '\0');
  sodium_bin2hex(out.data(), out.size(), data, size);
  out.pop_back();
  return out;
}

}  // namespace

bool InitCrypto() {
  return sodium_init() >= 0;
}

std::string RandomToken(int bytes) {
  std::vector<unsigned char> buffer(static_cast<std::size_t>(bytes));
  randombytes_buf(buffer.data(), buffer.size());
  return Hex(buffer.data(), buffer.size());
}

std::uint32_t RandomBelow(std::uint32_t bound) {
  return bound == 0 ? 0 : randombytes_uniform(bound);
}

std::string Sha256Hex(const std::string& data) {
  unsigned char digest[crypto_hash_sha256_BYTES];
  crypto_hash_sha256(digest, reinterpret_cast<const unsigned char*>(data.data()), data.size());
  return Hex(digest, sizeof digest);
}

std::string HashPassword(const std::string& password) {
  char hash[crypto_pwhash_STRBYTES];
  if (crypto_pwhash_str(hash, password.data(), password.size(), crypto_pwhash_OPSLIMIT_INTERACTIVE,
                        crypto_pwhash_MEMLIMIT_INTERACTIVE) != 0) {
    return {};
  }
  return hash;
}

bool VerifyPassword(const std::string& hash, const std::string& password) {
  return crypto_pwhash_str_verify(hash.c_str(), password.data(), password.size()) == 0;
}

}  // namespace kafenio::server
