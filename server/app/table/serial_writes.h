#pragma once
// A table's writes to storage, one at a time and in order. Only the oldest is in flight;
// the next is issued when it completes. When one fails, every write queued behind it fails
// too without being issued: nothing a table does after a failed write is stored out of
// order (a move without the deal before it, a seating without the change before it), and
// the table rolls back what was not stored. Plain class: completions arrive through the
// store, on the table's strand.
#include <deque>
#include <functional>
#include <utility>
#include <vector>

#include "server/storage/store_completion.h"

namespace kafenio::server {

class SerialWrites {
 public:
  // Issues a write; it must call its argument once, with the write's result.
  using Issue = std::function<void(Then<WriteResult>)>;

  // Queues a write; `done` gets its result, or the failure of a write before it.
  void Add(Issue issue, Then<WriteResult> done) {
    queue_.push_back(Entry{std::move(issue), std::move(done)});
    if (!in_flight_) IssueFront();
  }
  bool idle() const { return queue_.empty() && !in_flight_; }

 private:
  struct Entry {
    Issue issue;
    Then<WriteResult> done;
  };

  void IssueFront() {
    in_flight_ = true;
    // The completion must not outlive the queue's owner: the store posts it to the table's
    // strand, and the table keeps itself alive until it runs (see Table::Write).
    queue_.front().issue([this](WriteResult result) { Completed(std::move(result)); });
  }

  void Completed(WriteResult result) {
    in_flight_ = false;
    Entry finished = std::move(queue_.front());
    queue_.pop_front();
    std::vector<Entry> refused;
    if (!result.ok()) {
      refused.assign(std::make_move_iterator(queue_.begin()),
                     std::make_move_iterator(queue_.end()));
      queue_.clear();
    }
    finished.done(result);
    for (Entry& entry : refused) {
      entry.done(WriteResult{result.failure,
                             "not stored: an earlier write failed (" + result.message + ")"});
    }
    // A completion above may have queued (and so issued) a write already.
    if (!queue_.empty() && !in_flight_) IssueFront();
  }

  std::deque<Entry> queue_;  // the front is in flight when in_flight_
  bool in_flight_ = false;
};

}  // namespace kafenio::server
