#include "server/fairness/sodium.h"

#include <sodium.h>

#include <stdexcept>

namespace kafenio::fairness {

void EnsureSodium() {
  // sodium_init is itself safe to call repeatedly; the static saves the call per hand.
  static const bool ready = sodium_init() >= 0;
  if (!ready) throw std::runtime_error("libsodium failed to initialise");
}

}  // namespace kafenio::fairness
