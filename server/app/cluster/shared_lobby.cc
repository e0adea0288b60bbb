#include "server/app/cluster/shared_lobby.h"

#include <boost/asio/post.hpp>
#include <future>

#include "server/log/log.h"

namespace kafenio::server {

SharedLobby::SharedLobby(ClusterOptions options, std::unique_ptr<storage::ClusterStore> store,
                         TableDirectory& directory, Lobby& lobby, Clock& clock,
                         boost::asio::any_io_executor executor)
    : options_(std::move(options)),
      store_(std::move(store)),
      directory_(directory),
      lobby_(lobby),
      clock_(clock),
      executor_(std::move(executor)) {}

SharedLobby::~SharedLobby() {
  Stop();
}

void SharedLobby::Start() {
  Apply(store_->LobbySince(0));
  // This node's own tables, as they are now (the directory publishes changes from here on).
  for (const v1::TableInfo& info : directory_.List(TableFilter{})) TableChanged(info);
  follower_ = std::thread([this] { Follow(); });
}

void SharedLobby::Stop() {
  if (!follower_.joinable()) return;  // not started, or stopped already
  stopping_ = true;
  follower_.join();
  std::promise<void> stopped;
  boost::asio::post(executor_, [this, &stopped] {
    flush_alarm_.reset();
    stopped.set_value();
  });
  stopped.get_future().wait();
}

void SharedLobby::TableChanged(const v1::TableInfo& info) {
  std::lock_guard lock(mutex_);
  if (info.private_()) {
    pending_[info.table_id()] = std::nullopt;
  } else {
    pending_[info.table_id()] = info.SerializeAsString();
  }
  ScheduleFlush();
}

void SharedLobby::TableClosed(const std::string& table_id, const std::string&) {
  std::lock_guard lock(mutex_);
  pending_[table_id] = std::nullopt;
  ScheduleFlush();
}

// Under mutex_.
void SharedLobby::ScheduleFlush() {
  if (flush_scheduled_ || stopping_) return;
  flush_scheduled_ = true;
  boost::asio::post(executor_, [this] {
    flush_alarm_ = clock_.After(executor_, options_.lobby_flush_ms, [this] { Flush(); });
  });
}

void SharedLobby::Flush() {
  std::map<std::string, std::optional<std::string>> batch;
  {
    std::lock_guard lock(mutex_);
    batch.swap(pending_);
    flush_scheduled_ = false;
  }
  if (batch.empty()) return;
  std::vector<storage::LobbyRow> rows;
  for (auto& [id, info] : batch) rows.push_back({id, options_.node, std::move(info), 0});
  try {
    store_->PublishLobby(options_.node, rows);
  } catch (const std::exception& error) {
    log::warn("cluster: the lobby's changes could not be written: {}", error.what());
    std::lock_guard lock(mutex_);
    for (auto& row : rows) pending_.try_emplace(row.public_id, std::move(row.info));
    ScheduleFlush();  // again after the next interval
  }
}

void SharedLobby::Follow() {
  while (!stopping_) {
    try {
      // The wait is bounded so that Stop is heard; a change shows within a notification.
      store_->WaitForLobbyChange(200);
      Apply(store_->LobbySince(version_));
    } catch (const std::exception& error) {
      log::warn("cluster: following the lobby: {}", error.what());
      if (!stopping_) std::this_thread::sleep_for(std::chrono::milliseconds(200));
    }
  }
}

void SharedLobby::Apply(const std::vector<storage::LobbyRow>& rows) {
  for (const storage::LobbyRow& row : rows) {
    version_ = std::max(version_, row.version);
    if (row.node == options_.node) continue;  // this node's own tables publish themselves
    // A table that moved here: whatever the node that had it wrote last is out of date.
    if (directory_.Find(row.public_id)) continue;
    if (!row.info) {
      lobby_.Remove(row.public_id);
      continue;
    }
    v1::TableInfo info;
    if (info.ParseFromString(*row.info)) lobby_.Publish(info);
  }
}

}  // namespace kafenio::server
