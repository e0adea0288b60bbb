// kafenio_idle_sessions: opens N WebSocket sessions against a running `kafenio serve`,
// signs each in as a guest, and reports how much the server's resident memory grew per
// session (VmRSS from /proc/PID/status before and after), i.e. idle sessions per GiB.
// The sessions stay open, each with a read pending (so the server's pings are answered),
// until the measurement is taken; then the tool closes them and exits.
//
// With --lobby yes each session also subscribes to the lobby and, with --hold-seconds S, the
// sessions stay open S seconds more reading every lobby update, whose count per session is
// printed: the many lobby subscribers of the lobby fan-out benchmark (docs/performance.md),
// while kafenio_load plays moves beside them.
#include <sys/resource.h>
#include <unistd.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "kafenio/v1/kafenio.pb.h"

#include "flags.h"

namespace {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;
namespace v1 = kafenio::v1;

struct Options {
  std::string host = "127.0.0.1";
  std::string port = "8080";
  int sessions = 10000;
  int in_flight = 200;  // connections being opened at once (the listen backlog is finite)
  long server_pid = 0;
  bool lobby = false;    // subscribe each session to the lobby
  int hold_seconds = 0;  // keep reading this long after every session is in
};

long lobby_messages = 0;  // lobby updates received by all sessions (one thread)

// The server's resident set in KiB, or -1 when it cannot be read.
long ResidentKib(long pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("VmRSS:", 0) == 0) return std::atol(line.c_str() + 6);
  }
  return -1;
}

class Opener;

class IdleSession : public std::enable_shared_from_this<IdleSession> {
 public:
  IdleSession(net::io_context& io, Opener& opener, int index)
      : ws_(io), opener_(opener), index_(index) {}
  void Start(const tcp::resolver::results_type& endpoints);
  void Close() {
    beast::error_code ignored;
    beast::get_lowest_layer(ws_).socket().close(ignored);
  }

 private:
  void Fail(const char* what, beast::error_code ec) {
    std::fprintf(stderr, "session %d: %s: %s\n", index_, what, ec.message().c_str());
    std::exit(1);
  }
  void Read();

  websocket::stream<beast::tcp_stream> ws_;
  Opener& opener_;
  int index_;
  beast::flat_buffer buffer_;
  std::string request_;
  bool signed_in_ = false;
};

// Keeps `in_flight` sessions opening until all are signed in.
class Opener {
 public:
  Opener(net::io_context& io, const Options& options, tcp::resolver::results_type endpoints)
      : io_(io), options_(options), endpoints_(std::move(endpoints)) {}

  void Begin() {
    for (int i = 0; i < options_.in_flight; ++i) OpenNext();
  }
  void SignedIn() {
    if (++signed_in_ == options_.sessions) {
      if (options_.hold_seconds <= 0) return io_.stop();
      std::printf("sessions %d in; holding %d s\n", signed_in_, options_.hold_seconds);
      std::fflush(stdout);
      hold_.expires_after(std::chrono::seconds(options_.hold_seconds));
      hold_.async_wait([this](beast::error_code) { io_.stop(); });
      return;
    }
    OpenNext();
  }
  bool lobby() const { return options_.lobby; }
  int signed_in() const { return signed_in_; }
  std::vector<std::shared_ptr<IdleSession>>& sessions() { return sessions_; }

 private:
  void OpenNext() {
    if (started_ >= options_.sessions) return;
    auto session = std::make_shared<IdleSession>(io_, *this, started_++);
    sessions_.push_back(session);
    session->Start(endpoints_);
  }

  net::io_context& io_;
  const Options& options_;
  tcp::resolver::results_type endpoints_;
  net::steady_timer hold_{io_};
  int started_ = 0;
  int signed_in_ = 0;
  std::vector<std::shared_ptr<IdleSession>> sessions_;
};

void IdleSession::Start(const tcp::resolver::results_type& endpoints) {
  beast::get_lowest_layer(ws_).async_connect(
      endpoints, [self = shared_from_this()](beast::error_code ec, const tcp::endpoint&) {
        if (ec) return self->Fail("connect", ec);
        self->ws_.binary(true);
        self->ws_.async_handshake("127.0.0.1", "/ws", [self](beast::error_code handshake_ec) {
          if (handshake_ec) return self->Fail("handshake", handshake_ec);
          v1::Envelope sign_in;
          sign_in.set_request_id("signin");
          sign_in.mutable_sign_in_guest()->set_name("idle" + std::to_string(self->index_));
          self->request_ = sign_in.SerializeAsString();
          self->ws_.async_write(net::buffer(self->request_),
                                [self](beast::error_code write_ec, std::size_t) {
                                  if (write_ec) return self->Fail("write", write_ec);
                                  self->request_.clear();
                                  self->request_.shrink_to_fit();
                                });
          self->Read();
        });
      });
}

void IdleSession::Read() {
  ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
    if (ec) {
      if (ec == net::error::operation_aborted || ec == net::error::bad_descriptor) return;
      return self->Fail("read", ec);
    }
    v1::Envelope reply;
    const auto data = self->buffer_.data();
    reply.ParseFromArray(data.data(), static_cast<int>(data.size()));
    self->buffer_.consume(self->buffer_.size());
    if (!self->signed_in_) {
      if (!reply.has_signed_in()) {
        std::fprintf(stderr, "session %d: sign-in refused: %s\n", self->index_,
                     reply.error().message().c_str());
        std::exit(1);
      }
      self->signed_in_ = true;
      if (self->opener_.lobby()) {
        v1::Envelope subscribe;
        subscribe.set_request_id("lobby");
        subscribe.mutable_subscribe_lobby();
        self->request_ = subscribe.SerializeAsString();
        self->ws_.async_write(net::buffer(self->request_),
                              [self](beast::error_code write_ec, std::size_t) {
                                if (write_ec) return self->Fail("write", write_ec);
                              });
      }
      self->opener_.SignedIn();
    } else if (reply.has_table() || reply.has_table_removed()) {
      ++lobby_messages;
    }
    self->Read();
  });
}

// Raises this process's descriptor limit to its hard limit; each session takes one.
void RaiseDescriptorLimit(int sessions) {
  rlimit limit{};
  getrlimit(RLIMIT_NOFILE, &limit);
  limit.rlim_cur = limit.rlim_max;
  setrlimit(RLIMIT_NOFILE, &limit);
  if (static_cast<rlim_t>(sessions) + 32 > limit.rlim_cur) {
    std::fprintf(stderr,
                 "warning: %d sessions need more descriptors than the limit of %lu (ulimit -Hn)\n",
                 sessions, static_cast<unsigned long>(limit.rlim_cur));
  }
}

}  // namespace

int main(int argc, char** argv) {
  Options options;
  const bool understood = kafenio::load::ParseFlags(
      argc, argv,
      {{"--port", kafenio::load::Text(options.port)},
       {"--host", kafenio::load::Text(options.host)},
       {"--sessions", kafenio::load::Number(options.sessions)},
       {"--in-flight", kafenio::load::Number(options.in_flight)},
       {"--server-pid", kafenio::load::Number(options.server_pid)},
       {"--hold-seconds", kafenio::load::Number(options.hold_seconds)},
       {"--lobby", [&options](const std::string& value) { options.lobby = value == "yes"; }}});
  if (!understood) {
    std::fprintf(stderr,
                 "usage: kafenio_idle_sessions --server-pid PID [--host H] [--port P] "
                 "[--sessions N] [--in-flight K]\n");
    return 2;
  }
  if (options.server_pid <= 0 || options.sessions <= 0 || options.in_flight <= 0) {
    std::fprintf(stderr,
                 "kafenio_idle_sessions: --server-pid, --sessions and --in-flight must "
                 "be positive\n");
    return 2;
  }
  RaiseDescriptorLimit(options.sessions);
  const long before_kib = ResidentKib(options.server_pid);
  if (before_kib < 0) {
    std::fprintf(stderr, "kafenio_idle_sessions: cannot read /proc/%ld/status\n",
                 options.server_pid);
    return 2;
  }
  net::io_context io;
  tcp::resolver resolver(io);
  Opener opener(io, options, resolver.resolve(options.host, options.port));
  const auto start = std::chrono::steady_clock::now();
  opener.Begin();
  io.run();
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  // Let the server settle (its last replies written, buffers released) before reading.
  usleep(500 * 1000);
  const long after_kib = ResidentKib(options.server_pid);
  const double per_session = static_cast<double>(after_kib - before_kib) * 1024.0 /
                             static_cast<double>(opener.signed_in());
  std::printf("sessions %d signed in (guests) in %.1f s\n", opener.signed_in(), seconds);
  std::printf("server RSS %.1f MiB before, %.1f MiB after: %.0f bytes per idle session\n",
              static_cast<double>(before_kib) / 1024.0, static_cast<double>(after_kib) / 1024.0,
              per_session);
  std::printf("idle sessions per GiB: %.0f\n", per_session > 0 ? 1073741824.0 / per_session : 0.0);
  if (options.lobby) {
    std::printf("lobby updates received: %ld, %.1f per session\n", lobby_messages,
                static_cast<double>(lobby_messages) / opener.signed_in());
  }
  for (auto& session : opener.sessions()) session->Close();
  return 0;
}
