#pragma once
// Xeri (shared/rules.md, "Diloti"): a capture that leaves the table empty scores 10 for the
// capturing side (kXeriPoints, scoring.h).
#include "engine/diloti/rules.h"

namespace kafenio::diloti {

// Whether a capture scores a xeri: it leaves no loose card and no declaration
// (`clears_table`), except as the very first move of the round (a sweep on the first move
// after a later deal counts), and with the round's very last card only under
// `final_xeri`. The sweep of the leftovers at the round's end is no move and never scores.
constexpr bool IsXeri(bool clears_table, bool first_move, bool last_card, const Rules& rules) {
  return clears_table && !first_move && (!last_card || rules.final_xeri);
}

}  // namespace kafenio::diloti
