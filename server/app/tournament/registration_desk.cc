#include "server/app/tournament/registration_desk.h"

namespace kafenio::server {

using Kind = tournament::TournamentEvent::Kind;

void RegistrationDesk::Apply(const tournament::TournamentEvent& event) {
  switch (event.kind) {
    case Kind::kInvited: {
      PartnerInvite invite;
      invite.number = event.entrant;
      if (event.accounts.size() == 2) {
        invite.inviter = event.accounts[0];
        invite.invitee = event.accounts[1];
      }
      if (event.names.size() == 2) {
        invite.inviter_name = event.names[0];
        invite.invitee_name = event.names[1];
      }
      invite.pair_name = event.name;
      invitations_[invite.number] = invite;
      return;
    }
    case Kind::kInvitationAnswered:
      if (auto found = invitations_.find(event.entrant); found != invitations_.end()) {
        found->second.state = event.name;
      }
      return;
    case Kind::kCheckedIn:
      checked_in_.insert(event.accounts.begin(), event.accounts.end());
      return;
    default:
      return;
  }
}

const PartnerInvite* RegistrationDesk::Find(int number) const {
  const auto found = invitations_.find(number);
  return found == invitations_.end() ? nullptr : &found->second;
}

const PartnerInvite* RegistrationDesk::PendingOf(std::int64_t account) const {
  for (const auto& [number, invite] : invitations_) {
    if (invite.state == "pending" && (invite.inviter == account || invite.invitee == account)) {
      return &invite;
    }
  }
  return nullptr;
}

bool RegistrationDesk::Present(const tournament::EntrantRecord& entrant) const {
  for (const auto account : entrant.accounts) {
    if (account != 0 && !CheckedIn(account)) return false;
  }
  return true;
}

}  // namespace kafenio::server
