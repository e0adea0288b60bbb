#pragma once
// The state of a Pilotta match: a copyable value that holds the match score, the hand in
// play and everything the rules need. Deals enter through StartHand (the "chance" moves);
// players' moves through Apply, which either changes the state or returns why not and
// leaves it untouched.
#include <array>
#include <cstdint>

#include "engine/core/rng.h"
#include "engine/pilotta/cards.h"
#include "engine/pilotta/deal.h"
#include "engine/pilotta/illegal.h"
#include "engine/pilotta/move.h"
#include "engine/pilotta/rules.h"
#include "engine/pilotta/scoring.h"

namespace kafenio::pilotta {

enum class Phase : std::uint8_t {
  awaiting_deal,  // between hands, and before the first
  auction,        // cyprus bidding
  contra,         // cyprus: defenders may double
  recontra,       // cyprus: declarers may redouble
  take_round,     // classic: take the turned suit or pass
  name_round,     // classic: name another suit or pass
  swap,           // classic2: the taker may swap the 7 of trumps for the turned card
  play,
  match_over,
};

// Holds up to 96 moves without touching the heap: the largest list is the cyprus auction
// with no trump and all trump enabled (6 suits x 10 values + pass).
class MoveList {
 public:
  static constexpr int kCapacity = 96;
  void Clear() { size_ = 0; }
  void Add(const Move& move) { moves_[size_++] = move; }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const Move& operator[](int i) const { return moves_[static_cast<std::size_t>(i)]; }
  const Move* begin() const { return moves_.data(); }
  const Move* end() const { return moves_.data() + size_; }
  // For generators that append many moves: write from Tail() on, then Grow by how many.
  // Add has to re-read size_ after each move it stores (a Move's byte fields may alias
  // it), so every append would wait for the previous one.
  Move* Tail() { return moves_.data() + size_; }
  void Grow(int added) { size_ += added; }

 private:
  std::array<Move, kCapacity> moves_;
  int size_ = 0;
};

// One call of the auction (cyprus) or trump choice (classic), in order, for the views.
struct Call {
  std::uint8_t seat;
  MoveKind kind;       // pass, bid, contra, recontra, take, name, swap
  std::uint8_t value;  // bid, in tens or kCapotBid
  std::uint8_t suit;   // bid / name
  friend bool operator==(const Call&, const Call&) = default;
};

struct Contract {
  std::int8_t bidder = -1;      // the seat that won the auction or took/named trump
  std::uint8_t value = 0;       // in tens (cyprus), kCapotBid for capot, 0 for classic
  std::uint8_t trump = 0;       // 0..3 suit, kNoTrump, kAllTrump
  std::uint8_t multiplier = 1;  // 1, 2 after contra, 4 after recontra
  std::int8_t doubler = -1;
  bool IsCapot() const { return value == kCapotBid; }
  int Points() const { return IsCapot() ? 250 : value * 10; }
  friend bool operator==(const Contract&, const Contract&) = default;
};

class State {
 public:
  // A match that waits for its first deal, dealt by `first_dealer`.
  State(const Rules& rules, int first_dealer);

  const Rules& rules() const { return rules_; }
  Phase phase() const { return phase_; }
  bool MatchOver() const { return phase_ == Phase::match_over; }
  // The seat whose move it is; -1 between hands and when the match is over.
  int ToAct() const { return phase_ == Phase::awaiting_deal || MatchOver() ? -1 : to_act_; }
  int Dealer() const { return dealer_; }
  int Eldest() const { return SeatAfter(dealer_, 1); }
  int Players() const { return players_; }
  int HandNumber() const { return hand_number_; }  // hands dealt so far, annulled included
  const std::array<int, 2>& Totals() const { return totals_; }
  int Winner() const { return winner_; }  // team, or -1 while the match goes on
  // The result of the last finished hand (HandResult::number is 0 before any).
  const HandResult& LastResult() const { return last_result_; }

  // The hand in play.
  CardMask Hand(int seat) const { return hands_[static_cast<std::size_t>(seat)]; }
  CardMask Played() const { return played_; }
  const Contract& GetContract() const { return contract_; }
  Card TurnedCard() const { return turned_; }
  Card SetAsideCard() const { return set_aside_; }
  int TrickNumber() const { return trick_number_; }  // 0-based
  int TrickSize() const { return trick_size_; }
  int TrickLeader() const { return trick_leader_; }
  Card TrickCard(int i) const { return trick_[static_cast<std::size_t>(i)]; }
  int TrickWinnerSoFar() const { return SeatAfter(trick_leader_, best_in_trick_); }
  const std::array<Card, 4>& LastTrick() const { return last_trick_; }
  int LastTrickLeader() const { return last_trick_leader_; }
  int LastTrickWinner() const { return last_trick_winner_; }
  const std::array<int, 2>& CardPoints() const { return card_points_; }
  const std::array<int, 2>& TricksWon() const { return tricks_won_; }
  int CallCount() const { return call_count_; }
  const Call& CallAt(int i) const { return calls_[static_cast<std::size_t>(i)]; }
  int DeclarationCount() const { return declaration_count_; }
  const Declaration& DeclarationAt(int i) const {
    return declarations_[static_cast<std::size_t>(i)];
  }
  // Suits (bit 0..3) the seat has shown it lacks this hand: it did not follow them, or did
  // not trump when the rules made it. Public knowledge, kept for bots' determinizations.
  std::uint8_t ShownVoids(int seat) const { return shown_voids_[static_cast<std::size_t>(seat)]; }
  int BeloteHolder() const { return belote_holder_; }       // -1 until announced
  bool BeloteComplete() const { return belote_complete_; }  // second card played

  // Deals the next hand. Refused (bad_deal) unless the deal fits the ruleset.
  Illegal StartHand(const Deal& deal);
  // Applies a move of the seat to act, or returns why it is illegal (state unchanged).
  Illegal Apply(const Move& move);
  // Every legal move of the seat to act, each once; empty between hands.
  void LegalMoves(MoveList& out) const;
  MoveList LegalMoves() const {
    MoveList list;
    LegalMoves(list);
    return list;
  }
  // The cards the seat to act may play now (the play phase only).
  CardMask LegalPlays() const;
  // Exactly LegalMoves()[rng.Below(LegalMoves().size())], without building the list: the
  // random rollouts of bots and simulations draw moves this way. Requires a hand in play.
  Move SampleLegalMove(DealRng& rng) const;

  // A determinization for searching bots: the same state with the given hands and the
  // undealt stock's cards (StockSize() of them, in dealing order) in place of the real
  // ones. The caller keeps it consistent: same hand sizes, every card exactly once.
  void SetHiddenCards(const std::array<CardMask, 4>& hands, const std::array<Card, 24>& stock) {
    hands_ = hands;
    stock_ = stock;
  }
  int StockSize() const { return stock_size_; }

  friend bool operator==(const State&, const State&) = default;

 private:
  // The seat `steps` places after `seat` in turn order. There are 2 or 4 players, a power
  // of two, so wrapping around is a mask rather than a division on every move.
  int SeatAfter(int seat, int steps) const { return (seat + steps) & (players_ - 1); }
  Illegal ApplyAuction(const Move& move);
  Illegal ApplyContra(const Move& move);
  Illegal ApplyTrumpChoice(const Move& move);
  Illegal ApplySwap(const Move& move);
  Illegal ApplyDeclare(const Move& move);
  Illegal ApplyPlay(const Move& move);
  void AuctionMoves(MoveList& out) const;
  void PlayMoves(MoveList& out) const;
  Move SampleAuctionMove(DealRng& rng) const;
  Move SamplePlayMove(DealRng& rng) const;
  // LegalPlays' body, inline in play.cc: listing and applying each move need it.
  inline CardMask PlayableCards() const;
  int UnannouncedDeclarations(std::array<CardMask, 5>& out) const;
  CardMask BeloteCardsToAct() const;
  Illegal WhyNotPlayable(Card card) const;
  void RecordVoids(int seat, Card card);

  void Log(const Move& move) {
    calls_[call_count_++] = Call{move.seat, move.kind, move.value, move.suit};
  }
  void BeginPlay();
  void ChooseTrump(int seat, int trump, bool took_turned);
  void DealStock();
  void FinishTrick();
  void FinishHand();
  void AnnulHand();
  void EndHand(const HandResult& result, bool annulled);

  Rules rules_;
  std::uint8_t players_;
  Phase phase_ = Phase::awaiting_deal;
  std::uint8_t to_act_ = 0;
  std::uint8_t dealer_ = 0;
  std::int16_t hand_number_ = 0;
  std::array<int, 2> totals_{};
  std::int8_t winner_ = -1;
  HandResult last_result_{};

  // The hand in play.
  std::array<CardMask, 4> hands_{};
  CardMask played_ = 0;
  Card turned_ = kNoCard;
  Card set_aside_ = kNoCard;
  std::array<Card, 24> stock_{};
  std::uint8_t stock_size_ = 0;
  Contract contract_{};
  std::uint8_t passes_ = 0;  // consecutive passes in the current round of calls
  std::uint8_t call_count_ = 0;
  std::array<Call, 40> calls_{};
  std::uint8_t trick_number_ = 0;
  std::uint8_t trick_size_ = 0;
  std::uint8_t trick_leader_ = 0;
  std::uint8_t best_in_trick_ = 0;  // position in trick_ of the winning card so far
  std::array<Card, 4> trick_{};
  std::array<Card, 4> last_trick_{kNoCard, kNoCard, kNoCard, kNoCard};
  std::int8_t last_trick_leader_ = -1;
  std::int8_t last_trick_winner_ = -1;
  std::array<int, 2> card_points_{};
  std::array<int, 2> tricks_won_{};
  std::uint8_t declaration_count_ = 0;
  std::array<Declaration, 16> declarations_{};
  std::int8_t belote_holder_ = -1;
  bool belote_complete_ = false;
  std::array<std::uint8_t, 4> shown_voids_{};
};

inline int TeamOf(int seat) {
  return seat & 1;
}

}  // namespace kafenio::pilotta
