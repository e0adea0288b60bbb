// kafenio_load: N tables over real WebSockets against a running `kafenio serve`. Each
// table has one client player (seat 0, binary frames, plays the first legal move at
// once) and three server bots, and plays a series of M matches. Reports moves/s (every
// move, bots' included), the server's CPU time per move (from /proc/PID/stat when
// --server-pid is given), the client player's move round trips (request to Ok), and the
// server's own view of those moves (arrival to acknowledgement, from the
// kafenio_move_latency_seconds histogram of /metrics), which leaves out the time the
// load tool itself takes to send and to read when it shares the machine.
#include <unistd.h>
#include <algorithm>
#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "kafenio/v1/kafenio.pb.h"
#include "server/codec/view_patch.h"

#include "flags.h"

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
  int tables = 100;
  int matches = 1;
  std::string preset = "cyprus";
  int target = 151;
  long server_pid = 0;
  int ramp_ms = 0;  // tables start spread over this long instead of all at once
};

struct Totals {
  long moves = 0;
  int tables_done = 0;
  std::vector<double> round_trips_us;
};

class TableClient : public std::enable_shared_from_this<TableClient> {
 public:
  TableClient(net::io_context& io, const Options& options, Totals& totals, int index)
      : ws_(net::make_strand(io)), options_(options), totals_(totals), index_(index) {}

  void Start(const tcp::resolver::results_type& endpoints) {
    beast::get_lowest_layer(ws_).connect(endpoints);
    beast::get_lowest_layer(ws_).socket().set_option(tcp::no_delay(true));
    ws_.binary(true);
    ws_.handshake(options_.host, "/ws");
    v1::Envelope e;
    e.mutable_sign_in_guest()->set_name("load" + std::to_string(index_));
    Send(e, "signin");
    Read();
  }

 private:
  void Send(v1::Envelope& envelope, const std::string& request_id) {
    envelope.set_request_id(request_id);
    queue_.push_back(envelope.SerializeAsString());
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
      v1::Envelope message;
      const auto data = self->buffer_.data();
      message.ParseFromArray(data.data(), static_cast<int>(data.size()));
      self->buffer_.consume(self->buffer_.size());
      self->On(message);
      if (!self->done_) self->Read();
    });
  }
  void Fail(const char* what, beast::error_code ec) {
    if (done_) return;
    std::fprintf(stderr, "table %d: %s: %s\n", index_, what, ec.message().c_str());
    std::exit(1);
  }

  void On(const v1::Envelope& m) {
    if (m.has_error()) {
      if (m.error().code() == v1::NOT_YOUR_TURN) return;
      std::fprintf(stderr, "table %d: error %s: %s\n", index_,
                   v1::ErrorCode_Name(m.error().code()).c_str(), m.error().message().c_str());
      std::exit(1);
    }
    const std::string& rid = m.request_id();
    if (rid == "signin") {
      v1::Envelope e;
      v1::CreateTable& create = *e.mutable_create_table();
      create.set_game("pilotta");
      create.set_preset(options_.preset);
      create.add_options("target=" + std::to_string(options_.target));
      create.set_series_matches(options_.matches);
      return Send(e, "create");
    }
    if (rid == "create") {
      table_ = m.table_created().table_id();
      for (int seat = 1; seat < 4; ++seat) {
        v1::Envelope e;
        e.mutable_add_bot()->set_table_id(table_);
        e.mutable_add_bot()->set_seat(seat);
        Send(e, "bot");
      }
      v1::Envelope sit;
      sit.mutable_sit()->set_table_id(table_);
      sit.mutable_sit()->set_seat(0);
      Send(sit, "sit");
      return Ready();
    }
    if (rid == "move") {
      // The move's own event is the reply.
      totals_.round_trips_us.push_back(
          std::chrono::duration<double, std::micro>(Clock::now() - move_sent_).count());
      move_pending_ = false;
    }
    if (!m.has_match_event()) return;
    const v1::MatchEvent& event = m.match_event();
    if (event.has_move_played()) ++totals_.moves;
    if (event.has_match_ended()) {
      if (++matches_done_ >= options_.matches) {
        done_ = true;
        ++totals_.tables_done;
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

  void Ready() {
    v1::Envelope e;
    e.mutable_set_ready()->set_table_id(table_);
    e.mutable_set_ready()->set_ready(true);
    Send(e, "ready");
  }

  void MaybeMove() {
    const v1::PilottaView& view = view_.pilotta();
    if (move_pending_ || view.to_act() != 0 || view.legal_moves_size() == 0) return;
    v1::Envelope e;
    e.mutable_play_move()->set_table_id(table_);
    e.mutable_play_move()->mutable_move()->set_notation(view.legal_moves(0).notation());
    move_pending_ = true;
    move_sent_ = Clock::now();
    Send(e, "move");
  }

  websocket::stream<beast::tcp_stream> ws_;
  const Options& options_;
  Totals& totals_;
  int index_;
  beast::flat_buffer buffer_;
  std::deque<std::string> queue_;
  std::string table_;
  v1::GameView view_;  // from whole views and patches
  bool move_pending_ = false;
  Clock::time_point move_sent_;
  int matches_done_ = 0;
  bool done_ = false;
};

// Time the server's threads spent runnable but waiting for a CPU (the second field of
// /proc/PID/task/TID/schedstat), summed over its threads: on a shared machine this is
// the part of a latency that no change to the server can remove.
double RunQueueSeconds(long pid) {
  if (pid <= 0) return 0;
  double total = 0;
  std::error_code ec;
  for (const auto& task :
       std::filesystem::directory_iterator("/proc/" + std::to_string(pid) + "/task", ec)) {
    std::ifstream in(task.path() / "schedstat");
    double running_ns = 0, waiting_ns = 0;
    if (in >> running_ns >> waiting_ns) total += waiting_ns / 1e9;
  }
  return total;
}

double CpuSeconds(long pid) {
  if (pid <= 0) return 0;
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string line;
  std::getline(in, line);
  std::istringstream fields(line.substr(line.rfind(')') + 2));
  std::string field;
  long utime = 0, stime = 0;
  for (int i = 3; i <= 15 && fields >> field; ++i) {
    if (i == 14) utime = std::atol(field.c_str());
    if (i == 15) stime = std::atol(field.c_str());
  }
  return static_cast<double>(utime + stime) / static_cast<double>(sysconf(_SC_CLK_TCK));
}

// The move-latency histogram of /metrics: cumulative counts by upper bound (seconds).
std::map<double, double> LatencyHistogram(const Options& options) {
  namespace http = beast::http;
  net::io_context io;
  tcp::resolver resolver(io);
  beast::tcp_stream stream(io);
  stream.connect(resolver.resolve(options.host, options.port));
  http::request<http::empty_body> request(http::verb::get, "/metrics", 11);
  request.set(http::field::host, options.host);
  http::write(stream, request);
  beast::flat_buffer buffer;
  http::response<http::string_body> response;
  http::read(stream, buffer, response);
  std::map<double, double> out;
  std::istringstream lines(response.body());
  const std::string prefix = "kafenio_move_latency_seconds_bucket{le=\"";
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind(prefix, 0) != 0) continue;
    const std::string bound =
        line.substr(prefix.size(), line.find('"', prefix.size()) - prefix.size());
    const double le = bound == "+Inf" ? HUGE_VAL : std::atof(bound.c_str());
    out[le] = std::atof(line.c_str() + line.rfind(' ') + 1);
  }
  return out;
}

// The upper bound (in us) of the bucket holding the p-th quantile of after - before.
double HistogramPercentile(const std::map<double, double>& before,
                           const std::map<double, double>& after, double p) {
  const double total = after.empty() ? 0 : after.rbegin()->second - before.rbegin()->second;
  if (total <= 0) return 0;
  for (const auto& [le, count] : after) {
    const auto was = before.find(le);
    if (count - (was == before.end() ? 0 : was->second) >= p * total) return le * 1e6;
  }
  return 0;
}

double Percentile(std::vector<double>& values, double p) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  return values[static_cast<std::size_t>(p * static_cast<double>(values.size() - 1))];
}

}  // namespace

int main(int argc, char** argv) {
  Options options;
  const bool understood =
      kafenio::load::ParseFlags(argc, argv,
                                {{"--port", kafenio::load::Text(options.port)},
                                 {"--host", kafenio::load::Text(options.host)},
                                 {"--tables", kafenio::load::Number(options.tables)},
                                 {"--matches", kafenio::load::Number(options.matches)},
                                 {"--preset", kafenio::load::Text(options.preset)},
                                 {"--target", kafenio::load::Number(options.target)},
                                 {"--server-pid", kafenio::load::Number(options.server_pid)},
                                 {"--ramp-ms", kafenio::load::Number(options.ramp_ms)}});
  if (!understood) {
    std::fprintf(
        stderr,
        "usage: kafenio_load [--host H] [--port P] [--tables N] [--matches M] [--preset P] "
        "[--target T] [--server-pid PID] [--ramp-ms MS]\n");
    return 2;
  }
  net::io_context io;
  Totals totals;
  tcp::resolver resolver(io);
  const auto endpoints = resolver.resolve(options.host, options.port);
  const auto latency_before = LatencyHistogram(options);
  const double cpu_before = CpuSeconds(options.server_pid);
  const double waiting_before = RunQueueSeconds(options.server_pid);
  const auto start = Clock::now();
  // Tables join at once, or one after another over --ramp-ms (so that paced bots, whose
  // timers would otherwise all fire together, fall into step as players' moves would not).
  std::vector<std::unique_ptr<net::steady_timer>> starts;
  for (int i = 0; i < options.tables; ++i) {
    auto table = std::make_shared<TableClient>(io, options, totals, i);
    if (options.ramp_ms <= 0) {
      table->Start(endpoints);
      continue;
    }
    starts.push_back(std::make_unique<net::steady_timer>(
        io, std::chrono::microseconds(std::int64_t{options.ramp_ms} * 1000 * i / options.tables)));
    starts.back()->async_wait([table, &endpoints](beast::error_code) { table->Start(endpoints); });
  }
  io.run();
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  const double cpu = CpuSeconds(options.server_pid) - cpu_before;
  const double waiting = RunQueueSeconds(options.server_pid) - waiting_before;
  std::printf("tables %d, matches %d each, %s target %d\n", options.tables, options.matches,
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
  const auto latency_after = LatencyHistogram(options);
  std::printf(
      "server move latency us (arrival to ack, bucket bounds): p50 %.0f p90 %.0f p99 %.0f\n",
      HistogramPercentile(latency_before, latency_after, 0.5),
      HistogramPercentile(latency_before, latency_after, 0.9),
      HistogramPercentile(latency_before, latency_after, 0.99));
  return totals.tables_done == options.tables ? 0 : 1;
}
