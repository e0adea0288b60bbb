// Storage benchmark (docs/performance.md, "Storage" and "PostgreSQL and several nodes"):
// durable moves per second through the group-commit writer, and enqueue-to-durable latency
// at a paced rate, on SQLite or (--db postgresql://...) PostgreSQL. A plain program rather
// than a Google Benchmark: it measures a pipeline across threads, which Benchmark's
// per-iteration timing does not fit.
//
//   storage_bench [--db PATH|postgresql://...] [--node NAME] [--moves N] [--producers P]
//                 [--rate R] [--seconds S] [--checkpoint-ms MS]
//
// --node writes as a clustered node (PostgreSQL): every match is at a table leased to it,
// and the database checks the lease on every move (the fencing triggers of migration 7).
//
// Unknown arguments are ignored, so scripts/run-benchmarks.sh can run it with Benchmark's.
#include <algorithm>
#include <atomic>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "server/storage/open_storage.h"
#include "server/storage/postgres/connection.h"
#include "server/storage/sqlite_storage.h"

namespace {

using Clock = std::chrono::steady_clock;
using kafenio::storage::MoveEvent;
using kafenio::storage::Storage;
using kafenio::storage::WriteStatus;
using kafenio::storage::WriteTransaction;

struct Options {
  std::string db = "./var/bench/storage-bench.db";
  std::string node;  // PostgreSQL only: write as this clustered node
  long moves = 500000;
  int producers = 4;
  long rate = 20000;
  double seconds = 10;
  int matches = 1000;
  long checkpoint_ms = 1000;
};

long Number(std::string_view text) {
  long value = 0;
  std::from_chars(text.data(), text.data() + text.size(), value);
  return value;
}

Options Parse(int argc, char** argv) {
  Options options;
  for (int i = 1; i + 1 < argc; ++i) {
    const std::string_view flag = argv[i];
    const std::string_view value = argv[i + 1];
    if (flag == "--db")
      options.db = value, ++i;
    else if (flag == "--node")
      options.node = value, ++i;
    else if (flag == "--moves")
      options.moves = Number(value), ++i;
    else if (flag == "--producers")
      options.producers = static_cast<int>(Number(value)), ++i;
    else if (flag == "--rate")
      options.rate = Number(value), ++i;
    else if (flag == "--checkpoint-ms")
      options.checkpoint_ms = Number(value), ++i;
    else if (flag == "--seconds")
      options.seconds = static_cast<double>(Number(value)), ++i;
  }
  return options;
}

// Matches to write moves to; a clustered node's are at tables it holds.
std::vector<std::int64_t> CreateMatches(Storage& store, int count, bool at_tables) {
  std::vector<std::int64_t> ids(static_cast<std::size_t>(count));
  for (auto& id : ids) {
    store.Enqueue(
        [&id, at_tables](WriteTransaction& tx) {
          kafenio::storage::Match match;
          match.game = "pilotta";
          match.rules = "cyprus";
          if (at_tables) {
            kafenio::storage::GameTable table;
            table.game = match.game;
            table.rules = match.rules;
            match.table_id = tx.CreateTable(table);  // leased to the node by the database
          }
          for (int seat = 0; seat < 4; ++seat) match.seats.push_back({std::nullopt, "bench"});
          id = tx.CreateMatch(match);
        },
        nullptr);
  }
  store.Flush();
  return ids;
}

// Appends the next move of one of the matches, round robin; each match keeps its own
// sequence so every insert is a real, unique event.
class MoveSource {
 public:
  explicit MoveSource(std::vector<std::int64_t> matches)
      : matches_(std::move(matches)), next_sequence_(matches_.size(), 1) {}
  MoveEvent Next(std::size_t producer, std::size_t producers) {
    std::size_t& cursor = cursors_[producer];
    // Each producer owns the matches i with i % producers == producer.
    const std::size_t index = producer + producers * cursor;
    cursor = index + producers >= matches_.size() ? 0 : cursor + 1;
    const std::int64_t sequence = next_sequence_[index]++;
    return MoveEvent{matches_[index], sequence, 1, static_cast<int>(sequence % 4),
                     "play Jh",       sequence};
  }
  void Producers(std::size_t count) { cursors_.assign(count, 0); }

 private:
  std::vector<std::int64_t> matches_;
  std::vector<std::int64_t> next_sequence_;
  std::vector<std::size_t> cursors_;
};

void Throughput(Storage& store, MoveSource& source, const Options& options) {
  source.Producers(static_cast<std::size_t>(options.producers));
  std::atomic<long> durable = 0;
  std::atomic<long> failed = 0;
  const long per_producer = options.moves / options.producers;
  const auto start = Clock::now();
  std::vector<std::thread> producers;
  for (int p = 0; p < options.producers; ++p) {
    producers.emplace_back([&, p] {
      for (long i = 0; i < per_producer; ++i) {
        const MoveEvent move =
            source.Next(static_cast<std::size_t>(p), static_cast<std::size_t>(options.producers));
        store.Enqueue([move](WriteTransaction& tx) { tx.AppendMove(move); },
                      [&](const WriteStatus& status) { ++(status.ok() ? durable : failed); });
      }
    });
  }
  for (auto& producer : producers) producer.join();
  store.Flush();
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  std::printf("throughput: %ld durable moves in %.3f s = %.0f moves/s (%d producers, %ld failed)\n",
              durable.load(), seconds, static_cast<double>(durable) / seconds, options.producers,
              failed.load());
}

void PacedLatency(Storage& store, MoveSource& source, const Options& options) {
  source.Producers(1);
  const long total = static_cast<long>(static_cast<double>(options.rate) * options.seconds);
  const auto interval = std::chrono::nanoseconds(1'000'000'000 / options.rate);
  std::vector<double> latency_us(static_cast<std::size_t>(total));
  std::atomic<long> failed = 0;
  const auto start = Clock::now();
  for (long i = 0; i < total; ++i) {
    // Paced by an absolute schedule, so a late wake-up is followed by a catch-up burst
    // rather than shifting every later move. Sleeping, not spinning: on a small machine a
    // spinning producer would steal the writer's core and measure itself.
    std::this_thread::sleep_until(start + interval * i);
    const MoveEvent move = source.Next(0, 1);
    const auto enqueued = Clock::now();
    double* slot = &latency_us[static_cast<std::size_t>(i)];
    store.Enqueue([move](WriteTransaction& tx) { tx.AppendMove(move); },
                  [slot, enqueued, &failed](const WriteStatus& status) {
                    if (!status.ok()) ++failed;
                    *slot =
                        std::chrono::duration<double, std::micro>(Clock::now() - enqueued).count();
                  });
  }
  store.Flush();
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  std::sort(latency_us.begin(), latency_us.end());
  auto percentile = [&](double p) {
    return latency_us[static_cast<std::size_t>(p * static_cast<double>(total - 1))] / 1000.0;
  };
  std::printf(
      "paced %ld moves/s for %.1f s (%ld moves, %.0f achieved/s, %ld failed): enqueue-to-durable "
      "p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, p99.9 %.2f ms, max %.2f ms\n",
      options.rate, options.seconds, total, static_cast<double>(total) / seconds, failed.load(),
      percentile(0.50), percentile(0.90), percentile(0.99), percentile(0.999),
      latency_us.back() / 1000.0);
}

// Each measurement gets a fresh database, so the paced run does not inherit the
// throughput run's checkpoint backlog (on PostgreSQL: emptied tables).
std::unique_ptr<Storage> FreshStore(const Options& options) {
  if (kafenio::storage::IsPostgres(options.db)) {
    // Leases long enough for the whole run.
    auto store = kafenio::storage::OpenStorage({options.db, options.node, 3'600'000});
    kafenio::storage::pg::Connection db(options.db);
    db.Command(
        "TRUNCATE move_events, hand_seeds, match_seats, matches, table_leases, series,"
        " game_tables RESTART IDENTITY CASCADE");
    db.Command("CHECKPOINT");
    return store;
  }
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(options.db + suffix);
  return kafenio::storage::OpenSqliteStorage(kafenio::storage::SqliteOptions{
      options.db, std::chrono::milliseconds(options.checkpoint_ms)});
}

}  // namespace

int main(int argc, char** argv) {
  const Options options = Parse(argc, argv);
  if (kafenio::storage::IsPostgres(options.db)) {
    kafenio::storage::pg::Connection db(options.db);
    std::printf("database PostgreSQL %s (synchronous_commit=on, fsync=%s), %d matches%s%s\n",
                db.Command("SHOW server_version").Text(0, 0).c_str(),
                db.Command("SHOW fsync").Text(0, 0).c_str(), options.matches,
                options.node.empty() ? "" : ", as clustered node ", options.node.c_str());
  } else {
    std::printf("database %s (WAL, synchronous=FULL), %d matches, checkpoint every %ld ms\n",
                options.db.c_str(), options.matches, options.checkpoint_ms);
  }
  {
    auto store = FreshStore(options);
    MoveSource source(CreateMatches(*store, options.matches, !options.node.empty()));
    Throughput(*store, source, options);
    store->Close();
  }
  {
    auto store = FreshStore(options);
    MoveSource source(CreateMatches(*store, options.matches, !options.node.empty()));
    PacedLatency(*store, source, options);
    store->Close();
  }
  return 0;
}
