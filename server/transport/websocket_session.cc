#include "server/transport/websocket_session.h"

#include <atomic>
#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/websocket.hpp>
#include <deque>
#include <memory>

#include "server/app/rate_limiter.h"
#include "server/codec/frame_codec.h"
#include "server/log/log.h"
#include "server/transport/close_reason_stream.h"
#include "server/transport/transport_errors.h"

namespace kafenio::server {
namespace {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace net = boost::asio;

std::atomic<std::uint64_t> next_peer_id{1};

// The program a player connects with, as their list of sessions shows it: the
// User-Agent's printable ASCII (all it may hold), at most 160 characters.
std::string DeviceName(beast::string_view user_agent) {
  std::string out;
  for (const char c : user_agent) {
    if (out.size() == 160) break;
    if (c >= 0x20 && c < 0x7f) out.push_back(c);
  }
  return out;
}

// A connection's socket with its strand as a concrete type, not the type-erased
// any_io_executor that an accepted socket has: every asynchronous operation copies its
// executor and asks it for work tracking, which the erased type pays for with a heap
// allocation each time (dozens per move on a busy table).
using ConnectionStrand = net::strand<net::io_context::executor_type>;
using ConnectionSocket = net::basic_stream_socket<net::ip::tcp, ConnectionStrand>;

class WebsocketSession final : public Peer, public std::enable_shared_from_this<WebsocketSession> {
 public:
  WebsocketSession(ConnectionSocket socket, const std::string& address, ServerContext& context)
      : ws_(std::move(socket)),
        context_(context),
        id_(next_peer_id.fetch_add(1)),
        limiter_(context.config.messages_per_second, context.config.message_burst,
                 context.hub.clock().NowMs()),
        strikes_(context.config.messages_per_second, 2 * context.config.message_burst,
                 context.hub.clock().NowMs()) {
    client_.address = address;
  }

  ~WebsocketSession() override {
    context_.metrics.connections.fetch_sub(1, std::memory_order_relaxed);
    context_.hub.limits().CloseConnection(client_.address);
  }

  void Run(beast::http::request<beast::http::string_body> request) {
    context_.metrics.connections.fetch_add(1, std::memory_order_relaxed);
    context_.metrics.connections_total.fetch_add(1, std::memory_order_relaxed);
    client_.peer = weak_from_this();
    client_.peer_id = id_;
    client_.strand = ws_.get_executor();
    client_.device = DeviceName(request[beast::http::field::user_agent]);
    websocket::stream_base::timeout timeout{};
    timeout.handshake_timeout = std::chrono::milliseconds(context_.config.handshake_timeout_ms);
    timeout.idle_timeout = std::chrono::milliseconds(context_.config.idle_timeout_ms);
    timeout.keep_alive_pings = true;
    ws_.set_option(timeout);
    ws_.read_message_max(context_.config.max_message_bytes);
    ws_.set_option(websocket::stream_base::decorator([](websocket::response_type& response) {
      response.set(beast::http::field::server, "kafenio");
    }));
    // WebSocket pings cost the server a pong each: they count against the message rate
    // like any message, and a ping flood is cut off with 1008 as a message flood is.
    ws_.control_callback([this](websocket::frame_type kind, beast::string_view) {
      if (kind != websocket::frame_type::ping) return;
      const std::int64_t now = context_.hub.clock().NowMs();
      if (limiter_.Take(now) || strikes_.Take(now)) return;
      net::post(ws_.get_executor(), [self = shared_from_this()] {
        self->Because("ping flood");
        self->Abort(websocket::close_code::policy_error);
      });
    });
    ws_.async_accept(request, [self = shared_from_this()](beast::error_code ec) {
      if (ec) return ReportTransportError("websocket handshake", ec);
      log::Info("connection opened",
                {{"connection", self->id_}, {"address", self->client_.address}});
      self->Read();
    });
  }

  std::uint64_t PeerId() const override { return id_; }
  void Disconnect() override {
    net::dispatch(ws_.get_executor(), [self = shared_from_this()] {
      self->Because("dropped by the server");
      self->Abort(websocket::close_code::policy_error);
    });
  }

  void SendAndClose(std::shared_ptr<const EncodedEnvelope> last) override {
    net::dispatch(ws_.get_executor(), [self = shared_from_this(), last = std::move(last)] {
      self->Queue(std::move(last));
      if (self->closing_) return;
      // Unlike Abort, what is queued still goes out: the close frame follows the last write.
      self->closing_ = true;
      self->draining_ = true;
      self->close_code_ = websocket::close_code::normal;
      if (self->queue_.empty()) self->SendClose();
    });
  }

  void SendBatch(
      std::shared_ptr<const std::vector<std::shared_ptr<const EncodedEnvelope>>> batch) override {
    net::dispatch(ws_.get_executor(), [self = shared_from_this(), batch = std::move(batch)] {
      for (const auto& message : *batch) self->Queue(message);
    });
  }

  // Dispatched, not posted: when the connection's strand is free (the usual case: a table
  // sending one move's events to its seats) the frame is queued and its write started on
  // the spot, without another trip through the scheduler. Queue never calls back into the
  // caller (completions are always posted), so running it inline is safe.
  void Send(std::shared_ptr<const EncodedEnvelope> message) override {
    net::dispatch(ws_.get_executor(), [self = shared_from_this(), message = std::move(message)] {
      self->Queue(std::move(message));
    });
  }

 private:
  void Read() {
    ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec) {
        ReportTransportError("websocket read", ec);
        self->Because(ec == websocket::error::closed ? "closed by the client" : ec.message());
        return self->Closed();
      }
      self->OnMessage();
    });
  }

  void OnMessage() {
    context_.metrics.frames_in_total.fetch_add(1, std::memory_order_relaxed);
    text_ = ws_.got_text();  // replies and events follow the client's last form
    const auto data = buffer_.data();
    const std::string_view payload(static_cast<const char*>(data.data()), data.size());
    v1::Envelope request;
    std::string error;
    const bool decoded = DecodeFrame(payload, text_, request, error);
    const std::int64_t now = context_.hub.clock().NowMs();
    if (!limiter_.Take(now)) {
      context_.metrics.errors_total.fetch_add(1, std::memory_order_relaxed);
      // Refusals drain a second bucket: a client that keeps sending far over its rate is
      // cut off (1008); one a little over it only gets errors. The refusal carries the
      // request's id (when the frame had one) so the client knows which request to retry.
      if (!strikes_.Take(now)) {
        Because("message flood");
        return Abort(websocket::close_code::policy_error);
      }
      Queue(std::make_shared<const EncodedEnvelope>(*MakeError(
          decoded ? request.request_id() : "", v1::RATE_LIMITED, "too many messages: slow down")));
    } else if (decoded) {
      context_.hub.Handle(client_, request);
    } else {
      context_.metrics.errors_total.fetch_add(1, std::memory_order_relaxed);
      Queue(std::make_shared<const EncodedEnvelope>(*MakeError("", v1::BAD_FRAME, error)));
    }
    buffer_.consume(buffer_.size());
    Read();
  }

  // Frames keep the format of the client's last message when they were queued.
  void Queue(std::shared_ptr<const EncodedEnvelope> message) {
    if (closing_) return;
    if (queue_.size() >= context_.config.send_queue_limit) {
      // The client stopped reading: drop it rather than buffer without bound.
      context_.metrics.slow_consumers_total.fetch_add(1, std::memory_order_relaxed);
      closing_ = true;
      Because("slow reader");
      beast::error_code ignored;
      ws_.next_layer().next_layer().close(ignored);  // pending operations end with errors
      return;
    }
    queue_.push_back(Frame{std::move(message), text_});
    if (queue_.size() == 1) Write();
  }

  void Write() {
    const Frame& frame = queue_.front();
    ws_.text(frame.text);
    ws_.async_write(net::buffer(frame.message->Encoded(frame.text)),
                    [self = shared_from_this()](beast::error_code ec, std::size_t) {
                      if (ec) {
                        ReportTransportError("websocket write", ec);
                        self->Because(ec.message());
                        return self->Closed();
                      }
                      self->context_.metrics.frames_out_total.fetch_add(1,
                                                                        std::memory_order_relaxed);
                      self->queue_.pop_front();
                      if (self->closing_ && (!self->draining_ || self->queue_.empty())) {
                        return self->SendClose();
                      }
                      if (!self->queue_.empty()) self->Write();
                    });
  }

  void Abort(websocket::close_code code) {
    // Closing already, or draining with the close frame already sent.
    if (closing_ && (!draining_ || queue_.empty())) return;
    closing_ = true;
    draining_ = false;
    close_code_ = code;
    // The frame being written must outlive its write; the rest is dropped, and the close
    // frame follows once that write is done (one write in flight, always).
    if (queue_.size() > 1) queue_.erase(queue_.begin() + 1, queue_.end());
    if (queue_.empty()) SendClose();
  }

  void SendClose() {
    ws_.async_close(close_code_, [self = shared_from_this()](beast::error_code ec) {
      ReportTransportError("websocket close", ec);
      self->Closed();
    });
  }

  void Closed() {
    if (detached_) return;
    detached_ = true;
    closing_ = true;
    Because("closed");
    log::Info("connection closed", {{"connection", id_}, {"reason", close_reason_}});
    context_.hub.Disconnected(client_);
  }

  // The first cause of a connection's end is the one logged.
  void Because(std::string why) {
    if (close_reason_.empty()) close_reason_ = std::move(why);
  }

  struct Frame {
    std::shared_ptr<const EncodedEnvelope> message;  // shared with its other receivers
    bool text;
  };

  // On the bare socket: the websocket stream has timeouts of its own, and beast's
  // tcp_stream would add a timer and a larger, heap-allocated operation to every write.
  // Between the two, the layer that answers a close reason that is not UTF-8 with 1007.
  websocket::stream<CloseReasonStream<ConnectionSocket>> ws_;
  ServerContext& context_;
  std::uint64_t id_;
  beast::flat_buffer buffer_;
  std::deque<Frame> queue_;
  ClientContext client_;
  TokenBucket limiter_;
  TokenBucket strikes_;
  bool text_ = true;
  bool closing_ = false;
  websocket::close_code close_code_ = websocket::close_code::normal;
  bool detached_ = false;
  std::string close_reason_;
  bool draining_ = false;  // closing once the queue is written (SendAndClose), not at once
};

}  // namespace

void StartWebsocketSession(beast::tcp_stream stream,
                           beast::http::request<beast::http::string_body> request,
                           const std::string& address, ServerContext& context) {
  // The same descriptor, moved to a socket on a strand of the concrete type (above).
  net::ip::tcp::socket accepted = stream.release_socket();
  auto& io =
      static_cast<net::io_context&>(net::query(accepted.get_executor(), net::execution::context));
  boost::system::error_code ec;
  const auto protocol = accepted.local_endpoint(ec).protocol();
  if (ec) {  // the peer already went
    context.hub.limits().CloseConnection(address);
    return ReportTransportError("websocket socket", ec);
  }
  const auto handle = accepted.release(ec);
  if (ec) {
    context.hub.limits().CloseConnection(address);
    return ReportTransportError("websocket socket", ec);
  }
  ConnectionSocket socket(net::make_strand(io), protocol, handle);
  std::make_shared<WebsocketSession>(std::move(socket), address, context)->Run(std::move(request));
}

}  // namespace kafenio::server
