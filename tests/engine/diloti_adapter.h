#pragma once
// Plugs the Diloti engine into the random-playout harness (playout_harness.h).
#include <string>
#include <vector>

#include "engine/core/rng.h"
#include "engine/diloti/record.h"
#include "engine/diloti/state.h"
#include "engine/diloti/values.h"
#include "engine/diloti/view.h"

namespace kafenio::testing {

struct DilotiAdapter {
  using Rules = diloti::Rules;
  using State = diloti::State;
  using Move = diloti::Move;
  using Log = diloti::MatchLog;

  static int Players(const Rules& rules) { return rules.players; }
  static State NewMatch(const Rules& rules, int dealer) { return State(rules, dealer); }
  static Log NewLog(const Rules& rules, int dealer) { return Log{rules, dealer, {}}; }
  static void Deal(State& state, Log& log, std::uint64_t seed) {
    diloti::HandLog hand;
    hand.seed = seed;
    hand.deal = diloti::DealFromSeed(state.Players(), state.Dealer(), seed);
    // Every other round is written as an explicit deal, so both forms are replayed.
    if (log.hands.size() % 2 == 1) hand.seed.reset();
    state.StartHand(hand.deal);
    log.hands.push_back(hand);
  }
  static bool InHand(const State& state) { return state.phase() == diloti::Phase::play; }
  static bool MatchOver(const State& state) { return state.MatchOver(); }
  static int Winner(const State& state) { return state.Winner(); }
  static std::vector<Move> Legal(const State& state) {
    const auto list = state.LegalMoves();
    return {list.begin(), list.end()};
  }
  static bool Apply(State& state, const Move& move) {
    return state.Apply(move) == diloti::Illegal::none;
  }

  // Well-formed moves built from what is on the table and in hand, so that many of them
  // come close to legal ones: wrong groupings, wrong owners, missing hold cards.
  static Move RandomMove(const State& state, DealRng& rng) {
    const int seat = rng.Below(8) == 0 ? static_cast<int>(rng.Below(4)) : state.ToAct();
    const diloti::CardMask hand = seat >= 0 && seat < state.Players() ? state.Hand(seat) : 0;
    diloti::Card card = static_cast<diloti::Card>(rng.Below(52));
    if (hand && rng.Below(4) != 0) {
      diloti::CardMask pick = hand;
      for (auto skip = rng.Below(static_cast<std::uint64_t>(diloti::Count(hand))); skip; --skip) {
        pick &= pick - 1;
      }
      card = diloti::Lowest(pick);
    }
    diloti::CardMask loose = state.Loose() & rng.Next();
    if (rng.Below(3) == 0) loose &= rng.Next();
    if (rng.Below(10) == 0) loose |= diloti::Bit(static_cast<diloti::Card>(rng.Below(52)));
    diloti::DeclarationSet taken = 0;
    for (int v = 1; v <= diloti::kMaxValue; ++v) {
      if (state.DeclarationOf(v).cards && rng.Below(3) == 0) taken |= diloti::DeclarationBit(v);
    }
    const int s = seat < 0 ? 0 : seat;
    switch (rng.Below(5)) {
      case 0:
        return Move::Lay(s, card);
      case 1:
        return Move::Capture(s, card, loose, taken);
      case 2:
        return Move::Declare(s, card, loose);
      case 3:
        return Move::Raise(s, card, static_cast<int>(rng.Below(11)));
      default:
        return Move::Group(s, card, static_cast<int>(rng.Below(12)), loose, taken);
    }
  }
  static void Record(Log& log, const Move& move) { log.hands.back().moves.push_back(move); }
  static int ResultNumber(const State& state) { return state.LastResult().number; }
  static std::string ResultLine(const State& state) {
    return diloti::FormatHandResult(state.LastResult(), state.Totals());
  }
  static std::string WriteRecord(const Log& log) { return diloti::WriteRecord(log); }

  static std::string Check(const State& state) {
    if (!InHand(state)) return {};
    // 52 cards conserved: hands, the table, both captured piles and the stock.
    diloti::CardMask seen = 0;
    int count = state.StockSize();
    auto add = [&](diloti::CardMask cards) {
      if (seen & cards) return false;
      seen |= cards;
      count += diloti::Count(cards);
      return true;
    };
    for (int seat = 0; seat < state.Players(); ++seat) {
      if (!add(state.Hand(seat))) return "a card is in two hands";
    }
    if (!add(state.Loose())) return "a loose card is also in a hand";
    for (int v = 1; v <= diloti::kMaxValue; ++v) {
      if (!add(state.DeclarationOf(v).cards)) return "a declared card is somewhere else too";
    }
    if (!add(state.Captured(0)) || !add(state.Captured(1))) return "a captured card is elsewhere";
    if (count != diloti::kDeckSize) return "the 52 cards are not conserved";
    // Declarations: worth their value, owned by a player who holds a card of it, one each.
    std::array<int, 4> owned{};
    for (int v = 1; v <= diloti::kMaxValue; ++v) {
      const auto& declaration = state.DeclarationOf(v);
      if (!declaration.cards) continue;
      if (declaration.cards & diloti::kFaceCards) return "a face card in a declaration";
      const int sum = diloti::SumValues(declaration.cards);
      if (!declaration.group && sum != v) return "a plain declaration is not worth its value";
      if (declaration.group && !diloti::CanPartition(diloti::CountValues(declaration.cards), v)) {
        return "a group does not split into its value";
      }
      if (!(state.Hand(declaration.owner) & diloti::ValueMask(v))) {
        return "a declaration's owner holds no card of its value";
      }
      if (++owned[static_cast<std::size_t>(declaration.owner)] > 1) {
        return "a player owns two declarations";
      }
    }
    // No view shows a card that is hidden in another seat's hand.
    for (int seat = 0; seat < state.Players(); ++seat) {
      diloti::CardMask others = 0;
      for (int other = 0; other < state.Players(); ++other) {
        if (other != seat) others |= state.Hand(other);
      }
      const auto view = diloti::ViewFor(state, seat);
      if (view.VisibleCards() & others) return "a seat's view shows a hidden card";
      if (view.hand != state.Hand(seat)) return "a seat's view lacks its own hand";
      if ((state.ToAct() == seat) != !(view.legal_moves.empty() && view.move_families.empty())) {
        return "only the seat to act sees its legal moves";
      }
    }
    diloti::CardMask all_hands = 0;
    for (int seat = 0; seat < state.Players(); ++seat) all_hands |= state.Hand(seat);
    if (diloti::SpectatorView(state).VisibleCards() & all_hands) {
      return "the spectator view shows a hidden card";
    }
    return {};
  }

  static std::string CheckHandResult(const State& state) {
    const auto& result = state.LastResult();
    if (result.cards[0] + result.cards[1] != diloti::kDeckSize) return "not every card captured";
    const int fixed = 2 + 1 + 4 + (result.cards[0] == result.cards[1] ? 0 : 4);
    const int xeri = 10 * (result.xeri[0] + result.xeri[1]);
    if (result.score[0] + result.score[1] != fixed + xeri) return "round points do not add up";
    return {};
  }
};

}  // namespace kafenio::testing
