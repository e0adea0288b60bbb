#include "engine/pilotta/scoring.h"

namespace kafenio::pilotta {
namespace {

// Four of a kind: rank -> (order among fours, points in tens); 7s and 8s do not count.
struct FourKind {
  int order;
  int tens;
};
constexpr FourKind kFours[8] = {{-1, 0}, {-1, 0}, {4, 15}, {2, 10},
                                {5, 20}, {0, 10}, {1, 10}, {3, 10}};
// ranks:                          7        8        9        T
//                                 J        Q        K        A

bool IsRun(CardMask suit_bits) {
  // One block of consecutive bits.
  const CardMask low = suit_bits & (0 - suit_bits);
  return ((suit_bits + low) & suit_bits) == 0;
}

}  // namespace

DeclarationCheck CheckDeclaration(CardMask hand, CardMask cards) {
  if (Count(cards) == 4) {
    for (int rank = 0; rank < 8; ++rank) {
      if (cards == RankMask(rank)) {
        return kFours[rank].order >= 0 ? DeclarationCheck::ok : DeclarationCheck::not_a_declaration;
      }
    }
  }
  const int suit = SuitOf(Lowest(cards));
  if (Count(cards) < 3 || (cards & ~SuitMask(suit)) || !IsRun(cards)) {
    return DeclarationCheck::not_a_declaration;
  }
  // Whole length: the cards just below and just above the run are not in hand.
  const CardMask suit_hand = hand & SuitMask(suit);
  const CardMask neighbours = ((cards << 1) | (cards >> 1)) & SuitMask(suit) & ~cards;
  return (suit_hand & neighbours) ? DeclarationCheck::not_whole_run : DeclarationCheck::ok;
}

Declaration MakeDeclaration(int seat, CardMask cards, int trump) {
  Declaration out;
  out.seat = static_cast<std::uint8_t>(seat);
  out.cards = cards;
  const Card top = static_cast<Card>(31 - std::countl_zero(cards));
  if (Count(cards) == 4 && cards == RankMask(RankOf(top))) {
    const FourKind four = kFours[RankOf(top)];
    out.strength = static_cast<std::uint16_t>(1000 + four.order);
    out.points_tens = static_cast<std::uint8_t>(four.tens);
    return out;
  }
  const int length = Count(cards);
  const bool in_trumps = trump < 4 && SuitOf(top) == trump;
  out.strength = static_cast<std::uint16_t>(length * 100 + RankOf(top) * 10 + (in_trumps ? 1 : 0));
  out.points_tens = static_cast<std::uint8_t>(length == 3 ? 2 : length == 4 ? 5 : 10);
  return out;
}

int FindDeclarations(CardMask hand, std::array<CardMask, 5>& out) {
  // All four suits at once, so a random hand costs no branch per suit or per gap. A card
  // starts three in a row when the next two ranks of its suit are held (the mask keeps a
  // suit's Q K A from reaching into the next suit); a maximal run starts at such a card
  // whose rank below is not held (or that is a 7).
  constexpr CardMask kTwoRanksAbove = 0x3F3F3F3F;  // ranks 7 .. Q of every suit
  constexpr CardMask kNotSeven = 0xFEFEFEFE;
  const CardMask three = hand & (hand >> 1) & (hand >> 2) & kTwoRanksAbove;
  int count = 0;
  for (CardMask starts = three & ~((hand << 1) & kNotSeven); starts; starts &= starts - 1) {
    // The run: from its lowest card up to the first gap in the suit.
    const CardMask low = starts & (0 - starts);
    const CardMask suit_bits = hand & SuitMask(SuitOf(Lowest(low)));
    out[static_cast<std::size_t>(count++)] = ((suit_bits + low) ^ suit_bits) & suit_bits;
  }
  // Fours of a kind, 9 to A: ranks held in all four suits.
  constexpr CardMask kScoringRanks = 0xFC;
  for (CardMask fours = hand & (hand >> 8) & (hand >> 16) & (hand >> 24) & kScoringRanks; fours;
       fours &= fours - 1) {
    out[static_cast<std::size_t>(count++)] = RankMask(Lowest(fours));
  }
  return count;
}

std::array<int, 2> RoundScores(std::array<int, 2> points, std::array<int, 2> card_points) {
  std::array<int, 2> score{points[0] / 10, points[1] / 10};
  const int r0 = points[0] % 10;
  const int r1 = points[1] % 10;
  int up = -1;
  if (r0 != r1) {
    up = r0 > r1 ? 0 : 1;
  } else if (card_points[0] != card_points[1]) {
    up = card_points[0] > card_points[1] ? 0 : 1;
  }
  if (up >= 0 && points[static_cast<std::size_t>(up)] % 10 >= 5)
    ++score[static_cast<std::size_t>(up)];
  return score;
}

HandResult ScoreHand(const PlayedHand& hand) {
  HandResult result;
  result.declarers = hand.declarers;
  result.contract = hand.contract_points;
  result.capot_bid = hand.capot_bid;
  result.multiplier = hand.multiplier;
  result.trump = hand.trump;
  result.tricks = hand.tricks;

  const int all_tricks = hand.tricks[0] + hand.tricks[1];
  const int all_card_points = hand.trick_points[0] + hand.trick_points[1] + 10;
  int took_all = -1;
  for (int team = 0; team < 2; ++team) {
    auto t = static_cast<std::size_t>(team);
    if (hand.tricks[t] == all_tricks) took_all = team;
    result.card_points[t] = hand.trick_points[t] + (hand.last_trick_team == team ? 10 : 0);
  }
  if (took_all >= 0) {
    result.card_points[static_cast<std::size_t>(took_all)] = 250;
    result.card_points[static_cast<std::size_t>(1 - took_all)] = 0;
  }

  // Declarations: only the side holding the single best one scores, all of its own.
  const Declaration* best = nullptr;
  bool tie = false;
  for (int i = 0; i < hand.declaration_count; ++i) {
    const Declaration& d = hand.declarations[i];
    if (!best || d.strength > best->strength) {
      best = &d;
      tie = false;
    } else if (d.strength == best->strength && (d.seat & 1) != (best->seat & 1)) {
      tie = true;
    }
  }
  if (best && !tie) {
    const int team = best->seat & 1;
    for (int i = 0; i < hand.declaration_count; ++i) {
      if ((hand.declarations[i].seat & 1) == team) {
        result.declarations[static_cast<std::size_t>(team)] +=
            hand.declarations[i].points_tens * 10;
      }
    }
  }
  if (hand.belote_team >= 0) result.belote[static_cast<std::size_t>(hand.belote_team)] = 20;

  const auto d = static_cast<std::size_t>(hand.declarers);
  const auto o = 1 - d;
  std::array<int, 2> total{};
  for (std::size_t t = 0; t < 2; ++t) {
    total[t] = result.card_points[t] + result.declarations[t] + result.belote[t];
  }
  if (hand.rules.preset == Preset::cyprus) {
    result.made = hand.capot_bid ? took_all == hand.declarers : total[d] >= hand.contract_points;
  } else {
    result.made = total[d] > total[o];
  }
  const int stake = hand.contract_points * hand.multiplier;
  if (result.made) {
    result.points = total;
    result.points[d] += stake;
  } else {
    const bool belote_to_defenders = hand.rules.belote_on_failure == BeloteOnFailure::defenders;
    result.points[d] = belote_to_defenders ? 0 : result.belote[d];
    result.points[o] = (took_all >= 0 ? 250 : all_card_points) + result.declarations[0] +
                       result.declarations[1] + result.belote[o] +
                       (belote_to_defenders ? result.belote[d] : 0) + stake;
  }
  result.score = RoundScores(result.points, result.card_points);
  return result;
}

}  // namespace kafenio::pilotta
