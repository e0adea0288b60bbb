#pragma once
// The live list of public tables. Tables publish their info here after every change;
// subscribers get a snapshot when they subscribe and every change after. Thread-safe.
//
// With thousands of subscribers, sending every change of every table to each of them at
// once made the lobby compete with play (docs/performance.md, "Lobby fan-out"). Once
// Coalesce is called, a change only marks its table; at most once per interval the
// tables changed since the last flush are sent, each in its latest state (a table that
// closed meanwhile as table_removed), encoded once, to every subscriber in one batch per
// connection, in chunks posted one after another so that moves waiting on the I/O
// threads run between them. Without Coalesce every change is sent at once (unit tests).
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/strand.hpp>

#include "server/app/clock.h"
#include "server/app/peer.h"

namespace kafenio::server {

class Lobby {
 public:
  void Subscribe(const std::shared_ptr<Peer>& peer, const std::string& request_id);
  void Unsubscribe(std::uint64_t peer_id);
  // A table's current info; private tables are kept out of the list.
  void Publish(const v1::TableInfo& info);
  void Remove(const std::string& table_id);
  // A public table's info as the lobby has it now (on a cluster node, every node's tables).
  std::optional<v1::TableInfo> Find(const std::string& table_id);

  // Sends changes at most once per `interval_ms` (more than 0), on a strand of `executor`,
  // timed by `clock`. Call once, before any table publishes.
  void Coalesce(boost::asio::io_context::executor_type executor, Clock& clock, int interval_ms);

 private:
  using Batch = std::vector<std::shared_ptr<const EncodedEnvelope>>;
  using Strand = boost::asio::strand<boost::asio::io_context::executor_type>;

  void Broadcast(const std::shared_ptr<const v1::Envelope>& message);
  // Coalescing: marks a table changed and makes sure a flush will come (under mutex_).
  void Changed(const std::string& table_id);
  void ScheduleFlush();
  void Flush();
  void SendChunk(std::shared_ptr<const Batch> batch,
                 std::shared_ptr<std::vector<std::shared_ptr<Peer>>> peers, std::size_t from);

  std::mutex mutex_;
  std::map<std::string, v1::TableInfo> tables_;
  std::map<std::uint64_t, PeerRef> subscribers_;

  // Coalescing (none until Coalesce).
  std::unique_ptr<Strand> strand_;
  Clock* clock_ = nullptr;
  int interval_ms_ = 0;
  std::set<std::string> changed_;  // tables changed since the last flush
  bool flush_due_ = false;         // a flush is scheduled or being sent
  std::int64_t last_flush_ms_ = 0;
  std::unique_ptr<Alarm> alarm_;
};

}  // namespace kafenio::server
