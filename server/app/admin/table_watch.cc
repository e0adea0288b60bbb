// Watching a table from the console (docs/admin.md, "Watching a table"): what a spectator
// sees now, and, with its own permission and an audit entry for every look, the hidden
// hands of every seat. The page asks again every second or so, which makes it live.
#include <atomic>
#include <chrono>
#include <future>
#include <mutex>

#include "kafenio/v1/kafenio.json.h"
#include "server/app/admin/console.h"
#include "server/app/table/event_outbox.h"
#include "server/app/table/table.h"

namespace kafenio::server::admin {
namespace {

// How long a look waits for the table to deliver its events: a table that does not answer
// by then is shown without its view (the page simply asks again).
constexpr auto kLookWait = std::chrono::seconds(5);

// Receives one audience's snapshot. Not a network connection: the console holds it while it
// waits, the table only weakly.
class ViewCatcher final : public Peer {
 public:
  ViewCatcher() : id_(next_id_.fetch_sub(1)) {}
  void Send(std::shared_ptr<const EncodedEnvelope> message) override {
    std::lock_guard lock(mutex_);
    if (sent_) return;
    sent_ = true;
    promise_.set_value(std::move(message));
  }
  std::uint64_t PeerId() const override { return id_; }
  std::future<std::shared_ptr<const EncodedEnvelope>> Future() { return promise_.get_future(); }

 private:
  // Counting down from the top: never a connection's id.
  static inline std::atomic<std::uint64_t> next_id_{~std::uint64_t{0}};
  std::uint64_t id_;
  std::mutex mutex_;
  bool sent_ = false;
  std::promise<std::shared_ptr<const EncodedEnvelope>> promise_;
};

// The audiences' views now; empty when no match is live or the table did not answer.
std::vector<std::shared_ptr<const EncodedEnvelope>> Look(Table& table,
                                                         const std::vector<int>& audiences) {
  std::vector<std::shared_ptr<ViewCatcher>> catchers;
  std::vector<std::future<std::shared_ptr<const EncodedEnvelope>>> views;
  std::vector<std::pair<int, std::shared_ptr<Peer>>> looks;
  for (const int audience : audiences) {
    catchers.push_back(std::make_shared<ViewCatcher>());
    views.push_back(catchers.back()->Future());
    looks.emplace_back(audience, catchers.back());
  }
  std::promise<bool> queued;
  auto is_queued = queued.get_future();
  table.Peek(std::move(looks), [&queued](bool ok) { queued.set_value(ok); });
  if (!is_queued.get()) return {};
  std::vector<std::shared_ptr<const EncodedEnvelope>> out;
  const auto deadline = std::chrono::steady_clock::now() + kLookWait;
  for (auto& view : views) {
    if (view.wait_until(deadline) != std::future_status::ready) return {};
    out.push_back(view.get());
  }
  return out;
}

std::optional<v1::TableInfo> InfoOf(Hub& hub, const std::string& table_id) {
  for (auto& info : hub.tables().List({})) {
    if (info.table_id() == table_id) return info;
  }
  return std::nullopt;
}

void Raw(json::Writer& w, const std::string& json) {
  w.RawValue(json.data(), json.size(), rapidjson::kObjectType);
}

}  // namespace

ApiAnswer Console::WatchTable(const StaffMember&, const std::string& table_id) {
  const auto table = hub_.tables().Find(table_id);
  const auto info = InfoOf(hub_, table_id);
  if (!table || !info) return ApiError(404, "no open table " + table_id);
  const auto views = Look(*table, {static_cast<int>(kSpectator)});
  return Json([&](json::Writer& w) {
    w.StartObject();
    w.Key("table");
    v1::WriteJson(*info, w);
    w.Key("view");
    if (views.empty()) {
      w.Null();
    } else {
      Raw(w, views.front()->Json());
    }
    w.EndObject();
  });
}

ApiAnswer Console::RevealHands(const StaffMember& who, const std::string& table_id,
                               const rapidjson::Value& body) {
  const auto reason = Reason(body);
  if (!reason) return ApiError(400, "a reason (1 to 500 bytes) is required");
  const auto table = hub_.tables().Find(table_id);
  const auto info = InfoOf(hub_, table_id);
  const std::string target = "table " + table_id;
  if (!table || !info) {
    store_.Audit({who.name, "table.reveal", target, *reason, "refused: no such table"});
    return ApiError(404, "no open table " + table_id);
  }
  std::vector<int> seats;
  for (int seat = 0; seat < info->seat_count(); ++seat) seats.push_back(seat);
  const auto views = Look(*table, seats);
  const std::string match = " (match " + std::to_string(info->match_id()) + ")";
  if (views.empty()) {
    store_.Audit({who.name, "table.reveal", target, *reason, "refused: no match in play"});
    return ApiError(409, "no match is in play at table " + table_id);
  }
  // On record before anything is shown: a look that is not audited does not happen.
  store_.Audit({who.name, "table.reveal", target + match, *reason,
                "ok: " + std::to_string(views.size()) + " hands shown"});
  return Json([&](json::Writer& w) {
    w.StartObject();
    w.Key("table");
    v1::WriteJson(*info, w);
    w.Key("seats");
    w.StartArray();
    for (const auto& view : views) Raw(w, view->Json());
    w.EndArray();
    w.EndObject();
  });
}

}  // namespace kafenio::server::admin
