// The table actor's plumbing: replies, the table's info, its writes to storage, the
// server's own hooks (reserve, pause, close) and closing when nobody is left.
#include "server/app/table/table.h"

#include <algorithm>

#include "server/app/crypto.h"
#include "server/log/log.h"

namespace kafenio::server {

Table::Table(const TableServices& services, TableListener& listener, TableSettings settings)
    : strand_(boost::asio::make_strand(services.executor)),
      services_(services),
      listener_(listener),
      settings_(std::move(settings)),
      config_(services.config),
      seating_(settings_.seats, settings_.rated),
      stored_seating_(seating_),
      series_(settings_.seats,
              settings_.first_dealer.value_or(fairness::FirstDealer(
                  services.deal_secret, settings_.table_number, settings_.seats)),
              settings_.series_matches),
      runner_(services.deal_secret),
      outbox_(services.config.event_history) {
  runner_.SetDealSeeds(settings_.deal_seeds);
}

// ---- Replies and the table's info ---------------------------------------------------------

void Table::Reply(const std::shared_ptr<Peer>& peer, std::shared_ptr<const v1::Envelope> message) {
  if (peer) peer->Deliver(std::move(message));
}

void Table::Fail(const std::shared_ptr<Peer>& peer, const std::string& request_id,
                 const Refusal& why) {
  services_.metrics.errors_total.fetch_add(1, std::memory_order_relaxed);
  if (peer)
    log::Debug("request refused", {{"connection", peer->PeerId()},
                                   {"table", settings_.table_id},
                                   {"code", v1::ErrorCode_Name(why.code)},
                                   {"why", why.message}});
  Reply(peer, MakeError(request_id, why.code, why.message));
}

Refusal Table::NotStored() {
  return Refusal::Because(v1::STORAGE_UNAVAILABLE, "the server could not store that: try again");
}

std::size_t Table::AudienceOf(const Members::Member& member) const {
  const int seat = seating_.SeatOf(member.who.account_id);
  return seat >= 0 ? static_cast<std::size_t>(seat) : kSpectator;
}

v1::TableInfo Table::Info() const {
  v1::TableInfo info;
  info.set_table_id(settings_.table_id);
  info.set_game(settings_.game);
  info.set_rules(settings_.rules_text);
  info.set_seat_count(settings_.seats);
  info.set_private_(settings_.is_private);
  info.set_turn_clock_ms(settings_.turn_clock_ms);
  seating_.Fill(info, [this](std::int64_t account) { return members_.IsConnected(account); });
  int spectators = 0;
  for (const auto& [id, member] : members_) {
    if (seating_.SeatOf(member.who.account_id) < 0) ++spectators;
  }
  info.set_spectators(spectators);
  info.set_match_in_progress(runner_.live());
  info.set_matches_played(series_.matches_played());
  info.add_series_score(series_.score()[0]);
  info.add_series_score(series_.score()[1]);
  info.set_match_id(runner_.match_id());
  info.set_series_matches(settings_.series_matches);
  info.set_rated(settings_.rated);
  info.set_paused(paused_);
  if (runner_.live()) info.set_turn_deadline_unix_ms(delivered_deadline_ms_);
  info.set_tournament_id(settings_.tournament_id);
  info.set_tournament_round(settings_.tournament_round);
  info.set_tournament_table(settings_.tournament_table);
  return info;
}

void Table::PublishInfo() {
  if (closed_) return;  // the directory has let it go
  // Table changes must not overtake match events still waiting for storage.
  if (!outbox_.empty()) {
    info_pending_ = true;
    return;
  }
  info_pending_ = false;
  auto message = std::make_shared<v1::Envelope>();
  *message->mutable_table() = Info();
  members_.SendToAll(std::make_shared<const EncodedEnvelope>(*message));
  listener_.TableChanged(message->table());
}

// ---- Storage ----------------------------------------------------------------------------

void Table::Write(SerialWrites::Issue issue, Then<WriteResult> done) {
  if (dropped_) return;  // another node holds the table: it writes, this one never again
  // The completion comes back through the store to the strand; the table stays alive
  // until it has run.
  writes_.Add(
      [self = shared_from_this(), issue = std::move(issue)](Then<WriteResult> completed) {
        issue([self, completed = std::move(completed)](WriteResult result) {
          completed(std::move(result));
        });
      },
      std::move(done));
}

void Table::StorageFailed(const std::string& what, const WriteResult& result) {
  services_.metrics.storage_errors_total.fetch_add(1, std::memory_order_relaxed);
  log::error("table {}: {} could not be stored: {}", settings_.table_id, what, result.message);
  if (closed_) return;
  const auto error = std::make_shared<const EncodedEnvelope>(*MakeError(
      "", v1::STORAGE_UNAVAILABLE, "the server could not store " + what + ": storage failed"));
  members_.SendToAll(error);
}

void Table::SaveSeating(std::function<void(bool stored)> then) {
  if (runner_.live() || closed_) {  // a live match's seats are its own
    then(true);
    return PublishInfo();
  }
  const Seating seating = seating_;
  Write(
      [this, number = settings_.table_number, seats = seating.Records()](Then<WriteResult> done) {
        services_.log.SaveTableSeats(number, seats, strand_, std::move(done));
      },
      [this, seating, then = std::move(then)](WriteResult result) {
        if (result.ok()) {
          stored_seating_ = seating;
        } else {
          // Back to what is stored: the change did not happen.
          seating_ = stored_seating_;
          StorageFailed("the seating", result);
        }
        then(result.ok());
        PublishInfo();
      });
}

void Table::ChangeSeats(const std::shared_ptr<Peer>& peer, const std::string& request_id,
                        const std::function<Refusal()>& change) {
  if (!members_.Has(peer->PeerId())) {
    return Fail(peer, request_id, Refusal::Because(v1::NOT_AT_TABLE, "join the table first"));
  }
  const Seating before = seating_;
  if (const Refusal refused = change()) return Fail(peer, request_id, refused);
  if (seating_.Records() == before.Records()) return Reply(peer, MakeOk(request_id));
  SaveSeating([this, peer, request_id](bool stored) {
    if (!stored) return Fail(peer, request_id, NotStored());
    Reply(peer, MakeOk(request_id));
    MaybeStartMatch();
  });
}

void Table::SetHold(int seat, const SeatHold& hold) {
  if (!seating_.SetHold(seat, hold) || !runner_.live()) return;
  // Stored at once, not behind the match's events: a hold is the seat's latest state, which
  // a restart restores whatever the events around it, so it need not wait for them.
  services_.log.SaveSeatHold(runner_.match_id(), seat, hold, strand_,
                             [self = shared_from_this()](WriteResult result) {
                               if (!result.ok()) self->StorageFailed("a seat's state", result);
                             });
}

// ---- The server's hooks -------------------------------------------------------------------

void Table::Reserve(std::vector<SeatReservation> seats, std::function<void(Refusal)> done) {
  OnStrand([seats = std::move(seats), done = std::move(done)](Table& t) {
    if (t.closed_) return done(Refusal::Because(v1::UNKNOWN_TABLE, "that table has closed"));
    if (t.MatchBusy()) {
      return done(Refusal::Because(v1::MATCH_IN_PROGRESS, "a match is in progress"));
    }
    std::vector<std::int64_t> accounts;
    for (const SeatReservation& reserved : seats) {
      const std::int64_t account = reserved.who.account_id;
      if (reserved.seat < 0 || reserved.seat >= t.settings_.seats) {
        return done(Refusal::Because(v1::BAD_REQUEST, "no such seat at this table"));
      }
      const int held = t.seating_.SeatOf(account);
      if (account != 0 && ((held >= 0 && held != reserved.seat) ||
                           std::count(accounts.begin(), accounts.end(), account) > 0)) {
        return done(Refusal::Because(v1::SEAT_TAKEN, "a player can hold one seat only"));
      }
      accounts.push_back(account);
    }
    for (const SeatReservation& reserved : seats) {
      t.seating_.Place(reserved.seat, reserved.who.account_id == 0 ? Seat::Bot(reserved.bot_level)
                                                                   : Seat::Player(reserved.who));
    }
    t.SaveSeating([&t, done](bool stored) {
      if (!stored) return done(NotStored());
      done(Refusal::None());
      t.MaybeClose();  // nobody here yet: the reserved players get the grace to come
      t.MaybeStartMatch();
    });
  });
}

void Table::Pause(std::string reason, std::function<void()> applied) {
  OnStrand([reason = std::move(reason), applied = std::move(applied)](Table& t) {
    if (!t.closed_ && !t.paused_) {
      t.paused_ = true;
      t.turn_clock_.Pause(t.services_.clock.NowMs());
      t.turn_alarm_.reset();
      log::info("table {}: paused ({})", t.settings_.table_id, reason);
      t.PublishInfo();
    }
    if (applied) applied();
  });
}

void Table::SetDeadline(std::int64_t deadline_ms) {
  OnStrand([deadline_ms](Table& t) { t.settings_.limits.deadline_ms = deadline_ms; });
}

void Table::Resume(std::function<void()> applied) {
  OnStrand([applied = std::move(applied)](Table& t) {
    if (!t.closed_ && t.paused_) {
      t.paused_ = false;
      t.turn_clock_.Resume(t.services_.clock.NowMs());
      // Players see the new deadline in the table's info.
      if (t.outbox_.empty()) t.delivered_deadline_ms_ = t.turn_clock_.deadline_ms();
      log::info("table {}: resumed", t.settings_.table_id);
      t.PublishInfo();
      t.CarryOn();
      t.MaybeStartMatch();
    }
    if (applied) applied();
  });
}

// ---- Closing ------------------------------------------------------------------------------

void Table::MaybeClose() {
  if (closed_ || !members_.empty()) return;
  // A tournament's table waits for its players (the event forfeits no-shows) and plays out
  // with bots alone; it closes once its match is played.
  if (settings_.tournament_id != 0 && !series_.Over()) return;
  const bool seated = seating_.AnyPlayer();
  if (seated && runner_.live()) return;  // its players may come back; bots hold their turns
  if (seated && config_.empty_table_grace_ms > 0) {
    // Seated players, none of them connected, no match in play: a connection dropped
    // between matches, the match ended while they were away, a restart finished it, or
    // their seats were reserved. Their seats and the series wait for them a while; a table
    // nobody sits at, or one whose players left it, closes at once.
    const std::uint64_t generation = ++grace_generation_;
    grace_alarm_ = services_.clock.After(strand_, config_.empty_table_grace_ms,
                                         [weak = weak_from_this(), generation] {
                                           if (auto self = weak.lock())
                                             self->CloseIfStillEmpty(generation);
                                         });
    return;
  }
  CloseNow("");
}

void Table::CloseIfStillEmpty(std::uint64_t grace_generation) {
  if (grace_generation != grace_generation_ || closed_ || !members_.empty() || runner_.live()) {
    return;
  }
  CloseNow("");
}

void Table::Close(std::string reason, std::function<void()> closed) {
  OnStrand([reason = std::move(reason), closed = std::move(closed)](Table& t) {
    t.CloseNow(reason);
    if (closed) closed();
  });
}

void Table::Drop(std::shared_ptr<const v1::Envelope> moved) {
  OnStrand([moved = std::move(moved)](Table& t) {
    if (t.closed_) return;
    t.members_.SendToAll(std::make_shared<const EncodedEnvelope>(*moved));
    t.closed_ = true;
    t.dropped_ = true;
    t.turn_alarm_.reset();
    t.grace_alarm_.reset();
    if (t.runner_.live()) t.services_.metrics.live_matches.fetch_sub(1, std::memory_order_relaxed);
  });
}

void Table::CloseNow(const std::string& reason) {
  if (closed_) return;
  if (!reason.empty()) {
    auto closed = std::make_shared<v1::Envelope>();
    closed->mutable_table_closed()->set_table_id(settings_.table_id);
    closed->mutable_table_closed()->set_reason(reason);
    members_.SendToAll(std::make_shared<const EncodedEnvelope>(*closed));
  }
  closed_ = true;
  turn_alarm_.reset();
  grace_alarm_.reset();
  const std::int64_t now = services_.clock.NowMs();
  if (runner_.live()) {
    // Nobody is left to finish it (only bots, and no one watching), or the server closed it.
    runner_.End();
    services_.metrics.live_matches.fetch_sub(1, std::memory_order_relaxed);
    Write(
        [this, match = runner_.match_id(), record = runner_.RecordText(),
         now](Then<WriteResult> then) {
          services_.log.AbandonMatch(match, record, now, strand_, std::move(then));
        },
        [this](WriteResult result) {
          if (!result.ok()) StorageFailed("the abandoned match", result);
        });
  }
  Write(
      [this, number = settings_.table_number, now](Then<WriteResult> then) {
        services_.log.CloseTable(number, now, strand_, std::move(then));
      },
      [this](WriteResult result) {
        if (!result.ok()) StorageFailed("the table's closing", result);
      });
  listener_.TableClosed(settings_.table_id, reason);  // the directory counts it out
}

}  // namespace kafenio::server
