#include "server/transport/recovery_responder.h"

#include <unistd.h>

#include <boost/asio/post.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/write.hpp>
#include <memory>
#include <string_view>

#include "server/transport/http_routes.h"

namespace kafenio::server {
namespace {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = net::ip::tcp;

// One connection: its request read, one answer, closed.
class Probe : public std::enable_shared_from_this<Probe> {
 public:
  Probe(tcp::socket socket, std::chrono::milliseconds timeout)
      : stream_(std::move(socket)), timeout_(timeout) {}

  void Start() {
    stream_.expires_after(timeout_);
    http::async_read(stream_, buffer_, request_,
                     [self = shared_from_this()](beast::error_code ec, std::size_t) {
                       if (!ec) self->Answer();
                     });
  }

 private:
  void Answer() {
    const auto target = request_.target();
    const std::string_view path(target.data(), target.size());
    const std::string_view route = path.substr(0, path.find('?'));
    if (route == "/healthz") {
      response_ = TextResponse(request_, http::status::ok, "ok\n");
    } else {
      response_ =
          TextResponse(request_, http::status::service_unavailable,
                       route == "/readyz" ? "not ready: recovering\n"
                                          : "the server is recovering: try again shortly\n");
      response_.set(http::field::retry_after, "1");
    }
    response_.keep_alive(false);
    stream_.expires_after(timeout_);
    http::async_write(stream_, response_,
                      [self = shared_from_this()](beast::error_code, std::size_t) {
                        beast::error_code ignored;
                        self->stream_.socket().shutdown(tcp::socket::shutdown_both, ignored);
                      });
  }

  beast::tcp_stream stream_;
  std::chrono::milliseconds timeout_;
  beast::flat_buffer buffer_;
  HttpRequest request_;
  HttpResponse response_;
};

}  // namespace

RecoveryResponder::RecoveryResponder(const std::vector<const tcp::acceptor*>& bound,
                                     std::chrono::milliseconds read_timeout)
    : read_timeout_(read_timeout) {
  for (const tcp::acceptor* listening : bound) {
    // A second descriptor of the same listening socket: connections in its backlog come to
    // whichever accepts first, and only this one accepts until Stop.
    const int copy = ::dup(const_cast<tcp::acceptor*>(listening)->native_handle());
    if (copy < 0) continue;  // no descriptor to spare: that port waits, as before
    auto acceptor = std::make_unique<tcp::acceptor>(io_);
    boost::system::error_code ec;
    acceptor->assign(listening->local_endpoint().protocol(), copy, ec);
    if (ec) {
      ::close(copy);
      continue;
    }
    acceptors_.push_back(std::move(acceptor));
  }
  for (auto& acceptor : acceptors_) Accept(*acceptor);
  thread_ = std::thread([this] { io_.run(); });
}

void RecoveryResponder::Accept(tcp::acceptor& acceptor) {
  acceptor.async_accept([this, &acceptor](boost::system::error_code ec, tcp::socket socket) {
    if (ec == net::error::operation_aborted || !acceptor.is_open()) return;
    if (!ec) std::make_shared<Probe>(std::move(socket), read_timeout_)->Start();
    Accept(acceptor);
  });
}

void RecoveryResponder::Stop() {
  if (!thread_.joinable()) return;
  // Closing the copies stops the accepts; the probes under way finish (each within its
  // timeout), and then run() returns by itself.
  net::post(io_, [this] {
    for (auto& acceptor : acceptors_) {
      boost::system::error_code ignored;
      acceptor->close(ignored);
    }
  });
  thread_.join();
}

}  // namespace kafenio::server
