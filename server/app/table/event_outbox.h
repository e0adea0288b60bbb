#pragma once
// A match's events on their way out. Each event is built once per audience (every seat, and
// spectators) when it happens and waits here until storage says it is durable; then it is
// delivered, in sequence order, and kept in a short history for clients that reconnect.
// The acknowledgement of a move waits with its event. No I/O of its own: delivery goes
// through Peer (peer.h).
#include <array>
#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "server/app/peer.h"

namespace kafenio::server {

// One event encoded for each audience: seats 0..3, then spectators; empty for an audience
// nobody at the table belongs to.
inline constexpr std::size_t kSpectator = 4;
using Audiences = std::array<std::shared_ptr<const EncodedEnvelope>, 5>;

// A request waiting for its event to be durable.
struct Ack {
  PeerRef peer;
  std::string request_id;
  // Real time (for the latency metric), whatever the server's clock says.
  std::chrono::steady_clock::time_point received;
};

class EventOutbox {
 public:
  struct Pending {
    std::int64_t seq = 0;
    std::int64_t deadline_ms = 0;  // the turn deadline the event carries
    Audiences audiences;
    bool durable = false;
    std::optional<Ack> ack;
  };

  explicit EventOutbox(std::size_t history_limit) : history_limit_(history_limit) {}

  bool empty() const { return pending_.empty(); }
  void Push(Pending pending) { pending_.push_back(std::move(pending)); }
  void MarkDurable(std::int64_t seq);
  // Forgets event `seq` and every later one (none was delivered); returns their acks.
  std::vector<Ack> DropFrom(std::int64_t seq);
  // Hands each event whose predecessors are all delivered and which is durable itself to
  // `deliver`, in order, and keeps it in the history. Returns how many.
  int DeliverReady(const std::function<void(const Pending&)>& deliver);

  // A new match (or one rebuilt after a restart): the history starts after `last_seq`.
  void StartHistory(std::int64_t last_seq);
  // The last delivered event's sequence number.
  std::int64_t last_delivered() const {
    return first_seq_ + static_cast<std::int64_t>(history_.size()) - 1;
  }
  // The events after `last_seq` for `audience`, when the history still has every one of
  // them built for it; none otherwise.
  std::optional<std::vector<std::shared_ptr<const EncodedEnvelope>>> Missed(
      std::size_t audience, std::int64_t last_seq) const;

  // Clients that need a snapshot of the state once nothing waits for storage (their
  // audience's events were not built, or there is no history).
  void WaitForSnapshot(const std::shared_ptr<Peer>& peer, int audience);
  bool IsWaitingForSnapshot(const std::shared_ptr<Peer>& peer) const;
  struct SnapshotRequest {
    PeerRef peer;
    int audience;
  };
  std::vector<SnapshotRequest> TakeSnapshotRequests();
  bool snapshots_waiting() const { return !snapshot_waiting_.empty(); }

 private:
  std::size_t history_limit_;
  std::deque<Pending> pending_;    // emitted, not yet delivered, in seq order
  std::deque<Audiences> history_;  // delivered events, the newest last
  std::int64_t first_seq_ = 1;     // the oldest event in the history
  std::vector<SnapshotRequest> snapshot_waiting_;
};

}  // namespace kafenio::server
