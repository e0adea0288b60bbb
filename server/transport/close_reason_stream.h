#pragma once
// The stream under a connection's Beast WebSocket stream: passes everything through, and
// answers a close frame whose reason is not UTF-8 with 1007 rather than the 1002 Beast
// writes for it (close_frame_scan.h says why this cannot be done above Beast).
#include <array>
#include <boost/asio/associated_allocator.hpp>
#include <boost/asio/associated_executor.hpp>
#include <boost/asio/buffer.hpp>
#include <boost/asio/handler_continuation_hook.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/websocket/teardown.hpp>
#include <cstdint>
#include <utility>

#include "server/transport/close_frame_scan.h"

namespace kafenio::server {

// Completes a read after showing its bytes to the scan; the handler's executor and
// allocator stay its own (specializations at the end of this file).
template <class Handler, class Buffers>
struct ScannedRead {
  Handler handler;
  CloseFrameScan* scan;
  Buffers buffers;

  void operator()(boost::system::error_code ec, std::size_t bytes) {
    std::size_t left = bytes;
    for (auto it = boost::asio::buffer_sequence_begin(buffers);
         left > 0 && it != boost::asio::buffer_sequence_end(buffers); ++it) {
      const boost::asio::mutable_buffer part(*it);
      const std::size_t n = std::min(left, part.size());
      scan->Feed(static_cast<const std::uint8_t*>(part.data()), n);
      left -= n;
    }
    std::move(handler)(ec, bytes);
  }
  friend bool asio_handler_is_continuation(ScannedRead* read) {
    return boost_asio_handler_cont_helpers::is_continuation(read->handler);
  }
};

template <class Next>
class CloseReasonStream {
 public:
  using executor_type = typename Next::executor_type;
  using next_layer_type = Next;

  explicit CloseReasonStream(Next next) : next_(std::move(next)) {}

  executor_type get_executor() noexcept { return next_.get_executor(); }
  Next& next_layer() noexcept { return next_; }
  const Next& next_layer() const noexcept { return next_; }

  template <class MutableBuffers, class Handler>
  auto async_read_some(const MutableBuffers& buffers, Handler&& handler) {
    return boost::asio::async_initiate<Handler, void(boost::system::error_code, std::size_t)>(
        [this, buffers](auto&& completion) {
          using Completion = std::decay_t<decltype(completion)>;
          next_.async_read_some(
              buffers, ScannedRead<Completion, MutableBuffers>{
                           std::forward<decltype(completion)>(completion), &scan_, buffers});
        },
        handler);
  }

  template <class ConstBuffers, class Handler>
  auto async_write_some(const ConstBuffers& buffers, Handler&& handler) {
    // Beast writes its close frame on its own (at most 127 bytes): once the client's bad
    // close frame has been seen, that frame is written from a copy with its code changed.
    const std::size_t size = boost::asio::buffer_size(buffers);
    if (scan_.BadCloseReason() && size <= patched_.size()) {
      boost::asio::buffer_copy(boost::asio::buffer(patched_), buffers);
      if (CloseAsInvalidPayload(patched_.data(), size)) {
        return boost::asio::async_write(next_, boost::asio::buffer(patched_.data(), size),
                                        std::forward<Handler>(handler));
      }
    }
    return next_.async_write_some(buffers, std::forward<Handler>(handler));
  }

 private:
  Next next_;
  CloseFrameScan scan_;
  std::array<std::uint8_t, 128> patched_{};
};

// Beast closes the connection through the layer it wraps.
template <class Next>
void teardown(boost::beast::role_type role, CloseReasonStream<Next>& stream,
              boost::system::error_code& ec) {
  using boost::beast::websocket::teardown;
  teardown(role, stream.next_layer(), ec);
}

template <class Next, class Handler>
void async_teardown(boost::beast::role_type role, CloseReasonStream<Next>& stream,
                    Handler&& handler) {
  using boost::beast::websocket::async_teardown;
  async_teardown(role, stream.next_layer(), std::forward<Handler>(handler));
}

}  // namespace kafenio::server

template <class Handler, class Buffers, class Executor>
struct boost::asio::associated_executor<kafenio::server::ScannedRead<Handler, Buffers>, Executor> {
  using type = associated_executor_t<Handler, Executor>;
  static type get(const kafenio::server::ScannedRead<Handler, Buffers>& read,
                  const Executor& fallback = Executor()) noexcept {
    return get_associated_executor(read.handler, fallback);
  }
};

template <class Handler, class Buffers, class Allocator>
struct boost::asio::associated_allocator<kafenio::server::ScannedRead<Handler, Buffers>,
                                         Allocator> {
  using type = associated_allocator_t<Handler, Allocator>;
  static type get(const kafenio::server::ScannedRead<Handler, Buffers>& read,
                  const Allocator& fallback = Allocator()) noexcept {
    return get_associated_allocator(read.handler, fallback);
  }
};
