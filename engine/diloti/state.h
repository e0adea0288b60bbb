#pragma once
// The state of a Diloti match: a copyable value that holds the match score, the round in
// play and everything the rules need. Deals enter through StartHand (the "chance" moves);
// players' moves through Apply, which either changes the state or returns why not and
// leaves it untouched.
#include <array>
#include <bit>
#include <cstdint>
#include <vector>

#include "engine/core/rng.h"
#include "engine/diloti/cards.h"
#include "engine/diloti/deal.h"
#include "engine/diloti/illegal.h"
#include "engine/diloti/move.h"
#include "engine/diloti/rules.h"
#include "engine/diloti/scoring.h"
#include "engine/diloti/values.h"

namespace kafenio::diloti {

enum class Phase : std::uint8_t {
  awaiting_deal,  // between rounds, and before the first
  play,
  match_over,
};

// A pile on the table worth `value`, owned by the player who made, raised or grew it.
struct Declaration {
  CardMask cards = 0;  // 0: no declaration of this value
  std::int8_t owner = -1;
  bool group = false;
  friend bool operator==(const Declaration&, const Declaration&) = default;
};

// The legal moves of one position. A vector, reused between calls so that enumerating
// does not allocate once it has grown: a crowded table can allow hundreds of captures.
// It also keeps the generator's working lists, for the same reason: the engine holds no
// state outside its values and the caller's.
class MoveList {
 public:
  void Clear() { moves_.clear(); }
  void Add(const Move& move) { moves_.push_back(move); }
  int size() const { return static_cast<int>(moves_.size()); }
  bool empty() const { return moves_.empty(); }
  const Move& operator[](int i) const { return moves_[static_cast<std::size_t>(i)]; }
  const Move* begin() const { return moves_.data(); }
  const Move* end() const { return moves_.data() + moves_.size(); }

 private:
  friend class State;
  std::vector<Move> moves_;
  // The generator's working lists (legal_moves.cc): by value, the loose multisets that
  // split into groups of that value; and those a group with the played card makes.
  std::array<std::vector<PackedCounts>, kMaxValue + 1> table_multisets_;
  std::vector<PackedCounts> group_multisets_;
};

inline int TeamOf(int seat) {
  return seat & 1;
}

struct PositionIndex;  // the position indexed once per LegalMoves or SampleLegalMove call
struct TableIndex;     // and what LegalMoves adds to it
// Draws SampleLegalMove without listing every move (sample_move.cc).
template <class Subsets>
class MoveSampler;
class SampleScratch;   // sample_scratch.h
struct CompactMoves;   // move_families.h
class LooseSetsBySum;  // move_families.cc

class State {
 public:
  // A match that waits for its first deal, dealt by `first_dealer`.
  State(const Rules& rules, int first_dealer);

  const Rules& rules() const { return rules_; }
  Phase phase() const { return phase_; }
  bool MatchOver() const { return phase_ == Phase::match_over; }
  // The seat whose move it is; -1 between rounds and when the match is over.
  int ToAct() const { return phase_ == Phase::play ? to_act_ : -1; }
  int Dealer() const { return dealer_; }
  int Eldest() const { return (dealer_ + 1) % players_; }
  int Players() const { return players_; }
  int HandNumber() const { return hand_number_; }
  const std::array<int, 2>& Totals() const { return totals_; }
  int Winner() const { return winner_; }  // team, or -1 while the match goes on
  const RoundResult& LastResult() const { return last_result_; }

  // The round in play.
  CardMask Hand(int seat) const { return hands_[static_cast<std::size_t>(seat)]; }
  CardMask Loose() const { return loose_; }
  // The declaration worth `value` (1..10); cards == 0 when there is none.
  const Declaration& DeclarationOf(int value) const {
    return declarations_[static_cast<std::size_t>(value)];
  }
  CardMask DeclarationCards() const;
  // Every card on the table: loose and in declarations.
  CardMask TableCards() const { return loose_ | DeclarationCards(); }
  CardMask Captured(int team) const { return captured_[static_cast<std::size_t>(team)]; }
  const std::array<int, 2>& Xeri() const { return xeri_; }
  int StockSize() const { return stock_size_ - stock_next_; }
  int LastCapturer() const { return last_capturer_; }
  int MovesThisRound() const { return moves_this_round_; }
  // The value of the declaration `seat` owns, or 0. Inline: checking a move asks it.
  int OwnedValue(int seat) const {
    for (DeclarationSet values = declared_; values; values &= values - 1) {
      const int v = std::countr_zero(values);
      if (DeclarationOf(v).owner == seat) return v;
    }
    return 0;
  }

  // Deals the next round. Refused (bad_deal, table_must_be_redealt) unless it fits.
  Illegal StartHand(const Deal& deal);
  // Applies a move of the seat to act, or returns why it is illegal (state unchanged).
  Illegal Apply(const Move& move);
  // Why the move would be refused, or Illegal::none; the state does not change.
  Illegal Validate(const Move& move) const { return Check(move); }
  // Whether a legal move of the seat to act scores a xeri (xeri.h): false for any move
  // but a capture.
  bool ScoresXeri(const Move& move) const;
  // Every legal move of the seat to act, each once; empty between rounds.
  void LegalMoves(MoveList& out) const;
  MoveList LegalMoves() const {
    MoveList list;
    LegalMoves(list);
    return list;
  }
  // The same moves described compactly (move_families.h): plain moves, and the numeral
  // captures and group declarations as families of parts, polynomial in the loose cards.
  void CompactLegalMoves(CompactMoves& out) const;
  // Exactly LegalMoves()[rng.Below(LegalMoves().size())]: the random rollouts of bots and
  // simulations draw moves this way. Requires a round in play. This form allocates its
  // working memory for the one call; a line of play should pass a scratch (below).
  Move SampleLegalMove(DealRng& rng) const;
  // The same move, drawn with the caller's scratch (sample_scratch.h), which lets the
  // sampler reuse what it indexed for the previous call: faster along a line of play.
  Move SampleLegalMove(DealRng& rng, SampleScratch& scratch) const;
  // Plays SampleLegalMove(rng) and returns it: the same as Apply of that move, without
  // validating again a move the generator has just produced.
  Move PlayRandomMove(DealRng& rng);
  Move PlayRandomMove(DealRng& rng, SampleScratch& scratch);

  // A determinization for searching bots: the same state with the given hands and the
  // stock's undealt cards (StockSize() of them, in dealing order) in place of the real
  // ones. The caller keeps it consistent: same hand sizes, every card exactly once.
  void SetHiddenCards(const std::array<CardMask, 4>& hands,
                      const std::array<Card, kMaxStock>& rest) {
    hands_ = hands;
    for (int i = 0; i < StockSize(); ++i)
      stock_[static_cast<std::size_t>(stock_next_ + i)] = rest[static_cast<std::size_t>(i)];
  }

  friend bool operator==(const State&, const State&) = default;

 private:
  Illegal Check(const Move& move) const;
  Illegal CheckLay(const Move& move) const;
  Illegal CheckCapture(const Move& move) const;
  Illegal CheckDeclare(const Move& move) const;
  Illegal CheckRaise(const Move& move) const;
  Illegal CheckGroup(const Move& move) const;
  // The hold rule (hold_rule.h) for a move of `seat` that plays `card`, takes the
  // declarations `gone` off the table and makes the one worth `new_value` (0: none) theirs.
  bool KeepsCardsOfValue(int seat, Card card, DeclarationSet gone, int new_value) const;
  Illegal CheckHoldAndForcedCapture(const Move& move) const;
  // Whether `card` has a legal capture (capture.h), for forced capture.
  bool CanCapture(int seat, Card card) const;
  Illegal CheckForcedCapture(const Move& move) const;

  template <class Subsets>
  friend class MoveSampler;
  // SampleLegalMove with `scratch`; `reuse`: may it use what scratch holds from before.
  Move Sample(DealRng& rng, SampleScratch& scratch, bool reuse) const;
  void IndexTable(int seat, TableIndex& table) const;
  // The part of IndexTable about the mover: their cards and the declarations.
  void IndexMover(int seat, PositionIndex& table) const;
  void AddCaptures(int seat, Card card, const TableIndex& table, MoveList& out) const;
  void AddDeclarations(int seat, Card card, const TableIndex& table, MoveList& out) const;
  void AddRaises(int seat, Card card, const TableIndex& table, MoveList& out) const;
  void AddGroups(int seat, Card card, const TableIndex& table, MoveList& out) const;
  void AddCaptureFamily(int seat, Card card, const TableIndex& table, LooseSetsBySum& sets,
                        CompactMoves& out) const;
  void AddGroupFamilies(int seat, Card card, const TableIndex& table, LooseSetsBySum& sets,
                        CompactMoves& out) const;

  void Perform(const Move& move);
  void DealStock();
  void FinishHand();

  Rules rules_;
  std::uint8_t players_;
  Phase phase_ = Phase::awaiting_deal;
  std::uint8_t to_act_ = 0;
  std::uint8_t dealer_ = 0;
  std::int16_t hand_number_ = 0;
  std::array<int, 2> totals_{};
  std::int8_t winner_ = -1;
  RoundResult last_result_{};

  // The round in play.
  std::array<CardMask, 4> hands_{};
  CardMask loose_ = 0;
  std::array<Declaration, kMaxValue + 1> declarations_{};  // by value; [0] unused
  // Bit v: declarations_[v] is on the table. Kept by Perform and FinishHand with
  // declarations_, so that the rules' many "which declarations are there" questions read
  // one word instead of scanning ten piles.
  DeclarationSet declared_ = 0;
  std::array<CardMask, 2> captured_{};
  std::array<int, 2> xeri_{};
  std::array<Card, kMaxStock> stock_{};
  std::uint8_t stock_size_ = 0;
  std::uint8_t stock_next_ = 0;
  std::int8_t last_capturer_ = -1;
  std::uint8_t moves_this_round_ = 0;
};

}  // namespace kafenio::diloti
