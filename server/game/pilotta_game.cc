#include "server/game/pilotta_game.h"

#include <string>

#include "engine/pilotta/record.h"
#include "engine/pilotta/state.h"
#include "engine/pilotta/view.h"
#include "server/game/apply_notation.h"
#include "server/game/engine_match.h"
#include "server/game/pilotta_bot.h"

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
v1::Move ToProto(const p::Move& move) {
  v1::Move out;
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

class PilottaMatch final : public EngineMatch<p::State> {
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

  void FillView(int seat, v1::GameView& out) const override {
    const p::SeatView view = seat >= 0 ? p::ViewFor(state_, seat) : p::SpectatorView(state_);
    v1::PilottaView& v = *out.mutable_pilotta();
    FillCommonView(view, kPhaseNames, v);
    for (int team = 0; team < 2; ++team) {
      const auto t = static_cast<std::size_t>(team);
      v.add_tricks_won(view.tricks_won[t]);
      v.add_card_points(view.card_points[t]);
    }
    AddCards(view.hand, *v.mutable_hand());
    v.set_turned(CardText(view.turned));
    v.set_set_aside(CardText(view.set_aside));
    for (const p::Call& call : view.calls) {
      p::Move as_move = p::Move::Make(call.kind, call.seat);
      as_move.value = call.value;
      as_move.suit = call.suit;
      *v.add_calls() = ToProto(as_move);
    }
    v1::Contract& contract = *v.mutable_contract();
    contract.set_known(view.contract_known);
    contract.set_bidder(view.contract_known ? view.contract.bidder : -1);
    if (view.contract_known) {
      contract.set_value(view.contract.Points());
      contract.set_trump(std::string(p::TrumpName(view.contract.trump)));
      contract.set_multiplier(view.contract.multiplier);
    }
    v.set_trick_number(view.trick_number);
    for (const p::TrickCard& t : view.trick) {
      v1::TrickCard& card = *v.add_trick();
      card.set_seat(t.seat);
      card.set_card(p::FormatCard(t.card));
    }
    for (const p::TrickCard& t : view.last_trick) {
      v1::TrickCard& card = *v.add_last_trick();
      card.set_seat(t.seat);
      card.set_card(p::FormatCard(t.card));
    }
    v.set_last_trick_winner(view.last_trick_winner);
    for (const p::Declaration& d : view.declarations) {
      v1::Declaration& out_d = *v.add_declarations();
      out_d.set_seat(d.seat);
      AddCards(d.cards, *out_d.mutable_cards());
      out_d.set_points(d.points_tens * 10);
    }
    v.set_belote_holder(view.belote_holder);
    v.set_belote_complete(view.belote_complete);
    for (const p::Move& move : view.legal_moves) *v.add_legal_moves() = ToProto(move);
    FillResult(view.last_result, view.totals, state_.rules(), *v.mutable_last_result());
  }

  void FillLastResult(v1::HandResult& out) const override {
    FillResult(state_.LastResult(), state_.Totals(), state_.rules(), out);
  }
};

}  // namespace

std::unique_ptr<GameMatch> MakePilottaMatch(const p::Rules& rules, int first_dealer) {
  return std::make_unique<PilottaMatch>(rules, first_dealer);
}

}  // namespace kafenio::server
