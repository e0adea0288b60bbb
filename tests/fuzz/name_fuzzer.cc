// libFuzzer target: players' names (server/names/player_name.cc). Any bytes: no crash, no
// sanitizer report, and an accepted name is stable (its NFC form checks to itself, with
// the same key).
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "server/names/player_name.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view typed(reinterpret_cast<const char*>(data), size);
  const auto checked = kafenio::names::CheckName(typed);
  if (checked.ok()) {
    const auto again = kafenio::names::CheckName(checked.name);
    if (!again.ok() || again.name != checked.name || again.key != checked.key) std::abort();
  }
  kafenio::names::NameKey(typed);
  return 0;
}
