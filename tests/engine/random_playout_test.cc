// The generic random-playout property test (playout_harness.h) over every preset.
#include "tests/engine/diloti_adapter.h"
#include "tests/engine/pilotta_adapter.h"
#include "tests/engine/playout_harness.h"

namespace kafenio::testing {
namespace {

pilotta::Rules PilottaRules(std::string_view preset, std::vector<std::string_view> options = {}) {
  auto parsed = pilotta::ParseRules(preset, options);
  REQUIRE(parsed.error.empty());
  return parsed.rules;
}

TEST_CASE("random playouts: pilotta cyprus", "[playout][pilotta]") {
  const auto totals = RandomPlayouts<PilottaAdapter>(PilottaRules("cyprus"), 1, 2000);
  CHECK(totals.matches == 2000);
  CHECK(totals.refused > 0);
}

TEST_CASE("random playouts: pilotta cyprus with every option", "[playout][pilotta]") {
  const auto rules = PilottaRules("cyprus", {"nt_at_bids=true", "partner_exception=true",
                                             "belote_on_failure=defenders", "target=251"});
  CHECK(RandomPlayouts<PilottaAdapter>(rules, 2, 2000).matches == 2000);
}

TEST_CASE("random playouts: pilotta classic", "[playout][pilotta]") {
  CHECK(RandomPlayouts<PilottaAdapter>(PilottaRules("classic"), 3, 2000).matches == 2000);
}

TEST_CASE("random playouts: pilotta classic2", "[playout][pilotta]") {
  CHECK(RandomPlayouts<PilottaAdapter>(PilottaRules("classic2"), 4, 2000).matches == 2000);
}

diloti::Rules DilotiRules(std::string_view preset, int players,
                          std::vector<std::string_view> options = {}) {
  auto parsed = diloti::ParseRules(preset, options);
  REQUIRE(parsed.error.empty());
  parsed.rules.players = players;
  return parsed.rules;
}

TEST_CASE("random playouts: diloti online, 2 players", "[playout][diloti]") {
  const auto totals = RandomPlayouts<DilotiAdapter>(DilotiRules("online", 2), 11, 2000);
  CHECK(totals.matches == 2000);
  CHECK(totals.refused > 0);
}

TEST_CASE("random playouts: diloti online, 4 players", "[playout][diloti]") {
  CHECK(RandomPlayouts<DilotiAdapter>(DilotiRules("online", 4), 12, 2000).matches == 2000);
}

TEST_CASE("random playouts: diloti traditional, 2 players", "[playout][diloti]") {
  CHECK(RandomPlayouts<DilotiAdapter>(DilotiRules("traditional", 2), 13, 2000).matches == 2000);
}

TEST_CASE("random playouts: diloti traditional, 4 players", "[playout][diloti]") {
  CHECK(RandomPlayouts<DilotiAdapter>(DilotiRules("traditional", 4), 14, 2000).matches == 2000);
}

TEST_CASE("random playouts: diloti with forced capture", "[playout][diloti]") {
  const auto rules = DilotiRules("online", 4, {"forced_capture=true", "target=121"});
  CHECK(RandomPlayouts<DilotiAdapter>(rules, 15, 300).matches == 300);
}

}  // namespace
}  // namespace kafenio::testing
