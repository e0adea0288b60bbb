// The table's requests from players and spectators: joining and leaving, seats, readiness,
// moves and chat. Each is answered to its connection with Ok, a reply or a typed Error.
#include "server/app/player_report.h"
#include "server/app/table/table.h"
#include "server/storage/staff_sql.h"

namespace kafenio::server {

void Table::Open(std::shared_ptr<Peer> peer, Identity who, std::string request_id) {
  OnStrand(
      [peer = std::move(peer), who = std::move(who), request_id = std::move(request_id)](Table& t) {
        t.members_.Add(peer, who);
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
    if (t.closed_) {
      return t.Fail(peer, request_id, Refusal::Because(v1::UNKNOWN_TABLE, "that table has closed"));
    }
    if (t.kicked_.count(who.account_id) != 0) return t.Fail(peer, request_id, KickedOut());
    // Players seated here may always come back; others need the invite to a private table.
    if (t.settings_.is_private && t.seating_.SeatOf(who.account_id) < 0 &&
        invite != t.settings_.invite_code) {
      return t.Fail(
          peer, request_id,
          Refusal::Because(v1::BAD_INVITE, "this table is private: ask for its invite code"));
    }
    t.members_.Add(peer, who);
    t.Reply(peer, MakeOk(request_id));
    t.PublishInfo();
    t.SendCatchUp(peer, *t.members_.Find(peer->PeerId()), match_id, last_seq);
    t.WelcomeBack(who.account_id);  // back from a dropped connection: the seat is theirs
  });
}

void Table::Sit(std::shared_ptr<Peer> peer, Identity who, int seat, std::string request_id) {
  OnStrand([=, peer = std::move(peer)](Table& t) {
    if (t.kicked_.count(who.account_id) != 0) return t.Fail(peer, request_id, KickedOut());
    t.ChangeSeats(peer, request_id, [&] { return t.seating_.Sit(who, seat, t.MatchBusy()); });
  });
}

void Table::Stand(std::shared_ptr<Peer> peer, Identity who, std::string request_id) {
  OnStrand([=, peer = std::move(peer)](Table& t) {
    const Refusal refused = t.seating_.Stand(who.account_id, t.MatchBusy());
    if (refused) return t.Fail(peer, request_id, refused);
    t.SaveSeating([&t, peer, request_id](bool stored) {
      if (!stored) return t.Fail(peer, request_id, NotStored());
      t.Reply(peer, MakeOk(request_id));
    });
  });
}

void Table::AddBot(std::shared_ptr<Peer> peer, Identity who, int seat, std::string request_id,
                   BotLevel level, OnlyBotsGate admit_only_bots) {
  (void)who;  // any member may fill an empty seat with a bot
  OnStrand([=, peer = std::move(peer)](Table& t) {
    t.ChangeSeats(peer, request_id, [&] {
      const bool had_player = t.seating_.AnyPlayer();
      const Seating before = t.seating_;
      if (const Refusal refused = t.seating_.AddBot(seat, t.MatchBusy(), level)) return refused;
      // Decided here, on the table's strand, from its seats as they are: the limit on
      // tables with only bots is exact (server/app/bot_tables.h).
      if (admit_only_bots && !had_player && t.seating_.Full()) {
        if (auto why = admit_only_bots()) {
          t.seating_ = before;
          return Refusal::Because(v1::TABLE_LIMIT, std::move(*why));
        }
      }
      return Refusal{};
    });
  });
}

void Table::Leave(std::shared_ptr<Peer> peer, Identity who, std::string request_id) {
  OnStrand([=, peer = std::move(peer)](Table& t) {
    if (!t.members_.Remove(peer->PeerId())) {
      return t.Fail(peer, request_id,
                    Refusal::Because(v1::NOT_AT_TABLE, "you are not at this table"));
    }
    const int seat = t.seating_.SeatOf(who.account_id);
    if (seat >= 0 && t.MatchBusy()) {
      // During a match (or while it is being stored to start) the seat stays the player's
      // and a bot holds it at once so the match can finish; unless they come back and
      // reclaim it, they have abandoned the match (docs/ratings.md).
      const SeatHold& held = t.seating_[seat].hold;
      t.SetHold(seat, SeatHold{.bot_holding = true, .left = true, .timeouts = held.timeouts});
      t.ScheduleNext();  // the bot moves now if it is that seat's turn
    }
    const auto answered = [&t, peer, request_id](bool stored) {
      if (stored) {
        t.Reply(peer, MakeOk(request_id));
      } else {
        t.Fail(peer, request_id, NotStored());
      }
      t.MaybeClose();
    };
    if (seat >= 0 && !t.MatchBusy()) {
      // Between matches the seat is given up.
      t.seating_.Vacate(seat);
      return t.SaveSeating(answered);
    }
    t.PublishInfo();
    answered(true);
  });
}

void Table::Detach(std::uint64_t peer_id) {
  OnStrand([=](Table& t) {
    if (!t.members_.Remove(peer_id)) return;
    t.PublishInfo();
    t.WatchAbsentPlayers();  // a seated player's last connection: the disconnect grace runs
    t.MaybeClose();
  });
}

void Table::SetReady(std::shared_ptr<Peer> peer, Identity who, bool ready, std::string request_id) {
  OnStrand([=, peer = std::move(peer)](Table& t) {
    if (const Refusal refused = t.seating_.SetReady(who.account_id, ready)) {
      return t.Fail(peer, request_id, refused);
    }
    t.Reply(peer, MakeOk(request_id));
    t.PublishInfo();
    t.MaybeStartMatch();
  });
}

void Table::Reclaim(std::shared_ptr<Peer> peer, Identity who, std::string request_id) {
  OnStrand([=, peer = std::move(peer)](Table& t) {
    const int seat = t.seating_.SeatOf(who.account_id);
    if (seat < 0) {
      return t.Fail(peer, request_id,
                    Refusal::Because(v1::NOT_YOUR_SEAT, "you hold no seat at this table"));
    }
    if (t.kicked_.count(who.account_id) != 0) return t.Fail(peer, request_id, KickedOut());
    t.Reply(peer, MakeOk(request_id));
    t.GiveSeatBack(seat);
  });
}

void Table::PlayMove(std::shared_ptr<Peer> peer, Identity who, v1::Move move,
                     std::int64_t expected_seq, std::string request_id) {
  const auto received = std::chrono::steady_clock::now();
  OnStrand([=, peer = std::move(peer), move = std::move(move)](Table& t) {
    if (!t.runner_.live()) {
      return t.Fail(peer, request_id,
                    Refusal::Because(v1::NO_MATCH, "no match is in play at this table"));
    }
    const int seat = t.seating_.SeatOf(who.account_id);
    if (seat < 0) {
      return t.Fail(peer, request_id,
                    Refusal::Because(v1::NOT_YOUR_SEAT, "you hold no seat at this table"));
    }
    if (move.has_seat() && move.seat() != seat) {
      return t.Fail(peer, request_id,
                    Refusal::Because(v1::NOT_YOUR_SEAT, "that seat is not yours"));
    }
    if (t.paused_) {
      return t.Fail(peer, request_id,
                    Refusal::Because(v1::TABLE_PAUSED, "the table is paused: wait for it"));
    }
    if (expected_seq != 0 && expected_seq != t.runner_.seq()) {
      return t.Fail(peer, request_id,
                    Refusal::Because(v1::NOT_YOUR_TURN, "the match has moved on since that event"));
    }
    const Seat& s = t.seating_[seat];
    const bool was_away = s.Away() || s.hold.bot_holding;
    t.SubmitMove(seat, move, false, Ack{peer, request_id, received}, peer);
    if (was_away && !t.seating_[seat].Away()) t.PublishInfo();
  });
}

void Table::Chat(std::shared_ptr<Peer> peer, Identity who, std::string text,
                 std::string request_id) {
  OnStrand([=, peer = std::move(peer)](Table& t) {
    if (!t.members_.Has(peer->PeerId())) {
      return t.Fail(peer, request_id, Refusal::Because(v1::NOT_AT_TABLE, "join the table first"));
    }
    if (text.empty() || text.size() > t.config_.chat_max_bytes) {
      return t.Fail(peer, request_id,
                    Refusal::Because(v1::CHAT_TOO_LONG,
                                     "a chat message holds 1 to " +
                                         std::to_string(t.config_.chat_max_bytes) + " bytes"));
    }
    const std::int64_t now = t.services_.clock.NowMs();
    if (!t.members_.TakeChatToken(who.account_id, t.config_.chat_messages_per_10s, now)) {
      return t.Fail(peer, request_id,
                    Refusal::Because(v1::CHAT_RATE_LIMITED, "slow down: too many chat messages"));
    }
    // The line is kept (bounded, per table) before anyone sees it, so that a report can
    // name it and moderators can read it (docs/admin.md "Reports").
    auto line = std::make_shared<storage::ChatLine>(
        storage::ChatLine{0, t.settings_.table_id, who.account_id, who.name, text, now});
    t.services_.log.WriteModeration(
        [line](storage::StaffSql& sql) { line->id = sql.AddChatLine(*line, kKeptChatLines); },
        t.strand_,
        [self = t.shared_from_this(), peer, line, request_id](WriteResult result) {
          if (!result.ok()) {
            return self->Fail(peer, request_id,
                              Refusal::Because(v1::STORAGE_UNAVAILABLE,
                                               "the chat line could not be stored: try again"));
          }
          auto message = std::make_shared<v1::Envelope>();
          v1::ChatMessage& chat = *message->mutable_chat();
          chat.set_table_id(line->table_id);
          chat.set_account_id(line->account_id);
          chat.set_name(line->name);
          chat.set_text(line->text);
          chat.set_sent_unix_ms(line->sent_ms);
          chat.set_line_id(line->id);
          self->Reply(peer, MakeOk(request_id));
          self->members_.SendToAll(std::make_shared<const EncodedEnvelope>(*message));
        });
  });
}

}  // namespace kafenio::server
