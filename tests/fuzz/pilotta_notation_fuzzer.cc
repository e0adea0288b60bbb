// libFuzzer target: Pilotta move notation (engine/pilotta/move.cc), as players send it in
// `move` requests and records hold it, applied to a hand dealt from the input's first
// 8 bytes (each of the three presets). See notation_fuzz_check.h for what is checked.
#include <cstdint>
#include <string_view>

#include "engine/pilotta/deal.h"
#include "engine/pilotta/move.h"
#include "engine/pilotta/rules.h"
#include "engine/pilotta/state.h"
#include "tests/fuzz/notation_fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  namespace pilotta = kafenio::pilotta;
  std::string_view input(reinterpret_cast<const char*>(data), size);
  const std::uint64_t seed = kafenio::fuzz::TakeSeed(input);
  constexpr std::string_view kPresets[] = {"cyprus", "classic", "classic2"};
  const pilotta::Rules rules = pilotta::ParseRules(kPresets[seed % 3], {}).rules;
  pilotta::State state(rules, 0);
  state.StartHand(pilotta::DealFromSeed(rules, state.Dealer(), seed));
  kafenio::fuzz::CheckNotation(state, input, pilotta::ParseMove,
                               [](const pilotta::Move& move) { return pilotta::FormatMove(move); });
  return 0;
}
