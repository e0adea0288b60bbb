#pragma once
// Forced capture (shared/rules.md, "Diloti", option `forced_capture`, off by default): a
// card that can capture may only be played as a capture, though the player chooses which
// capture and may play another card.

namespace kafenio::diloti {

// Whether the card is limited to its captures, under the option's value `forced_capture`
// (Rules::forced_capture). `can_capture()`: does the card have a legal capture
// (HasCapture, capture.h); asked only under the option, as it may cost a search.
template <class CanCapture>
constexpr bool OnlyCaptures(bool forced_capture, CanCapture can_capture) {
  return forced_capture && can_capture();
}

}  // namespace kafenio::diloti
