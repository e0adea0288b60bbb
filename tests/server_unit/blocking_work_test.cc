#include "server/app/blocking_work.h"

#include <catch2/catch.hpp>
#include <condition_variable>
#include <mutex>
#include <thread>

namespace kafenio::server {
namespace {

// A latch the jobs wait on, so the test decides when the pool's work finishes.
struct Gate {
  std::mutex mutex;
  std::condition_variable changed;
  bool open = false;
  int finished = 0;

  void Wait() {
    std::unique_lock lock(mutex);
    changed.wait(lock, [this] { return open; });
  }
  void Open() {
    std::lock_guard lock(mutex);
    open = true;
    changed.notify_all();
  }
  void Finished() {
    std::lock_guard lock(mutex);
    ++finished;
    changed.notify_all();
  }
  void WaitFinished(int count) {
    std::unique_lock lock(mutex);
    changed.wait(lock, [&] { return finished >= count; });
  }
};

TEST_CASE("blocking work admits at most its limit of jobs, running or waiting") {
  Gate gate;
  BlockingWork work(1, 3);
  auto job = [&gate] {
    gate.Wait();
    gate.Finished();
  };
  CHECK(work.TrySubmit(job));  // running
  CHECK(work.TrySubmit(job));  // waiting
  CHECK(work.TrySubmit(job));  // waiting
  bool refused_ran = false;
  CHECK_FALSE(work.TrySubmit([&refused_ran] { refused_ran = true; }));
  gate.Open();
  gate.WaitFinished(3);
  // Room again once the admitted jobs are done (the count drops just after each job).
  bool ran = false;
  while (!work.TrySubmit([&gate, &ran] {
    ran = true;
    gate.Finished();
  })) {
    std::this_thread::yield();
  }
  gate.WaitFinished(4);
  CHECK(ran);
  CHECK_FALSE(refused_ran);
}

}  // namespace
}  // namespace kafenio::server
