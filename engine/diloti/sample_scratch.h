#pragma once
// What State::SampleLegalMove may keep from one call to the next when its caller passes
// it in: the index of the last position's loose numerals, which the next position of
// random play usually shares or extends by one card (a lay), and a move list for the
// rare crowded table. It holds nothing about the game: any position may be sampled with
// any scratch, and the move drawn is the same as without one; it only spares work.
// About 40 KB: keep one per thread of play (a simulation, a bot's rollouts).
#include "engine/diloti/loose_subsets.h"
#include "engine/diloti/state.h"

namespace kafenio::diloti {

class SampleScratch {
 private:
  friend class State;
  // One index per size of table, as the sampler picks by the number of loose numerals.
  LooseSubsets<6> six_;
  LooseSubsets<8> eight_;
  LooseSubsets<10> ten_;
  MoveList legal_;
};

}  // namespace kafenio::diloti
