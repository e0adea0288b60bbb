#pragma once
// A peer that keeps what it is sent, decoded, for tests of tables and their parts.
#include <memory>
#include <string>
#include <vector>

#include "server/app/peer.h"

namespace kafenio::server::testing {

class RecordingPeer final : public Peer {
 public:
  explicit RecordingPeer(std::uint64_t id) : id_(id) {}
  void Send(std::shared_ptr<const EncodedEnvelope> message) override {
    received.push_back(std::make_shared<const v1::Envelope>(message->Decode()));
  }
  std::uint64_t PeerId() const override { return id_; }

  std::vector<const v1::MatchEvent*> Events() const {
    std::vector<const v1::MatchEvent*> out;
    for (const auto& m : received) {
      if (m->has_match_event()) out.push_back(&m->match_event());
    }
    return out;
  }
  std::int64_t LastSeq() const {
    const auto events = Events();
    return events.empty() ? 0 : events.back()->seq();
  }
  // The index of the reply to `request_id`, or -1.
  int IndexOf(const std::string& request_id) const {
    for (std::size_t i = 0; i < received.size(); ++i) {
      if (received[i]->request_id() == request_id) return static_cast<int>(i);
    }
    return -1;
  }
  const v1::Envelope* ReplyTo(const std::string& request_id) const {
    const int index = IndexOf(request_id);
    return index < 0 ? nullptr : received[static_cast<std::size_t>(index)].get();
  }
  // The latest table info pushed.
  const v1::TableInfo* LastInfo() const {
    for (auto it = received.rbegin(); it != received.rend(); ++it) {
      if ((*it)->has_table()) return &(*it)->table();
    }
    return nullptr;
  }
  std::vector<std::shared_ptr<const v1::Envelope>> received;

 private:
  std::uint64_t id_;
};

}  // namespace kafenio::server::testing
