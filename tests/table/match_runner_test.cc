// MatchRunner: a match's deals, moves and sequence numbers, its log and game record, and
// rebuilding it (a failed write rolled back, a restart recovered) without a table.
#include "server/app/table/match_runner.h"

#include <catch2/catch.hpp>

#include "server/fairness/server_secret.h"

namespace kafenio::server {
namespace {

const MatchSpec kDiloti{"diloti", "online", {"target=121"}, 1, 2};

struct Fixture {
  fairness::ServerSecret secret = fairness::NewServerSecret();
  MatchRunner runner{secret};

  void Begin() {
    runner.Begin([] { return CreateMatch(kDiloti).match; }, 7, "diloti");
    REQUIRE(runner.NextSeq() == 1);  // match_started
  }
  // Plays the bot's moves until the hand ends; returns each applied move's log entry.
  std::vector<MatchEventRecord> PlayHand() {
    std::vector<MatchEventRecord> moves;
    for (;;) {
      const int seat = runner.match().ToAct();
      REQUIRE(seat >= 0);
      Played played = runner.Submit(seat, runner.match().BotMove(), true, 1000);
      REQUIRE_FALSE(played.refusal);
      moves.push_back(played.record);
      if (played.hand_ended) {
        CHECK(played.record.hand_result);
        runner.NextSeq();  // hand_ended
        return moves;
      }
      CHECK_FALSE(played.record.hand_result);
    }
  }
  std::string View(int seat) const {
    v1::GameView view;
    runner.match().FillView(seat, view);
    return view.SerializeAsString();
  }
};

TEST_CASE_METHOD(Fixture, "deals and moves are numbered as the events that carry them") {
  Begin();
  const MatchEventRecord deal = runner.Deal(500);
  CHECK(deal.seq == 2);
  CHECK(deal.kind == MatchEventRecord::Kind::deal);
  CHECK(deal.hand == 1);
  CHECK(deal.seat == 1);  // the first dealer
  CHECK(deal.commitment_hex == runner.CommitmentOf(1));
  const auto committed = fairness::CommitHandSeed(secret, 7, 1);
  CHECK(deal.seed == committed.seed);
  const auto moves = PlayHand();
  CHECK(moves.front().seq == 3);
  CHECK(moves.back().seq == 2 + static_cast<std::int64_t>(moves.size()));
  CHECK(runner.seq() == moves.back().seq + 1);
  CHECK(runner.LastSeed().seed == deal.seed);
  CHECK(runner.LastSeed().dealer == 1);

  // A refused move changes nothing.
  v1::Move nonsense;
  nonsense.set_notation("play Zz");
  const std::int64_t seq = runner.seq();
  CHECK(runner.Submit(0, nonsense, false, 1).refusal);
  CHECK(runner.seq() == seq);
}

TEST_CASE_METHOD(Fixture, "the game record is the header, each hand's seed and every move") {
  Begin();
  const MatchEventRecord deal = runner.Deal(500);
  const auto moves = PlayHand();
  std::string expected = "game diloti\nrules online target=121\nplayers 2\nhand\ndealer 1\nseed " +
                         std::to_string(deal.seed) + "\n";
  for (const auto& move : moves) expected += std::to_string(move.seat) + " " + move.notation + "\n";
  CHECK(runner.RecordText() == expected);
}

TEST_CASE_METHOD(Fixture, "a failed write rolls the match back to what is stored") {
  Begin();
  runner.Deal(500);
  runner.Submit(runner.match().ToAct(), runner.match().BotMove(), true, 1);
  const std::string stored_view = View(-1);
  const std::int64_t stored_seq = runner.seq();
  Played second = runner.Submit(runner.match().ToAct(), runner.match().BotMove(), true, 1);
  REQUIRE(second.record.seq == stored_seq + 1);
  REQUIRE(View(-1) != stored_view);

  runner.RollBack(second.record.seq);
  CHECK(runner.seq() == stored_seq);
  CHECK(View(-1) == stored_view);
  // It carries on from there, numbering the next move where the lost one was.
  Played again = runner.Submit(runner.match().ToAct(), runner.match().BotMove(), true, 1);
  CHECK(again.record.seq == second.record.seq);
  CHECK(again.record.notation == second.record.notation);  // the bot is deterministic
}

TEST_CASE_METHOD(Fixture, "a lost deal is dealt again with the same seed") {
  Begin();
  const MatchEventRecord deal = runner.Deal(500);
  runner.RollBack(deal.seq);
  CHECK(runner.seq() == 1);
  CHECK(runner.match().AwaitingDeal());
  const MatchEventRecord again = runner.Deal(600);
  CHECK(again.seq == deal.seq);
  CHECK(again.seed == deal.seed);
  CHECK(again.commitment_hex == deal.commitment_hex);
}

TEST_CASE_METHOD(Fixture, "a restart rebuilds the match from its log with the same numbers") {
  Begin();
  RecoveredMatch recovered;
  recovered.match.match_id = 7;
  recovered.match.game = "diloti";
  MatchEventRecord deal = runner.Deal(500);
  deal.seq = 0;  // stored deals carry no sequence number
  recovered.events.push_back(deal);
  const auto moves = PlayHand();
  recovered.events.insert(recovered.events.end(), moves.begin(), moves.end());
  MatchEventRecord second_deal = runner.Deal(700);
  second_deal.seq = 0;
  recovered.events.push_back(second_deal);
  Played one_more = runner.Submit(runner.match().ToAct(), runner.match().BotMove(), true, 1);
  recovered.events.push_back(one_more.record);
  recovered.hand_results_stored = 0;  // an older server: the first hand's result is missing

  MatchRunner rebuilt(secret);
  std::vector<HandResultRecord> missing;
  REQUIRE(rebuilt.Restore([] { return CreateMatch(kDiloti).match; }, recovered, missing) == "");
  CHECK(rebuilt.seq() == runner.seq());
  CHECK(rebuilt.CommitmentOf(2) == runner.CommitmentOf(2));
  v1::GameView a, b;
  rebuilt.match().FillView(0, a);
  runner.match().FillView(0, b);
  CHECK(a.SerializeAsString() == b.SerializeAsString());
  REQUIRE(missing.size() == 1);
  CHECK(missing[0].hand_number == 1);
  CHECK(missing[0].line == moves.back().hand_result->line);

  // A log that is not the match's is refused, saying where.
  RecoveredMatch broken = recovered;
  broken.events.back().seq += 1;
  MatchRunner refused(secret);
  CHECK(
      refused.Restore([] { return CreateMatch(kDiloti).match; }, broken, missing).find("was due") !=
      std::string::npos);
  broken = recovered;
  broken.events[0].seat = 0;
  CHECK(refused.Restore([] { return CreateMatch(kDiloti).match; }, broken, missing)
            .find("was dealt by seat 0") != std::string::npos);
  broken = recovered;
  broken.events.erase(broken.events.begin() + static_cast<std::ptrdiff_t>(moves.size()) + 1);
  CHECK(refused.Restore([] { return CreateMatch(kDiloti).match; }, broken, missing)
            .find("never dealt") != std::string::npos);
}

}  // namespace
}  // namespace kafenio::server
