#include "server/game/pilotta_game.h"

#include <string>

#include "engine/pilotta/record.h"
#include "engine/pilotta/state.h"
#include "engine/pilotta/view.h"
#include "server/game/apply_notation.h"
#include "server/game/engine_match.h"
#include "server/game/pilotta_bot.h"
#include "server/game/pilotta_strong_bot.h"

namespace kafenio::server {
namespace {

namespace p = kafenio::pilotta;

constexpr const char* kPhaseNames[] = {"awaiting_deal", "auction",    "contra",
                                       "recontra",      "take_round", "name_round",
                                       "swap",          "play",       "match_over"};
constexpr const char* kKindNames[] = {"pass", "bid",  "contra",  "recontra", "take",
                                      "name", "swap", "declare", "play"};

std::string CardText(p::Card card) {
  return card == p::kNoCard ? std::string() : p::FormatCard(card);
}

void AddCards(p::CardMask mask, google::protobuf::RepeatedPtrField<std::string>& out) {
  for (p::CardMask rest = mask; rest != 0; rest &= rest - 1)
    out.Add(p::FormatCard(p::Lowest(rest)));
}

// The engine's move as the protocol sends it: notation and fields.
// Written into `out` (a view's list entry) without a temporary: views list many moves.
void FillMove(const p::Move& move, v1::Move& out) {
  out.set_seat(move.seat);
  out.set_notation(p::FormatMoveBody(move));
  out.set_kind(kKindNames[static_cast<int>(move.kind)]);
  switch (move.kind) {
    case p::MoveKind::play:
      out.set_card(p::FormatCard(move.card));
      out.set_belote(move.belote);
      break;
    case p::MoveKind::bid:
      out.set_value(move.value == p::kCapotBid ? 250 : move.value * 10);
      out.set_suit(std::string(p::TrumpName(move.suit)));
      break;
    case p::MoveKind::name:
      out.set_suit(std::string(p::TrumpName(move.suit)));
      break;
    case p::MoveKind::declare:
      AddCards(move.cards, *out.mutable_cards());
      break;
    default:
      break;
  }
}

v1::Move ToProto(const p::Move& move) {
  v1::Move out;
  FillMove(move, out);
  return out;
}

// A request's move as record notation (without the seat): the notation when given, or
// the same text built from the fields, so one parser (the engine's) reads both.
std::string NotationOf(const v1::Move& move) {
  if (!move.notation().empty()) return move.notation();
  // Built with append: GCC 12 warns falsely (-Wrestrict) on `" " + std::string`.
  std::string text = move.kind();
  auto word = [&text](const std::string& token) {
    text.append(1, ' ');
    text.append(token);
  };
  if (move.kind() == "bid") {
    word(move.value() == 250 ? std::string("capot") : std::to_string(move.value()));
    word(move.suit());
  } else if (move.kind() == "name") {
    word(move.suit());
  } else if (move.kind() == "play") {
    word(move.card());
    if (move.belote()) word("belote");
  } else if (move.kind() == "declare") {
    for (const std::string& card : move.cards()) word(card);
  }
  return text;
}

void AddTrick(const std::vector<p::TrickCard>& trick,
              google::protobuf::RepeatedPtrField<v1::TrickCard>& out) {
  for (const p::TrickCard& t : trick) {
    v1::TrickCard& card = *out.Add();
    card.set_seat(t.seat);
    card.set_card(p::FormatCard(t.card));
  }
}

void FillResult(const p::HandResult& r, const std::array<int, 2>& totals, const p::Rules& rules,
                v1::HandResult& out) {
  out.set_number(r.number);
  out.set_annulled(r.annulled);
  out.set_made(r.made);
  out.set_declarers(r.declarers);
  out.set_contract(r.contract);
  out.set_multiplier(r.multiplier);
  for (int team = 0; team < 2; ++team) {
    const auto t = static_cast<std::size_t>(team);
    out.add_tricks(r.tricks[t]);
    out.add_card_points(r.card_points[t]);
    out.add_declarations(r.declarations[t]);
    out.add_belote(r.belote[t]);
    out.add_points(r.points[t]);
    out.add_score(r.score[t]);
    out.add_totals(totals[t]);
  }
  if (r.number > 0) out.set_line(p::FormatHandResult(r, totals, rules));
}

class PilottaMatch final : public EngineMatch<p::State, p::SeatView> {
 public:
  PilottaMatch(const p::Rules& rules, int first_dealer)
      : EngineMatch(p::State(rules, first_dealer)) {}

  void StartHand(std::uint64_t seed) override {
    state_.StartHand(p::DealFromSeed(state_.rules(), state_.Dealer(), seed));
  }

  MoveOutcome Apply(int seat, const v1::Move& request) override {
    return ApplyNotation(state_, seat, NotationOf(request), "play Jh", p::ParseMove, ToProto,
                         IsAwaitingDeal);
  }

  v1::Move BotMove() const override { return ToProto(ChoosePilottaMove(state_)); }

  std::function<v1::Move()> BotTask(BotLevel level, const SearchSettings& settings) const override {
    return [state = state_, level, settings] {
      return ToProto(ChoosePilottaMove(state, level, settings));
    };
  }

  void FillLastResult(v1::HandResult& out) const override {
    FillResult(state_.LastResult(), state_.Totals(), state_.rules(), out);
  }

 private:
  bool WriteView(const p::SeatView& view, const p::SeatView* before, v1::GameView& out,
                 ClearedFields* cleared, ViewPart part) const override {
    using V = v1::PilottaView;
    using SV = p::SeatView;
    ViewFiller<V, SV> f(*out.mutable_pilotta(), view, before, cleared, part);
    WriteCommon(f, kPhaseNames, view);
    f.Member(V::kTricksWonFieldNumber, &SV::tricks_won, [&](V& v) {
      for (int tricks : view.tricks_won) v.add_tricks_won(tricks);
    });
    f.Member(V::kCardPointsFieldNumber, &SV::card_points, [&](V& v) {
      for (int points : view.card_points) v.add_card_points(points);
    });
    f.Member(V::kHandFieldNumber, &SV::hand, [&](V& v) { AddCards(view.hand, *v.mutable_hand()); });
    f.Member(V::kTurnedFieldNumber, &SV::turned,
             [&](V& v) { v.set_turned(CardText(view.turned)); });
    f.Member(V::kSetAsideFieldNumber, &SV::set_aside,
             [&](V& v) { v.set_set_aside(CardText(view.set_aside)); });
    f.Member(V::kCallsFieldNumber, &SV::calls, [&](V& v) {
      for (const p::Call& call : view.calls) {
        p::Move as_move = p::Move::Make(call.kind, call.seat);
        as_move.value = call.value;
        as_move.suit = call.suit;
        FillMove(as_move, *v.add_calls());
      }
    });
    f.Field(
        V::kContractFieldNumber,
        [](const SV& a, const SV& b) {
          return a.contract_known != b.contract_known || !(a.contract == b.contract);
        },
        [&](V& v) {
          v1::Contract& contract = *v.mutable_contract();
          contract.set_known(view.contract_known);
          contract.set_bidder(view.contract_known ? view.contract.bidder : -1);
          if (!view.contract_known) return;
          contract.set_value(view.contract.Points());
          contract.set_trump(std::string(p::TrumpName(view.contract.trump)));
          contract.set_multiplier(view.contract.multiplier);
        });
    f.Member(V::kTrickNumberFieldNumber, &SV::trick_number,
             [&](V& v) { v.set_trick_number(view.trick_number); });
    f.Member(V::kTrickFieldNumber, &SV::trick,
             [&](V& v) { AddTrick(view.trick, *v.mutable_trick()); });
    f.Member(V::kLastTrickFieldNumber, &SV::last_trick,
             [&](V& v) { AddTrick(view.last_trick, *v.mutable_last_trick()); });
    f.Member(V::kLastTrickWinnerFieldNumber, &SV::last_trick_winner,
             [&](V& v) { v.set_last_trick_winner(view.last_trick_winner); });
    f.Member(V::kDeclarationsFieldNumber, &SV::declarations, [&](V& v) {
      for (const p::Declaration& d : view.declarations) {
        v1::Declaration& out_d = *v.add_declarations();
        out_d.set_seat(d.seat);
        AddCards(d.cards, *out_d.mutable_cards());
        out_d.set_points(d.points_tens * 10);
      }
    });
    f.Member(V::kBeloteHolderFieldNumber, &SV::belote_holder,
             [&](V& v) { v.set_belote_holder(view.belote_holder); });
    f.Member(V::kBeloteCompleteFieldNumber, &SV::belote_complete,
             [&](V& v) { v.set_belote_complete(view.belote_complete); });
    f.Member(V::kLegalMovesFieldNumber, &SV::legal_moves, [&](V& v) {
      for (const p::Move& move : view.legal_moves) FillMove(move, *v.add_legal_moves());
    });
    f.Field(
        V::kLastResultFieldNumber,
        [](const SV& a, const SV& b) {
          return !(a.last_result == b.last_result) || a.totals != b.totals;
        },
        [&](V& v) {
          FillResult(view.last_result, view.totals, state_.rules(), *v.mutable_last_result());
        });
    return f.Wrote();
  }
};

}  // namespace

std::unique_ptr<GameMatch> MakePilottaMatch(const p::Rules& rules, int first_dealer) {
  return std::make_unique<PilottaMatch>(rules, first_dealer);
}

}  // namespace kafenio::server
