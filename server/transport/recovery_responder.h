#pragma once
// While `kafenio serve` opens its database, applies migrations and rebuilds its matches,
// its ports are bound but its I/O threads do not run yet (nothing may reach a table before
// it is rebuilt). Meanwhile this answers the probes on those ports from a thread of its own:
// /healthz 200 "ok" (the process is alive: an orchestrator must not kill it for a long
// recovery), /readyz 503 "not ready: recovering", anything else (a WebSocket too) 503 with
// Retry-After. It accepts through copies of the bound sockets, so the server's own
// listeners take over the same ports, with nothing in between, once it stops.
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <chrono>
#include <memory>
#include <thread>
#include <vector>

namespace kafenio::server {

class RecoveryResponder {
 public:
  // `bound`: the listening sockets (they stay the caller's); `read_timeout`: how long a
  // connection may take to send its request.
  RecoveryResponder(const std::vector<const boost::asio::ip::tcp::acceptor*>& bound,
                    std::chrono::milliseconds read_timeout);
  ~RecoveryResponder() { Stop(); }
  RecoveryResponder(const RecoveryResponder&) = delete;
  RecoveryResponder& operator=(const RecoveryResponder&) = delete;

  // Stops accepting and returns once the connections it took are answered (or timed out).
  void Stop();

 private:
  void Accept(boost::asio::ip::tcp::acceptor& acceptor);

  boost::asio::io_context io_;
  std::vector<std::unique_ptr<boost::asio::ip::tcp::acceptor>> acceptors_;
  std::chrono::milliseconds read_timeout_;
  std::thread thread_;
};

}  // namespace kafenio::server
