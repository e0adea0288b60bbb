// The hub on a storage that fails: sign-ins and new tables are refused with
// STORAGE_UNAVAILABLE, each request is answered, and nothing half-made is left behind.
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <catch2/catch.hpp>
#include <thread>

#include "server/app/crypto.h"
#include "server/app/hub.h"
#include "server/fairness/server_secret.h"
#include "server/storage/game_store.h"
#include "server/storage/sqlite_storage.h"
#include "tests/table/recording_peer.h"

namespace kafenio::server {
namespace {

// SQLite in memory, with every write failing while `failing` is set.
class FailingStorage final : public storage::Storage {
 public:
  explicit FailingStorage(std::unique_ptr<storage::Storage> inner) : inner_(std::move(inner)) {}
  std::atomic<bool> failing{false};

  void Enqueue(storage::WriteOp op, storage::WriteDone done) override {
    if (failing) return done(storage::WriteStatus{"disk I/O error"});
    inner_->Enqueue(std::move(op), std::move(done));
  }
  void Flush() override { inner_->Flush(); }
  void Close() override { inner_->Close(); }
  storage::StorageStats Stats() const override { return inner_->Stats(); }
  std::optional<storage::Account> FindAccountByName(std::string_view n) override {
    return inner_->FindAccountByName(n);
  }
  std::optional<storage::Account> FindAccountByNameKey(std::string_view k) override {
    return inner_->FindAccountByNameKey(k);
  }
  std::optional<storage::Account> FindAccount(std::int64_t id) override {
    return inner_->FindAccount(id);
  }
  std::optional<storage::Session> FindSession(std::string_view h, std::int64_t now) override {
    return inner_->FindSession(h, now);
  }
  std::optional<storage::GameTable> FindTable(std::int64_t id) override {
    return inner_->FindTable(id);
  }
  std::optional<storage::Series> FindSeries(std::int64_t id) override {
    return inner_->FindSeries(id);
  }
  std::optional<storage::Match> FindMatch(std::int64_t id) override {
    return inner_->FindMatch(id);
  }
  std::vector<storage::UnfinishedMatch> LoadUnfinishedMatches() override {
    return inner_->LoadUnfinishedMatches();
  }
  std::vector<storage::OpenTable> LoadOpenTables() override { return inner_->LoadOpenTables(); }
  std::vector<storage::HandSeed> LoadHandSeeds(std::int64_t id) override {
    return inner_->LoadHandSeeds(id);
  }
  std::vector<storage::MoveEvent> LoadMoves(std::int64_t id, std::int64_t after) override {
    return inner_->LoadMoves(id, after);
  }
  std::optional<std::string> LoadMatchRecord(std::int64_t id) override {
    return inner_->LoadMatchRecord(id);
  }
  std::vector<storage::MatchSummary> MatchHistory(std::int64_t a, int l, std::int64_t b) override {
    return inner_->MatchHistory(a, l, b);
  }
  std::optional<storage::Rating> FindRating(std::int64_t a, std::string_view m) override {
    return inner_->FindRating(a, m);
  }
  std::vector<storage::LeaderboardEntry> Leaderboard(std::string_view m, int l) override {
    return inner_->Leaderboard(m, l);
  }
  std::vector<storage::RatingHistoryEntry> RatingHistory(std::int64_t a,
                                                         std::string_view m) override {
    return inner_->RatingHistory(a, m);
  }
  std::optional<storage::TournamentRow> FindTournament(std::int64_t id) override {
    return inner_->FindTournament(id);
  }
  std::vector<storage::TournamentRow> ListTournaments(std::string_view s, int l) override {
    return inner_->ListTournaments(s, l);
  }
  std::vector<storage::TournamentLogEntry> LoadTournamentLog(std::int64_t id) override {
    return inner_->LoadTournamentLog(id);
  }
  void ReadStaff(const std::function<void(storage::StaffSql&)>& read) override {
    inner_->ReadStaff(read);
  }
  void ReadSessions(const std::function<void(storage::SessionSql&)>& read) override {
    inner_->ReadSessions(read);
  }

 private:
  std::unique_ptr<storage::Storage> inner_;
};

struct Fixture {
  Fixture() {
    REQUIRE(InitCrypto());
    auto inner =
        storage::OpenSqliteStorage(storage::SqliteOptions{std::string(storage::kInMemory)});
    auto failing = std::make_unique<FailingStorage>(std::move(inner));
    disk = failing.get();
    store = std::make_unique<GameStore>(std::move(failing));
    hub = std::make_unique<Hub>(HubServices{
        TableServices{io.get_executor(), config, *store, metrics, clock, secret}, *store, *store});
    client.peer = peer;
    client.peer_id = peer->PeerId();
    client.strand = io.get_executor();
  }
  ~Fixture() { hub->Stop(); }

  // Sends a request and runs the io_context until it is answered (sign-ins answer from
  // the password and read pools' threads).
  const v1::Envelope& Ask(v1::Envelope request, const std::string& id) {
    request.set_request_id(id);
    auto guard = boost::asio::make_work_guard(io);
    hub->Handle(client, request);
    for (int spins = 0; !peer->ReplyTo(id) && spins < 5000; ++spins) {
      io.restart();
      if (io.poll() == 0) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    REQUIRE(peer->ReplyTo(id));
    return *peer->ReplyTo(id);
  }

  boost::asio::io_context io;
  ServerConfig config;
  ManualClock clock{1'700'000'000'000};
  Metrics metrics;
  fairness::ServerSecret secret = fairness::NewServerSecret();
  FailingStorage* disk = nullptr;
  std::unique_ptr<GameStore> store;
  std::unique_ptr<Hub> hub;
  std::shared_ptr<testing::RecordingPeer> peer = std::make_shared<testing::RecordingPeer>(1);
  ClientContext client;
};

TEST_CASE_METHOD(Fixture,
                 "sign-ins that cannot be stored are refused, and work once storage is back") {
  disk->failing = true;
  v1::Envelope guest;
  guest.mutable_sign_in_guest()->set_name("eleni");
  CHECK(Ask(guest, "g1").error().code() == v1::STORAGE_UNAVAILABLE);
  v1::Envelope registering;
  registering.mutable_register_()->set_name("andreas");
  registering.mutable_register_()->set_password("kalimera123");
  CHECK(Ask(registering, "r1").error().code() == v1::STORAGE_UNAVAILABLE);
  CHECK_FALSE(client.who);
  CHECK_FALSE(store->FindAccountByName("andreas"));

  disk->failing = false;
  CHECK(Ask(guest, "g2").has_signed_in());
  REQUIRE(client.who);
}

TEST_CASE_METHOD(Fixture, "a table that cannot be stored is not created") {
  v1::Envelope guest;
  guest.mutable_sign_in_guest()->set_name("eleni");
  REQUIRE(Ask(guest, "g").has_signed_in());
  disk->failing = true;
  v1::Envelope create;
  create.mutable_create_table()->set_game("diloti");
  CHECK(Ask(create, "c1").error().code() == v1::STORAGE_UNAVAILABLE);
  CHECK(hub->tables().List({}).empty());
  CHECK(client.tables.empty());
  disk->failing = false;
  CHECK(Ask(create, "c2").has_table_created());
  CHECK(hub->tables().List({}).size() == 1);
}

}  // namespace
}  // namespace kafenio::server
