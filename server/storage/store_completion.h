#pragma once
// How the server's stores answer a write: never by blocking. Each write takes the executor
// of its caller (a table's or a connection's strand) and a completion, which runs there
// once the write is durable or has failed. A failure says whether storage is unavailable
// (a disk or database error: the caller tells its player STORAGE_UNAVAILABLE) or the
// write conflicts with what is stored (a name already taken).
#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/post.hpp>
#include <functional>
#include <string>
#include <utility>

namespace kafenio::server {

using Executor = boost::asio::any_io_executor;

struct WriteResult {
  enum class Failure { none, unavailable, conflict };
  Failure failure = Failure::none;
  std::string message;  // for logs; never shown to players as is
  bool ok() const { return failure == Failure::none; }
  bool conflict() const { return failure == Failure::conflict; }
};

// A write that creates something returns its id with the result.
template <class T>
struct Written {
  WriteResult result;
  T value{};
};

template <class Result>
using Then = std::function<void(Result)>;

// Runs `then(result)` on `executor`.
template <class Result>
void PostResult(const Executor& executor, Then<Result> then, Result result) {
  boost::asio::post(executor, [then = std::move(then), result = std::move(result)]() mutable {
    then(std::move(result));
  });
}

}  // namespace kafenio::server
