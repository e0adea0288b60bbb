#pragma once
// Declarations and hand scoring as pure functions (shared/rules.md, "Declarations" and
// "Scoring a hand").
#include <array>
#include <cstdint>

#include "engine/pilotta/cards.h"
#include "engine/pilotta/rules.h"

namespace kafenio::pilotta {

// An announced sequence or four of a kind.
struct Declaration {
  std::uint8_t seat = 0;
  CardMask cards = 0;
  std::uint16_t strength = 0;    // higher beats lower; equal strengths tie
  std::uint8_t points_tens = 0;  // 2 (20 points) .. 20 (200 points)
  friend bool operator==(const Declaration&, const Declaration&) = default;
};

// The declaration `cards` forms in a hand, or nullopt-like (points 0) when it is none.
// `trump` is the trump mode (0..3 suit, 4 no trump, 5 all trump): at equal length and top
// card a sequence in trumps wins, except under no trump or all trump, where it ties.
enum class DeclarationCheck : std::uint8_t { ok, not_a_declaration, not_whole_run };
DeclarationCheck CheckDeclaration(CardMask hand, CardMask cards);
Declaration MakeDeclaration(int seat, CardMask cards, int trump);
// Every declaration a hand holds: each maximal run of 3+ and each scoring four of a kind.
// Returns how many were written to out (at most 5).
int FindDeclarations(CardMask hand, std::array<CardMask, 5>& out);

// Recorded score: points / 10, where at most one side rounds up: the side with the larger
// remainder (equal remainders: the side with more card points) rounds up if that
// remainder is 5 or more.
std::array<int, 2> RoundScores(std::array<int, 2> points, std::array<int, 2> card_points);

struct HandResult {
  int number = 0;  // 1-based hand number in the match; 0 before the first result
  bool annulled = false;
  bool made = false;
  int declarers = -1;  // team
  int contract = 0;    // contract points (250 for capot, 0 in classic)
  bool capot_bid = false;
  int multiplier = 1;
  int trump = 0;
  std::array<int, 2> tricks{};
  std::array<int, 2> card_points{};   // trick points + last trick (250 for all tricks)
  std::array<int, 2> declarations{};  // declarations scored (the best side's, or none)
  std::array<int, 2> belote{};        // belote held and completed
  std::array<int, 2> points{};        // what each side scores, before rounding
  std::array<int, 2> score{};         // recorded score, in tens
  friend bool operator==(const HandResult&, const HandResult&) = default;
};

// The facts of a finished hand that scoring needs.
struct PlayedHand {
  Rules rules;
  int declarers = 0;
  int contract_points = 0;  // 0 for classic
  bool capot_bid = false;
  int multiplier = 1;
  int trump = 0;
  std::array<int, 2> tricks{};
  std::array<int, 2> trick_points{};  // card points of each side's tricks, no last trick
  int last_trick_team = 0;
  int belote_team = -1;  // the team whose belote was completed, or -1
  const Declaration* declarations = nullptr;
  int declaration_count = 0;
};

HandResult ScoreHand(const PlayedHand& hand);

}  // namespace kafenio::pilotta
