#include "server/app/table.h"

#include <algorithm>
#include <boost/asio/post.hpp>
#include <cstdio>

#include "server/app/crypto.h"
#include "server/app/lobby.h"
#include "server/codec/scratch_envelope.h"

namespace kafenio::server {
namespace {

std::int64_t NowMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace

Table::Table(boost::asio::any_io_executor executor, TableSettings settings,
             const ServerConfig& config, GameStore& storage, Lobby& lobby, Metrics& metrics,
             const fairness::ServerSecret& deal_secret, OnClosed on_closed)
    : strand_(boost::asio::make_strand(executor)),
      settings_(std::move(settings)),
      config_(config),
      storage_(storage),
      lobby_(lobby),
      metrics_(metrics),
      deal_secret_(deal_secret),
      on_closed_(std::move(on_closed)),
      clock_(strand_),
      grace_(strand_),
      first_dealer_of_series_(
          fairness::FirstDealer(deal_secret, settings_.table_number, settings_.seats)) {}

// ---- Helpers ----------------------------------------------------------------------------

void Table::Reply(const std::shared_ptr<Peer>& peer, std::shared_ptr<const v1::Envelope> message) {
  if (peer) peer->Deliver(std::move(message));
}

void Table::Fail(const std::shared_ptr<Peer>& peer, const std::string& request_id,
                 v1::ErrorCode code, const std::string& message) {
  metrics_.errors_total.fetch_add(1, std::memory_order_relaxed);
  Reply(peer, MakeError(request_id, code, message));
}

int Table::SeatOf(std::int64_t account_id) const {
  for (int seat = 0; seat < settings_.seats; ++seat) {
    const Seat& s = seats_[static_cast<std::size_t>(seat)];
    if (s.kind == Seat::Kind::human && s.who.account_id == account_id) return seat;
  }
  return -1;
}

void Table::AddMember(const std::shared_ptr<Peer>& peer, const Identity& who) {
  members_[peer->PeerId()] = Member{peer, who};
}

std::size_t Table::AudienceOf(const Member& member) const {
  const int seat = SeatOf(member.who.account_id);
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
  for (int seat = 0; seat < settings_.seats; ++seat) {
    const Seat& s = seats_[static_cast<std::size_t>(seat)];
    v1::SeatInfo& out = *info.add_seats();
    out.set_seat(seat);
    out.set_team(settings_.seats == 4 ? seat % 2 : seat);
    out.set_kind(s.kind == Seat::Kind::human ? v1::SEAT_HUMAN
                 : s.kind == Seat::Kind::bot ? v1::SEAT_BOT
                                             : v1::SEAT_EMPTY);
    out.set_name(s.kind == Seat::Kind::bot ? "bot" : s.who.name);
    out.set_account_id(s.who.account_id);
    out.set_ready(s.ready);
    out.set_away(s.Away());
    out.set_bot_holding(s.hold.bot_holding);
    bool connected = s.kind == Seat::Kind::bot;
    if (s.kind == Seat::Kind::human) {
      for (const auto& [id, member] : members_) {
        if (member.who.account_id == s.who.account_id && !member.peer.expired()) connected = true;
      }
    }
    out.set_connected(connected);
  }
  int spectators = 0;
  for (const auto& [id, member] : members_) {
    if (SeatOf(member.who.account_id) < 0) ++spectators;
  }
  info.set_spectators(spectators);
  info.set_match_in_progress(match_live_);
  info.set_matches_played(matches_played_);
  info.add_series_score(series_score_[0]);
  info.add_series_score(series_score_[1]);
  info.set_match_id(match_id_);
  info.set_series_matches(settings_.series_matches);
  info.set_rated(settings_.rated);
  return info;
}

void Table::PublishInfo() {
  // Table changes must not overtake match events still waiting for storage.
  if (!outbox_.empty()) {
    info_pending_ = true;
    return;
  }
  info_pending_ = false;
  auto message = std::make_shared<v1::Envelope>();
  *message->mutable_table() = Info();
  const auto encoded = std::make_shared<const EncodedEnvelope>(*message);
  for (const auto& [id, member] : members_) {
    if (auto peer = member.peer.lock()) peer->Send(encoded);
  }
  lobby_.Publish(message->table());
}

// ---- Membership and seats ---------------------------------------------------------------

void Table::Open(std::shared_ptr<Peer> peer, Identity who, std::string request_id) {
  OnStrand(
      [peer = std::move(peer), who = std::move(who), request_id = std::move(request_id)](Table& t) {
        t.metrics_.tables.fetch_add(1, std::memory_order_relaxed);
        t.AddMember(peer, who);
        auto reply = std::make_shared<v1::Envelope>();
        reply->set_request_id(request_id);
        reply->mutable_table_created()->set_table_id(t.settings_.table_id);
        reply->mutable_table_created()->set_invite_code(t.settings_.invite_code);
        t.Reply(peer, reply);
        t.PublishInfo();
      });
}

void Table::Join(std::shared_ptr<Peer> peer, Identity who, std::string invite,
                 std::int64_t match_id, std::int64_t last_seq, std::string request_id) {
  OnStrand([=, peer = std::move(peer)](Table& t) {
    if (t.closed_) return t.Fail(peer, request_id, v1::UNKNOWN_TABLE, "that table has closed");
    // Players seated here may always come back; others need the invite to a private table.
    if (t.settings_.is_private && t.SeatOf(who.account_id) < 0 &&
        invite != t.settings_.invite_code) {
      return t.Fail(peer, request_id, v1::BAD_INVITE,
                    "this table is private: ask for its invite code");
    }
    t.AddMember(peer, who);
    t.Reply(peer, MakeOk(request_id));
    t.PublishInfo();
    t.SendCatchUp(peer, t.members_.at(peer->PeerId()), match_id, last_seq);
  });
}

void Table::Sit(std::shared_ptr<Peer> peer, Identity who, int seat, std::string request_id) {
  OnStrand([=, peer = std::move(peer)](Table& t) {
    if (!t.IsMember(peer->PeerId()))
      return t.Fail(peer, request_id, v1::NOT_AT_TABLE, "join the table first");
    if (seat < 0 || seat >= t.settings_.seats) {
      return t.Fail(peer, request_id, v1::BAD_REQUEST, "no such seat at this table");
    }
    Seat& s = t.seats_[static_cast<std::size_t>(seat)];
    if (s.kind == Seat::Kind::human && s.who.account_id == who.account_id)
      return t.Reply(peer, MakeOk(request_id));
    if (t.match_live_)
      return t.Fail(peer, request_id, v1::MATCH_IN_PROGRESS, "a match is in progress");
    if (s.kind == Seat::Kind::human)
      return t.Fail(peer, request_id, v1::SEAT_TAKEN, "that seat is taken");
    if (t.SeatOf(who.account_id) >= 0) {
      return t.Fail(peer, request_id, v1::SEAT_TAKEN, "you already hold a seat here: stand first");
    }
    if (t.settings_.rated && who.guest) {
      return t.Fail(peer, request_id, v1::REGISTERED_ONLY,
                    "this table is rated: register an account to sit here");
    }
    s = Seat{Seat::Kind::human, who, false, {}};  // replaces a bot, if any
    t.SaveSeating();
    t.Reply(peer, MakeOk(request_id));
    t.PublishInfo();
  });
}

void Table::Stand(std::shared_ptr<Peer> peer, Identity who, std::string request_id) {
  OnStrand([=, peer = std::move(peer)](Table& t) {
    const int seat = t.SeatOf(who.account_id);
    if (seat < 0)
      return t.Fail(peer, request_id, v1::NOT_YOUR_SEAT, "you hold no seat at this table");
    if (t.match_live_)
      return t.Fail(peer, request_id, v1::MATCH_IN_PROGRESS, "a match is in progress");
    t.seats_[static_cast<std::size_t>(seat)] = Seat{};
    t.SaveSeating();
    t.Reply(peer, MakeOk(request_id));
    t.PublishInfo();
  });
}

void Table::Leave(std::shared_ptr<Peer> peer, Identity who, std::string request_id) {
  OnStrand([=, peer = std::move(peer)](Table& t) {
    if (!t.IsMember(peer->PeerId()))
      return t.Fail(peer, request_id, v1::NOT_AT_TABLE, "you are not at this table");
    t.members_.erase(peer->PeerId());
    // Between matches the seat is given up. During one it stays the player's and a bot
    // holds it at once so the match can finish; unless they come back and reclaim it,
    // they have abandoned the match (docs/ratings.md).
    const int seat = t.SeatOf(who.account_id);
    if (seat >= 0 && !t.match_live_) {
      t.seats_[static_cast<std::size_t>(seat)] = Seat{};
      t.SaveSeating();
    }
    if (seat >= 0 && t.match_live_) {
      const SeatHold& held = t.seats_[static_cast<std::size_t>(seat)].hold;
      t.SetHold(seat, SeatHold{.bot_holding = true, .left = true, .timeouts = held.timeouts});
      t.ScheduleNext();  // the bot moves now if it is that seat's turn
    }
    t.Reply(peer, MakeOk(request_id));
    t.PublishInfo();
    t.MaybeClose();
  });
}

void Table::Detach(std::uint64_t peer_id) {
  OnStrand([=](Table& t) {
    if (t.members_.erase(peer_id) == 0) return;
    t.PublishInfo();
    t.MaybeClose();
  });
}

void Table::SetReady(std::shared_ptr<Peer> peer, Identity who, bool ready, std::string request_id) {
  OnStrand([=, peer = std::move(peer)](Table& t) {
    const int seat = t.SeatOf(who.account_id);
    if (seat < 0) return t.Fail(peer, request_id, v1::NOT_YOUR_SEAT, "sit down first");
    t.seats_[static_cast<std::size_t>(seat)].ready = ready;
    t.Reply(peer, MakeOk(request_id));
    t.PublishInfo();
    t.MaybeStartMatch();
  });
}

void Table::AddBot(std::shared_ptr<Peer> peer, Identity who, int seat, std::string request_id) {
  OnStrand([=, peer = std::move(peer)](Table& t) {
    (void)who;
    if (!t.IsMember(peer->PeerId()))
      return t.Fail(peer, request_id, v1::NOT_AT_TABLE, "join the table first");
    if (seat < 0 || seat >= t.settings_.seats) {
      return t.Fail(peer, request_id, v1::BAD_REQUEST, "no such seat at this table");
    }
    if (t.match_live_)
      return t.Fail(peer, request_id, v1::MATCH_IN_PROGRESS, "a match is in progress");
    Seat& s = t.seats_[static_cast<std::size_t>(seat)];
    if (s.kind != Seat::Kind::empty)
      return t.Fail(peer, request_id, v1::SEAT_TAKEN, "that seat is taken");
    s = Seat::Bot();
    t.SaveSeating();
    t.Reply(peer, MakeOk(request_id));
    t.PublishInfo();
    t.MaybeStartMatch();
  });
}

void Table::Reclaim(std::shared_ptr<Peer> peer, Identity who, std::string request_id) {
  OnStrand([=, peer = std::move(peer)](Table& t) {
    const int seat = t.SeatOf(who.account_id);
    if (seat < 0)
      return t.Fail(peer, request_id, v1::NOT_YOUR_SEAT, "you hold no seat at this table");
    t.SetHold(seat, SeatHold{});
    t.Reply(peer, MakeOk(request_id));
    t.PublishInfo();
    t.ScheduleNext();  // re-arm the clock for the player, if it is their turn
  });
}

void Table::Chat(std::shared_ptr<Peer> peer, Identity who, std::string text,
                 std::string request_id) {
  OnStrand([=, peer = std::move(peer)](Table& t) {
    if (!t.IsMember(peer->PeerId()))
      return t.Fail(peer, request_id, v1::NOT_AT_TABLE, "join the table first");
    if (text.empty() || text.size() > t.config_.chat_max_bytes) {
      return t.Fail(
          peer, request_id, v1::CHAT_TOO_LONG,
          "a chat message holds 1 to " + std::to_string(t.config_.chat_max_bytes) + " bytes");
    }
    auto& window = t.chat_[who.account_id].sent;
    const auto now = std::chrono::steady_clock::now();
    while (!window.empty() && now - window.front() > std::chrono::seconds(10)) window.pop_front();
    if (window.size() >= static_cast<std::size_t>(t.config_.chat_messages_per_10s)) {
      return t.Fail(peer, request_id, v1::CHAT_RATE_LIMITED, "slow down: too many chat messages");
    }
    window.push_back(now);
    auto message = std::make_shared<v1::Envelope>();
    v1::ChatMessage& chat = *message->mutable_chat();
    chat.set_table_id(t.settings_.table_id);
    chat.set_account_id(who.account_id);
    chat.set_name(who.name);
    chat.set_text(text);
    chat.set_sent_unix_ms(NowMs());
    t.Reply(peer, MakeOk(request_id));
    const auto encoded = std::make_shared<const EncodedEnvelope>(*message);
    for (const auto& [id, member] : t.members_) {
      if (auto p = member.peer.lock()) p->Send(encoded);
    }
  });
}

// ---- Matches ----------------------------------------------------------------------------

void Table::MaybeStartMatch() {
  if (match_live_ || closed_) return;
  if (settings_.series_matches > 0 && matches_played_ >= settings_.series_matches)
    return;  // series over
  for (int seat = 0; seat < settings_.seats; ++seat) {
    const Seat& s = seats_[static_cast<std::size_t>(seat)];
    if (s.kind == Seat::Kind::empty || !s.ready) return;
  }
  StartMatch();
}

void Table::StartMatch() {
  // rules.md, "Common ground": the first dealer rotates from one match to the next.
  const int first_dealer = (first_dealer_of_series_ + matches_played_) % settings_.seats;
  MatchCreation created = CreateMatch(MatchSpec{settings_.game, settings_.preset, settings_.options,
                                                first_dealer, settings_.seats});
  if (!created.match) return;  // the rules were checked when the table was created
  MatchRecord record;
  record.table_id = settings_.table_id;
  record.match_number = matches_played_ + 1;
  record.game = settings_.game;
  record.rules = created.match->RulesText();
  record.first_dealer = first_dealer;
  for (int seat = 0; seat < settings_.seats; ++seat) {
    record.seat_accounts.push_back(seats_[static_cast<std::size_t>(seat)].who.account_id);
  }
  record.started_unix_ms = NowMs();
  record.rated = MatchIsRated();
  // The match's id is the store's, so nothing starts until the match is durable.
  const std::int64_t match_id = storage_.SaveMatch(record);
  if (match_id == 0) {
    metrics_.errors_total.fetch_add(1, std::memory_order_relaxed);
    std::fprintf(stderr, "kafenio: table %s: the match could not be stored; not started\n",
                 settings_.table_id.c_str());
    return;
  }
  match_ = std::move(created.match);
  match_live_ = true;
  match_id_ = match_id;
  seq_ = 0;
  history_.clear();
  history_first_seq_ = 1;
  commitments_.clear();
  delivered_hand_ = 0;
  metrics_.live_matches.fetch_add(1, std::memory_order_relaxed);
  // The new match's seats are stored held by their players (SeatHold{}), so that is what
  // the table starts from; SetHold then stores what carries over: a bot still holding the
  // seat of a player who never came back holds it in this match too. Timeouts start anew.
  for (int seat = 0; seat < settings_.seats; ++seat) {
    Seat& s = seats_[static_cast<std::size_t>(seat)];
    const SeatHold carried{.bot_holding = s.hold.bot_holding};
    s.hold = SeatHold{};
    SetHold(seat, carried);
  }
  PublishInfo();
  const int match_number = matches_played_ + 1;
  const std::string rules = match_->RulesText();
  Emit(
      [&](v1::MatchEvent& event) {
        v1::MatchStarted& started = *event.mutable_match_started();
        started.set_first_dealer(first_dealer);
        started.set_rules(rules);
        started.set_match_number(match_number);
      },
      std::nullopt);
  DealHand();
}

void Table::DealHand() {
  // The hand's seed is fixed by the server secret, the match and the hand; its commitment
  // goes out with the hand and the seed itself when the hand ends (docs/fairness.md).
  const int hand = match_->HandNumber() + 1;
  const fairness::HandCommitment committed =
      fairness::CommitHandSeed(deal_secret_, match_id_, hand);
  match_->StartHand(committed.seed);
  const int dealer = match_->Dealer();
  const std::string commitment = fairness::ToHex(committed.commitment);
  hand_seed_ = HandSeed{committed.seed, fairness::ToHex(committed.salt), dealer};
  commitments_.resize(static_cast<std::size_t>(hand));
  commitments_.back() = commitment;
  MatchEventRecord record;
  record.match_id = match_id_;
  record.seq = seq_ + 1;
  record.kind = "deal";
  record.seat = dealer;  // a deal's "seat" is its dealer
  record.text = std::to_string(committed.seed);
  record.unix_ms = NowMs();
  record.salt_hex = hand_seed_.salt_hex;
  record.commitment_hex = commitment;
  Emit(
      [&](v1::MatchEvent& event) {
        v1::HandStarted& started = *event.mutable_hand_started();
        started.set_hand_number(hand);
        started.set_dealer(dealer);
        started.set_seed_commitment(commitment);
      },
      record);
}

std::string Table::CommitmentOf(int hand) const {
  if (hand < 1 || static_cast<std::size_t>(hand) > commitments_.size()) return {};
  return commitments_[static_cast<std::size_t>(hand) - 1];
}

void Table::SetHold(int seat, const SeatHold& hold) {
  SeatHold& held = seats_[static_cast<std::size_t>(seat)].hold;
  if (held == hold) return;
  held = hold;
  if (match_live_) storage_.SaveSeatHold(match_id_, seat, hold);
}

std::int64_t Table::TurnDeadlineFromNow() const {
  const int to_act = match_->ToAct();
  const bool clocked = match_live_ && to_act >= 0 &&
                       seats_[static_cast<std::size_t>(to_act)].kind == Seat::Kind::human &&
                       !seats_[static_cast<std::size_t>(to_act)].hold.bot_holding;
  return clocked ? NowMs() + settings_.turn_clock_ms : 0;
}

void Table::SaveSeating() {
  if (!match_live_ && !closed_) storage_.SaveTableSeats(settings_.table_id, Seating());
}

std::vector<TableSeatRecord> Table::Seating() const {
  std::vector<TableSeatRecord> taken;
  for (int seat = 0; seat < settings_.seats; ++seat) {
    const Seat& s = seats_[static_cast<std::size_t>(seat)];
    // A player who left during the match gives the seat up as it ends (FinishMatch).
    if (s.kind == Seat::Kind::empty || s.hold.left) continue;
    taken.push_back(
        TableSeatRecord{seat, s.kind == Seat::Kind::human ? s.who.account_id : 0, {}, false});
  }
  return taken;
}

void Table::PlayMove(std::shared_ptr<Peer> peer, Identity who, v1::Move move,
                     std::int64_t expected_seq, std::string request_id) {
  const auto received = std::chrono::steady_clock::now();
  OnStrand([=, peer = std::move(peer), move = std::move(move)](Table& t) {
    if (!t.match_live_)
      return t.Fail(peer, request_id, v1::NO_MATCH, "no match is in play at this table");
    const int seat = t.SeatOf(who.account_id);
    if (seat < 0)
      return t.Fail(peer, request_id, v1::NOT_YOUR_SEAT, "you hold no seat at this table");
    if (move.has_seat() && move.seat() != seat) {
      return t.Fail(peer, request_id, v1::NOT_YOUR_SEAT, "that seat is not yours");
    }
    if (expected_seq != 0 && expected_seq != t.seq_) {
      return t.Fail(peer, request_id, v1::NOT_YOUR_TURN, "the match has moved on since that event");
    }
    Seat& s = t.seats_[static_cast<std::size_t>(seat)];
    const bool was_away = s.Away() || s.hold.bot_holding;
    t.SubmitMove(seat, move, false, Ack{peer, request_id, received}, peer);
    if (was_away && !s.Away()) t.PublishInfo();
  });
}

void Table::SubmitMove(int seat, const v1::Move& move, bool by_server, std::optional<Ack> ack,
                       const std::shared_ptr<Peer>& mover) {
  MoveOutcome outcome = match_->Apply(seat, move);
  if (outcome.kind != MoveOutcome::Kind::applied) {
    const std::string request_id = ack ? ack->request_id : std::string();
    const v1::ErrorCode code = outcome.kind == MoveOutcome::Kind::not_your_turn ? v1::NOT_YOUR_TURN
                               : outcome.kind == MoveOutcome::Kind::unparsable  ? v1::BAD_MOVE
                                                                                : v1::ILLEGAL_MOVE;
    return Fail(mover, request_id, code, outcome.reason);
  }
  if (!by_server) {
    // A move of their own: the player is back.
    SetHold(seat, SeatHold{});
  }
  metrics_.moves_total.fetch_add(1, std::memory_order_relaxed);
  MatchEventRecord record;
  record.match_id = match_id_;
  record.seq = seq_ + 1;
  record.kind = "move";
  record.seat = seat;
  record.text = std::to_string(seat) + " " + outcome.move.notation();
  record.by_server = by_server;
  record.unix_ms = NowMs();
  Emit(
      [&](v1::MatchEvent& event) {
        v1::MovePlayed& played = *event.mutable_move_played();
        *played.mutable_move() = outcome.move;
        played.set_by_server(by_server);
      },
      record, std::move(ack));
  if (!outcome.hand_ended) return;
  v1::HandResult result;
  match_->FillLastResult(result);
  storage_.SaveHandResult(HandResultRecord{match_id_, result.number(), result.line()});
  const std::string commitment = CommitmentOf(match_->HandNumber());
  Emit(
      [&](v1::MatchEvent& event) {
        v1::HandEnded& ended = *event.mutable_hand_ended();
        *ended.mutable_result() = result;
        // The hand is over: reveal its seed so anyone can re-deal it and check it.
        ended.set_seed(std::to_string(hand_seed_.seed));
        ended.set_salt(hand_seed_.salt_hex);
        ended.set_seed_commitment(commitment);
        ended.set_dealer(hand_seed_.dealer);
      },
      std::nullopt);
  if (outcome.match_over) return FinishMatch();
  DealHand();
}

void Table::FinishMatch() {
  const int winner = match_->Winner();
  const auto totals = match_->Totals();
  if (winner == 0 || winner == 1) ++series_score_[static_cast<std::size_t>(winner)];
  ++matches_played_;
  match_live_ = false;
  metrics_.live_matches.fetch_sub(1, std::memory_order_relaxed);
  // With the series and the seating for the next match, in one transaction: a restart
  // finds this table either with the match live or as it is after it.
  storage_.SaveMatchResult(
      MatchResultRecord{match_id_,
                        winner,
                        {totals[0], totals[1]},
                        NowMs(),
                        AbandonedBy(),
                        SeriesRecord{settings_.table_id, matches_played_, series_score_},
                        Seating()});
  const auto series = series_score_;
  Emit(
      [&](v1::MatchEvent& event) {
        v1::MatchEnded& ended = *event.mutable_match_ended();
        ended.set_winner(winner);
        ended.add_totals(totals[0]);
        ended.add_totals(totals[1]);
        ended.add_series_score(series[0]);
        ended.add_series_score(series[1]);
      },
      std::nullopt);
  // Players confirm the next match of the series; bots are always ready. Those who left
  // the table during the match and did not come back have given their seats up.
  for (Seat& s : seats_) {
    if (s.kind == Seat::Kind::human) s.ready = false;
    if (s.hold.left) s = Seat{};
  }
  PublishInfo();
  // A table of bots watched by someone (the load tool, the privacy test) plays on.
  const bool all_bots = std::none_of(seats_.begin(), seats_.begin() + settings_.seats,
                                     [](const Seat& s) { return s.kind == Seat::Kind::human; });
  if (all_bots && !members_.empty()) OnStrand([](Table& t) { t.MaybeStartMatch(); });
  MaybeClose();  // everyone left while the match finished without them
}

bool Table::MatchIsRated() const {
  if (!settings_.rated) return false;
  return std::all_of(seats_.begin(), seats_.begin() + settings_.seats,
                     [](const Seat& s) { return s.kind == Seat::Kind::human && !s.who.guest; });
}

int Table::AbandonedBy() const {
  int abandoned = -1;
  for (int seat = 0; seat < settings_.seats; ++seat) {
    const Seat& s = seats_[static_cast<std::size_t>(seat)];
    if (s.kind != Seat::Kind::human || !s.hold.bot_holding) continue;
    // Both teams abandoned: neither is singled out, the result stands as played.
    if (abandoned >= 0 && abandoned % 2 != seat % 2) return -1;
    if (abandoned < 0) abandoned = seat;
  }
  return abandoned;
}

// ---- Events: durable first, then delivered in order ------------------------------------

void Table::Emit(const std::function<void(v1::MatchEvent&)>& fill,
                 std::optional<MatchEventRecord> record, std::optional<Ack> ack) {
  const std::int64_t seq = ++seq_;
  turn_deadline_ms_ = TurnDeadlineFromNow();
  Pending pending;
  pending.seq = seq;
  pending.hand = match_->HandNumber();
  pending.ack = std::move(ack);
  // Views are built only for the audiences someone at the table belongs to: most tables
  // have no spectators and some seats are bots. A reconnecting client whose audience
  // was not built gets a snapshot instead (SendCatchUp).
  std::array<bool, 5> wanted{};
  for (const auto& [id, member] : members_) wanted[AudienceOf(member)] = true;
  for (std::size_t audience = 0; audience < pending.audiences.size(); ++audience) {
    if (!wanted[audience]) continue;
    if (audience != kSpectator && static_cast<int>(audience) >= settings_.seats) continue;
    // Built on a reused arena and encoded at once: the encoding is all that is kept.
    const ScratchEnvelope envelope;
    v1::MatchEvent& event = *envelope->mutable_match_event();
    event.set_table_id(settings_.table_id);
    event.set_match_id(match_id_);
    event.set_seq(seq);
    fill(event);
    match_->FillView(audience == kSpectator ? -1 : static_cast<int>(audience),
                     *event.mutable_view());
    event.set_turn_deadline_unix_ms(turn_deadline_ms_);
    pending.audiences[audience] = std::make_shared<const EncodedEnvelope>(*envelope);
  }
  pending.durable = !record.has_value();
  outbox_.push_back(std::move(pending));
  if (record) {
    record->seq = seq;
    std::weak_ptr<Table> weak = weak_from_this();
    auto strand = strand_;
    storage_.AppendEvent(*record, [weak, strand, seq](bool ok) {
      boost::asio::post(strand, [weak, seq, ok] {
        if (auto self = weak.lock()) self->OnDurable(seq, ok);
      });
    });
  } else {
    Flush();
  }
}

void Table::OnDurable(std::int64_t seq, bool ok) {
  for (Pending& pending : outbox_) {
    if (pending.seq != seq) continue;
    pending.durable = true;
    if (!ok) {
      // The move is in the match but not on disk: say so to the mover. (With SQLite this
      // means the disk failed; the operator's log shows it.)
      metrics_.errors_total.fetch_add(1, std::memory_order_relaxed);
      if (pending.ack) {
        if (auto peer = pending.ack->peer.lock()) {
          peer->Deliver(MakeError(pending.ack->request_id, v1::STORAGE_FAILED,
                                  "the move could not be stored"));
        }
        pending.ack.reset();
      }
    }
  }
  Flush();
}

void Table::Flush() {
  bool delivered = false;
  while (!outbox_.empty() && outbox_.front().durable) {
    Pending pending = std::move(outbox_.front());
    outbox_.pop_front();
    delivered = true;
    delivered_hand_ = pending.hand;
    for (const auto& [id, member] : members_) {
      if (auto peer = member.peer.lock()) {
        const std::size_t audience = AudienceOf(member);
        if (const auto& message = pending.audiences[audience]) {
          peer->Send(message);
        } else {
          // Joined after this event was built: a snapshot follows once the outbox drains.
          const bool queued =
              std::any_of(snapshot_waiting_.begin(), snapshot_waiting_.end(),
                          [&](const SnapshotRequest& r) { return r.peer.lock() == peer; });
          if (!queued)
            snapshot_waiting_.push_back(SnapshotRequest{peer, static_cast<int>(audience)});
        }
      }
    }
    if (pending.ack) {
      if (auto peer = pending.ack->peer.lock()) peer->Deliver(MakeOk(pending.ack->request_id));
      metrics_.ObserveMoveLatency(std::chrono::duration_cast<std::chrono::microseconds>(
                                      std::chrono::steady_clock::now() - pending.ack->received)
                                      .count());
    }
    history_.push_back(std::move(pending.audiences));
    while (history_.size() > config_.event_history) {
      history_.pop_front();
      ++history_first_seq_;
    }
  }
  if (outbox_.empty() && info_pending_) PublishInfo();
  if (outbox_.empty() && !snapshot_waiting_.empty()) SendWaitingSnapshots();
  if (delivered && outbox_.empty()) ScheduleNext();
}

void Table::SendCatchUp(const std::shared_ptr<Peer>& peer, const Member& member,
                        std::int64_t match_id, std::int64_t last_seq) {
  if (match_id_ == 0 || !match_) return;
  const std::size_t audience = AudienceOf(member);
  const std::int64_t last_delivered =
      history_first_seq_ + static_cast<std::int64_t>(history_.size()) - 1;
  if (match_id == match_id_ && last_seq >= last_delivered) return;  // up to date
  if (match_id == match_id_ && last_seq >= history_first_seq_ - 1 && last_seq > 0) {
    std::vector<std::shared_ptr<const EncodedEnvelope>> missed;
    for (std::int64_t seq = last_seq + 1; seq <= last_delivered; ++seq) {
      missed.push_back(history_[static_cast<std::size_t>(seq - history_first_seq_)][audience]);
    }
    if (std::all_of(missed.begin(), missed.end(), [](const auto& m) { return m != nullptr; })) {
      for (const auto& message : missed) peer->Send(message);
      return;
    }
  }
  // Too far behind, another match, or events this audience was not built for: a
  // snapshot of the view after the last delivered event.
  // (After a restart the history starts empty: the snapshot comes from the state.)
  if (const auto* last = history_.empty() ? nullptr : history_.back()[audience].get()) {
    auto snapshot = std::make_shared<v1::Envelope>(last->Decode());
    snapshot->mutable_match_event()->mutable_snapshot()->set_seed_commitment(
        CommitmentOf(delivered_hand_));
    peer->Deliver(snapshot);
  } else {
    // Built from the state, which may be ahead of what is durable: wait for the outbox
    // to drain (Flush) so the snapshot shows only delivered events.
    snapshot_waiting_.push_back(SnapshotRequest{peer, static_cast<int>(audience)});
    if (outbox_.empty()) SendWaitingSnapshots();
  }
}

void Table::SendWaitingSnapshots() {
  for (const SnapshotRequest& request : snapshot_waiting_) {
    const auto peer = request.peer.lock();
    if (!peer || !match_) continue;
    auto envelope = std::make_shared<v1::Envelope>();
    v1::MatchEvent& event = *envelope->mutable_match_event();
    event.set_table_id(settings_.table_id);
    event.set_match_id(match_id_);
    event.set_seq(seq_);
    event.mutable_snapshot()->set_seed_commitment(CommitmentOf(match_->HandNumber()));
    match_->FillView(request.audience == static_cast<int>(kSpectator) ? -1 : request.audience,
                     *event.mutable_view());
    event.set_turn_deadline_unix_ms(turn_deadline_ms_);
    peer->Deliver(envelope);
  }
  snapshot_waiting_.clear();
}

// ---- Bots and the turn clock -------------------------------------------------------------

void Table::ScheduleNext() {
  clock_.cancel();
  if (!match_live_ || !outbox_.empty()) return;
  const int to_act = match_->ToAct();
  if (to_act < 0) return;
  const Seat& s = seats_[static_cast<std::size_t>(to_act)];
  const std::int64_t seq = seq_;
  if ((s.kind == Seat::Kind::bot || s.hold.bot_holding) && config_.bot_delay_ms > 0) {
    // Bots that "think" a moment, so people can follow them (and the load tool can pace).
    // Each wait is drawn from [delay/2, 3*delay/2): tables that started together (a load
    // test, a restart recovering every match at once) would otherwise have all their bots
    // wake in the same millisecond, and a person's move would queue behind all of them.
    const auto delay = static_cast<std::uint32_t>(config_.bot_delay_ms);
    clock_.expires_after(std::chrono::milliseconds(delay / 2 + RandomBelow(delay)));
    clock_.async_wait([weak = weak_from_this(), seq](const boost::system::error_code& error) {
      if (error) return;
      if (auto self = weak.lock()) self->BotStep(seq);
    });
    return;
  }
  if (s.kind == Seat::Kind::bot || s.hold.bot_holding) {
    // Posted, not called: a bot-only match would otherwise recurse through a whole match
    // and keep this strand from other work.
    if (step_scheduled_) return;
    step_scheduled_ = true;
    OnStrand([seq](Table& t) {
      t.step_scheduled_ = false;
      t.BotStep(seq);
    });
    return;
  }
  const std::int64_t remaining = std::max<std::int64_t>(0, turn_deadline_ms_ - NowMs());
  clock_.expires_after(
      std::chrono::milliseconds(turn_deadline_ms_ == 0 ? settings_.turn_clock_ms : remaining));
  clock_.async_wait([weak = weak_from_this(), seq](const boost::system::error_code& error) {
    if (error) return;
    if (auto self = weak.lock()) self->OnClock(seq);
  });
}

void Table::BotStep(std::int64_t seq) {
  if (!match_live_ || seq != seq_ || !outbox_.empty()) return;
  const int to_act = match_->ToAct();
  if (to_act < 0) return;
  SubmitMove(to_act, match_->BotMove(), true, std::nullopt, nullptr);
}

void Table::OnClock(std::int64_t seq) {
  if (!match_live_ || seq != seq_ || !outbox_.empty()) return;
  const int to_act = match_->ToAct();
  if (to_act < 0) return;
  Seat& s = seats_[static_cast<std::size_t>(to_act)];
  if (s.kind != Seat::Kind::human) return;
  // Out of time: a bot move stands in, and after enough of them a bot holds the seat.
  SeatHold hold = s.hold;
  if (++hold.timeouts >= config_.timeouts_before_bot) hold.bot_holding = true;
  SetHold(to_act, hold);
  PublishInfo();
  SubmitMove(to_act, match_->BotMove(), true, std::nullopt, nullptr);
}

void Table::MaybeClose() {
  if (closed_ || !members_.empty()) return;
  const bool seated = std::any_of(seats_.begin(), seats_.end(),
                                  [](const Seat& s) { return s.kind == Seat::Kind::human; });
  if (seated && match_live_) return;  // its players may come back; bots hold their turns
  if (seated && config_.empty_table_grace_ms > 0) {
    // Seated players, none of them connected, no match in play: a connection dropped
    // between matches, the match ended while they were away, or a restart finished it.
    // Their seats and the series wait for them a while; a table nobody sits at, or one
    // whose players left it, closes at once.
    const std::uint64_t generation = ++grace_generation_;
    grace_.expires_after(std::chrono::milliseconds(config_.empty_table_grace_ms));
    grace_.async_wait(
        [weak = weak_from_this(), generation](const boost::system::error_code& error) {
          if (error) return;
          if (auto self = weak.lock()) self->CloseIfStillEmpty(generation);
        });
    return;
  }
  Close();
}

void Table::CloseIfStillEmpty(std::uint64_t grace_generation) {
  if (grace_generation != grace_generation_ || closed_ || !members_.empty() || match_live_) return;
  Close();
}

void Table::Close() {
  closed_ = true;
  clock_.cancel();
  grace_.cancel();
  if (match_live_) {
    // Nobody is left to finish it (only bots, and no one watching).
    match_live_ = false;
    storage_.AbandonMatch(match_id_);
    metrics_.live_matches.fetch_sub(1, std::memory_order_relaxed);
  }
  storage_.CloseTable(settings_.table_id);
  metrics_.tables.fetch_sub(1, std::memory_order_relaxed);
  lobby_.Remove(settings_.table_id);
  on_closed_(settings_.table_id);
}

}  // namespace kafenio::server
