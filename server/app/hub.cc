#include "server/app/hub.h"

#include <algorithm>
#include <boost/asio/post.hpp>
#include <cstdio>
#include <sstream>

#include "server/app/crypto.h"
#include "server/app/results_requests.h"
#include "server/game/game.h"

namespace kafenio::server {

Hub::Hub(boost::asio::any_io_executor executor, const ServerConfig& config, GameStore& storage,
         Metrics& metrics, const fairness::ServerSecret& deal_secret)
    : executor_(std::move(executor)),
      config_(config),
      storage_(storage),
      metrics_(metrics),
      deal_secret_(deal_secret),
      accounts_(config, storage),
      password_work_(config.password_threads, config.password_queue_limit) {}

std::shared_ptr<Table> Hub::AddTable(const TableSettings& settings) {
  auto table = std::make_shared<Table>(executor_, settings, config_, storage_, lobby_, metrics_,
                                       deal_secret_, [this](const std::string& id) {
                                         std::lock_guard lock(tables_mutex_);
                                         tables_.erase(id);
                                       });
  std::lock_guard lock(tables_mutex_);
  tables_[settings.table_id] = table;
  return table;
}

TableSettings Hub::SettingsOf(const TableRecord& table) const {
  TableSettings settings;
  // A match stored before tables had public ids gets a fresh name.
  settings.table_id = table.table_id.empty() ? RandomToken(5) : table.table_id;
  settings.game = table.game;
  // The stored rules are the canonical text: the preset, then KEY=VALUE options.
  std::istringstream rules(table.rules);
  rules >> settings.preset;
  for (std::string option; rules >> option;) settings.options.push_back(option);
  settings.rules_text = table.rules;
  settings.seats = table.seat_count;
  settings.is_private = table.is_private;
  settings.invite_code = table.invite_code;
  settings.turn_clock_ms =
      table.turn_clock_ms > 0 ? table.turn_clock_ms : config_.default_turn_clock_ms;
  settings.series_matches = table.series_matches;
  settings.rated = table.rated;
  return settings;
}

int Hub::RecoverUnfinishedMatches() {
  int recovered = 0;
  for (const RecoveredMatch& match : storage_.LoadUnfinishedMatches()) {
    const TableSettings settings = SettingsOf(match.table);
    if (FindTable(settings.table_id)) {
      std::fprintf(stderr, "kafenio: match %lld: table %s already has a live match; skipped\n",
                   static_cast<long long>(match.match.match_id), settings.table_id.c_str());
      continue;
    }
    auto table = AddTable(settings);
    if (const std::string error = table->Restore(match); !error.empty()) {
      std::fprintf(stderr, "kafenio: match %lld cannot be recovered: %s\n",
                   static_cast<long long>(match.match.match_id), error.c_str());
      std::lock_guard lock(tables_mutex_);
      tables_.erase(settings.table_id);
      continue;
    }
    ++recovered;
  }
  return recovered;
}

int Hub::RecoverWaitingTables() {
  int recovered = 0;
  for (const RecoveredTable& stored : storage_.LoadOpenTables()) {
    const std::string& table_id = stored.table.table_id;
    if (table_id.empty() || FindTable(table_id)) continue;  // no name to close it by, or taken
    const bool seated =
        std::any_of(stored.seats.begin(), stored.seats.end(),
                    [](const TableSeatRecord& seat) { return seat.account_id != 0; });
    if (!seated) {
      // Nobody to wait for (as MaybeClose decides for a live table).
      storage_.CloseTable(table_id);
      continue;
    }
    TableSettings settings = SettingsOf(stored.table);
    settings.table_number = stored.table_number;  // draws the series' first dealer again
    AddTable(settings)->RestoreSeating(stored);
    ++recovered;
  }
  return recovered;
}

std::shared_ptr<Table> Hub::FindTable(const std::string& table_id) {
  std::lock_guard lock(tables_mutex_);
  const auto it = tables_.find(table_id);
  return it == tables_.end() ? nullptr : it->second;
}

void Hub::SignedIn(ClientContext& client, const std::shared_ptr<Peer>& peer,
                   const SignInResult& result, const std::string& request_id) {
  if (result.error != v1::ERROR_UNSPECIFIED || result.account.id == 0) {
    metrics_.errors_total.fetch_add(1, std::memory_order_relaxed);
    const auto code = result.error == v1::ERROR_UNSPECIFIED ? v1::BAD_REQUEST : result.error;
    peer->Deliver(MakeError(request_id, code, result.message));
    return;
  }
  client.who = Identity{result.account.id, result.account.name, result.account.guest};
  auto reply = std::make_shared<v1::Envelope>();
  reply->set_request_id(request_id);
  v1::SignedIn& signed_in = *reply->mutable_signed_in();
  signed_in.set_account_id(result.account.id);
  signed_in.set_name(result.account.name);
  signed_in.set_guest(result.account.guest);
  signed_in.set_token(result.token);
  signed_in.set_expires_unix_ms(result.expires_unix_ms);
  peer->Deliver(reply);
}

void Hub::SignInWithPassword(ClientContext& client, const std::shared_ptr<Peer>& peer,
                             const v1::Envelope& request) {
  const bool registering = request.has_register_();
  std::string name = registering ? request.register_().name() : request.sign_in().name();
  std::string password =
      registering ? request.register_().password() : request.sign_in().password();
  client.signing_in = true;
  // `peer` is the connection that owns `client`: holding it keeps `client` alive until the
  // answer has been handled on the connection's strand.
  ClientContext* context = &client;
  const bool admitted =
      password_work_.TrySubmit([this, peer, context, registering, name = std::move(name),
                                password = std::move(password), request_id = request.request_id()] {
        SignInResult result =
            registering ? accounts_.Register(name, password) : accounts_.SignIn(name, password);
        boost::asio::post(context->strand,
                          [this, peer, context, result = std::move(result), request_id] {
                            context->signing_in = false;
                            SignedIn(*context, peer, result, request_id);
                          });
      });
  if (!admitted) {
    client.signing_in = false;
    metrics_.errors_total.fetch_add(1, std::memory_order_relaxed);
    peer->Deliver(MakeError(request.request_id(), v1::RATE_LIMITED,
                            "too many sign-ins at once: try again in a moment"));
  }
}

void Hub::CreateTable(ClientContext& client, const std::shared_ptr<Peer>& peer,
                      const v1::CreateTable& request, const std::string& request_id) {
  auto fail = [&](v1::ErrorCode code, const std::string& message) {
    metrics_.errors_total.fetch_add(1, std::memory_order_relaxed);
    peer->Deliver(MakeError(request_id, code, message));
  };
  MatchSpec spec{request.game(),
                 request.preset(),
                 {request.options().begin(), request.options().end()},
                 0,
                 request.seats()};
  const SeatCount rules = CheckRules(spec);
  if (!rules.error.empty()) return fail(v1::BAD_RULES, rules.error);
  int clock =
      request.turn_clock_ms() == 0 ? config_.default_turn_clock_ms : request.turn_clock_ms();
  if (clock < config_.min_turn_clock_ms || clock > config_.max_turn_clock_ms) {
    return fail(v1::BAD_REQUEST, "the turn clock must be between " +
                                     std::to_string(config_.min_turn_clock_ms) + " and " +
                                     std::to_string(config_.max_turn_clock_ms) + " ms");
  }
  TableSettings settings;
  settings.table_id = RandomToken(5);
  settings.game = request.game();
  settings.preset = request.preset();
  settings.options = spec.options;
  settings.rules_text = rules.rules_text;
  settings.seats = rules.seats;
  settings.is_private = request.private_();
  settings.invite_code = request.private_() ? RandomToken(4) : std::string();
  settings.turn_clock_ms = clock;
  if (request.rated() && client.who->guest) {
    return fail(v1::REGISTERED_ONLY, "register to create a rated table");
  }
  if (request.series_matches() < 0)
    return fail(v1::BAD_REQUEST, "series_matches cannot be negative");
  settings.series_matches = request.series_matches();
  settings.rated = request.rated();
  settings.table_number = storage_.SaveTable(
      TableRecord{settings.table_id, settings.game, settings.rules_text, settings.seats,
                  settings.is_private, settings.invite_code, clock, client.who->account_id, 0,
                  settings.series_matches, settings.rated});
  if (settings.table_number == 0) return fail(v1::STORAGE_FAILED, "the table could not be stored");
  auto table = AddTable(settings);
  client.tables.insert(settings.table_id);
  table->Open(peer, *client.who, request_id);
}

void Hub::Handle(ClientContext& client, const v1::Envelope& request) {
  const auto peer = client.peer.lock();
  if (!peer) return;
  const std::string& rid = request.request_id();
  auto fail = [&](v1::ErrorCode code, const std::string& message) {
    metrics_.errors_total.fetch_add(1, std::memory_order_relaxed);
    peer->Deliver(MakeError(rid, code, message));
  };
  // Results and ratings: answered from storage here, on this connection's strand.
  auto answer = [&](Reply reply) {
    if (reply->has_error()) metrics_.errors_total.fetch_add(1, std::memory_order_relaxed);
    peer->Deliver(std::move(reply));
  };
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
      if (client.who) return fail(v1::ALREADY_SIGNED_IN, "this connection is already signed in");
      if (client.signing_in)
        return fail(v1::BAD_REQUEST, "a sign-in is already in progress on this connection");
      if (body == B::kSignInGuest)
        return SignedIn(client, peer, accounts_.Guest(request.sign_in_guest().name()), rid);
      if (body == B::kRegister || body == B::kSignIn)
        return SignInWithPassword(client, peer, request);
      return SignedIn(client, peer, accounts_.Resume(request.resume().token()), rid);
    case B::kSubscribeLobby:
      client.lobby = true;
      lobby_.Subscribe(peer, rid);
      return;
    // Public, no sign-in needed: finished records (also over HTTP) and leaderboards.
    case B::kGetMatchRecord:
      return answer(AnswerMatchRecord(storage_, request.get_match_record(), rid));
    case B::kGetLeaderboard:
      return answer(AnswerLeaderboard(storage_, request.get_leaderboard(), rid));
    default:
      break;
  }
  if (!client.who) return fail(v1::NOT_SIGNED_IN, "sign in first");
  const Identity& who = *client.who;
  if (body == B::kCreateTable) return CreateTable(client, peer, request.create_table(), rid);
  if (body == B::kGetMatchHistory) {
    return answer(AnswerMatchHistory(storage_, request.get_match_history(), who.account_id, rid));
  }
  if (body == B::kGetProfile) {
    return answer(AnswerProfile(storage_, request.get_profile(), who.account_id, rid));
  }

  // Every other request names a table.
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
      return fail(v1::BAD_REQUEST, "that message is not a request");
  }
  const auto table = FindTable(table_id);
  if (!table) return fail(v1::UNKNOWN_TABLE, "no table '" + table_id + "'");
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
    case B::kAddBot:
      return table->AddBot(peer, who, request.add_bot().seat(), rid);
    case B::kPlayMove:
      return table->PlayMove(peer, who, request.play_move().move(),
                             request.play_move().expected_seq(), rid);
    case B::kSendChat:
      return table->Chat(peer, who, request.send_chat().text(), rid);
    case B::kReclaimSeat:
      return table->Reclaim(peer, who, rid);
    default:
      return;
  }
}

void Hub::Disconnected(ClientContext& client) {
  if (client.lobby) lobby_.Unsubscribe(client.peer_id);
  for (const std::string& id : client.tables) {
    if (auto table = FindTable(id)) table->Detach(client.peer_id);
  }
  client.tables.clear();
}

}  // namespace kafenio::server
