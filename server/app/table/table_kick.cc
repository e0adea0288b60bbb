// Staff remove a player from a table (the admin console, docs/admin.md).
#include "server/app/table/table.h"

namespace kafenio::server {

Refusal Table::KickedOut() {
  return Refusal::Because(v1::KICKED, "the moderators removed you from this table");
}

void Table::Kick(std::int64_t account_id, std::string reason, std::function<void(Refusal)> done) {
  OnStrand([=, reason = std::move(reason), done = std::move(done)](Table& t) {
    const int seat = t.seating_.SeatOf(account_id);
    if (t.closed_ || seat < 0) {
      return done(Refusal::Because(v1::NOT_AT_TABLE, "that player holds no seat at this table"));
    }
    t.kicked_.insert(account_id);
    // Their connections here are told why and stop receiving the table.
    auto gone = std::make_shared<v1::Envelope>();
    gone->mutable_table_closed()->set_table_id(t.settings_.table_id);
    gone->mutable_table_closed()->set_reason("the moderators removed you from this table: " +
                                             reason);
    std::vector<std::uint64_t> theirs;
    for (const auto& [peer_id, member] : t.members_) {
      if (member.who.account_id == account_id) theirs.push_back(peer_id);
    }
    for (const std::uint64_t peer_id : theirs) {
      if (auto peer = t.members_.Find(peer_id)->peer.lock()) peer->Deliver(gone);
      t.members_.Remove(peer_id);
    }
    if (t.MatchBusy()) {
      // As if they had left: a bot plays the seat to the match's end, which they abandoned.
      const SeatHold& held = t.seating_[seat].hold;
      t.SetHold(seat, SeatHold{.bot_holding = true, .left = true, .timeouts = held.timeouts});
      t.ScheduleNext();
      t.PublishInfo();
      return done(Refusal::None());
    }
    t.seating_.Vacate(seat);
    t.SaveSeating([&t, done](bool stored) {
      done(stored ? Refusal::None() : NotStored());
      t.MaybeClose();
    });
  });
}

}  // namespace kafenio::server
