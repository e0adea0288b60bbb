// The event stream's promise (docs/protocol.md, "Views and patches"): a client that starts
// from a whole view and applies each event's patch has, after every move of a match, the
// very view the server would send whole, for every seat and for spectators. Checked over
// thousands of random matches of every preset, with the patches as they go over the wire
// (a shared part built once, and each audience's own merged into it).
#include <google/protobuf/util/message_differencer.h>

#include <catch2/catch.hpp>
#include <random>

#include "server/codec/view_patch.h"
#include "server/game/game.h"
#include "tests/server_unit/diloti_family_pick.h"

namespace kafenio::server {
namespace {

// Every audience of the match: its seats, then spectators (-1).
std::vector<int> Audiences(int players) {
  std::vector<int> out;
  for (int seat = 0; seat < players; ++seat) out.push_back(seat);
  out.push_back(-1);
  return out;
}

// Plays one random match; after the start and after every deal and move, each audience's
// patch (sent as bytes and read back) must turn its view into the whole view.
void PlayAndCompare(const MatchSpec& spec, std::uint64_t seed) {
  MatchCreation created = CreateMatch(spec);
  REQUIRE(created.match);
  GameMatch& match = *created.match;
  const std::vector<int> audiences = Audiences(match.Players());
  std::vector<v1::GameView> client(audiences.size());
  for (std::size_t i = 0; i < audiences.size(); ++i) {
    match.FillView(audiences[i], client[i]);
    match.SetViewBase(audiences[i]);
  }
  std::mt19937_64 rng(seed);
  const auto check_every_audience = [&] {
    // As the table builds them: the shared part once, each audience's own part merged
    // into a copy of it.
    v1::ViewPatch shared;
    match.FillSharedPatch(shared);
    for (std::size_t i = 0; i < audiences.size(); ++i) {
      v1::ViewPatch patch;
      if (match.FillOwnPatch(audiences[i], patch))
        patch.MergeFrom(shared);
      else
        patch = shared;
      v1::ViewPatch received;
      if (!received.ParseFromString(patch.SerializeAsString())) FAIL("a patch does not parse");
      ApplyViewPatch(received, client[i]);
      v1::GameView whole;
      match.FillView(audiences[i], whole);
      // Equal messages serialize to equal bytes (no maps here); the differencer says how
      // they differ when they do not.
      if (client[i].SerializeAsString() == whole.SerializeAsString()) continue;
      INFO("seed " << seed << ", audience " << audiences[i]);
      REQUIRE(google::protobuf::util::MessageDifferencer::Equals(client[i], whole));
    }
  };
  for (int steps = 0; steps < 5000 && !match.MatchOver(); ++steps) {
    if (match.AwaitingDeal()) {
      match.StartHand(rng());
    } else {
      // The move is drawn from the view the mover has built from patches (checked equal
      // to the whole view just before).
      const v1::GameView& view = client[static_cast<std::size_t>(match.ToAct())];
      v1::Move move;
      if (view.has_pilotta()) {
        const auto& legal = view.pilotta().legal_moves();
        if (legal.empty()) FAIL("no legal move for the seat to act");
        move = legal[static_cast<int>(rng() % static_cast<std::uint64_t>(legal.size()))];
      } else {
        const v1::DilotiView& diloti = view.diloti();
        if (diloti.legal_moves().empty() && diloti.move_families().empty())
          FAIL("no legal move for the seat to act");
        move = RandomDilotiMove(diloti, rng);  // plain moves and families alike
      }
      if (match.Apply(match.ToAct(), move).kind != MoveOutcome::Kind::applied) {
        FAIL("a legal move refused");
      }
    }
    check_every_audience();
  }
  CHECK(match.MatchOver());
}

void PlayMatches(const MatchSpec& spec, int matches) {
  for (int m = 0; m < matches; ++m) PlayAndCompare(spec, 1000 * static_cast<std::uint64_t>(m) + 7);
}

// A thousand random matches of each preset (of each table size for Diloti), one test case
// each so that they run side by side.
TEST_CASE("views built from patches equal whole views: pilotta cyprus") {
  PlayMatches({"pilotta", "cyprus", {"target=151"}, 0, 4}, 1000);
}
TEST_CASE("views built from patches equal whole views: pilotta classic") {
  PlayMatches({"pilotta", "classic", {"target=151"}, 1, 4}, 1000);
}
TEST_CASE("views built from patches equal whole views: pilotta classic2") {
  PlayMatches({"pilotta", "classic2", {"target=151"}, 0, 2}, 1000);
}
TEST_CASE("views built from patches equal whole views: diloti online, 2 and 4 players") {
  PlayMatches({"diloti", "online", {"target=31"}, 0, 2}, 1000);
  PlayMatches({"diloti", "online", {"target=31"}, 3, 4}, 1000);
}
TEST_CASE("views built from patches equal whole views: diloti traditional, 2 and 4 players") {
  PlayMatches({"diloti", "traditional", {"target=31"}, 1, 2}, 1000);
  PlayMatches({"diloti", "traditional", {"target=31", "forced_capture=true"}, 2, 4}, 1000);
}

TEST_CASE("after ForgetViews a patch is the whole view, whatever the client had") {
  MatchCreation created = CreateMatch({"pilotta", "cyprus", {}, 0, 4});
  GameMatch& match = *created.match;
  match.StartHand(42);
  v1::GameView stale;  // a client whose view is not the server's base
  stale.mutable_pilotta()->set_to_act(3);
  stale.mutable_pilotta()->add_hand("As");
  match.ForgetViews();
  v1::ViewPatch patch;
  match.FillSharedPatch(patch);
  match.FillOwnPatch(0, patch);
  ApplyViewPatch(patch, stale);
  v1::GameView whole;
  match.FillView(0, whole);
  CHECK(google::protobuf::util::MessageDifferencer::Equals(stale, whole));
}

}  // namespace
}  // namespace kafenio::server
