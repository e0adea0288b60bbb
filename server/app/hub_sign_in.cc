// The hub's sign-in requests: a guest, registering, signing in and resuming a session. One
// at a time per connection; passwords are hashed and sessions read on blocking-work pools,
// and the answer comes back on the connection's strand.
#include "server/app/hub.h"

#include <algorithm>
#include <string>

#include "server/app/crypto.h"
#include "server/log/log.h"
#include "server/names/player_name.h"

namespace kafenio::server {

void Hub::SignInRequest(ClientContext& client, const std::shared_ptr<Peer>& peer,
                        const v1::Envelope& request) {
  const std::string& rid = request.request_id();
  if (client.who) {
    return Refuse(peer, rid, v1::ALREADY_SIGNED_IN, "this connection is already signed in");
  }
  if (client.signing_in) {
    return Refuse(peer, rid, v1::BAD_REQUEST,
                  "a sign-in is already in progress on this connection");
  }
  client.signing_in = true;
  // `peer` is the connection that owns `client`: holding it keeps `client` alive until the
  // answer has been handled on the connection's strand.
  ClientContext* context = &client;
  Accounts::Done answered = [this, peer, context, rid](SignInResult result) {
    context->signing_in = false;
    SignedIn(*context, peer, result, rid);
  };
  using B = v1::Envelope::BodyCase;
  bool admitted = true;
  const SessionOrigin origin{client.address, client.device};
  // Guests and registrations per address (docs/security.md, "Abuse limits"): counted once
  // made, refused beyond the hour's limit before any work.
  if (request.body_case() == B::kSignInGuest || request.body_case() == B::kRegister) {
    const auto made = request.body_case() == B::kSignInGuest ? AddressLimits::Made::guest
                                                             : AddressLimits::Made::registration;
    if (!limits_.MayMake(made, client.address, clock().NowMs())) {
      client.signing_in = false;
      return Refuse(peer, rid, v1::ADDRESS_LIMIT,
                    made == AddressLimits::Made::guest
                        ? "too many guests from your address this hour: try again later"
                        : "too many accounts registered from your address this hour: try again "
                          "later");
    }
    answered = [this, made, address = client.address,
                answered = std::move(answered)](SignInResult result) {
      if (result.error == v1::ERROR_UNSPECIFIED) limits_.Count(made, address, clock().NowMs());
      answered(std::move(result));
    };
  }
  switch (request.body_case()) {
    case B::kSignInGuest:
      accounts_.Guest(request.sign_in_guest().name(), client.strand, std::move(answered), origin);
      break;
    case B::kRegister:
      admitted = password_work_.TrySubmit(
          [this, strand = client.strand, answered, origin, body = request.register_()] {
            accounts_.Register(body.name(), body.password(), strand, answered, origin);
          });
      break;
    case B::kSignIn: {
      // Throttled per account (its name's key: lookalikes share it) and per address.
      const auto checked = names::CheckName(request.sign_in().name());
      const std::string account = checked.ok() ? checked.key : request.sign_in().name();
      const std::int64_t now = clock().NowMs();
      const std::int64_t wait = std::max(account_sign_ins_.WaitMs(account, now),
                                         address_sign_ins_.WaitMs(client.address, now));
      if (wait > 0) {
        client.signing_in = false;
        return Refuse(
            peer, rid, v1::RATE_LIMITED,
            "too many failed sign-ins: try again in " + std::to_string((wait + 999) / 1000) + " s");
      }
      Accounts::Done counted = [this, answered, account,
                                address = client.address](SignInResult result) {
        if (result.error == v1::BAD_CREDENTIALS) {
          account_sign_ins_.Failed(account, clock().NowMs());
          address_sign_ins_.Failed(address, clock().NowMs());
        } else if (result.error == v1::ERROR_UNSPECIFIED) {
          account_sign_ins_.Succeeded(account);
        }
        answered(std::move(result));
      };
      admitted = password_work_.TrySubmit(
          [this, strand = client.strand, counted, origin, body = request.sign_in()] {
            accounts_.SignIn(body.name(), body.password(), strand, counted, origin);
          });
      break;
    }
    default:
      admitted = reads_.TrySubmit(
          [this, strand = client.strand, answered, origin, token = request.resume().token()] {
            accounts_.Resume(token, strand, answered, origin);
          });
      break;
  }
  if (!admitted) {
    client.signing_in = false;
    Refuse(peer, rid, v1::RATE_LIMITED, "too many sign-ins at once: try again in a moment");
  }
}

void Hub::SignedIn(ClientContext& client, const std::shared_ptr<Peer>& peer,
                   const SignInResult& result, const std::string& request_id) {
  if (result.error != v1::ERROR_UNSPECIFIED || result.account.id == 0) {
    const auto code = result.error == v1::ERROR_UNSPECIFIED ? v1::BAD_REQUEST : result.error;
    return Refuse(peer, request_id, code, result.message);
  }
  if (const auto ban =
          sanctions_.InForce(result.account.id, "ban", services_.tables.clock.NowMs())) {
    return Refuse(peer, request_id, v1::ACCOUNT_BANNED,
                  "this account is banned" +
                      (ban->until_ms ? std::string(" for a while") : std::string(" for good")) +
                      ": " + ban->reason);
  }
  client.who = Identity{result.account.id, result.account.name, result.account.guest};
  log::Info("signed in", {{"connection", peer->PeerId()},
                          {"account", result.account.id},
                          {"name", result.account.name},
                          {"guest", result.account.guest}});
  sanctions_.Connected(result.account.id, peer);
  client.session = Sha256Hex(result.token);
  sessions_.Connected(client.session, result.account.id, peer);
  auto reply = std::make_shared<v1::Envelope>();
  reply->set_request_id(request_id);
  v1::SignedIn& signed_in = *reply->mutable_signed_in();
  signed_in.set_account_id(result.account.id);
  signed_in.set_name(result.account.name);
  signed_in.set_guest(result.account.guest);
  signed_in.set_token(result.token);
  signed_in.set_expires_unix_ms(result.expires_unix_ms);
  peer->Deliver(reply);
  SendNodes(peer);
  TellTournamentTables(result.account.id);
}

}  // namespace kafenio::server
