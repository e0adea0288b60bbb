// Tables driven directly, without a network: a peer that records what it is sent, and a
// storage that holds event completions until the test releases them.
#include "server/app/table.h"
#include "server/fairness/server_secret.h"

#include <boost/asio/io_context.hpp>
#include <catch2/catch.hpp>

#include "server/app/crypto.h"
#include "server/app/lobby.h"
#include "server/fairness/seed_commitment.h"
#include "server/storage/memory_game_store.h"

namespace kafenio::server {
namespace {

class RecordingPeer final : public Peer {
 public:
  explicit RecordingPeer(std::uint64_t id) : id_(id) {}
  void Send(std::shared_ptr<const EncodedEnvelope> message) override {
    received.push_back(std::make_shared<const v1::Envelope>(message->Decode()));
  }
  std::uint64_t PeerId() const override { return id_; }

  std::vector<const v1::MatchEvent*> Events() const {
    std::vector<const v1::MatchEvent*> out;
    for (const auto& m : received) {
      if (m->has_match_event()) out.push_back(&m->match_event());
    }
    return out;
  }
  std::int64_t LastSeq() const {
    const auto events = Events();
    return events.empty() ? 0 : events.back()->seq();
  }
  int IndexOf(const std::string& request_id) const {
    for (std::size_t i = 0; i < received.size(); ++i) {
      if (received[i]->request_id() == request_id) return static_cast<int>(i);
    }
    return -1;
  }
  std::vector<std::shared_ptr<const v1::Envelope>> received;

 private:
  std::uint64_t id_;
};

// MemoryGameStore whose event completions wait for Release(), like a slow disk.
class HeldStorage final : public GameStore {
 public:
  bool hold = true;
  std::vector<std::pair<MatchEventRecord, Done>> held;

  void Release() {
    auto batch = std::move(held);
    held.clear();
    for (auto& [event, done] : batch) inner.AppendEvent(event, std::move(done));
  }

  std::optional<AccountRecord> CreateAccount(AccountRecord a) override {
    return inner.CreateAccount(std::move(a));
  }
  std::optional<AccountRecord> FindAccountByName(const std::string& n) override {
    return inner.FindAccountByName(n);
  }
  std::optional<AccountRecord> FindAccount(std::int64_t id) override {
    return inner.FindAccount(id);
  }
  void SaveSession(const SessionRecord& s) override { inner.SaveSession(s); }
  std::optional<SessionRecord> FindSession(const std::string& h) override {
    return inner.FindSession(h);
  }
  void DeleteSession(const std::string& h) override { inner.DeleteSession(h); }
  std::int64_t SaveTable(const TableRecord& t) override { return inner.SaveTable(t); }
  std::int64_t SaveMatch(const MatchRecord& m) override { return inner.SaveMatch(m); }
  void AppendEvent(const MatchEventRecord& event, Done done) override {
    if (hold) {
      held.emplace_back(event, std::move(done));
    } else {
      inner.AppendEvent(event, std::move(done));
    }
  }
  void SaveSeatHold(std::int64_t match, int seat, const SeatHold& h) override {
    inner.SaveSeatHold(match, seat, h);
  }
  void SaveHandResult(const HandResultRecord& r) override { inner.SaveHandResult(r); }
  void SaveMatchResult(const MatchResultRecord& r) override { inner.SaveMatchResult(r); }
  void AbandonMatch(std::int64_t id) override { inner.AbandonMatch(id); }
  void SaveTableSeats(const std::string& table, const std::vector<TableSeatRecord>& s) override {
    inner.SaveTableSeats(table, s);
  }
  void CloseTable(const std::string& table) override { inner.CloseTable(table); }
  std::vector<RecoveredMatch> LoadUnfinishedMatches() override {
    return inner.LoadUnfinishedMatches();
  }
  std::vector<RecoveredTable> LoadOpenTables() override { return inner.LoadOpenTables(); }
  std::optional<std::string> FinishedMatchRecord(std::int64_t id) override {
    return inner.FinishedMatchRecord(id);
  }
  std::vector<MatchHistoryEntry> MatchHistory(std::int64_t account, int limit,
                                              std::int64_t before) override {
    return inner.MatchHistory(account, limit, before);
  }
  std::vector<RatingRecord> RatingsOf(std::int64_t account) override {
    return inner.RatingsOf(account);
  }
  std::vector<RatingRecord> Leaderboard(const std::string& mode, int limit) override {
    return inner.Leaderboard(mode, limit);
  }

  MemoryGameStore inner;
};

// A Pilotta table to 51 with a one-minute turn clock.
TableSettings PilottaTable(std::string table_id) {
  TableSettings settings;
  settings.table_id = std::move(table_id);
  settings.game = "pilotta";
  settings.preset = "cyprus";
  settings.options = {"target=51"};
  settings.rules_text = "cyprus target=51";
  settings.seats = 4;
  settings.turn_clock_ms = 60000;
  return settings;
}

struct Fixture {
  Fixture() {
    REQUIRE(InitCrypto());
    table = std::make_shared<Table>(io.get_executor(), PilottaTable("t1"), config, storage, lobby,
                                    metrics, secret, [](const std::string&) {});
  }
  void Settle() {
    io.restart();
    io.poll();
  }

  boost::asio::io_context io;
  ServerConfig config;
  HeldStorage storage;
  Lobby lobby;
  Metrics metrics;
  fairness::ServerSecret secret = fairness::NewServerSecret();
  std::shared_ptr<Table> table;
  std::shared_ptr<RecordingPeer> peer = std::make_shared<RecordingPeer>(1);
  Identity me{1, "me"};
};

TEST_CASE_METHOD(Fixture,
                 "no event is seen and no move acknowledged before storage says it is durable") {
  table->Open(peer, me, "open");
  for (int seat = 1; seat < 4; ++seat) table->AddBot(peer, me, seat, "bot" + std::to_string(seat));
  table->Sit(peer, me, 0, "sit");
  table->SetReady(peer, me, true, "ready");
  Settle();
  // The match started (nothing to store) and the deal waits for storage.
  REQUIRE(peer->LastSeq() == 1);
  REQUIRE(storage.held.size() == 1);
  CHECK(storage.held[0].first.kind == "deal");

  // Let the bots play until it is our turn.
  for (int guard = 0; guard < 100; ++guard) {
    storage.Release();
    Settle();
    const auto events = peer->Events();
    if (storage.held.empty() && events.back()->view().pilotta().to_act() == 0) break;
  }
  const auto* last = peer->Events().back();
  REQUIRE(last->view().pilotta().to_act() == 0);
  const std::int64_t seq = last->seq();

  // Someone else's turn? No: a wrong seat's move is refused and nothing is stored. The
  // move is not a pass: after three passing bots it would end the auction and store the
  // redeal too.
  v1::Move move;
  for (const v1::Move& legal : last->view().pilotta().legal_moves()) {
    move = legal;
    if (legal.notation() != "pass") break;
  }
  REQUIRE(move.notation() != "pass");
  move.clear_seat();
  table->PlayMove(peer, Identity{99, "stranger"}, move, 0, "stranger");
  Settle();
  CHECK(peer->received.back()->error().code() == v1::NOT_YOUR_SEAT);
  CHECK(storage.held.empty());

  table->PlayMove(peer, me, move, 0, "mine");
  Settle();
  CHECK(storage.held.size() == 1);
  CHECK(peer->LastSeq() == seq);       // not broadcast yet
  CHECK(peer->IndexOf("mine") == -1);  // not acknowledged yet

  storage.Release();
  Settle();
  CHECK(peer->LastSeq() > seq);
  const int ack = peer->IndexOf("mine");
  REQUIRE(ack >= 0);
  CHECK(peer->received[static_cast<std::size_t>(ack)]->has_ok());
  // The move's event came before the acknowledgement.
  int event_index = -1;
  for (std::size_t i = 0; i < peer->received.size(); ++i) {
    const auto& m = peer->received[i];
    if (m->has_match_event() && m->match_event().seq() == seq + 1)
      event_index = static_cast<int>(i);
  }
  CHECK(event_index >= 0);
  CHECK(event_index < ack);
  CHECK(storage.inner.EventsOf(1).back().text.rfind("0 ", 0) == 0);
}

TEST_CASE_METHOD(Fixture, "a restart restores a bot holding the seat of a player who left") {
  table->Open(peer, me, "open");
  for (int seat = 1; seat < 4; ++seat) table->AddBot(peer, me, seat, "bot" + std::to_string(seat));
  table->Sit(peer, me, 0, "sit");
  table->SetReady(peer, me, true, "ready");
  Settle();
  REQUIRE(peer->LastSeq() == 1);  // started; the deal waits for storage

  // She leaves during the match: a bot holds her seat, and that is stored at once.
  table->Leave(peer, me, "leave");
  Settle();
  auto unfinished = storage.inner.LoadUnfinishedMatches();
  REQUIRE(unfinished.size() == 1);
  REQUIRE(unfinished[0].seat_holds.size() == 4);
  CHECK(unfinished[0].seat_holds[0] == SeatHold{.bot_holding = true, .left = true, .timeouts = 0});
  CHECK(unfinished[0].seat_holds[1] == SeatHold{});

  // The server stops before the deal is stored; a new one rebuilds the table. Her turn
  // clock is a minute, so only a bot holding her seat lets the match finish here, and
  // only her having left lets the table close as it ends.
  storage.held.clear();
  storage.hold = false;
  bool closed = false;
  auto restored =
      std::make_shared<Table>(io.get_executor(), PilottaTable("t2"), config, storage, lobby,
                              metrics, secret, [&](const std::string&) { closed = true; });
  REQUIRE(restored->Restore(unfinished[0]).empty());
  // Only what is ready now runs: a turn clock or the empty table's grace would stop it.
  io.restart();
  while (!closed && io.poll_one() > 0) {
  }
  CHECK(closed);
  CHECK(storage.inner.FinishedMatchRecord(unfinished[0].match.match_id));
  const auto history = storage.inner.MatchHistory(me.account_id, 1, 0);
  REQUIRE(history.size() == 1);
  CHECK(history[0].state == "abandoned");  // she left and never came back (docs/ratings.md)
}

TEST_CASE_METHOD(Fixture, "between matches the seating is stored, and a restart seats it again") {
  storage.hold = false;
  REQUIRE(storage.CreateAccount(AccountRecord{0, "me", "hash", false, 0})->id == me.account_id);
  const std::int64_t number = storage.SaveTable(
      TableRecord{"t1", "pilotta", "cyprus target=51", 4, false, "", 60000, 1, 0, 0, false});
  table->Open(peer, me, "open");
  table->Sit(peer, me, 2, "sit");
  for (int seat : {0, 1, 3}) table->AddBot(peer, me, seat, "bot" + std::to_string(seat));
  table->Stand(peer, me, "stand");
  Settle();
  auto open = storage.inner.LoadOpenTables();
  REQUIRE(open.size() == 1);
  CHECK(open[0].seats.size() == 3);  // the bots
  table->Sit(peer, me, 2, "sit again");
  Settle();
  open = storage.inner.LoadOpenTables();
  REQUIRE(open.size() == 1);
  CHECK(open[0].table_number == number);
  std::vector<std::pair<int, std::int64_t>> seats;
  for (const TableSeatRecord& seat : open[0].seats) seats.emplace_back(seat.seat, seat.account_id);
  CHECK(seats == std::vector<std::pair<int, std::int64_t>>{{0, 0}, {1, 0}, {2, 1}, {3, 0}});
  CHECK(open[0].seats[2].name == "me");

  // Two matches of the series were played before the server stopped; the second one's
  // result stored the series with the seating.
  storage.SaveMatchResult(MatchResultRecord{
      99,
      1,
      {51, 30},
      1,
      -1,
      SeriesRecord{"t1", 2, {1, 1}},
      {{0, 0, {}, false}, {1, 0, {}, false}, {2, me.account_id, {}, false}, {3, 0, {}, false}}});
  open = storage.inner.LoadOpenTables();
  REQUIRE(open.size() == 1);
  TableSettings settings = PilottaTable("t1");
  settings.table_number = open[0].table_number;
  bool closed = false;
  auto restored =
      std::make_shared<Table>(io.get_executor(), settings, config, storage, lobby, metrics, secret,
                              [&](const std::string&) { closed = true; });
  restored->RestoreSeating(open[0]);
  Settle();
  CHECK_FALSE(closed);  // waiting the grace for its player

  // She comes back: her seat is hers, not ready; once she is, the series' third match
  // starts with the third dealer in turn.
  auto back = std::make_shared<RecordingPeer>(2);
  restored->Join(back, me, "", 0, 0, "join");
  restored->SetReady(back, me, true, "ready");
  Settle();
  CHECK(back->received[static_cast<std::size_t>(back->IndexOf("ready"))]->has_ok());
  const auto events = back->Events();
  REQUIRE_FALSE(events.empty());
  REQUIRE(events[0]->has_match_started());
  CHECK(events[0]->match_started().first_dealer() ==
        (fairness::FirstDealer(secret, number, 4) + 2) % 4);
  const auto live = storage.inner.LoadUnfinishedMatches();
  REQUIRE(live.size() == 1);
  CHECK(live[0].match.match_number == 3);
  CHECK(live[0].match.seat_accounts == std::vector<std::int64_t>{0, 0, 1, 0});
  CHECK(storage.inner.LoadOpenTables().empty());  // the table comes back with its match now
}

TEST_CASE_METHOD(Fixture, "a restored table nobody comes back to closes, and stays closed") {
  storage.hold = false;
  config.empty_table_grace_ms = 0;
  storage.SaveTable(
      TableRecord{"t1", "pilotta", "cyprus target=51", 4, false, "", 60000, 1, 0, 0, false});
  table->Open(peer, me, "open");
  table->Sit(peer, me, 0, "sit");
  Settle();
  auto open = storage.inner.LoadOpenTables();
  REQUIRE(open.size() == 1);
  REQUIRE(open[0].seats.size() == 1);

  bool closed = false;
  auto restored =
      std::make_shared<Table>(io.get_executor(), PilottaTable("t1"), config, storage, lobby,
                              metrics, secret, [&](const std::string&) { closed = true; });
  restored->RestoreSeating(open[0]);
  Settle();
  CHECK(closed);
  CHECK(storage.inner.LoadOpenTables().empty());
}

TEST_CASE_METHOD(Fixture, "a series of bot matches rotates the first dealer and keeps the score") {
  storage.hold = false;
  table->Open(peer, me, "open");
  for (int seat = 0; seat < 4; ++seat) table->AddBot(peer, me, seat, "bot" + std::to_string(seat));
  std::vector<int> first_dealers;
  std::vector<std::array<int, 2>> scores;
  for (int guard = 0; guard < 200000 && scores.size() < 3; ++guard) {
    io.restart();
    io.run_one();
    for (auto& m : peer->received) {
      if (!m->has_match_event()) continue;
      const auto& event = m->match_event();
      if (event.has_match_started()) first_dealers.push_back(event.match_started().first_dealer());
      if (event.has_match_ended()) {
        scores.push_back(
            {event.match_ended().series_score(0), event.match_ended().series_score(1)});
      }
    }
    peer->received.clear();
  }
  REQUIRE(scores.size() == 3);
  REQUIRE(first_dealers.size() >= 3);
  CHECK(first_dealers[1] == (first_dealers[0] + 1) % 4);
  CHECK(first_dealers[2] == (first_dealers[0] + 2) % 4);
  for (std::size_t i = 0; i < scores.size(); ++i)
    CHECK(scores[i][0] + scores[i][1] == static_cast<int>(i) + 1);
}

}  // namespace
}  // namespace kafenio::server
