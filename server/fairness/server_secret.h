#pragma once
// The server secret mixed into every deal seed. It lives in a file of its own (default
// ./var/server-secret, mode 0600), created with 32 random bytes on first start; losing it
// costs nothing but the extra protection, as every stored seed is kept with its match.
#include <string>

#include "server/fairness/seed_commitment.h"

namespace kafenio::fairness {

// Reads the secret (64 hex digits) or, when the file does not exist, creates it. Throws
// std::runtime_error when the file exists but cannot be read or is malformed.
ServerSecret LoadOrCreateServerSecret(const std::string& path);

}  // namespace kafenio::fairness
