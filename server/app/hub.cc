#include "server/app/hub.h"

#include "server/app/crypto.h"
#include "server/app/results_requests.h"
#include "server/game/bot_level.h"
#include "server/game/game.h"
#include "server/log/log.h"

namespace kafenio::server {

Hub::Hub(const HubServices& services)
    : services_(services),
      accounts_(config(), services.accounts, services.tables.clock),
      account_sign_ins_(
          BackoffRule{config().sign_in_free_failures, 1000, config().sign_in_longest_wait_ms}),
      address_sign_ins_(BackoffRule{config().address_sign_in_free_failures, 1000,
                                    config().address_sign_in_longest_wait_ms}),
      password_work_(config().password_threads, config().password_queue_limit),
      reads_(config().read_threads, config().read_queue_limit),
      directory_(services.tables, lobby_),
      limits_(config().abuse) {
  directory_.AddListener(bot_tables_);
  if (config().lobby_update_ms > 0) {
    lobby_.Coalesce(services.tables.executor, services.tables.clock, config().lobby_update_ms);
  }
}

void Hub::Stop() {
  password_work_.Join();
  reads_.Join();
}

void Hub::Refuse(const std::shared_ptr<Peer>& peer, const std::string& request_id,
                 v1::ErrorCode code, const std::string& message) {
  metrics().errors_total.fetch_add(1, std::memory_order_relaxed);
  log::Debug(
      "request refused",
      {{"connection", peer->PeerId()}, {"code", v1::ErrorCode_Name(code)}, {"why", message}});
  peer->Deliver(MakeError(request_id, code, message));
}

void Hub::AnswerFromStorage(const std::shared_ptr<Peer>& peer, const v1::Envelope& request,
                            std::int64_t self) {
  const bool admitted = reads_.TrySubmit([this, peer, request, self] {
    using B = v1::Envelope::BodyCase;
    const std::string& rid = request.request_id();
    Reply reply;
    switch (request.body_case()) {
      case B::kGetMatchRecord:
        reply = AnswerMatchRecord(services_.results, request.get_match_record(), rid);
        break;
      case B::kGetLeaderboard:
        reply = AnswerLeaderboard(services_.results, request.get_leaderboard(), rid);
        break;
      case B::kGetMatchHistory:
        reply = AnswerMatchHistory(services_.accounts, services_.results,
                                   request.get_match_history(), self, rid);
        break;
      case B::kGetRatingHistory:
        reply = AnswerRatingHistory(services_.accounts, services_.results,
                                    request.get_rating_history(), self, rid);
        break;
      default:
        reply =
            AnswerProfile(services_.accounts, services_.results, request.get_profile(), self, rid);
        break;
    }
    if (reply->has_error()) metrics().errors_total.fetch_add(1, std::memory_order_relaxed);
    peer->Deliver(reply);  // thread-safe: the connection sends it from its own strand
  });
  if (!admitted) {
    Refuse(peer, request.request_id(), v1::RATE_LIMITED,
           "the server is busy reading: try again in a moment");
  }
}

void Hub::CreateTable(ClientContext& client, const std::shared_ptr<Peer>& peer,
                      const v1::CreateTable& request, const std::string& request_id) {
  MatchSpec spec{request.game(),
                 request.preset(),
                 {request.options().begin(), request.options().end()},
                 0,
                 request.seats()};
  const SeatCount rules = CheckRules(spec);
  if (!rules.error.empty()) return Refuse(peer, request_id, v1::BAD_RULES, rules.error);
  const ServerConfig& config = services_.tables.config;
  const int clock =
      request.turn_clock_ms() == 0 ? config.default_turn_clock_ms : request.turn_clock_ms();
  if (clock < config.min_turn_clock_ms || clock > config.max_turn_clock_ms) {
    return Refuse(peer, request_id, v1::BAD_REQUEST,
                  "the turn clock must be between " + std::to_string(config.min_turn_clock_ms) +
                      " and " + std::to_string(config.max_turn_clock_ms) + " ms");
  }
  if (request.rated() && client.who->guest) {
    return Refuse(peer, request_id, v1::REGISTERED_ONLY, "register to create a rated table");
  }
  if (request.series_matches() < 0) {
    return Refuse(peer, request_id, v1::BAD_REQUEST, "series_matches cannot be negative");
  }
  TableSettings settings;
  settings.table_id = RandomToken(5);
  // Open tables per player and per address (docs/security.md, "Abuse limits").
  switch (limits_.ReserveTable(
      client.who->account_id, client.address, settings.table_id,
      [this](const std::string& id) { return directory_.Find(id) != nullptr; })) {
    case AddressLimits::TooMany::account_tables:
      return Refuse(peer, request_id, v1::TABLE_LIMIT,
                    "you have " + std::to_string(config.abuse.tables_per_account) +
                        " tables open: leave one before you create another");
    case AddressLimits::TooMany::address_tables:
      return Refuse(peer, request_id, v1::ADDRESS_LIMIT,
                    "too many tables are open from your address: try again when one closes");
    case AddressLimits::TooMany::nothing:
      break;
  }
  settings.game = request.game();
  settings.preset = request.preset();
  settings.options = spec.options;
  settings.rules_text = rules.rules_text;
  settings.seats = rules.seats;
  settings.is_private = request.private_();
  settings.invite_code = request.private_() ? RandomToken(4) : std::string();
  settings.turn_clock_ms = clock;
  settings.series_matches = request.series_matches();
  settings.rated = request.rated();
  const TableRecord record{settings.table_id,
                           settings.game,
                           settings.rules_text,
                           settings.seats,
                           settings.is_private,
                           settings.invite_code,
                           clock,
                           client.who->account_id,
                           services_.tables.clock.NowMs(),
                           settings.series_matches,
                           settings.rated};
  // `peer` owns `client`: holding it keeps `client` alive until the answer, which comes on
  // the connection's strand.
  ClientContext* context = &client;
  services_.tables.log.CreateTable(
      record, client.strand,
      [this, peer, context, settings, request_id](Written<std::int64_t> stored) mutable {
        if (!stored.result.ok()) {
          limits_.Forget(settings.table_id);
          return Refuse(peer, request_id, v1::STORAGE_UNAVAILABLE,
                        "the table could not be stored: try again");
        }
        settings.table_number = stored.value;
        limits_.Opened(settings.table_id);
        auto table = directory_.Add(settings);
        context->tables.insert(settings.table_id);
        table->Open(peer, *context->who, request_id);
      });
}

void Hub::Handle(ClientContext& client, const v1::Envelope& request) {
  const auto peer = client.peer.lock();
  if (!peer) return;
  const std::string& rid = request.request_id();
  using B = v1::Envelope::BodyCase;
  const B body = request.body_case();
  switch (body) {
    case B::kPing: {
      auto pong = std::make_shared<v1::Envelope>();
      pong->set_request_id(rid);
      pong->mutable_pong();
      peer->Deliver(pong);
      return;
    }
    case B::kSignInGuest:
    case B::kRegister:
    case B::kSignIn:
    case B::kResume:
      return SignInRequest(client, peer, request);
    case B::kSubscribeLobby:
      client.lobby = true;
      lobby_.Subscribe(peer, rid);
      return;
    // Public, no sign-in needed: finished records (also over HTTP) and leaderboards.
    case B::kGetMatchRecord:
    case B::kGetLeaderboard:
      return AnswerFromStorage(peer, request, 0);
    default:
      break;
  }
  if (IsTournamentRequest(body)) return TournamentRequest(client, peer, request);
  if (!client.who) return Refuse(peer, rid, v1::NOT_SIGNED_IN, "sign in first");
  if (body == B::kCreateTable) return CreateTable(client, peer, request.create_table(), rid);
  if (body == B::kPauseTournament || body == B::kResumeTournament) {
    return TournamentRunRequest(client, peer, request);
  }
  if (IsSessionRequest(body)) return SessionRequest(client, peer, request);
  if (body == B::kReportPlayer) return ReportRequest(client, peer, request);
  if (body == B::kGetMatchHistory || body == B::kGetProfile || body == B::kGetRatingHistory) {
    return AnswerFromStorage(peer, request, client.who->account_id);
  }
  TableRequest(client, peer, request);
}

void Hub::TableRequest(ClientContext& client, const std::shared_ptr<Peer>& peer,
                       const v1::Envelope& request) {
  using B = v1::Envelope::BodyCase;
  const B body = request.body_case();
  const std::string& rid = request.request_id();
  std::string table_id;
  switch (body) {
    case B::kJoinTable:
      table_id = request.join_table().table_id();
      break;
    case B::kSit:
      table_id = request.sit().table_id();
      break;
    case B::kStand:
      table_id = request.stand().table_id();
      break;
    case B::kLeaveTable:
      table_id = request.leave_table().table_id();
      break;
    case B::kSetReady:
      table_id = request.set_ready().table_id();
      break;
    case B::kAddBot:
      table_id = request.add_bot().table_id();
      break;
    case B::kPlayMove:
      table_id = request.play_move().table_id();
      break;
    case B::kSendChat:
      table_id = request.send_chat().table_id();
      break;
    case B::kReclaimSeat:
      table_id = request.reclaim_seat().table_id();
      break;
    default:
      return Refuse(peer, rid, v1::BAD_REQUEST, "that message is not a request");
  }
  const auto table = directory_.Find(table_id);
  if (!table) return TableElsewhere(peer, rid, table_id);
  const Identity& who = *client.who;
  switch (body) {
    case B::kJoinTable: {
      const v1::JoinTable& join = request.join_table();
      client.tables.insert(table_id);
      return table->Join(peer, who, join.invite_code(), join.match_id(), join.last_seq(), rid);
    }
    case B::kSit:
      return table->Sit(peer, who, request.sit().seat(), rid);
    case B::kStand:
      return table->Stand(peer, who, rid);
    case B::kLeaveTable:
      client.tables.erase(table_id);
      return table->Leave(peer, who, rid);
    case B::kSetReady:
      return table->SetReady(peer, who, request.set_ready().ready(), rid);
    case B::kAddBot: {
      const std::string& name = request.add_bot().level();
      const std::optional<BotLevel> level = name.empty() ? BotLevel::easy : ParseBotLevel(name);
      if (!level)
        return Refuse(peer, rid, v1::UNKNOWN_BOT_LEVEL, "a bot's level is easy or strong");
      return table->AddBot(peer, who, request.add_bot().seat(), rid, *level,
                           BotTableGate(table_id, who.account_id));
    }
    case B::kPlayMove:
      return table->PlayMove(peer, who, request.play_move().move(),
                             request.play_move().expected_seq(), rid);
    case B::kSendChat:
      if (sanctions_.InForce(who.account_id, "mute", services_.tables.clock.NowMs())) {
        return Refuse(peer, rid, v1::MUTED, "you are muted by the moderators: no chat for now");
      }
      return table->Chat(peer, who, request.send_chat().text(), rid);
    case B::kReclaimSeat:
      return table->Reclaim(peer, who, rid);
    default:
      return;
  }
}

void Hub::Disconnected(ClientContext& client) {
  if (client.who) sanctions_.Disconnected(client.who->account_id, client.peer_id);
  if (client.who && !client.session.empty()) {
    sessions_.Disconnected(client.session, client.peer_id);
    // Its player's list of sessions shows when it was last used.
    services_.accounts.TouchSession(client.session, clock().NowMs(), client.address, client.device,
                                    client.strand, [](WriteResult) {});
  }
  if (client.lobby) lobby_.Unsubscribe(client.peer_id);
  for (const std::string& id : client.tables) {
    if (auto table = directory_.Find(id)) table->Detach(client.peer_id);
  }
  client.tables.clear();
}

}  // namespace kafenio::server
