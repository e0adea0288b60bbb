// The hub's requests about a player's own sessions (docs/protocol.md, "Sessions"): sign
// out this session or every one, change the password (the other sessions are signed out),
// list the sessions, sign one of them out. Each is stored before it is answered; then
// every connection of a session signed out gets SIGNED_OUT and is closed, and a connection
// whose own session went gets its `ok` and is closed after it. On a cluster the other nodes
// are told, and do the same with their connections (server/app/cluster/player_signals.h).
#include <algorithm>

#include "server/app/crypto.h"
#include "server/app/hub.h"
#include "server/names/player_name.h"

namespace kafenio::server {
namespace {

// A listed session's public id: the start of its token's hash (never the token).
constexpr std::size_t kSessionIdLength = 16;

bool IsSessionId(const std::string& id) {
  return id.size() == kSessionIdLength && std::all_of(id.begin(), id.end(), [](char c) {
           return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
         });
}

// Answers `ok`, then closes the connection: its session is gone.
void AnswerAndClose(const std::shared_ptr<Peer>& peer, const std::string& request_id) {
  peer->SendAndClose(std::make_shared<const EncodedEnvelope>(*MakeOk(request_id)));
}

}  // namespace

bool Hub::IsSessionRequest(v1::Envelope::BodyCase body) {
  using B = v1::Envelope::BodyCase;
  return body == B::kSignOut || body == B::kSignOutEverywhere || body == B::kChangePassword ||
         body == B::kListSessions || body == B::kRevokeSession;
}

void Hub::SessionRequest(ClientContext& client, const std::shared_ptr<Peer>& peer,
                         const v1::Envelope& request) {
  using B = v1::Envelope::BodyCase;
  const std::string& rid = request.request_id();
  const std::int64_t account = client.who->account_id;
  const std::string session = client.session;
  const std::uint64_t self = client.peer_id;
  const auto unavailable = [this, peer, rid] {
    Refuse(peer, rid, v1::STORAGE_UNAVAILABLE, "the server could not store that: try again");
  };
  switch (request.body_case()) {
    case B::kSignOut:
      return services_.accounts.DeleteSession(
          session, client.strand,
          [this, peer, rid, account, session, self, unavailable](WriteResult stored) {
            if (!stored.ok()) return unavailable();
            sessions_.SignOut({session}, self);
            TellPlayerChanged(account);  // its connections on other nodes
            AnswerAndClose(peer, rid);
          });
    case B::kSignOutEverywhere:
      return services_.accounts.DeleteSessionsOf(
          account, "", client.strand,
          [this, peer, rid, account, self, unavailable](Written<std::vector<std::string>> stored) {
            if (!stored.result.ok()) return unavailable();
            sessions_.SignOutAccount(account, "", self);
            TellPlayerChanged(account);
            AnswerAndClose(peer, rid);
          });
    case B::kRevokeSession: {
      const std::string& id = request.revoke_session().session_id();
      if (!IsSessionId(id)) {
        return Refuse(peer, rid, v1::BAD_REQUEST,
                      "a session id is the 16 hex digits list_sessions gives");
      }
      return services_.accounts.DeleteSessionByPrefix(
          account, id, client.strand,
          [this, peer, rid, account, session, self,
           unavailable](Written<std::optional<std::string>> stored) {
            if (!stored.result.ok()) return unavailable();
            if (!stored.value) {
              return Refuse(peer, rid, v1::UNKNOWN_SESSION, "you have no session with that id");
            }
            sessions_.SignOut({*stored.value}, self);
            TellPlayerChanged(account);
            if (*stored.value == session) return AnswerAndClose(peer, rid);
            peer->Deliver(MakeOk(rid));
          });
    }
    case B::kChangePassword:
      return ChangePassword(client, peer, request.change_password(), rid);
    default:
      return ListSessions(client, peer, rid);
  }
}

void Hub::ChangePassword(ClientContext& client, const std::shared_ptr<Peer>& peer,
                         const v1::ChangePassword& request, const std::string& request_id) {
  const Identity& who = *client.who;
  if (who.guest) {
    return Refuse(peer, request_id, v1::REGISTERED_ONLY, "a guest has no password: register");
  }
  if (!Accounts::ValidPassword(request.new_password())) {
    return Refuse(peer, request_id, v1::BAD_PASSWORD, "a password has 8 to 256 characters");
  }
  // Wrong old passwords are throttled as failed sign-ins are (the same counts): someone
  // at a player's unattended session must not be able to guess the password.
  const auto checked = names::CheckName(who.name);
  const std::string key = checked.ok() ? checked.key : who.name;
  const std::int64_t now = clock().NowMs();
  const std::int64_t wait =
      std::max(account_sign_ins_.WaitMs(key, now), address_sign_ins_.WaitMs(client.address, now));
  if (wait > 0) {
    return Refuse(
        peer, request_id, v1::RATE_LIMITED,
        "too many wrong passwords: try again in " + std::to_string((wait + 999) / 1000) + " s");
  }
  const bool admitted = password_work_.TrySubmit(
      [this, peer, request, request_id, key, account = who.account_id, session = client.session,
       self = client.peer_id, address = client.address, strand = client.strand] {
        const auto stored = services_.accounts.FindAccount(account);
        if (!stored || !VerifyPassword(stored->password_hash, request.old_password())) {
          account_sign_ins_.Failed(key, clock().NowMs());
          address_sign_ins_.Failed(address, clock().NowMs());
          metrics().errors_total.fetch_add(1, std::memory_order_relaxed);
          return peer->Deliver(MakeError(request_id, v1::BAD_CREDENTIALS, "wrong password"));
        }
        account_sign_ins_.Succeeded(key);
        const std::string hash = HashPassword(request.new_password());
        if (hash.empty()) {
          return peer->Deliver(MakeError(request_id, v1::STORAGE_UNAVAILABLE,
                                         "could not hash the password: try again"));
        }
        services_.accounts.ChangePassword(
            account, hash, session, strand,
            [this, peer, request_id, account, session,
             self](Written<std::vector<std::string>> done) {
              if (!done.result.ok()) {
                return Refuse(peer, request_id, v1::STORAGE_UNAVAILABLE,
                              "the new password could not be stored: the old one still holds");
              }
              sessions_.SignOutAccount(account, session, self);
              TellPlayerChanged(account);
              peer->Deliver(MakeOk(request_id));
            });
      });
  if (!admitted) {
    Refuse(peer, request_id, v1::RATE_LIMITED, "too many sign-ins at once: try again in a moment");
  }
}

void Hub::ListSessions(ClientContext& client, const std::shared_ptr<Peer>& peer,
                       const std::string& request_id) {
  const bool admitted = reads_.TrySubmit(
      [this, peer, request_id, account = client.who->account_id, session = client.session] {
        const auto sessions = services_.accounts.SessionsOf(account, clock().NowMs());
        auto reply = std::make_shared<v1::Envelope>();
        reply->set_request_id(request_id);
        v1::SessionList& list = *reply->mutable_sessions();
        for (const SessionDetails& details : sessions) {
          v1::SessionInfo& info = *list.add_sessions();
          info.set_session_id(details.token_hash.substr(0, kSessionIdLength));
          info.set_created_unix_ms(details.created_ms);
          info.set_last_seen_unix_ms(details.last_seen_ms);
          info.set_expires_unix_ms(details.expires_ms);
          info.set_address(details.address);
          info.set_device(details.device);
          info.set_current(details.token_hash == session);
          info.set_connections(sessions_.Connections(details.token_hash));
        }
        peer->Deliver(reply);
      });
  if (!admitted) {
    Refuse(peer, request_id, v1::RATE_LIMITED, "the server is busy reading: try again in a moment");
  }
}

}  // namespace kafenio::server
