#pragma once
// A scratch Envelope for a message that is built, encoded and thrown away at once (match
// events, built for every audience at every move). It lives on this thread's arena, whose
// first block is reused from one message to the next, so building a full game view costs
// a bump of a pointer instead of a heap allocation per field. Destroying the scratch
// releases the arena. Nested scratches fall back to an arena of their own.
#include <google/protobuf/arena.h>

#include <memory>

#include "kafenio/v1/kafenio.pb.h"

namespace kafenio::server {

class ScratchEnvelope {
 public:
  ScratchEnvelope();
  ~ScratchEnvelope();
  ScratchEnvelope(const ScratchEnvelope&) = delete;
  ScratchEnvelope& operator=(const ScratchEnvelope&) = delete;

  v1::Envelope& operator*() const { return *envelope_; }
  v1::Envelope* operator->() const { return envelope_; }

 private:
  google::protobuf::Arena* arena_;
  std::unique_ptr<google::protobuf::Arena> own_arena_;  // when nested
  v1::Envelope* envelope_;
};

}  // namespace kafenio::server
