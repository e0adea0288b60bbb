#pragma once
// libsodium must be initialised once before its random generator is used.
namespace kafenio::fairness {

// Initialises libsodium (thread-safe, idempotent); throws std::runtime_error on failure.
void EnsureSodium();

}  // namespace kafenio::fairness
