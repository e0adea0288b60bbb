#pragma once
// A peer that keeps what it is sent, decoded, for tests of tables and their parts. It
// follows its view as a client does: a match event that carries a patch is kept with the
// whole view the patch makes, so tests read `event.view()` after every move.
#include <memory>
#include <string>
#include <vector>

#include "server/app/peer.h"
#include "server/codec/view_patch.h"

namespace kafenio::server::testing {

class RecordingPeer final : public Peer {
 public:
  explicit RecordingPeer(std::uint64_t id) : id_(id) {}
  void Send(std::shared_ptr<const EncodedEnvelope> message) override {
    auto envelope = std::make_shared<v1::Envelope>(message->Decode());
    if (envelope->has_match_event()) FollowView(*envelope->mutable_match_event());
    received.push_back(std::move(envelope));
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
  void FollowView(v1::MatchEvent& event) {
    if (event.has_view()) {
      view_ = event.view();
    } else if (event.has_patch()) {
      ApplyViewPatch(event.patch(), view_);
      *event.mutable_view() = view_;
    }
  }
  std::uint64_t id_;
  v1::GameView view_;
};

}  // namespace kafenio::server::testing
