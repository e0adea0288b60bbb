// The table's match: starting it once it is stored, dealing, moves, its end with the
// series, and the events that carry all of it to players: durable first, then delivered in
// order; rolled back when storage fails.
#include <algorithm>
#include <optional>

#include "server/app/table/table.h"
#include "server/codec/scratch_envelope.h"
#include "server/log/log.h"

namespace kafenio::server {

void Table::MaybeStartMatch() {
  if (MatchBusy() || closed_ || paused_ || series_.Over() || !seating_.AllReady()) return;
  StartMatch();
}

void Table::StartMatch() {
  // rules.md, "Common ground": the first dealer rotates from one match to the next.
  const MatchSpec spec{settings_.game, settings_.preset, settings_.options,
                       series_.NextFirstDealer(), settings_.seats};
  MatchCreation created = CreateMatch(spec);
  if (!created.match) {  // the rules were checked when the table was created
    log::error("table {}: its rules no longer make a match: {}", settings_.table_id, created.error);
    return;
  }
  MatchRecord record;
  record.table_number = settings_.table_number;
  record.match_number = series_.NextMatchNumber();
  record.game = settings_.game;
  record.rules = created.match->RulesText();
  record.first_dealer = spec.first_dealer;
  record.seat_accounts = seating_.Accounts();
  record.seat_bots = seating_.BotNames();
  record.started_unix_ms = services_.clock.NowMs();
  record.rated = seating_.MatchIsRated();
  // The match's id is the store's, so nothing starts until the match is durable.
  starting_ = true;
  auto id = std::make_shared<std::int64_t>(0);
  Write(
      [this, record, id](Then<WriteResult> then) {
        services_.log.CreateMatch(record, strand_, [id, then](Written<std::int64_t> stored) {
          *id = stored.value;
          then(stored.result);
        });
      },
      [this, id, spec, accounts = record.seat_accounts](WriteResult result) {
        OnMatchStored(Written<std::int64_t>{result, result.ok() ? *id : 0}, spec, accounts);
      });
}

void Table::OnMatchStored(const Written<std::int64_t>& stored, const MatchSpec& spec,
                          const std::vector<std::int64_t>& accounts) {
  starting_ = false;
  if (!stored.result.ok()) {
    // Nothing started: the players confirm again once storage is back.
    StorageFailed("the new match", stored.result);
    seating_.UnreadyPlayers();
    return PublishInfo();
  }
  runner_.Begin([spec] { return CreateMatch(spec).match; }, stored.value, settings_.game);
  if (closed_ || seating_.Accounts() != accounts) {
    // The table closed (or its seats were given to others) while the match was being
    // stored: it will not be played.
    runner_.End();
    Write(
        [this, match = stored.value, record = runner_.RecordText(),
         now = services_.clock.NowMs()](Then<WriteResult> then) {
          services_.log.AbandonMatch(match, record, now, strand_, std::move(then));
        },
        [this](WriteResult result) {
          if (!result.ok()) StorageFailed("a match not started", result);
        });
    return MaybeStartMatch();
  }
  outbox_.StartHistory(0);
  delivered_deadline_ms_ = 0;
  services_.metrics.live_matches.fetch_add(1, std::memory_order_relaxed);
  services_.metrics.CountMatchStarted(settings_.game);
  // The new match's seats are stored held by their players (SeatHold{}), so that is what
  // the table starts from; SetHold then stores what carries over: a bot still holding the
  // seat of a player who never came back holds it in this match too, and one who left
  // while the match was being stored has left it. Timeouts start anew.
  for (int seat = 0; seat < settings_.seats; ++seat) {
    const SeatHold& held = seating_[seat].hold;
    const SeatHold carried{.bot_holding = held.bot_holding, .left = held.left};
    seating_.SetHold(seat, SeatHold{});
    SetHold(seat, carried);
  }
  listener_.MatchStarted(settings_.table_id, stored.value);
  PublishInfo();
  WatchAbsentPlayers();  // a player whose connection dropped before it started
  const int first_dealer = spec.first_dealer;
  const int match_number = series_.NextMatchNumber();
  const std::string rules = runner_.match().RulesText();
  Emit(runner_.NextSeq(), [&](v1::MatchEvent& event) {
    v1::MatchStarted& started = *event.mutable_match_started();
    started.set_first_dealer(first_dealer);
    started.set_rules(rules);
    started.set_match_number(match_number);
  });
  DealHand();
}

void Table::DealHand() {
  const MatchEventRecord deal = runner_.Deal(services_.clock.NowMs());
  StoreEvent(deal.seq, deal, std::nullopt, [&](v1::MatchEvent& event) {
    v1::HandStarted& started = *event.mutable_hand_started();
    started.set_hand_number(deal.hand);
    started.set_dealer(deal.seat);
    started.set_seed_commitment(deal.commitment_hex);
  });
}

void Table::SubmitMove(int seat, const v1::Move& move, bool by_server, std::optional<Ack> ack,
                       const std::shared_ptr<Peer>& mover) {
  Played played = runner_.Submit(seat, move, by_server, services_.clock.NowMs());
  if (played.refusal) return Fail(mover, ack ? ack->request_id : std::string(), played.refusal);
  if (!by_server) SetHold(seat, SeatHold{});  // a move of their own: the player is back
  services_.metrics.moves_total.fetch_add(1, std::memory_order_relaxed);
  services_.metrics.CountMove(settings_.game);
  StoreEvent(played.record.seq, played.record, std::move(ack), [&](v1::MatchEvent& event) {
    v1::MovePlayed& move_played = *event.mutable_move_played();
    *move_played.mutable_move() = played.move;
    move_played.set_by_server(by_server);
  });
  if (!played.hand_ended) return;
  v1::HandResult result;
  runner_.match().FillLastResult(result);
  const RevealedSeed seed = runner_.LastSeed();
  Emit(runner_.NextSeq(), [&](v1::MatchEvent& event) {
    v1::HandEnded& ended = *event.mutable_hand_ended();
    *ended.mutable_result() = result;
    // The hand is over: reveal its seed so anyone can re-deal it and check it.
    ended.set_seed(std::to_string(seed.seed));
    ended.set_salt(seed.salt_hex);
    ended.set_seed_commitment(seed.commitment_hex);
    ended.set_dealer(seed.dealer);
  });
  if (played.match_over || LimitReached()) return FinishMatch();
  DealHand();
}

bool Table::LimitReached() const {
  const GameMatch& match = runner_.match();
  return settings_.limits.any() && match.AwaitingDeal() &&
         settings_.limits.EndsAfterHand(match.HandNumber(), match.Totals(),
                                        services_.clock.NowMs());
}

void Table::FinishMatch() {
  const GameMatch& match = runner_.match();
  MatchResultRecord result;
  result.match_id = runner_.match_id();
  // A match ended by the event's limits has no winner in the engine: the side ahead wins.
  result.winner = match.MatchOver() ? match.Winner() : LeaderOf(match.Totals());
  result.totals = match.Totals();
  result.finished_unix_ms = services_.clock.NowMs();
  result.abandoned_by = seating_.AbandonedBy();
  result.record = runner_.RecordText();
  // With the series and the seating for the next match, in one transaction: a restart
  // finds this table either with the match live or as it is after it.
  result.table_number = settings_.table_number;
  result.series = series_.After(result.winner);
  result.seats_after = seating_.Records();
  Emit(
      runner_.NextSeq(),
      [&](v1::MatchEvent& event) {
        v1::MatchEnded& ended = *event.mutable_match_ended();
        ended.set_winner(result.winner);
        ended.add_totals(result.totals[0]);
        ended.add_totals(result.totals[1]);
        ended.add_series_score(result.series.score[0]);
        ended.add_series_score(result.series.score[1]);
      },
      [this, result](Then<WriteResult> then) {
        services_.log.FinishMatch(result, strand_, std::move(then));
      },
      std::nullopt, [this, result] { MatchFinished(result); });
}

void Table::MatchFinished(const MatchResultRecord& result) {
  series_.Set(result.series);
  runner_.End();
  services_.metrics.live_matches.fetch_sub(1, std::memory_order_relaxed);
  services_.metrics.CountMatchFinished(settings_.game);
  MatchOutcome outcome{settings_.table_id, result.match_id,     result.winner,
                       result.totals,      result.abandoned_by, seating_.Accounts()};
  // Players confirm the next match of the series; those who left the table during the
  // match and did not come back have given their seats up.
  seating_.AfterMatch();
  stored_seating_ = seating_;
  listener_.MatchFinished(outcome);
  PublishInfo();
  // A table of bots watched by someone (the load tool, the privacy test) plays on.
  if (seating_.AllBots() && !members_.empty()) OnStrand([](Table& t) { t.MaybeStartMatch(); });
  MaybeClose();  // everyone left while the match finished without them
}

std::int64_t Table::TurnDeadlineFromNow() const {
  if (!runner_.live()) return 0;
  const int to_act = runner_.match().ToAct();
  const bool clocked = to_act >= 0 && seating_[to_act].kind == Seat::Kind::human &&
                       !seating_[to_act].hold.bot_holding;
  return clocked ? services_.clock.NowMs() + settings_.turn_clock_ms : 0;
}

// ---- Events: durable first, then delivered in order ------------------------------------

void Table::Emit(std::int64_t seq, const std::function<void(v1::MatchEvent&)>& fill,
                 SerialWrites::Issue write, std::optional<Ack> ack, std::function<void()> stored) {
  // A new match's first event carries whole views; every later one what changed.
  const bool whole_view = seq == 1;
  turn_clock_.Set(TurnDeadlineFromNow());
  EventOutbox::Pending pending;
  pending.seq = seq;
  pending.deadline_ms = turn_clock_.deadline_ms();
  pending.ack = std::move(ack);
  // Views are built only for the audiences someone at the table belongs to: most tables
  // have no spectators and some seats are bots. A reconnecting client whose audience
  // was not built gets a snapshot instead (SendCatchUp). A seated player whose connection
  // dropped is still an audience: their rejoin replays the events they missed.
  std::array<bool, 5> wanted{};
  for (const auto& [id, member] : members_) wanted[AudienceOf(member)] = true;
  for (int seat = 0; seat < settings_.seats; ++seat) {
    if (seating_[seat].kind == Seat::Kind::human) wanted[static_cast<std::size_t>(seat)] = true;
  }
  // Messages are built on a reused arena and encoded at once: the encoding is all that
  // is kept. After the first event, the event and the fields of the view every audience
  // sees alike are built once; an audience whose own fields (viewer, hand, legal moves)
  // changed gets them merged into a copy (one message: concatenating two encodings would
  // be the same message to protobuf's own parsers, but not to every library's, e.g.
  // protobufjs replaces a repeated message field), and the others share one encoding.
  std::optional<ScratchEnvelope> shared;
  std::shared_ptr<const EncodedEnvelope> shared_only;
  const auto build_event = [&](v1::MatchEvent& event) {
    event.set_table_id(settings_.table_id);
    event.set_match_id(runner_.match_id());
    event.set_seq(seq);
    fill(event);
    event.set_turn_deadline_unix_ms(pending.deadline_ms);
  };
  if (!whole_view) {
    shared.emplace();
    build_event(*(*shared)->mutable_match_event());
    runner_.match().FillSharedPatch(*(*shared)->mutable_match_event()->mutable_patch());
  }
  for (std::size_t audience = 0; audience < pending.audiences.size(); ++audience) {
    if (!wanted[audience]) continue;
    if (audience != kSpectator && static_cast<int>(audience) >= settings_.seats) continue;
    const int seat = audience == kSpectator ? -1 : static_cast<int>(audience);
    const ScratchEnvelope envelope;
    v1::MatchEvent& event = *envelope->mutable_match_event();
    if (whole_view) {
      build_event(event);
      runner_.match().FillView(seat, *event.mutable_view());
      runner_.match().SetViewBase(seat);
      pending.audiences[audience] = std::make_shared<const EncodedEnvelope>(*envelope);
    } else if (runner_.match().FillOwnPatch(seat, *event.mutable_patch())) {
      envelope->MergeFrom(**shared);  // the shared fields and the own ones are disjoint
      pending.audiences[audience] = std::make_shared<const EncodedEnvelope>(*envelope);
    } else {
      if (!shared_only) shared_only = std::make_shared<const EncodedEnvelope>(**shared);
      pending.audiences[audience] = shared_only;
    }
  }
  pending.durable = !write;
  outbox_.Push(std::move(pending));
  if (!write) return Flush();
  Write(std::move(write), [this, seq, stored = std::move(stored)](WriteResult result) {
    OnEventStored(seq, result, stored);
  });
}

void Table::StoreEvent(std::int64_t seq, const MatchEventRecord& record, std::optional<Ack> ack,
                       const std::function<void(v1::MatchEvent&)>& fill) {
  Emit(
      seq, fill,
      [this, record](Then<WriteResult> then) {
        services_.log.AppendEvent(record, strand_, std::move(then));
      },
      std::move(ack));
}

void Table::OnEventStored(std::int64_t seq, const WriteResult& result,
                          const std::function<void()>& stored) {
  // A later event of one already rolled back (its write was refused with the first).
  if (seq > runner_.seq()) return;
  if (result.ok()) {
    outbox_.MarkDurable(seq);
    if (stored) stored();
    return Flush();
  }
  // Not stored: this event and every later one are forgotten, nobody has seen them, and
  // the match goes back to what is stored. The movers hear why; bots and clocks try again
  // after a pause.
  for (const Ack& ack : outbox_.DropFrom(seq)) {
    if (auto peer = ack.peer.lock()) {
      Fail(peer, ack.request_id,
           Refusal::Because(v1::STORAGE_UNAVAILABLE,
                            "the server could not store the move: play it again"));
    }
  }
  runner_.RollBack(seq);
  // The patches built since were never sent: each audience's next one is its whole view.
  runner_.match().ForgetViews();
  turn_clock_.Set(delivered_deadline_ms_);
  StorageFailed("the match's last event", result);
  if (info_pending_) PublishInfo();
  turn_alarm_ = services_.clock.After(strand_, config_.storage_retry_ms, [weak = weak_from_this()] {
    if (auto self = weak.lock()) self->CarryOn();
  });
}

void Table::Flush() {
  const int delivered = outbox_.DeliverReady([this](const EventOutbox::Pending& pending) {
    delivered_deadline_ms_ = pending.deadline_ms;
    // The mover's copy of its move's event carries the request's id: it is the reply.
    const std::shared_ptr<Peer> mover = pending.ack ? pending.ack->peer.lock() : nullptr;
    members_.ForEachOpen([&](const std::shared_ptr<Peer>& peer, const Members::Member& member) {
      const std::size_t audience = AudienceOf(member);
      if (outbox_.IsWaitingForSnapshot(peer)) {
        // Joined while this event waited for storage: its snapshot, sent once the outbox
        // drains, shows this event; a patch now would have no view to apply to.
        if (peer == mover) peer->Deliver(MakeOk(pending.ack->request_id));
      } else if (const auto& message = pending.audiences[audience]) {
        peer->Send(peer == mover ? message->WithRequestId(pending.ack->request_id) : message);
      } else {
        // Joined after this event was built: a snapshot follows once the outbox drains.
        outbox_.WaitForSnapshot(peer, static_cast<int>(audience));
      }
    });
    if (!pending.ack) return;
    if (mover && !members_.Has(mover->PeerId())) {
      // The mover left the table before its move was stored: it still gets its answer.
      mover->Deliver(MakeOk(pending.ack->request_id));
    }
    services_.metrics.ObserveMoveLatency(
        std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() -
                                                              pending.ack->received)
            .count());
  });
  if (outbox_.empty() && info_pending_) PublishInfo();
  if (outbox_.empty() && outbox_.snapshots_waiting()) SendWaitingSnapshots();
  if (delivered > 0 && outbox_.empty()) ScheduleNext();
}

void Table::SendCatchUp(const std::shared_ptr<Peer>& peer, const Members::Member& member,
                        std::int64_t match_id, std::int64_t last_seq) {
  if (runner_.match_id() == 0 || !runner_.has_match()) return;
  const std::size_t audience = AudienceOf(member);
  if (match_id == runner_.match_id()) {
    if (last_seq >= outbox_.last_delivered()) return;  // up to date
    if (const auto missed = outbox_.Missed(audience, last_seq)) {
      for (const auto& message : *missed) peer->Send(message);
      return;
    }
  }
  // Too far behind, another match, or events this audience was not built for: a
  // snapshot of the whole view. It is built from the state, which may be ahead of what is
  // durable: it waits for the outbox to drain (Flush) so it shows only delivered events.
  outbox_.WaitForSnapshot(peer, static_cast<int>(audience));
  if (outbox_.empty()) SendWaitingSnapshots();
}

void Table::SendWaitingSnapshots() {
  for (const EventOutbox::SnapshotRequest& request : outbox_.TakeSnapshotRequests()) {
    const auto peer = request.peer.lock();
    if (!peer || !runner_.has_match()) continue;
    auto envelope = std::make_shared<v1::Envelope>();
    v1::MatchEvent& event = *envelope->mutable_match_event();
    event.set_table_id(settings_.table_id);
    event.set_match_id(runner_.match_id());
    event.set_seq(runner_.seq());
    event.mutable_snapshot()->set_seed_commitment(
        runner_.CommitmentOf(runner_.match().HandNumber()));
    const int seat = request.audience == static_cast<int>(kSpectator) ? -1 : request.audience;
    runner_.match().FillView(seat, *event.mutable_view());
    // The audience's next patch starts from this view (its other members are there too:
    // nothing waits for storage).
    runner_.match().SetViewBase(seat);
    event.set_turn_deadline_unix_ms(delivered_deadline_ms_);
    peer->Deliver(envelope);
  }
}

}  // namespace kafenio::server
