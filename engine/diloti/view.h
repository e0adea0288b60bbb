#pragma once
// What one seat, or a spectator, may know of a Diloti match. Built from the state and
// nothing else, so hidden cards cannot leak through a view: a seat sees its own hand, a
// spectator no hand at all, and both see the table, the declarations and the captured
// piles (every captured card was face up on the table or played face up).
#include <array>
#include <vector>

#include "engine/diloti/move_families.h"
#include "engine/diloti/state.h"

namespace kafenio::diloti {

struct DeclarationView {
  int value = 0;
  CardMask cards = 0;
  int owner = -1;
  bool group = false;
  friend bool operator==(const DeclarationView&, const DeclarationView&) = default;
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
  RoundResult last_result{};

  CardMask hand = 0;                // the viewer's own cards; 0 for a spectator
  std::array<int, 4> hand_sizes{};  // how many cards each seat holds
  int stock_size = 0;
  CardMask loose = 0;
  std::vector<DeclarationView> declarations;  // by increasing value
  std::array<CardMask, 2> captured{};
  std::array<int, 2> xeri{};
  int last_capturer = -1;
  // Only in the view of the seat to act: its legal moves as plain moves and families
  // (move_families.h): every numeral capture and group declaration is in a family.
  std::vector<Move> legal_moves;
  std::vector<MoveFamily> move_families;

  // Every card this view shows anywhere, for the privacy checks.
  CardMask VisibleCards() const;
};

SeatView ViewFor(const State& state, int seat);
// Only the fields in which a seat's view differs from a spectator's (viewer, hand, legal
// moves and move families), written into `view`, whose other fields are left as they are: what a
// server needs to tell one seat what changed for it alone. ViewFor is the public view with these.
void SetOwnFields(const State& state, int seat, SeatView& view);
SeatView SpectatorView(const State& state);

}  // namespace kafenio::diloti
