#include "server/app/cluster/tournament_follower.h"

#include <chrono>
#include <map>

#include "server/log/log.h"

namespace kafenio::server {

TournamentFollower::TournamentFollower(std::unique_ptr<storage::ClusterStore> store,
                                       StoredTournaments& events, int sweep_ms)
    : store_(std::move(store)), events_(events), sweep_ms_(std::max(sweep_ms, 50)) {}

TournamentFollower::~TournamentFollower() {
  Stop();
}

void TournamentFollower::Start() {
  events_.SetRefresher([this](std::int64_t id) { Ask(id); });
  thread_ = std::thread([this] { Follow(); });
}

void TournamentFollower::Stop() {
  if (!thread_.joinable()) return;
  stopping_ = true;
  thread_.join();
}

void TournamentFollower::Ask(std::int64_t id) {
  std::lock_guard lock(mutex_);
  asked_.insert(id);
}

std::set<std::int64_t> TournamentFollower::TakeAsked() {
  std::lock_guard lock(mutex_);
  std::set<std::int64_t> asked;
  asked.swap(asked_);
  return asked;
}

void TournamentFollower::Follow() {
  auto next_sweep = std::chrono::steady_clock::now();
  while (!stopping_) {
    try {
      if (std::chrono::steady_clock::now() >= next_sweep) {
        Sweep();
        next_sweep = std::chrono::steady_clock::now() + std::chrono::milliseconds(sweep_ms_);
      }
      std::set<std::int64_t> wanted = TakeAsked();
      // A short wait while a request waits for its event to be read again; else the
      // notifications' (bounded, so that Stop is heard).
      for (const std::int64_t id : store_->WaitForTournamentChanges(wanted.empty() ? 100 : 0)) {
        wanted.insert(id);
      }
      for (const std::int64_t id : wanted) events_.Refresh(id);
    } catch (const std::exception& error) {
      log::warn("cluster: following the tournaments: {}", error.what());
      if (!stopping_) std::this_thread::sleep_for(std::chrono::milliseconds(200));
    }
  }
}

void TournamentFollower::Sweep() {
  std::map<std::int64_t, std::int64_t> known;
  for (const auto& [id, entries] : events_.KnownLengths()) known[id] = entries;
  for (const auto& [id, entries] : store_->TournamentLogLengths()) {
    const auto here = known.find(id);
    if (here == known.end() || here->second < entries) Ask(id);
    if (here != known.end()) known.erase(here);
  }
  // Unfinished here but no longer in the list: finished elsewhere.
  for (const auto& [id, entries] : known) Ask(id);
}

}  // namespace kafenio::server
