#pragma once
// libsodium behind four functions: random tokens and seeds, token hashing, and Argon2id
// password hashes. InitCrypto must succeed once before any of them is used.
#include <cstdint>
#include <string>

namespace kafenio::server {

bool InitCrypto();
std::string RandomToken(int bytes);  // lowercase hex of `bytes` random bytes
std::string Sha256Hex(const std::string& data);
// Argon2id with libsodium's interactive limits; empty when out of memory.
std::string HashPassword(const std::string& password);
bool VerifyPassword(const std::string& hash, const std::string& password);

}  // namespace kafenio::server
