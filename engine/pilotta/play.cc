// Trick play: following suit, trumping and overtrumping as masks, first-trick
// declarations, belote, and trick resolution.
#include "engine/pilotta/move_tables.h"
#include "engine/pilotta/state.h"
#include "engine/pilotta/tables.h"

namespace kafenio::pilotta {
namespace {
using tables::kTables;

// The K and Q of trumps by trump mode; none under no trump and all trump.
constexpr std::array<CardMask, 6> kBelotePair = [] {
  std::array<CardMask, 6> pairs{};
  for (int suit = 0; suit < 4; ++suit) {
    pairs[static_cast<std::size_t>(suit)] =
        Bit(MakeCard(static_cast<Suit>(suit), rK)) | Bit(MakeCard(static_cast<Suit>(suit), rQ));
  }
  return pairs;
}();

// The cards of the seat's hand that can announce belote: K or Q of a trump suit, holding
// both and neither played yet.
CardMask BeloteCards(CardMask hand, int trump) {
  const CardMask pair = kBelotePair[static_cast<std::size_t>(trump)];
  return (hand & pair) == pair ? pair : 0;
}

// All cards when the mask is empty, none otherwise: choosing between masks with this
// instead of `a ? a : b` keeps the compiler from branching on random cards.
constexpr CardMask AllIfNone(CardMask mask) {
  return CardMask{0} - static_cast<CardMask>(mask == 0);
}

// kNthInSuit[cards][n]: the rank of the n-th lowest of a suit's cards (one byte of a
// mask), n from 0.
constexpr auto kNthInSuit = [] {
  std::array<std::array<std::uint8_t, 8>, 256> table{};
  for (std::size_t cards = 0; cards < 256; ++cards) {
    std::size_t n = 0;
    for (std::uint8_t rank = 0; rank < 8; ++rank) {
      if (cards & (1U << rank)) table[cards][n++] = rank;
    }
  }
  return table;
}();

// The n-th lowest card of a mask (n from 0, fewer than its count). Clearing n cards one
// by one would end its loop after a random count, a mispredicted branch on every sampled
// move; here the cards below each suit are counted independently, the suit holding the
// card is where n reaches past them, and a table finds the card within the suit.
Card NthLowest(CardMask mask, int n) {
  const int below1 = Count(mask & 0xFF);
  const int below2 = Count(mask & 0xFFFF);
  const int below3 = Count(mask & 0xFFFFFF);
  // All ones past each boundary; n past a boundary is past the ones below it too, so the
  // cards before the suit add up suit by suit (masks, not branches).
  const int past1 = -int{n >= below1};
  const int past2 = -int{n >= below2};
  const int past3 = -int{n >= below3};
  const int suit = -(past1 + past2 + past3);
  const int before = (below1 & past1) + ((below2 - below1) & past2) + ((below3 - below2) & past3);
  const auto cards = static_cast<std::size_t>((mask >> (8 * suit)) & 0xFF);
  return static_cast<Card>(8 * suit + kNthInSuit[cards][static_cast<std::size_t>(n - before)]);
}
}  // namespace

inline CardMask State::PlayableCards() const {
  const CardMask hand = hands_[to_act_];
  if (trick_size_ == 0) return hand;
  const int mode = contract_.trump;
  // Follow suit; else trump; else anything. Selected without branches, since in random
  // play each outcome is as likely as the others.
  const CardMask follow = hand & SuitMask(SuitOf(trick_[0]));
  const CardMask trumps = hand & tables::TrumpMask(mode);
  const CardMask allowed = follow | (AllIfNone(follow) & (trumps | (AllIfNone(trumps) & hand)));
  if (rules_.partner_exception && players_ == 4 && !follow && trumps &&
      TeamOf(TrickWinnerSoFar()) == TeamOf(to_act_)) {
    return hand;  // the partner is winning: no need to trump
  }
  // When the best card so far ranks as a trump, the allowed cards that beat it are the
  // ones to play if there are any: overtrumping, and beating a led trump (every led suit
  // under all trump). Those cards are all of the best card's suit, so a plain suit
  // followed under a trump, or a hand without trumps, is left as it is.
  const CardMask higher =
      allowed & kTables.must_beat[static_cast<std::size_t>(mode)][trick_[best_in_trick_]];
  return higher | (AllIfNone(higher) & allowed);
}

CardMask State::LegalPlays() const {
  return PlayableCards();
}

int State::UnannouncedDeclarations(std::array<CardMask, 5>& out) const {
  if (trick_number_ != 0) return 0;
  const int count = FindDeclarations(hands_[to_act_], out);
  if (declaration_count_ == 0) return count;
  int kept = 0;
  for (int i = 0; i < count; ++i) {
    const CardMask cards = out[static_cast<std::size_t>(i)];
    bool announced = false;
    for (int k = 0; k < declaration_count_; ++k) {
      const Declaration& d = declarations_[static_cast<std::size_t>(k)];
      announced |= d.seat == to_act_ && d.cards == cards;
    }
    if (!announced) out[static_cast<std::size_t>(kept++)] = cards;
  }
  return kept;
}

CardMask State::BeloteCardsToAct() const {
  return belote_holder_ < 0 ? BeloteCards(hands_[to_act_], contract_.trump) : 0;
}

// Declarations first, then each playable card lowest first, its belote variant after it.
void State::PlayMoves(MoveList& out) const {
  const int seat = to_act_;
  std::array<CardMask, 5> declarations;  // filled up to the count returned
  const int count = UnannouncedDeclarations(declarations);
  for (int i = 0; i < count; ++i)
    out.Add(Move::Declare(seat, declarations[static_cast<std::size_t>(i)]));
  const move_tables::SeatMoves& moves = move_tables::kBySeat[static_cast<std::size_t>(seat)];
  const CardMask belote = BeloteCardsToAct();
  CardMask rest = PlayableCards();
  Move* tail = out.Tail();
  if (belote) {
    int listed = 0;
    for (; rest; rest &= rest - 1) {
      const Card card = Lowest(rest);
      tail[listed++] = moves.plays[card];
      if (belote & Bit(card)) tail[listed++] = moves.belote_plays[card];
    }
    out.Grow(listed);
    return;
  }
  // Slot i gets the i-th lowest legal card, for as many slots as the seat holds cards: a
  // loop ending at the last legal card would stop after a random count and mispredict
  // its exit on almost every move. Slots past the last card hold leftovers beyond the
  // list's end, where nothing reads them. The list grows by the count of legal cards,
  // known before any slot is written, so drawing from the list need not wait for them.
  out.Grow(Count(rest));
  const int held = Count(hands_[static_cast<std::size_t>(seat)]);
  for (int slot = 0; slot < held; ++slot) {
    // A bit above the deck keeps the count defined, and branch-free, once rest is empty.
    const auto card = std::countr_zero(rest | (std::uint64_t{1} << kDeckSize));
    tail[slot] = moves.plays[static_cast<std::size_t>(card) & (kDeckSize - 1)];
    rest &= rest - 1;
  }
}

// Mirrors PlayMoves' order without building the list.
Move State::SamplePlayMove(DealRng& rng) const {
  const int seat = to_act_;
  std::array<CardMask, 5> declarations;  // filled up to the count returned
  const int count = UnannouncedDeclarations(declarations);
  const CardMask plays = PlayableCards();
  const CardMask belote = BeloteCardsToAct() & plays;
  const int total = count + Count(plays) + Count(belote);
  auto index = static_cast<int>(rng.Below(static_cast<std::uint64_t>(total)));
  if (index < count) return Move::Declare(seat, declarations[static_cast<std::size_t>(index)]);
  index -= count;
  const move_tables::SeatMoves& moves = move_tables::kBySeat[static_cast<std::size_t>(seat)];
  if (!belote) return moves.plays[NthLowest(plays, index)];
  for (CardMask rest = plays;; rest &= rest - 1) {
    const Card card = Lowest(rest);
    if (index == 0) return moves.plays[card];
    --index;
    if (belote & Bit(card)) {
      if (index == 0) return moves.belote_plays[card];
      --index;
    }
  }
}

Illegal State::WhyNotPlayable(Card card) const {
  const CardMask hand = hands_[to_act_];
  if (!(hand & Bit(card))) return Illegal::card_not_held;
  const Card lead = trick_[0];
  if (hand & SuitMask(SuitOf(lead))) {
    return SuitOf(card) == SuitOf(lead) ? Illegal::must_overtrump_led_trump
                                        : Illegal::must_follow_suit;
  }
  const bool holds_trump_card = tables::TrumpMask(contract_.trump) & Bit(card);
  return holds_trump_card ? Illegal::must_overtrump : Illegal::must_trump;
}

Illegal State::ApplyDeclare(const Move& move) {
  if (trick_number_ != 0) return Illegal::declaration_too_late;
  const CardMask hand = hands_[move.seat];
  if ((hand & move.cards) != move.cards) return Illegal::declaration_not_held;
  switch (CheckDeclaration(hand, move.cards)) {
    case DeclarationCheck::not_a_declaration:
      return Illegal::not_a_declaration;
    case DeclarationCheck::not_whole_run:
      return Illegal::declaration_not_whole_run;
    case DeclarationCheck::ok:
      break;
  }
  for (int k = 0; k < declaration_count_; ++k) {
    if (declarations_[static_cast<std::size_t>(k)].seat == move.seat &&
        declarations_[static_cast<std::size_t>(k)].cards == move.cards) {
      return Illegal::declaration_repeated;
    }
  }
  declarations_[declaration_count_++] = MakeDeclaration(move.seat, move.cards, contract_.trump);
  return Illegal::none;
}

Illegal State::ApplyPlay(const Move& move) {
  const Card card = move.card;
  if (card >= kDeckSize) return Illegal::card_not_held;
  const CardMask bit = Bit(card);
  if (!(PlayableCards() & bit)) return WhyNotPlayable(card);
  CardMask& hand = hands_[move.seat];
  const int mode = contract_.trump;
  if (move.belote && (belote_holder_ >= 0 || !(BeloteCards(hand, mode) & bit))) {
    return Illegal::belote_not_allowed;
  }

  if (trick_size_ > 0) RecordVoids(move.seat, card);
  hand &= ~bit;
  played_ |= bit;
  if (move.belote) {
    belote_holder_ = static_cast<std::int8_t>(move.seat);
  } else if (belote_holder_ == move.seat && (kBelotePair[static_cast<std::size_t>(mode)] & bit)) {
    belote_complete_ = true;  // the second of the pair
  }

  trick_[trick_size_] = card;
  // The card takes the trick when it is stronger in the suit of the best card so far
  // (which is the led suit or trumps), or trumps a best card that is not a trump. The
  // lead compares with itself and changes nothing. Bitwise, not branches: which card
  // wins is random.
  const Card best = trick_[best_in_trick_];
  const CardMask trumps = tables::TrumpMask(mode);
  const CardMask stronger = kTables.above[static_cast<std::size_t>(mode)][best] & bit;
  const CardMask trumps_it = trumps & bit & AllIfNone(trumps & Bit(best));
  best_in_trick_ = (stronger | trumps_it) ? trick_size_ : best_in_trick_;
  ++trick_size_;
  if (trick_size_ < players_) {
    to_act_ = static_cast<std::uint8_t>(SeatAfter(to_act_, 1));
  } else {
    FinishTrick();
  }
  return Illegal::none;
}

// What a card that does not follow suit shows everyone: the seat has no card of the led
// suit, and, when it is no trump either and the rules made it trump, no trump at all.
void State::RecordVoids(int seat, Card card) {
  const int led = SuitOf(trick_[0]);
  if (SuitOf(card) == led) return;
  auto& voids = shown_voids_[static_cast<std::size_t>(seat)];
  voids |= static_cast<std::uint8_t>(1U << led);
  const int mode = contract_.trump;
  if (mode > 3 || SuitOf(card) == mode) return;
  const bool partner_excused =
      rules_.partner_exception && players_ == 4 && TeamOf(TrickWinnerSoFar()) == TeamOf(seat);
  if (!partner_excused) voids |= static_cast<std::uint8_t>(1U << mode);
}

void State::FinishTrick() {
  const int mode = contract_.trump;
  const int winner = TrickWinnerSoFar();
  int points = 0;
  for (int i = 0; i < players_; ++i)
    points += kTables.points[mode][trick_[static_cast<std::size_t>(i)]];
  card_points_[static_cast<std::size_t>(TeamOf(winner))] += points;
  ++tricks_won_[static_cast<std::size_t>(TeamOf(winner))];
  last_trick_ = trick_;
  last_trick_leader_ = static_cast<std::int8_t>(trick_leader_);
  last_trick_winner_ = static_cast<std::int8_t>(winner);
  trick_size_ = 0;
  best_in_trick_ = 0;
  ++trick_number_;
  if (trick_number_ == rules_.HandSize()) {
    FinishHand();
    return;
  }
  trick_leader_ = static_cast<std::uint8_t>(winner);
  to_act_ = static_cast<std::uint8_t>(winner);
}

}  // namespace kafenio::pilotta
