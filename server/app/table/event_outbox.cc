#include "server/app/table/event_outbox.h"

#include <algorithm>

namespace kafenio::server {

void EventOutbox::MarkDurable(std::int64_t seq) {
  for (Pending& pending : pending_) {
    if (pending.seq == seq) pending.durable = true;
  }
}

std::vector<Ack> EventOutbox::DropFrom(std::int64_t seq) {
  std::vector<Ack> acks;
  while (!pending_.empty() && pending_.back().seq >= seq) {
    if (pending_.back().ack) acks.push_back(std::move(*pending_.back().ack));
    pending_.pop_back();
  }
  std::reverse(acks.begin(), acks.end());
  return acks;
}

int EventOutbox::DeliverReady(const std::function<void(const Pending&)>& deliver) {
  int delivered = 0;
  while (!pending_.empty() && pending_.front().durable) {
    Pending pending = std::move(pending_.front());
    pending_.pop_front();
    deliver(pending);
    ++delivered;
    history_.push_back(std::move(pending.audiences));
    while (history_.size() > history_limit_) {
      history_.pop_front();
      ++first_seq_;
    }
  }
  return delivered;
}

void EventOutbox::StartHistory(std::int64_t last_seq) {
  history_.clear();
  first_seq_ = last_seq + 1;
}

std::optional<std::vector<std::shared_ptr<const EncodedEnvelope>>> EventOutbox::Missed(
    std::size_t audience, std::int64_t last_seq) const {
  if (last_seq <= 0 || last_seq < first_seq_ - 1) return std::nullopt;
  std::vector<std::shared_ptr<const EncodedEnvelope>> missed;
  for (std::int64_t seq = last_seq + 1; seq <= last_delivered(); ++seq) {
    const auto& message = history_[static_cast<std::size_t>(seq - first_seq_)][audience];
    if (!message) return std::nullopt;
    missed.push_back(message);
  }
  return missed;
}

void EventOutbox::WaitForSnapshot(const std::shared_ptr<Peer>& peer, int audience) {
  if (!IsWaitingForSnapshot(peer)) snapshot_waiting_.push_back(SnapshotRequest{peer, audience});
}

bool EventOutbox::IsWaitingForSnapshot(const std::shared_ptr<Peer>& peer) const {
  return std::any_of(snapshot_waiting_.begin(), snapshot_waiting_.end(),
                     [&](const SnapshotRequest& r) { return r.peer.lock() == peer; });
}

std::vector<EventOutbox::SnapshotRequest> EventOutbox::TakeSnapshotRequests() {
  return std::exchange(snapshot_waiting_, {});
}

}  // namespace kafenio::server
