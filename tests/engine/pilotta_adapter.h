#pragma once
// Plugs the Pilotta engine into the random-playout harness (playout_harness.h).
#include <string>
#include <vector>

#include "engine/core/rng.h"
#include "engine/pilotta/record.h"
#include "engine/pilotta/state.h"
#include "engine/pilotta/tables.h"
#include "engine/pilotta/view.h"

namespace kafenio::testing {

struct PilottaAdapter {
  using Rules = pilotta::Rules;
  using State = pilotta::State;
  using Move = pilotta::Move;
  using Log = pilotta::MatchLog;

  static int Players(const Rules& rules) { return rules.Players(); }
  static State NewMatch(const Rules& rules, int dealer) { return State(rules, dealer); }
  static Log NewLog(const Rules& rules, int dealer) { return Log{rules, dealer, {}}; }
  static void Deal(State& state, Log& log, std::uint64_t seed) {
    pilotta::HandLog hand;
    hand.seed = seed;
    hand.deal = pilotta::DealFromSeed(state.rules(), state.Dealer(), seed);
    // Every other hand is written as an explicit deal, so both forms are replayed.
    if (log.hands.size() % 2 == 1) hand.seed.reset();
    state.StartHand(hand.deal);
    log.hands.push_back(hand);
  }
  static bool InHand(const State& state) {
    return state.phase() != pilotta::Phase::awaiting_deal && !state.MatchOver();
  }
  static bool MatchOver(const State& state) { return state.MatchOver(); }
  static int Winner(const State& state) { return state.Winner(); }
  static std::vector<Move> Legal(const State& state) {
    const auto list = state.LegalMoves();
    return {list.begin(), list.end()};
  }
  static bool Apply(State& state, const Move& move) {
    return state.Apply(move) == pilotta::Illegal::none;
  }
  static Move RandomMove(const State& state, DealRng& rng) {
    const int seat = static_cast<int>(rng.Below(4));
    const auto card = static_cast<pilotta::Card>(rng.Below(32));
    switch (rng.Below(9)) {
      case 0:
        return Move::Pass(seat);
      case 1:
        return Move::Bid(seat, static_cast<int>(rng.Below(27)), static_cast<int>(rng.Below(6)));
      case 2:
        return Move::Make(pilotta::MoveKind::contra, seat);
      case 3:
        return Move::Make(pilotta::MoveKind::recontra, seat);
      case 4:
        return Move::Make(pilotta::MoveKind::take, seat);
      case 5:
        return Move::Name(seat, static_cast<int>(rng.Below(6)));
      case 6:
        return Move::Make(pilotta::MoveKind::swap, seat);
      case 7: {
        // A random subset of the seat's hand, sometimes a real declaration.
        const pilotta::CardMask hand = seat < state.Players() ? state.Hand(seat) : 0;
        return Move::Declare(seat, hand & static_cast<pilotta::CardMask>(rng.Next()));
      }
      default:
        return Move::Play(seat, card, rng.Below(4) == 0);
    }
  }
  static void Record(Log& log, const Move& move) { log.hands.back().moves.push_back(move); }
  static int ResultNumber(const State& state) { return state.LastResult().number; }
  static std::string ResultLine(const State& state) {
    return pilotta::FormatHandResult(state.LastResult(), state.Totals(), state.rules());
  }
  static std::string WriteRecord(const Log& log) { return pilotta::WriteRecord(log); }

  // Cards publicly known: played, announced, and the turned or set-aside card.
  static pilotta::CardMask PublicCards(const State& state) {
    pilotta::CardMask known = state.Played();
    for (int i = 0; i < state.DeclarationCount(); ++i) known |= state.DeclarationAt(i).cards;
    if (state.TurnedCard() != pilotta::kNoCard &&
        (state.rules().preset == pilotta::Preset::classic ||
         state.phase() == pilotta::Phase::take_round ||
         state.phase() == pilotta::Phase::name_round || state.phase() == pilotta::Phase::swap)) {
      known |= pilotta::Bit(state.TurnedCard());
    }
    if (state.SetAsideCard() != pilotta::kNoCard) known |= pilotta::Bit(state.SetAsideCard());
    return known;
  }

  static std::string Check(const State& state) {
    if (!InHand(state)) return {};
    // 32 cards conserved: hands, played, the undealt stock and the turned or set-aside card.
    pilotta::CardMask seen = state.Played();
    int count = pilotta::Count(state.Played());
    for (int seat = 0; seat < state.Players(); ++seat) {
      if (seen & state.Hand(seat)) return "a card is in two places";
      seen |= state.Hand(seat);
      count += pilotta::Count(state.Hand(seat));
    }
    // What is neither in a hand nor played must be the turned card, the stock or set aside.
    const int unseen = 32 - count;
    if (pilotta::Count(seen) != count) return "cards overlap";
    if (state.rules().preset == pilotta::Preset::cyprus && unseen != 0)
      return "cyprus deals all 32";
    // No view shows a card that is hidden in another seat's hand.
    const pilotta::CardMask known = PublicCards(state);
    for (int seat = 0; seat < state.Players(); ++seat) {
      pilotta::CardMask others = 0;
      for (int other = 0; other < state.Players(); ++other) {
        if (other != seat) others |= state.Hand(other);
      }
      const auto view = pilotta::ViewFor(state, seat);
      if (view.VisibleCards() & others & ~known) return "a seat's view shows a hidden card";
      if (view.hand != state.Hand(seat)) return "a seat's view lacks its own hand";
    }
    pilotta::CardMask all_hands = 0;
    for (int seat = 0; seat < state.Players(); ++seat) all_hands |= state.Hand(seat);
    if (pilotta::SpectatorView(state).VisibleCards() & all_hands & ~known) {
      return "the spectator view shows a hidden card";
    }
    return {};
  }

  static std::string CheckHandResult(const State& state) {
    const auto& result = state.LastResult();
    if (result.annulled) return {};
    const int cards = result.card_points[0] + result.card_points[1];
    const bool took_all = result.tricks[0] == 0 || result.tricks[1] == 0;
    if (state.rules().preset != pilotta::Preset::classic2) {
      if (cards != (took_all ? 250 : 162)) return "a hand's card points are not 162 (250 capot)";
      if (result.tricks[0] + result.tricks[1] != 8) return "a hand has 8 tricks";
    } else {
      if (result.tricks[0] + result.tricks[1] != 9) return "a classic2 hand has 9 tricks";
      if (took_all && cards != 250) return "a capot counts 250";
    }
    return {};
  }
};

}  // namespace kafenio::testing
