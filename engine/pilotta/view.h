#pragma once
// What one seat, or a spectator, may know of a Pilotta match. Built from the state and
// nothing else, so hidden cards cannot leak through a view: a seat sees its own hand, a
// spectator no hand at all, and both see only cards that are face up or announced.
#include <array>
#include <vector>

#include "engine/pilotta/state.h"

namespace kafenio::pilotta {

struct TrickCard {
  int seat;
  Card card;
  friend bool operator==(const TrickCard&, const TrickCard&) = default;
};

struct SeatView {
  int viewer = -1;  // the seat, or -1 for a spectator
  Rules rules;
  Phase phase = Phase::awaiting_deal;
  int to_act = -1;
  int dealer = 0;
  int hand_number = 0;
  std::array<int, 2> totals{};
  int winner = -1;
  HandResult last_result{};

  CardMask hand = 0;                // the viewer's own cards; 0 for a spectator
  std::array<int, 4> hand_sizes{};  // how many cards each seat holds
  Card turned = kNoCard;            // classic: the turned card while it is face up
  Card set_aside = kNoCard;         // classic2: the card set aside (public)
  std::vector<Call> calls;          // the auction or trump choice so far
  Contract contract{};
  bool contract_known = false;
  int trick_number = 0;
  std::vector<TrickCard> trick;       // the current trick, in play order
  std::vector<TrickCard> last_trick;  // the previous trick
  int last_trick_winner = -1;
  CardMask played = 0;  // every card played so far this hand (including the trick)
  std::vector<Declaration> declarations;
  int belote_holder = -1;
  bool belote_complete = false;
  std::array<int, 2> tricks_won{};
  std::array<int, 2> card_points{};
  std::vector<Move> legal_moves;  // only in the view of the seat to act

  // Every card this view shows anywhere, for the privacy checks.
  CardMask VisibleCards() const;
};

SeatView ViewFor(const State& state, int seat);
// Only the fields in which a seat's view differs from a spectator's (viewer, hand, legal
// moves), written into `view`, whose other fields are left as they are: what a server
// needs to tell one seat what changed for it alone. ViewFor is the public view with these.
void SetOwnFields(const State& state, int seat, SeatView& view);
SeatView SpectatorView(const State& state);

}  // namespace kafenio::pilotta
