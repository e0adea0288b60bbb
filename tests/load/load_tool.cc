// kafenio_load: N Pilotta tables over real WebSockets against a running `kafenio serve`,
// each playing a series of M matches, in one of two patterns:
//   --pattern players (the default): four client connections per table, as the peers'
//     harness loads Colyseus and boardgame.io; each plays a random legal move from its
//     own view (built from whole views and patches) as soon as it is its turn, or after
//     --think-ms. Every move is a client's: one frame in, four out.
//   --pattern bots: one client (seat 0) and three server bots per table; the server's
//     bots make most moves, so a move costs one socket write.
// Frames are protobuf binary (--frames binary) or JSON text (--frames json). Reports
// moves/s, the server's CPU time per move (from /proc/PID/stat when --server-pid is
// given), the clients' move round trips (request to the move's own event), and the
// server's own view of those moves (arrival to acknowledgement, from the
// kafenio_move_latency_seconds histogram of /metrics), which leaves out the time the
// load tool itself takes to send and to read when it shares the machine.
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "kafenio/v1/kafenio.pb.h"
#include "server/codec/frame_codec.h"
#include "server/codec/view_patch.h"
#include "tests/load/flags.h"
#include "tests/load/server_probe.h"

namespace {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;
using Clock = std::chrono::steady_clock;
namespace v1 = kafenio::v1;

struct Options {
  std::string host = "127.0.0.1";
  std::string port = "8080";
  std::string metrics_port = "8081";  // the admin listener, which serves /metrics
  int tables = 100;
  int matches = 1;
  std::string preset = "cyprus";
  int target = 151;
  long server_pid = 0;
  int ramp_ms = 0;  // tables start spread over this long instead of all at once
  std::string pattern = "players";
  std::string frames = "binary";
  int think_ms = 0;  // a player's pause before each move (paced play)
  bool players() const { return pattern == "players"; }
  bool text() const { return frames == "json"; }
};

struct Totals {
  long moves = 0;
  int tables_done = 0;
  std::vector<double> round_trips_us;
};

// What the four connections of one table share: the table's id once seat 0 made it, and
// the seats waiting for it.
class SeatClient;
struct TableSetup {
  std::string table_id;
  std::vector<std::shared_ptr<SeatClient>> waiting;
};

// One connection, in one seat. Seat 0 creates the table (and in the bots pattern adds
// the bots); the other seats join it once it exists.
class SeatClient : public std::enable_shared_from_this<SeatClient> {
 public:
  SeatClient(net::io_context& io, const Options& options, Totals& totals,
             std::shared_ptr<TableSetup> setup, int table, int seat)
      : ws_(net::make_strand(io)),
        think_(ws_.get_executor()),
        options_(options),
        totals_(totals),
        setup_(std::move(setup)),
        table_(table),
        seat_(seat),
        random_(static_cast<std::uint32_t>(table * 4 + seat + 1)) {}

  void Start(const tcp::resolver::results_type& endpoints) {
    beast::get_lowest_layer(ws_).connect(endpoints);
    beast::get_lowest_layer(ws_).socket().set_option(tcp::no_delay(true));
    ws_.binary(!options_.text());
    ws_.handshake(options_.host, "/ws");
    v1::Envelope e;
    e.mutable_sign_in_guest()->set_name("load" + std::to_string(table_) + "s" +
                                        std::to_string(seat_));
    Send(e, "signin");
    Read();
  }

  // Seat 0 made the table: join it.
  void Join() {
    v1::Envelope e;
    e.mutable_join_table()->set_table_id(setup_->table_id);
    Send(e, "join");
    Sit();
  }

 private:
  void Send(v1::Envelope& envelope, const std::string& request_id) {
    envelope.set_request_id(request_id);
    queue_.push_back(kafenio::server::EncodeFrame(envelope, options_.text()));
    if (queue_.size() == 1) Write();
  }
  void Write() {
    ws_.async_write(net::buffer(queue_.front()),
                    [self = shared_from_this()](beast::error_code ec, std::size_t) {
                      if (ec) return self->Fail("write", ec);
                      self->queue_.pop_front();
                      if (!self->queue_.empty()) self->Write();
                    });
  }
  void Read() {
    ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec) return self->Fail("read", ec);
      const auto data = self->buffer_.data();
      v1::Envelope message;
      std::string error;
      if (!kafenio::server::DecodeFrame(
              std::string_view(static_cast<const char*>(data.data()), data.size()),
              self->options_.text(), message, error)) {
        std::fprintf(stderr, "table %d: a frame that does not decode: %s\n", self->table_,
                     error.c_str());
        std::exit(1);
      }
      self->buffer_.consume(self->buffer_.size());
      self->On(message);
      if (!self->done_) self->Read();
    });
  }
  void Fail(const char* what, beast::error_code ec) {
    if (done_) return;
    std::fprintf(stderr, "table %d seat %d: %s: %s\n", table_, seat_, what, ec.message().c_str());
    std::exit(1);
  }

  void On(const v1::Envelope& m) {
    if (m.has_error()) {
      if (m.error().code() == v1::NOT_YOUR_TURN) return;
      std::fprintf(stderr, "table %d seat %d: error %s: %s\n", table_, seat_,
                   v1::ErrorCode_Name(m.error().code()).c_str(), m.error().message().c_str());
      std::exit(1);
    }
    const std::string& rid = m.request_id();
    if (rid == "signin") return seat_ == 0 ? CreateTable() : Wait();
    if (rid == "create") return TableMade(m.table_created().table_id());
    if (rid == "move") {
      // The move's own event is the reply.
      totals_.round_trips_us.push_back(
          std::chrono::duration<double, std::micro>(Clock::now() - move_sent_).count());
      move_pending_ = false;
    }
    if (!m.has_match_event()) return;
    const v1::MatchEvent& event = m.match_event();
    if (event.has_move_played() && seat_ == 0) ++totals_.moves;
    if (event.has_match_ended()) {
      if (++matches_done_ >= options_.matches) {
        done_ = true;
        if (seat_ == 0) ++totals_.tables_done;
        beast::get_lowest_layer(ws_).close();
        return;
      }
      return Ready();
    }
    if (event.has_view()) {
      view_ = event.view();
    } else {
      kafenio::server::ApplyViewPatch(event.patch(), view_);
    }
    MaybeMove();
  }

  void CreateTable() {
    v1::Envelope e;
    v1::CreateTable& create = *e.mutable_create_table();
    create.set_game("pilotta");
    create.set_preset(options_.preset);
    create.add_options("target=" + std::to_string(options_.target));
    create.set_series_matches(options_.matches);
    // The longest clock a table may have, so that no clock runs out while other tables
    // are still being seated.
    create.set_turn_clock_ms(600000);
    Send(e, "create");
  }
  void TableMade(const std::string& table_id) {
    setup_->table_id = table_id;
    if (!options_.players()) {
      for (int seat = 1; seat < 4; ++seat) {
        v1::Envelope e;
        e.mutable_add_bot()->set_table_id(table_id);
        e.mutable_add_bot()->set_seat(seat);
        Send(e, "bot");
      }
    }
    Sit();
    for (const auto& seat : setup_->waiting) seat->Join();
    setup_->waiting.clear();
  }
  void Wait() {
    if (!setup_->table_id.empty()) return Join();
    setup_->waiting.push_back(shared_from_this());
  }
  void Sit() {
    v1::Envelope sit;
    sit.mutable_sit()->set_table_id(setup_->table_id);
    sit.mutable_sit()->set_seat(seat_);
    Send(sit, "sit");
    Ready();
  }
  void Ready() {
    v1::Envelope e;
    e.mutable_set_ready()->set_table_id(setup_->table_id);
    e.mutable_set_ready()->set_ready(true);
    Send(e, "ready");
  }

  void MaybeMove() {
    const v1::PilottaView& view = view_.pilotta();
    if (move_pending_ || view.to_act() != seat_ || view.legal_moves_size() == 0) return;
    // Bots pattern: the first legal move (as before); players: a random one, as the
    // peers' bots choose.
    const int pick = options_.players() ? std::uniform_int_distribution<int>(
                                              0, view.legal_moves_size() - 1)(random_)
                                        : 0;
    v1::Envelope e;
    e.mutable_play_move()->set_table_id(setup_->table_id);
    e.mutable_play_move()->mutable_move()->set_notation(view.legal_moves(pick).notation());
    move_pending_ = true;
    if (options_.think_ms <= 0) return SendMove(e);
    think_.expires_after(std::chrono::milliseconds(options_.think_ms));
    think_.async_wait([self = shared_from_this(), e](beast::error_code ec) mutable {
      if (!ec) self->SendMove(e);
    });
  }
  void SendMove(v1::Envelope& e) {
    move_sent_ = Clock::now();
    Send(e, "move");
  }

  websocket::stream<beast::tcp_stream> ws_;
  net::steady_timer think_;
  const Options& options_;
  Totals& totals_;
  std::shared_ptr<TableSetup> setup_;
  int table_;
  int seat_;
  std::mt19937 random_;
  beast::flat_buffer buffer_;
  std::deque<std::string> queue_;
  v1::GameView view_;  // from whole views and patches
  bool move_pending_ = false;
  Clock::time_point move_sent_;
  int matches_done_ = 0;
  bool done_ = false;
};

}  // namespace

int main(int argc, char** argv) {
  using namespace kafenio::load;
  Options options;
  const bool understood = ParseFlags(argc, argv,
                                     {{"--port", Text(options.port)},
                                      {"--host", Text(options.host)},
                                      {"--metrics-port", Text(options.metrics_port)},
                                      {"--tables", Number(options.tables)},
                                      {"--matches", Number(options.matches)},
                                      {"--preset", Text(options.preset)},
                                      {"--target", Number(options.target)},
                                      {"--server-pid", Number(options.server_pid)},
                                      {"--ramp-ms", Number(options.ramp_ms)},
                                      {"--pattern", Text(options.pattern)},
                                      {"--frames", Text(options.frames)},
                                      {"--think-ms", Number(options.think_ms)}});
  if (!understood || (options.pattern != "players" && options.pattern != "bots") ||
      (options.frames != "binary" && options.frames != "json")) {
    std::fprintf(
        stderr,
        "usage: kafenio_load [--host H] [--port P] [--metrics-port P] [--tables N] [--matches M] "
        "[--preset P] [--target T] [--server-pid PID] [--ramp-ms MS] "
        "[--pattern players|bots] [--frames binary|json] [--think-ms MS]\n");
    return 2;
  }
  net::io_context io;
  Totals totals;
  tcp::resolver resolver(io);
  const auto endpoints = resolver.resolve(options.host, options.port);
  const auto latency_before = LatencyHistogram(options.host, options.metrics_port);
  const double cpu_before = CpuSeconds(options.server_pid);
  const double waiting_before = RunQueueSeconds(options.server_pid);
  const auto start = Clock::now();
  // Tables join at once, or one after another over --ramp-ms (so that paced players,
  // whose timers would otherwise all fire together, fall out of step as people do).
  std::vector<std::unique_ptr<net::steady_timer>> starts;
  const int seats = options.players() ? 4 : 1;
  for (int i = 0; i < options.tables; ++i) {
    auto setup = std::make_shared<TableSetup>();
    std::vector<std::shared_ptr<SeatClient>> clients;
    for (int seat = 0; seat < seats; ++seat) {
      clients.push_back(std::make_shared<SeatClient>(io, options, totals, setup, i, seat));
    }
    auto start_table = [clients, &endpoints](beast::error_code = {}) {
      for (const auto& client : clients) client->Start(endpoints);
    };
    if (options.ramp_ms <= 0) {
      start_table();
      continue;
    }
    starts.push_back(std::make_unique<net::steady_timer>(
        io, std::chrono::microseconds(std::int64_t{options.ramp_ms} * 1000 * i / options.tables)));
    starts.back()->async_wait(start_table);
  }
  io.run();
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  const double cpu = CpuSeconds(options.server_pid) - cpu_before;
  const double waiting = RunQueueSeconds(options.server_pid) - waiting_before;
  std::printf("tables %d (%s pattern, %s frames), matches %d each, %s target %d\n", options.tables,
              options.pattern.c_str(), options.frames.c_str(), options.matches,
              options.preset.c_str(), options.target);
  std::printf("moves %ld in %.2f s: %.0f moves/s\n", totals.moves, seconds,
              static_cast<double>(totals.moves) / seconds);
  if (options.server_pid > 0) {
    std::printf("server CPU %.2f s: %.1f us per move\n", cpu,
                cpu * 1e6 / static_cast<double>(totals.moves));
    std::printf("server threads waited %.2f s for a CPU (run queue), %.0f%% of the run\n", waiting,
                100 * waiting / seconds);
  }
  std::printf("client moves %zu, round trip us: p50 %.0f p90 %.0f p99 %.0f max %.0f\n",
              totals.round_trips_us.size(), Percentile(totals.round_trips_us, 0.5),
              Percentile(totals.round_trips_us, 0.9), Percentile(totals.round_trips_us, 0.99),
              Percentile(totals.round_trips_us, 1.0));
  const auto latency_after = LatencyHistogram(options.host, options.metrics_port);
  std::printf(
      "server move latency us (arrival to ack, bucket bounds): p50 %.0f p90 %.0f p99 %.0f\n",
      HistogramPercentile(latency_before, latency_after, 0.5),
      HistogramPercentile(latency_before, latency_after, 0.9),
      HistogramPercentile(latency_before, latency_after, 0.99));
  return totals.tables_done == options.tables ? 0 : 1;
}
