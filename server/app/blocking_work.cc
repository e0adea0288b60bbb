#include "server/app/blocking_work.h"

#include <boost/asio/post.hpp>

namespace kafenio::server {

BlockingWork::BlockingWork(int threads, int max_admitted)
    : pool_(static_cast<std::size_t>(threads)), max_admitted_(max_admitted) {}

BlockingWork::~BlockingWork() {
  Join();
}

void BlockingWork::Join() {
  pool_.join();
}

bool BlockingWork::TrySubmit(std::function<void()> job) {
  if (admitted_.fetch_add(1, std::memory_order_acq_rel) >= max_admitted_) {
    admitted_.fetch_sub(1, std::memory_order_acq_rel);
    return false;
  }
  boost::asio::post(pool_, [this, job = std::move(job)] {
    job();
    admitted_.fetch_sub(1, std::memory_order_acq_rel);
  });
  return true;
}

}  // namespace kafenio::server
