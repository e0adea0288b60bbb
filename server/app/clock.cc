#include "server/app/clock.h"

#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <vector>

namespace kafenio::server {
namespace {

class SteadyAlarm final : public Alarm {
 public:
  SteadyAlarm(const boost::asio::any_io_executor& executor, std::int64_t delay_ms,
              std::function<void()> call)
      : timer_(executor, std::chrono::milliseconds(delay_ms)) {
    timer_.async_wait([call = std::move(call)](const boost::system::error_code& error) {
      if (!error) call();
    });
  }
  ~SteadyAlarm() override { timer_.cancel(); }

 private:
  boost::asio::steady_timer timer_;
};

}  // namespace

std::int64_t SystemClock::NowMs() const {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

std::unique_ptr<Alarm> SystemClock::After(const boost::asio::any_io_executor& executor,
                                          std::int64_t delay_ms, std::function<void()> call) {
  return std::make_unique<SteadyAlarm>(executor, delay_ms < 0 ? 0 : delay_ms, std::move(call));
}

// One call waiting for its time; `cancelled` is set (on the call's executor) by its
// alarm's destruction, so a call already posted when it was cancelled does nothing.
struct ManualClock::Waiting {
  boost::asio::any_io_executor executor;
  std::function<void()> call;
  std::shared_ptr<bool> cancelled = std::make_shared<bool>(false);
};

namespace {

class ManualAlarm final : public Alarm {
 public:
  ManualAlarm(std::shared_ptr<bool> cancelled, std::function<void()> forget)
      : cancelled_(std::move(cancelled)), forget_(std::move(forget)) {}
  ~ManualAlarm() override {
    *cancelled_ = true;
    forget_();
  }

 private:
  std::shared_ptr<bool> cancelled_;
  std::function<void()> forget_;
};

}  // namespace

std::int64_t ManualClock::NowMs() const {
  std::lock_guard lock(mutex_);
  return now_ms_;
}

std::unique_ptr<Alarm> ManualClock::After(const boost::asio::any_io_executor& executor,
                                          std::int64_t delay_ms, std::function<void()> call) {
  auto waiting = std::make_shared<Waiting>();
  waiting->executor = executor;
  waiting->call = std::move(call);
  std::pair<std::int64_t, std::uint64_t> key;
  {
    std::lock_guard lock(mutex_);
    key = {now_ms_ + (delay_ms < 0 ? 0 : delay_ms), next_id_++};
    waiting_[key] = waiting;
  }
  return std::make_unique<ManualAlarm>(waiting->cancelled, [this, key] {
    std::lock_guard lock(mutex_);
    waiting_.erase(key);
  });
}

void ManualClock::Advance(std::int64_t ms) {
  std::vector<std::shared_ptr<Waiting>> due;
  {
    std::lock_guard lock(mutex_);
    now_ms_ += ms;
    while (!waiting_.empty() && waiting_.begin()->first.first <= now_ms_) {
      due.push_back(waiting_.begin()->second);
      waiting_.erase(waiting_.begin());
    }
  }
  for (const auto& waiting : due) {
    boost::asio::post(waiting->executor, [waiting] {
      if (!*waiting->cancelled) waiting->call();
    });
  }
}

std::size_t ManualClock::Pending() const {
  std::lock_guard lock(mutex_);
  return waiting_.size();
}

}  // namespace kafenio::server
