#pragma once
// Tables driven without a network: a directory of tables on an io_context of the test's,
// the server's store in memory behind a match log that can hold event writes back (a slow
// disk) or fail them (a broken one), a manual clock, and peers that record what they are
// sent.
#include <boost/asio/io_context.hpp>
#include <catch2/catch.hpp>
#include <deque>
#include <set>
#include <string>

#include "server/app/crypto.h"
#include "server/app/table_directory.h"
#include "server/fairness/server_secret.h"
#include "tests/server_unit/store_fixture.h"
#include "tests/table/recording_peer.h"

namespace kafenio::server::testing {

// The store's match log, with event writes held until Release() while `hold` is set, and
// every write failing while `fail` is set (or only those named in `failing`: "table",
// "match", "event", "seat", "finish", "abandon", "seats", "close", "moderation").
class HeldLog final : public MatchLog {
 public:
  explicit HeldLog(MatchLog& inner) : inner_(inner) {}
  bool hold = false;
  bool fail = false;
  std::set<std::string> failing;
  std::size_t held() const { return held_.size(); }
  const MatchEventRecord& held_event(std::size_t i) const { return held_[i].event; }
  // The server stopped before they were stored.
  void Drop() { held_.clear(); }
  void Release() {
    auto batch = std::move(held_);
    held_.clear();
    for (auto& h : batch) inner_.AppendEvent(h.event, h.executor, h.then);
  }

  void CreateTable(TableRecord t, Executor ex, Then<Written<std::int64_t>> then) override {
    if (Fails("table")) return PostResult<Written<std::int64_t>>(ex, then, {Failed(), 0});
    inner_.CreateTable(t, ex, then);
  }
  void CreateMatch(MatchRecord m, Executor ex, Then<Written<std::int64_t>> then) override {
    if (Fails("match")) return PostResult<Written<std::int64_t>>(ex, then, {Failed(), 0});
    inner_.CreateMatch(m, ex, then);
  }
  void AppendEvent(MatchEventRecord e, Executor ex, Then<WriteResult> then) override {
    if (Fails("event")) return PostResult(ex, then, Failed());
    if (hold) return held_.push_back(Held{std::move(e), ex, std::move(then)});
    inner_.AppendEvent(e, ex, then);
  }
  void SaveHandResult(std::int64_t m, HandResultRecord r, Executor ex,
                      Then<WriteResult> then) override {
    if (Fails("result")) return PostResult(ex, then, Failed());
    inner_.SaveHandResult(m, r, ex, then);
  }
  void SaveSeatHold(std::int64_t m, int seat, SeatHold h, Executor ex,
                    Then<WriteResult> then) override {
    if (Fails("seat")) return PostResult(ex, then, Failed());
    inner_.SaveSeatHold(m, seat, h, ex, then);
  }
  void FinishMatch(MatchResultRecord r, Executor ex, Then<WriteResult> then) override {
    if (Fails("finish")) return PostResult(ex, then, Failed());
    inner_.FinishMatch(r, ex, then);
  }
  void AbandonMatch(std::int64_t m, std::string record, std::int64_t ms, Executor ex,
                    Then<WriteResult> then) override {
    if (Fails("abandon")) return PostResult(ex, then, Failed());
    inner_.AbandonMatch(m, record, ms, ex, then);
  }
  void SaveTableSeats(std::int64_t t, std::vector<TableSeatRecord> seats, Executor ex,
                      Then<WriteResult> then) override {
    if (Fails("seats")) return PostResult(ex, then, Failed());
    inner_.SaveTableSeats(t, seats, ex, then);
  }
  void WriteModeration(std::function<void(storage::StaffSql&)> op, Executor ex,
                       Then<WriteResult> then) override {
    if (Fails("moderation")) return PostResult(ex, then, Failed());
    inner_.WriteModeration(op, ex, then);
  }
  void CloseTable(std::int64_t t, std::int64_t ms, Executor ex, Then<WriteResult> then) override {
    if (Fails("close")) return PostResult(ex, then, Failed());
    inner_.CloseTable(t, ms, ex, then);
  }
  void ReopenTable(std::int64_t t, Executor ex, Then<WriteResult> then) override {
    if (Fails("reopen")) return PostResult(ex, then, Failed());
    inner_.ReopenTable(t, ex, then);
  }
  std::vector<RecoveredMatch> LoadUnfinishedMatches() override {
    return inner_.LoadUnfinishedMatches();
  }
  std::vector<RecoveredTable> LoadOpenTables() override { return inner_.LoadOpenTables(); }

 private:
  bool Fails(const std::string& write) const { return fail || failing.count(write) != 0; }
  static WriteResult Failed() { return {WriteResult::Failure::unavailable, "the disk is gone"}; }
  struct Held {
    MatchEventRecord event;
    Executor executor;
    Then<WriteResult> then;
  };
  MatchLog& inner_;
  std::deque<Held> held_;
};

// A listener that keeps what tables report.
struct ReportedNews final : TableListener {
  std::vector<std::int64_t> started;
  std::vector<MatchOutcome> finished;
  std::vector<std::pair<std::string, std::string>> closed;
  void MatchStarted(const std::string&, std::int64_t match_id) override {
    started.push_back(match_id);
  }
  void MatchFinished(const MatchOutcome& outcome) override { finished.push_back(outcome); }
  void TableClosed(const std::string& id, const std::string& reason) override {
    closed.emplace_back(id, reason);
  }
};

struct TableHarness : StoreFixture {
  TableHarness() {
    REQUIRE(InitCrypto());
    directory.AddListener(news);
  }

  // Runs what is ready, then waits for storage's queue and runs what it answered, until
  // nothing is left to run (held writes stay held).
  void Settle() {
    for (;;) {
      io.restart();
      std::size_t ran = io.poll();
      store.storage().Flush();
      io.restart();
      ran += io.poll();
      if (ran == 0) return;
    }
  }
  // Moves the clock on and runs what comes due.
  void Advance(std::int64_t ms) {
    clock.Advance(ms);
    Settle();
  }
  // A stored table in the directory.
  std::shared_ptr<server::Table> NewTable(TableSettings settings) {
    settings.table_number = StoreTable(
        TableRecord{settings.table_id, settings.game, settings.rules_text, settings.seats,
                    settings.is_private, settings.invite_code, settings.turn_clock_ms, 0,
                    clock.NowMs(), settings.series_matches, settings.rated});
    return directory.Add(settings);
  }
  std::shared_ptr<RecordingPeer> Peer(std::uint64_t id) {
    return std::make_shared<RecordingPeer>(id);
  }

  ServerConfig config;
  ManualClock clock{1'700'000'000'000};
  Metrics metrics;
  fairness::ServerSecret secret = fairness::NewServerSecret();
  HeldLog log{store};
  Lobby lobby;
  TableDirectory directory{TableServices{io.get_executor(), config, log, metrics, clock, secret},
                           lobby};
  ReportedNews news;
};

// A Pilotta table to 51 with a one-minute turn clock.
inline TableSettings PilottaTable(std::string table_id) {
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

}  // namespace kafenio::server::testing
