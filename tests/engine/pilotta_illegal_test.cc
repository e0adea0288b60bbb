// One illegal move per Pilotta rule: Apply names the rule and leaves the state unchanged.
#include <catch2/catch.hpp>

#include "engine/pilotta/record.h"
#include "engine/pilotta/state.h"
#include "engine/record/lines.h"

namespace kafenio::pilotta {
namespace {

Deal MakeDeal(std::initializer_list<const char*> seats) {
  Deal deal;
  std::size_t seat = 0;
  for (const char* cards : seats) {
    for (const auto& line : record::SplitLines(cards)) {
      for (auto token : line.tokens) deal.hands[seat] |= Bit(*ParseCard(token));
    }
    ++seat;
  }
  return deal;
}

// Seat 0 holds Q K A of spades and J Q K A of clubs; see tests/records/pilotta/play_*.rec.
const Deal kDealP = MakeDeal({"As Ks Qs 7h Ac Kc Qc Jc", "9h 8h Ad Kd Qd Jd Td 9d",
                              "Jh Qh 7d 8d 7c 8c 9c Tc", "Ah Th Kh Js Ts 9s 8s 7s"});

State Play(const Rules& rules, const Deal& deal, std::initializer_list<const char*> moves) {
  State state(rules, 3);
  REQUIRE(state.StartHand(deal) == Illegal::none);
  for (const char* text : moves) {
    const auto lines = record::SplitLines(text);
    const auto parsed = ParseMove(lines.at(0).tokens);
    REQUIRE(parsed.move);
    INFO(text);
    REQUIRE(state.Apply(*parsed.move) == Illegal::none);
  }
  return state;
}

void ExpectRefused(State state, const char* text, Illegal reason) {
  const auto parsed = ParseMove(record::SplitLines(text).at(0).tokens);
  REQUIRE(parsed.move);
  const State before = state;
  INFO(text);
  CHECK(state.Apply(*parsed.move) == reason);
  CHECK(state == before);
}

const std::initializer_list<const char*> kAuction80h = {"0 bid 80 h", "1 pass", "2 pass",
                                                        "3 pass",     "1 pass", "3 pass"};

TEST_CASE("illegal auction moves", "[pilotta][illegal]") {
  const Rules rules;
  const State open = Play(rules, kDealP, {});
  ExpectRefused(open, "1 pass", Illegal::not_your_turn);
  ExpectRefused(open, "0 bid 85 h", Illegal::bid_value);
  ExpectRefused(open, "0 bid 70 h", Illegal::bid_value);
  ExpectRefused(open, "0 bid 170 h", Illegal::bid_value);
  ExpectRefused(open, "0 bid 90 nt", Illegal::bid_suit_not_enabled);
  ExpectRefused(open, "0 bid 90 at", Illegal::bid_suit_not_enabled);
  ExpectRefused(open, "0 contra", Illegal::not_now);
  ExpectRefused(open, "0 take", Illegal::not_now);
  ExpectRefused(open, "0 play As", Illegal::not_now);
  ExpectRefused(Play(rules, kDealP, {"0 bid 100 h"}), "1 bid 100 s", Illegal::bid_too_low);
  ExpectRefused(Play(rules, kDealP, {"0 bid 100 h"}), "1 bid 90 s", Illegal::bid_too_low);
  ExpectRefused(Play(rules, kDealP, {"0 bid capot h"}), "1 bid capot s", Illegal::bid_too_low);
  const State contra = Play(rules, kDealP, {"0 bid 80 h", "1 pass", "2 pass", "3 pass"});
  ExpectRefused(contra, "2 contra", Illegal::not_your_turn);
  ExpectRefused(contra, "1 recontra", Illegal::not_now);
  ExpectRefused(contra, "1 bid 90 s", Illegal::not_now);
  const State recontra =
      Play(rules, kDealP, {"0 bid 80 h", "1 pass", "2 pass", "3 pass", "1 contra"});
  ExpectRefused(recontra, "2 contra", Illegal::not_now);
  ExpectRefused(recontra, "3 recontra", Illegal::not_your_turn);
  Rules no_trump = rules;
  no_trump.nt_at_bids = true;
  CHECK(Play(no_trump, kDealP, {"0 bid 90 nt", "1 bid 100 at"}).phase() == Phase::auction);
}

TEST_CASE("illegal plays", "[pilotta][illegal]") {
  const Rules rules;
  const State lead = Play(rules, kDealP, kAuction80h);
  ExpectRefused(lead, "0 play Ah", Illegal::card_not_held);
  ExpectRefused(lead, "1 play 9h", Illegal::not_your_turn);
  ExpectRefused(lead, "0 bid 90 h", Illegal::not_now);
  const State after_lead = Play(
      rules, kDealP, {"0 bid 80 h", "1 pass", "2 pass", "3 pass", "1 pass", "3 pass", "0 play As"});
  ExpectRefused(after_lead, "1 play Ad", Illegal::must_trump);
  const State trumped = Play(
      rules, kDealP,
      {"0 bid 80 h", "1 pass", "2 pass", "3 pass", "1 pass", "3 pass", "0 play As", "1 play 9h"});
  ExpectRefused(trumped, "2 play Qh", Illegal::must_overtrump);
  ExpectRefused(trumped, "2 play 7c", Illegal::must_trump);
  const State overtrumped = Play(rules, kDealP,
                                 {"0 bid 80 h", "1 pass", "2 pass", "3 pass", "1 pass", "3 pass",
                                  "0 play As", "1 play 9h", "2 play Jh"});
  ExpectRefused(overtrumped, "3 play Ah", Illegal::must_follow_suit);
  // Trump led: the best trump must be beaten when possible.
  const State trump_lead = Play(rules, kDealP,
                                {"0 bid 80 h", "1 pass", "2 pass", "3 pass", "1 pass", "3 pass",
                                 "0 play 7h", "1 play 9h", "2 play Jh"});
  const Deal low_trumps = MakeDeal({"As Ks Qs 9h Ac Kc Qc Jc", "7h 8h Ad Kd Qd Jd Td 9d",
                                    "Jh Qh 7d 8d 7c 8c 9c Tc", "Ah Th Kh Js Ts 9s 8s 7s"});
  const State led_nine = Play(
      rules, low_trumps,
      {"0 bid 80 h", "1 pass", "2 pass", "3 pass", "1 pass", "3 pass", "0 play 9h", "1 play 8h"});
  // Seat 2 holds the jack, which beats the 9: the queen is refused.
  ExpectRefused(led_nine, "2 play Qh", Illegal::must_overtrump_led_trump);
  ExpectRefused(led_nine, "2 play 7c", Illegal::must_follow_suit);
  CHECK(trump_lead.ToAct() == 3);
}

TEST_CASE("illegal declarations and belote", "[pilotta][illegal]") {
  const Rules rules;
  const State lead = Play(rules, kDealP, kAuction80h);
  ExpectRefused(lead, "0 declare Qc Kc Ac", Illegal::declaration_not_whole_run);
  ExpectRefused(lead, "0 declare 7s 8s 9s", Illegal::declaration_not_held);
  ExpectRefused(lead, "0 declare Qs Ks As 7h", Illegal::not_a_declaration);
  const State declared = Play(
      rules, kDealP,
      {"0 bid 80 h", "1 pass", "2 pass", "3 pass", "1 pass", "3 pass", "0 declare Jc Qc Kc Ac"});
  ExpectRefused(declared, "0 declare Jc Qc Kc Ac", Illegal::declaration_repeated);
  const State second_trick = Play(rules, kDealP,
                                  {"0 bid 80 h", "1 pass", "2 pass", "3 pass", "1 pass", "3 pass",
                                   "0 play As", "1 play 9h", "2 play Jh", "3 play 7s"});
  ExpectRefused(second_trick, "2 declare 7c 8c 9c Tc", Illegal::declaration_too_late);
  ExpectRefused(second_trick, "2 play Qh belote", Illegal::belote_not_allowed);
}

TEST_CASE("illegal trump choice in classic and classic2", "[pilotta][illegal]") {
  Rules classic;
  classic.preset = Preset::classic;
  Deal deal = MakeDeal({"Jh As Ts 7d 8d", "Ah Th Ks Qs Ad", "Kh Qh Js 9s Kd", "8h 7h 8s 7s Jd"});
  deal.turn = *ParseCard("9h");
  for (const char* card : {"7c", "8c", "Td", "9c", "Jc", "Qd", "Ac", "Tc", "9d", "Kc", "Qc"}) {
    deal.stock[deal.stock_size++] = *ParseCard(card);
  }
  const State take = Play(classic, deal, {});
  ExpectRefused(take, "0 name d", Illegal::not_now);
  ExpectRefused(take, "0 bid 80 h", Illegal::not_now);
  ExpectRefused(take, "0 swap", Illegal::not_now);
  const State name = Play(classic, deal, {"0 pass", "1 pass", "2 pass", "3 pass"});
  ExpectRefused(name, "0 name h", Illegal::name_turned_suit);
  ExpectRefused(name, "0 name nt", Illegal::name_not_a_suit);
  ExpectRefused(name, "0 take", Illegal::not_now);
  // classic2: no swap for a trump named in the second round, nor without the 7.
  Rules two;
  two.preset = Preset::classic2;
  Deal pair = MakeDeal({"8h Jh 9h Th Kh Qh", "Ts Qs Js 9s 8s 7s"});
  pair.turn = *ParseCard("Ah");
  for (const char* card : {"7h", "As", "Ks", "Ac", "Kc", "Qc", "7d", "8d", "9d", "Td", "Jd", "Qd",
                           "Kd", "Ad", "7c", "8c", "9c", "Tc", "Jc"}) {
    pair.stock[pair.stock_size++] = *ParseCard(card);
  }
  State state(two, 1);
  REQUIRE(state.StartHand(pair) == Illegal::none);
  REQUIRE(state.Apply(Move::Make(MoveKind::take, 0)) == Illegal::none);
  CHECK(state.phase() == Phase::play);  // no 7 of hearts in hand: no swap offered
  ExpectRefused(state, "0 swap", Illegal::not_now);
  ExpectRefused(state, "2 pass", Illegal::no_such_seat);
}

}  // namespace
}  // namespace kafenio::pilotta
