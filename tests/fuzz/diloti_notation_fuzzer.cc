// libFuzzer target: Diloti move notation (engine/diloti/move.cc), as players send it in
// `move` requests and records hold it, applied to a hand dealt from the input's first
// 8 bytes (2 or 4 players, both presets). See notation_fuzz_check.h for what is checked.
#include <cstdint>
#include <string_view>

#include "engine/diloti/deal.h"
#include "engine/diloti/move.h"
#include "engine/diloti/rules.h"
#include "engine/diloti/state.h"
#include "tests/fuzz/notation_fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  namespace diloti = kafenio::diloti;
  std::string_view input(reinterpret_cast<const char*>(data), size);
  const std::uint64_t seed = kafenio::fuzz::TakeSeed(input);
  diloti::Rules rules =
      diloti::PresetRules(seed & 1 ? diloti::Preset::traditional : diloti::Preset::online);
  rules.players = seed & 2 ? 4 : 2;
  diloti::State state(rules, 0);
  state.StartHand(diloti::DealFromSeed(rules.players, state.Dealer(), seed));
  kafenio::fuzz::CheckNotation(state, input, diloti::ParseMove,
                               [](const diloti::Move& move) { return diloti::FormatMove(move); });
  return 0;
}
