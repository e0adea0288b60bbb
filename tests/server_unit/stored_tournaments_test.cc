// The director's powers over stored events: every accepted change durable before it is
// answered, refusals typed and changing nothing, rounds published on their own when the
// previous one ends, withdrawals forfeited, and an event reloaded from its log after the
// store is closed and opened again (as after kill -9) with every published pairing the same.
#include <catch2/catch.hpp>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <future>

#include "server/app/clock.h"
#include "server/app/tournament/stored_tournaments.h"
#include "server/app/tournament/tournament_verify.h"
#include "server/storage/sqlite_storage.h"
#include "tests/storage/temp_dir.h"

namespace kafenio::server {
namespace {

using tournament::Format;
using Refusal = TournamentRefusal;

struct Fixture {
  kafenio::testing::TempDir dir;
  std::string path = dir.File("kafenio.db");
  std::unique_ptr<storage::Storage> store =
      storage::OpenSqliteStorage(storage::SqliteOptions{path});
  ManualClock clock{1'700'000'000'000};
  boost::asio::io_context io;
  std::unique_ptr<StoredTournaments> events = std::make_unique<StoredTournaments>(*store, clock);

  TournamentAnswer Wait(const std::function<void(Executor, Then<TournamentAnswer>)>& call) {
    std::optional<TournamentAnswer> answer;
    auto guard = boost::asio::make_work_guard(io);
    call(io.get_executor(), [&](TournamentAnswer a) { answer = std::move(a); });
    io.restart();
    while (!answer) io.run_one();
    return *answer;
  }
  std::int64_t Account(const std::string& name) {
    std::promise<std::int64_t> id;
    store->Enqueue(
        [&](storage::WriteTransaction& tx) {
          id.set_value(tx.CreateAccount(storage::Account{0, name, std::nullopt, 1}));
        },
        [](const storage::WriteStatus&) {});
    return id.get_future().get();
  }
  // The store closed and opened again, and the events loaded from it afresh.
  void Restart() {
    events.reset();
    store->Close();
    store = storage::OpenSqliteStorage(storage::SqliteOptions{path});
    events = std::make_unique<StoredTournaments>(*store, clock);
  }
  TournamentAnswer Create(std::int64_t director, tournament::TournamentConfig config) {
    return Wait([&](Executor ex, Then<TournamentAnswer> then) {
      events->Create(director, {"Κύπελλο", "diloti", config, std::nullopt}, ex, then);
    });
  }
  TournamentAnswer Add(std::int64_t by, std::int64_t id, std::int64_t account, double rating) {
    return Wait([&](Executor ex, Then<TournamentAnswer> then) {
      events->AddEntrant(by, id, "player " + std::to_string(account), {account}, rating, ex, then);
    });
  }
  // Plays the current round: the lower entrant number wins every table.
  void PlayRound(std::int64_t id) {
    const auto state = *events->State(id);
    const auto& round = state.rounds.back();
    for (std::size_t t = 0; t < round.tables.size(); ++t) {
      if (round.tables[t].result) continue;
      const auto& p = round.tables[t].pairing;
      const auto answer = Wait([&](Executor ex, Then<TournamentAnswer> then) {
        events->RecordResult(
            id, static_cast<int>(t),
            tournament::PlayedResult(round.round, p.first, p.second, p.first < p.second ? 61 : 30,
                                     p.first < p.second ? 30 : 61),
            ex, then);
      });
      REQUIRE(answer.ok());
    }
  }
};

TEST_CASE("a Swiss run by its director from registration to the end, with a withdrawal",
          "[tournament]") {
  Fixture f;
  const auto director = f.Account("Σοφία");
  std::vector<std::int64_t> players;
  for (int k = 0; k < 5; ++k) players.push_back(f.Account("παίκτης " + std::to_string(k)));
  tournament::TournamentConfig config;
  config.swiss_rounds = 3;
  const auto created = f.Create(director, config);
  REQUIRE(created.ok());
  const auto id = created.id;

  for (int k = 0; k < 5; ++k) {
    const auto answer = f.Add(players[k], id, players[k], 1800 - 10 * k);
    REQUIRE(answer.ok());
    CHECK(answer.id == k + 1);
  }
  // Refusals change nothing.
  CHECK(f.Add(players[0], id, players[0], 1).refusal == Refusal::kEntryRefused);  // twice
  CHECK(f.Add(players[1], id, director, 1).refusal == Refusal::kNotDirector);
  CHECK(f.Wait([&](Executor ex, Then<TournamentAnswer> then) {
           f.events->Start(players[0], id, ex, then);
         }).refusal == Refusal::kNotDirector);
  CHECK(f.Wait([&](Executor ex, Then<TournamentAnswer> then) {
           f.events->Start(director, id + 7, ex, then);
         }).refusal == Refusal::kNoSuchEvent);
  CHECK_FALSE(f.events->State(id)->started);

  REQUIRE(f.Wait([&](Executor ex, Then<TournamentAnswer> then) {
             f.events->Start(director, id, ex, then);
           }).ok());
  auto state = *f.events->State(id);
  REQUIRE(state.rounds.size() == 1);  // published with the start
  CHECK(state.rounds[0].byes == std::vector<tournament::EntrantId>{5});
  CHECK(f.store->FindTournament(id)->state == "running");

  f.PlayRound(id);  // the last result publishes round 2 in the same transaction
  state = *f.events->State(id);
  REQUIRE(state.rounds.size() == 2);

  // Entrant 3 withdraws during round 2: its table is forfeited to the opponent.
  CHECK(f.Wait([&](Executor ex, Then<TournamentAnswer> then) {
           f.events->RemoveEntrant(players[0], id, 3, true, ex, then);
         }).refusal == Refusal::kNotDirector);  // only the director disqualifies
  REQUIRE(f.Wait([&](Executor ex, Then<TournamentAnswer> then) {
             f.events->RemoveEntrant(players[2], id, 3, false, ex, then);
           }).ok());
  state = *f.events->State(id);
  for (const auto& table : state.rounds[1].tables) {
    if (table.pairing.first == 3 || table.pairing.second == 3) {
      REQUIRE(table.result);
      CHECK(table.result->kind == tournament::ResultKind::kForfeit);
      CHECK(table.result->winner != 3);
    }
  }
  f.PlayRound(id);
  state = *f.events->State(id);
  REQUIRE(state.rounds.size() == 3);
  for (const auto& table : state.rounds[2].tables) {
    CHECK(table.pairing.first != 3);
    CHECK(table.pairing.second != 3);
  }
  f.PlayRound(id);
  state = *f.events->State(id);
  CHECK(state.finished);
  CHECK(f.store->FindTournament(id)->state == "finished");
  const auto check = VerifyStoredTournament(*f.store, id);
  CHECK(check.rounds == 3);
  CHECK(check.differences.empty());
}

TEST_CASE("an event reloaded from its log after a restart goes on with the same pairings",
          "[tournament]") {
  Fixture f;
  const auto director = f.Account("Ανδρέας");
  tournament::TournamentConfig config;
  config.format = Format::kSingleElimination;
  config.seeding = tournament::SeedingMethod::kRandom;
  config.seed = 0xC0FFEE;
  const auto id = f.Create(director, config).id;
  for (int k = 0; k < 6; ++k) {
    const auto account = f.Account("π" + std::to_string(k));
    REQUIRE(f.Add(director, id, account, 1500).ok());
  }
  REQUIRE(f.Wait([&](Executor ex, Then<TournamentAnswer> then) {
             f.events->Start(director, id, ex, then);
           }).ok());
  f.PlayRound(id);
  const auto before = *f.events->State(id);
  f.Restart();
  const auto after = f.events->State(id);
  REQUIRE(after);
  REQUIRE(after->rounds.size() == before.rounds.size());
  for (std::size_t r = 0; r < before.rounds.size(); ++r) {
    CHECK(tournament::SamePairings(after->rounds[r], before.rounds[r]));
  }
  CHECK(f.events->DirectorOf(id) == director);
  // It goes on to the end after the restart.
  for (int guard = 0; guard < 10 && !f.events->State(id)->finished; ++guard) f.PlayRound(id);
  CHECK(f.events->State(id)->finished);
  CHECK(VerifyStoredTournament(*f.store, id).differences.empty());
}

TEST_CASE("the director replaces a round by hand and ends the event early", "[tournament]") {
  Fixture f;
  const auto director = f.Account("Μαρία");
  tournament::TournamentConfig config;
  config.swiss_rounds = 5;
  const auto id = f.Create(director, config).id;
  for (int k = 0; k < 4; ++k)
    REQUIRE(f.Add(director, id, f.Account("x" + std::to_string(k)), 1500 - k).ok());
  REQUIRE(f.Wait([&](Executor ex, Then<TournamentAnswer> then) {
             f.events->Start(director, id, ex, then);
           }).ok());
  tournament::PublishedRound mine;
  mine.round = 1;
  tournament::PublishedTable a, b;
  a.pairing = {1, 2};
  b.pairing = {3, 4};
  mine.tables = {a, b};
  auto bad = mine;
  bad.tables.pop_back();  // 3 and 4 left out
  CHECK(f.Wait([&](Executor ex, Then<TournamentAnswer> then) {
           f.events->ReplaceRound(director, id, bad, ex, then);
         }).refusal == Refusal::kBadRequest);
  REQUIRE(f.Wait([&](Executor ex, Then<TournamentAnswer> then) {
             f.events->ReplaceRound(director, id, mine, ex, then);
           }).ok());
  auto state = *f.events->State(id);
  CHECK(state.rounds[0].by_hand);
  CHECK(state.rounds[0].tables[0].pairing == tournament::Pairing{1, 2});
  f.PlayRound(id);
  REQUIRE(f.Wait([&](Executor ex, Then<TournamentAnswer> then) {
             f.events->EndEarly(director, id, ex, then);
           }).ok());
  CHECK(f.events->State(id)->finished);
  CHECK(f.Wait([&](Executor ex, Then<TournamentAnswer> then) {
           f.events->EndEarly(director, id, ex, then);
         }).refusal == Refusal::kNotAllowed);
  // The hand-made round is accepted by verify, the rounds after it recomputed.
  CHECK(VerifyStoredTournament(*f.store, id).differences.empty());
}

}  // namespace
}  // namespace kafenio::server
