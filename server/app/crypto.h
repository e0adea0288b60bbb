#pragma once
// libsodium behind a few functions: random tokens and numbers, token hashing, and Argon2id
// password hashes. InitCrypto must succeed once before any of them is used.
#include <cstdint>
#include <string>

namespace kafenio::server {

bool InitCrypto();
std::string RandomToken(int bytes);              // lowercase hex of `bytes` random bytes
std::uint32_t RandomBelow(std::uint32_t bound);  // uniform in [0, bound); 0 when bound is 0
std::string Sha256Hex(const std::string& data);
// Argon2id with libsodium's interactive limits; empty when out of memory.
std::string HashPassword(const std::string& password);
bool VerifyPassword(const std::string& hash, const std::string& password);

}  // namespace kafenio::server
