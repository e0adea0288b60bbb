#include "server/app/lobby.h"

#include <algorithm>
#include <boost/asio/post.hpp>
#include <vector>

namespace kafenio::server {
namespace {

// Subscribers sent to per turn on the I/O threads: between chunks, other work (moves)
// gets its turn.
constexpr std::size_t kChunk = 128;

}  // namespace

void Lobby::Coalesce(boost::asio::io_context::executor_type executor, Clock& clock,
                     int interval_ms) {
  std::lock_guard lock(mutex_);
  strand_ = std::make_unique<Strand>(executor);
  clock_ = &clock;
  interval_ms_ = interval_ms;
}

void Lobby::Subscribe(const std::shared_ptr<Peer>& peer, const std::string& request_id) {
  auto snapshot = std::make_shared<v1::Envelope>();
  snapshot->set_request_id(request_id);
  v1::LobbySnapshot& list = *snapshot->mutable_lobby();
  {
    std::lock_guard lock(mutex_);
    subscribers_[peer->PeerId()] = peer;
    for (const auto& [id, info] : tables_) *list.add_tables() = info;
    // Delivered under the lock so no update can overtake the snapshot. (A change already in
    // the snapshot may come again with the next flush: the same state, applied twice.)
    peer->Deliver(snapshot);
  }
}

void Lobby::Unsubscribe(std::uint64_t peer_id) {
  std::lock_guard lock(mutex_);
  subscribers_.erase(peer_id);
}

void Lobby::Publish(const v1::TableInfo& info) {
  if (info.private_()) return;
  std::lock_guard lock(mutex_);
  tables_[info.table_id()] = info;
  if (strand_) return Changed(info.table_id());
  auto message = std::make_shared<v1::Envelope>();
  *message->mutable_table() = info;
  Broadcast(message);
}

std::optional<v1::TableInfo> Lobby::Find(const std::string& table_id) {
  std::lock_guard lock(mutex_);
  const auto found = tables_.find(table_id);
  if (found == tables_.end()) return std::nullopt;
  return found->second;
}

void Lobby::Remove(const std::string& table_id) {
  std::lock_guard lock(mutex_);
  if (tables_.erase(table_id) == 0) return;
  if (strand_) return Changed(table_id);
  auto message = std::make_shared<v1::Envelope>();
  message->mutable_table_removed()->set_table_id(table_id);
  Broadcast(message);
}

void Lobby::Broadcast(const std::shared_ptr<const v1::Envelope>& message) {
  if (subscribers_.empty()) return;
  const auto encoded = std::make_shared<const EncodedEnvelope>(*message);  // once for all
  for (auto it = subscribers_.begin(); it != subscribers_.end();) {
    if (auto peer = it->second.lock()) {
      peer->Send(encoded);
      ++it;
    } else {
      it = subscribers_.erase(it);
    }
  }
}

void Lobby::Changed(const std::string& table_id) {
  changed_.insert(table_id);
  if (!flush_due_) ScheduleFlush();
}

void Lobby::ScheduleFlush() {
  flush_due_ = true;
  const std::int64_t wait = last_flush_ms_ + interval_ms_ - clock_->NowMs();
  if (wait <= 0) {
    boost::asio::post(*strand_, [this] { Flush(); });
  } else {
    alarm_ = clock_->After(*strand_, wait, [this] { Flush(); });
  }
}

void Lobby::Flush() {
  auto batch = std::make_shared<Batch>();
  auto peers = std::make_shared<std::vector<std::shared_ptr<Peer>>>();
  {
    std::lock_guard lock(mutex_);
    last_flush_ms_ = clock_->NowMs();
    for (const std::string& id : changed_) {
      v1::Envelope message;
      const auto found = tables_.find(id);
      if (found != tables_.end()) {
        *message.mutable_table() = found->second;
      } else {
        message.mutable_table_removed()->set_table_id(id);
      }
      batch->push_back(std::make_shared<const EncodedEnvelope>(message));  // once for all
    }
    changed_.clear();
    for (auto it = subscribers_.begin(); it != subscribers_.end();) {
      if (auto peer = it->second.lock()) {
        peers->push_back(std::move(peer));
        ++it;
      } else {
        it = subscribers_.erase(it);
      }
    }
  }
  SendChunk(std::move(batch), std::move(peers), 0);
}

void Lobby::SendChunk(std::shared_ptr<const Batch> batch,
                      std::shared_ptr<std::vector<std::shared_ptr<Peer>>> peers, std::size_t from) {
  const std::size_t to = std::min(peers->size(), from + kChunk);
  for (std::size_t i = from; i < to; ++i) (*peers)[i]->SendBatch(batch);
  if (to < peers->size()) {
    boost::asio::post(*strand_, [this, batch = std::move(batch), peers = std::move(peers), to] {
      SendChunk(batch, peers, to);
    });
    return;
  }
  // This flush is out: the next one, for what changed meanwhile, no sooner than the interval.
  std::lock_guard lock(mutex_);
  flush_due_ = false;
  if (!changed_.empty()) ScheduleFlush();
}

}  // namespace kafenio::server
