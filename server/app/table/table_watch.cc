// The console watches a table (docs/admin.md): snapshots of audiences' views, through the
// path a member who fell behind gets theirs (EventOutbox::WaitForSnapshot), so a look never
// shows an event before it is durable.
#include "server/app/table/table.h"

namespace kafenio::server {

void Table::Peek(std::vector<std::pair<int, std::shared_ptr<Peer>>> looks,
                 std::function<void(bool queued)> queued) {
  OnStrand([looks = std::move(looks), queued = std::move(queued)](Table& t) {
    bool valid = !t.closed_ && t.runner_.has_match() && !looks.empty();
    for (const auto& [audience, peer] : looks) {
      valid = valid && (audience == static_cast<int>(kSpectator) ||
                        (audience >= 0 && audience < t.settings_.seats));
    }
    queued(valid);
    if (!valid) return;
    for (const auto& [audience, peer] : looks) t.outbox_.WaitForSnapshot(peer, audience);
    if (t.outbox_.empty()) t.SendWaitingSnapshots();
  });
}

}  // namespace kafenio::server
