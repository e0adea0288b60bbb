// The generic random-playout property test (playout_harness.h) over every preset.
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

}  // namespace
}  // namespace kafenio::testing
