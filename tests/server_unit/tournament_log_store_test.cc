// An event's log through the store and back: the codec round-trips every kind of entry,
// and VerifyStoredTournament recomputes a whole stored Swiss, and catches a stored round
// that is not what the log gives.
#include <catch2/catch.hpp>

#include <future>

#include "server/app/tournament/tournament_log_codec.h"
#include "server/app/tournament/tournament_verify.h"
#include "server/storage/sqlite_storage.h"

namespace kafenio::server {
namespace {

using tournament::TournamentEvent;
using Kind = TournamentEvent::Kind;

void Write(storage::Storage& store, storage::WriteOp op) {
  std::promise<storage::WriteStatus> promise;
  auto status = promise.get_future();
  store.Enqueue(std::move(op), [&](const storage::WriteStatus& s) { promise.set_value(s); });
  REQUIRE(status.get().ok());
}

// A 5-entrant Swiss of 3 rounds played out through NextRound, as the server plays one.
std::vector<TournamentEvent> PlayedSwiss(const tournament::TournamentConfig& config) {
  tournament::TournamentState state;
  state.config = config;
  std::vector<TournamentEvent> log;
  auto add = [&](TournamentEvent event) {
    REQUIRE(tournament::Apply(state, event).empty());
    log.push_back(std::move(event));
  };
  for (int id = 1; id <= 5; ++id) {
    TournamentEvent entrant;
    entrant.kind = Kind::kEntrantAdded;
    entrant.entrant = id;
    entrant.rating = 1500 + 10 * id;
    add(entrant);
  }
  TournamentEvent start;
  start.kind = Kind::kStarted;
  add(start);
  while (const auto round = tournament::NextRound(state)) {
    TournamentEvent published;
    published.kind = Kind::kRoundPublished;
    published.round = *round;
    add(published);
    for (std::size_t t = 0; t < round->tables.size(); ++t) {
      const auto& p = round->tables[t].pairing;
      TournamentEvent result;
      result.kind = Kind::kResult;
      result.table = static_cast<int>(t);
      result.result = tournament::PlayedResult(round->round, p.first, p.second,
                                               p.first % 2 ? 151 : 90, p.first % 2 ? 90 : 151);
      add(result);
    }
  }
  TournamentEvent finished;
  finished.kind = Kind::kFinished;
  add(finished);
  return log;
}

TEST_CASE("the tournament codec round-trips settings and every kind of log entry", "[tournament]") {
  tournament::TournamentConfig config;
  config.format = tournament::Format::kPoolsKnockout;
  config.pool_count = 3;
  config.points.bye = tournament::ByeScore::kHalf;
  config.tie_breaks = {tournament::TieBreak::kMatchPoints, tournament::TieBreak::kScoreMargin};
  config.late_entry_until_round = 3;
  config.forbidden = {tournament::EntrantPair::Of(4, 2), tournament::EntrantPair::Of(1, 9)};
  const auto decoded = DecodeTournamentSettings(EncodeTournamentSettings(config), 77);
  REQUIRE(decoded);
  CHECK(decoded->format == config.format);
  CHECK(decoded->pool_count == 3);
  CHECK(decoded->points.bye == tournament::ByeScore::kHalf);
  CHECK(decoded->tie_breaks == config.tie_breaks);
  CHECK(decoded->seed == 77);
  CHECK(decoded->late_entry_until_round == 3);
  CHECK(decoded->forbidden == config.forbidden);
  CHECK_FALSE(DecodeTournamentSettings(R"({"format":"lottery"})", 1));

  for (const auto& event : PlayedSwiss({})) {
    const auto back =
        DecodeTournamentEvent(TournamentEventKind(event.kind), EncodeTournamentEvent(event));
    REQUIRE(back);
    CHECK(EncodeTournamentEvent(*back) == EncodeTournamentEvent(event));
  }
  CHECK_FALSE(DecodeTournamentEvent("result", R"({"table":0})"));
  CHECK_FALSE(DecodeTournamentEvent("coup", "{}"));
}

TEST_CASE("a stored Swiss verifies round by round, and a changed round is reported",
          "[tournament]") {
  auto store = storage::OpenSqliteStorage(storage::SqliteOptions{std::string(storage::kInMemory)});
  tournament::TournamentConfig config;
  config.swiss_rounds = 3;
  config.seed = 0x1234;
  std::int64_t director = 0, id = 0;
  Write(*store, [&](storage::WriteTransaction& tx) {
    director = tx.CreateAccount(storage::Account{0, "Νίκος", std::nullopt, 1});
    id = tx.CreateTournament({0, "Swiss", director, "diloti", EncodeTournamentSettings(config),
                              static_cast<std::int64_t>(config.seed), "running", 1, std::nullopt});
  });
  const auto log = PlayedSwiss(config);
  Write(*store, [&](storage::WriteTransaction& tx) {
    for (std::size_t k = 0; k < log.size(); ++k) {
      tx.AppendTournamentLog({id, static_cast<std::int64_t>(k) + 1,
                              std::string(TournamentEventKind(log[k].kind)),
                              EncodeTournamentEvent(log[k]), 1});
    }
  });
  auto check = VerifyStoredTournament(*store, id);
  CHECK(check.found);
  CHECK(check.rounds == 3);
  CHECK(check.entries == static_cast<int>(log.size()));
  CHECK(check.differences.empty());
  CHECK_FALSE(VerifyStoredTournament(*store, id + 1).found);

  // The same results with round 2's opponents swapped, stored as another event.
  auto forged = log;
  for (auto& event : forged) {
    if (event.kind == Kind::kRoundPublished && event.round.round == 2) {
      std::swap(event.round.tables[0].pairing.second, event.round.tables[1].pairing.second);
      break;
    }
  }
  std::int64_t other = 0;
  Write(*store, [&](storage::WriteTransaction& tx) {
    other = tx.CreateTournament({0,
                                 "Forged",
                                 director,
                                 "diloti",
                                 EncodeTournamentSettings(config),
                                 static_cast<std::int64_t>(config.seed),
                                 "running",
                                 1,
                                 {}});
    for (std::size_t k = 0; k < forged.size(); ++k) {
      tx.AppendTournamentLog({other, static_cast<std::int64_t>(k) + 1,
                              std::string(TournamentEventKind(forged[k].kind)),
                              EncodeTournamentEvent(forged[k]), 1});
    }
  });
  check = VerifyStoredTournament(*store, other);
  REQUIRE_FALSE(check.differences.empty());
  CHECK(check.differences.front().find("round 2 differs") != std::string::npos);
  store->Close();
}

}  // namespace
}  // namespace kafenio::server
