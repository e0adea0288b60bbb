#pragma once
// Why a request was refused: the typed error code the client gets and a sentence for
// people. Empty (ERROR_UNSPECIFIED) when nothing was refused, so units without I/O can
// answer "may this happen?" with a value the table turns into an Error reply.
#include <string>
#include <utility>

#include "kafenio/v1/kafenio.pb.h"

namespace kafenio::server {

struct Refusal {
  v1::ErrorCode code = v1::ERROR_UNSPECIFIED;
  std::string message;

  static Refusal None() { return {}; }
  static Refusal Because(v1::ErrorCode code, std::string message) {
    return Refusal{code, std::move(message)};
  }
  explicit operator bool() const { return code != v1::ERROR_UNSPECIFIED; }
};

}  // namespace kafenio::server
