#pragma once
// The server's one clock, injected everywhere time matters: turn clocks, bot delays, grace
// periods, session expiry, rate limits and the times stored with moves. SystemClock is the
// real one; ManualClock only moves when told to, so tests advance it instead of sleeping
// (and `kafenio serve --manual-clock` lets the integration tests do the same).
#include <boost/asio/any_io_executor.hpp>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>

namespace kafenio::server {

// A pending call from Clock::After. Destroying it cancels the call; destroy it on the
// executor the call was to run on (a table's strand), so cancelling never races running.
class Alarm {
 public:
  virtual ~Alarm() = default;
};

class Clock {
 public:
  virtual ~Clock() = default;
  // Milliseconds since the Unix epoch.
  virtual std::int64_t NowMs() const = 0;
  // Runs `call` on `executor` once `delay_ms` have passed, unless the alarm is destroyed
  // first.
  virtual std::unique_ptr<Alarm> After(const boost::asio::any_io_executor& executor,
                                       std::int64_t delay_ms, std::function<void()> call) = 0;
};

// The system's time, and Asio's steady timers for waiting.
class SystemClock final : public Clock {
 public:
  std::int64_t NowMs() const override;
  std::unique_ptr<Alarm> After(const boost::asio::any_io_executor& executor, std::int64_t delay_ms,
                               std::function<void()> call) override;
};

// Time that moves only by Advance. Thread-safe.
class ManualClock final : public Clock {
 public:
  explicit ManualClock(std::int64_t start_ms) : now_ms_(start_ms) {}

  std::int64_t NowMs() const override;
  std::unique_ptr<Alarm> After(const boost::asio::any_io_executor& executor, std::int64_t delay_ms,
                               std::function<void()> call) override;
  // Moves time on by `ms` and posts every call that has come due, earliest first, to its
  // executor (run them with the executor's io_context). Calls an alarm schedules while
  // running are due no earlier than the new time.
  void Advance(std::int64_t ms);
  // How many alarms wait (for tests).
  std::size_t Pending() const;

 private:
  struct Waiting;
  mutable std::mutex mutex_;
  std::int64_t now_ms_;
  std::uint64_t next_id_ = 0;
  // By due time, then by the order they were set.
  std::map<std::pair<std::int64_t, std::uint64_t>, std::shared_ptr<Waiting>> waiting_;
};

}  // namespace kafenio::server
