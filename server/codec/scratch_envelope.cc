#include "server/codec/scratch_envelope.h"

#include <array>

namespace kafenio::server {
namespace {

// Large enough for a full Pilotta or Diloti event with its view; bigger messages spill
// into heap blocks that the reset frees.
constexpr std::size_t kBlockBytes = 32 * 1024;

struct ThreadArena {
  ThreadArena() : arena(Options()) {}
  google::protobuf::ArenaOptions Options() {
    google::protobuf::ArenaOptions options;
    options.initial_block = block.data();
    options.initial_block_size = block.size();
    return options;
  }
  alignas(16) std::array<char, kBlockBytes> block{};
  google::protobuf::Arena arena;
  bool in_use = false;
};

ThreadArena& ThisThreadArena() {
  thread_local ThreadArena arena;
  return arena;
}

}  // namespace

ScratchEnvelope::ScratchEnvelope() {
  ThreadArena& shared = ThisThreadArena();
  if (shared.in_use) {
    own_arena_ = std::make_unique<google::protobuf::Arena>();
    arena_ = own_arena_.get();
  } else {
    shared.in_use = true;
    arena_ = &shared.arena;
  }
  envelope_ = google::protobuf::Arena::CreateMessage<v1::Envelope>(arena_);
}

ScratchEnvelope::~ScratchEnvelope() {
  if (own_arena_) return;  // freed with it
  ThreadArena& shared = ThisThreadArena();
  shared.arena.Reset();
  shared.in_use = false;
}

}  // namespace kafenio::server
