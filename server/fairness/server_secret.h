#pragma once
// The server secret that keys every deal seed (docs/fairness.md). It lives in a file of its
// own (default: server-secret beside the database, mode 0600), created with 32 random
// bytes on first start. Replacing it changes only hands dealt afterwards: stored seeds
// are kept with their matches, and verifying a revealed deal never needs the secret.
#include <string>

#include "server/fairness/seed_commitment.h"

namespace kafenio::fairness {

// Reads the secret (64 hex digits) or, when the file does not exist, creates it. Throws
// std::runtime_error when the file exists but cannot be read or is malformed.
ServerSecret LoadOrCreateServerSecret(const std::string& path);

// 32 bytes from libsodium's CSPRNG: a new secret (kept only in memory unless written).
ServerSecret NewServerSecret();

}  // namespace kafenio::fairness
