#include "server/app/cluster/player_signals.h"

#include <boost/asio/post.hpp>
#include <chrono>
#include <sstream>

#include "server/log/log.h"

namespace kafenio::server {

PlayerSignals::PlayerSignals(std::string node, std::unique_ptr<storage::ClusterStore> store,
                             boost::asio::any_io_executor executor, OnChange on_change,
                             OnResync on_resync)
    : node_(std::move(node)),
      store_(std::move(store)),
      executor_(std::move(executor)),
      on_change_(std::move(on_change)),
      on_resync_(std::move(on_resync)) {}

PlayerSignals::~PlayerSignals() {
  Stop();
}

void PlayerSignals::Start() {
  follower_ = std::thread([this] { Follow(); });
}

void PlayerSignals::Stop() {
  if (!follower_.joinable()) return;
  stopping_ = true;
  follower_.join();
}

// The payload: "ACCOUNT" or "ACCOUNT rename NODE" (the node that renamed the player has
// closed its connections there already).
void PlayerSignals::Changed(std::int64_t account_id, bool renamed) {
  std::string payload = std::to_string(account_id);
  if (renamed) payload += " rename " + node_;
  Notify(std::move(payload));
}

// "announce NODE SENT_MS TEXT" (the text up to 500 bytes; a payload may have 8000).
void PlayerSignals::AnnounceElsewhere(const std::string& text, std::int64_t sent_ms) {
  Notify("announce " + node_ + " " + std::to_string(sent_ms) + " " + text);
}

void PlayerSignals::Notify(std::string payload) {
  boost::asio::post(executor_, [store = store_, payload = std::move(payload)] {
    try {
      store->NotifyPlayers(payload);
    } catch (const std::exception& error) {
      // The change is stored: the other nodes see it when their LISTEN connection is next
      // opened (or they restart).
      log::warn("cluster: could not tell the other nodes of a player's change ({}): {}", payload,
                error.what());
    }
  });
}

void PlayerSignals::Follow() {
  while (!stopping_) {
    try {
      bool resync = false;
      // Bounded, so that Stop is heard.
      const std::vector<std::string> payloads = store_->WaitForPlayerChanges(200, resync);
      if (resync) on_resync_();
      for (const std::string& payload : payloads) Take(payload);
    } catch (const std::exception& error) {
      log::warn("cluster: following players' changes: {}", error.what());
      if (!stopping_) std::this_thread::sleep_for(std::chrono::milliseconds(200));
    }
  }
}

void PlayerSignals::Take(const std::string& payload) {
  if (payload.starts_with("announce ")) {
    std::istringstream words(payload.substr(9));
    std::string from;
    std::int64_t sent_ms = 0;
    if (!(words >> from >> sent_ms) || from == node_ || !on_announcement_) return;
    words.get();  // the space before the text
    std::string text;
    std::getline(words, text, '\0');
    if (!text.empty()) on_announcement_(text, sent_ms);
    return;
  }
  std::istringstream words(payload);
  std::int64_t account = 0;
  std::string kind;
  std::string from;
  if (!(words >> account) || account < 0) return;
  if (account == 0) return on_resync_();
  words >> kind >> from;
  on_change_(account, kind == "rename" && from != node_);
}

}  // namespace kafenio::server
