#pragma once
// An event's registration desk: partners' invitations and check-ins, folded from the
// event's log (the kInvited, kInvitationAnswered and kCheckedIn entries), which pairing
// does not read. An invitation becomes an entrant when the partner accepts it; at the
// start, an event with check-in withdraws every entrant whose players have not all
// checked in.
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "server/tournament/tournament_state.h"

namespace kafenio::server {

struct PartnerInvite {
  int number = 0;
  std::int64_t inviter = 0;
  std::int64_t invitee = 0;
  std::string inviter_name;
  std::string invitee_name;
  std::string pair_name;
  std::string state = "pending";  // pending, accepted, declined, cancelled
};

class RegistrationDesk {
 public:
  void Apply(const tournament::TournamentEvent& event);

  const std::map<int, PartnerInvite>& invitations() const { return invitations_; }
  const PartnerInvite* Find(int number) const;
  // The pending invitation the account sent or received, if any.
  const PartnerInvite* PendingOf(std::int64_t account) const;
  int NextNumber() const { return invitations_.empty() ? 1 : invitations_.rbegin()->first + 1; }
  bool CheckedIn(std::int64_t account) const { return checked_in_.count(account) > 0; }
  // Every player of the entrant has checked in (a bot's seat, account 0, always has).
  bool Present(const tournament::EntrantRecord& entrant) const;

 private:
  std::map<int, PartnerInvite> invitations_;
  std::set<std::int64_t> checked_in_;
};

}  // namespace kafenio::server
