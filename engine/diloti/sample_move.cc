// Drawing a uniformly random legal move, for simulations and bots. Counting the moves
// costs about as much as listing them (the partition searches dominate, not writing the
// moves), so the draw lists them into a scratch list that lives as long as the thread and
// therefore stops allocating once it has grown.
#include "engine/diloti/state.h"

namespace kafenio::diloti {

namespace {

MoveList& Scratch() {
  thread_local MoveList list;
  return list;
}

}  // namespace

Move State::SampleLegalMove(DealRng& rng) const {
  MoveList& legal = Scratch();
  LegalMoves(legal);
  return legal[static_cast<int>(rng.Below(static_cast<std::uint64_t>(legal.size())))];
}

Move State::PlayRandomMove(DealRng& rng) {
  const Move move = SampleLegalMove(rng);
  Perform(move);  // generated moves are legal: the brute-force test checks the generator
  return move;
}

}  // namespace kafenio::diloti
