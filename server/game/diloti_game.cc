#include "server/game/diloti_game.h"

#include <string>

#include "engine/diloti/record.h"
#include "engine/diloti/state.h"
#include "engine/diloti/view.h"
#include "engine/record/lines.h"
#include "server/game/apply_notation.h"
#include "server/game/diloti_bot.h"
#include "server/game/diloti_strong_bot.h"
#include "server/game/engine_match.h"

namespace kafenio::server {
namespace {

namespace d = kafenio::diloti;

constexpr const char* kPhaseNames[] = {"awaiting_deal", "play", "match_over"};
constexpr const char* kKindNames[] = {"lay", "capture", "declare", "raise", "group"};

void AddCards(d::CardMask mask, google::protobuf::RepeatedPtrField<std::string>& out) {
  for (d::CardMask rest = mask; rest != 0; rest &= rest - 1)
    out.Add(d::FormatCard(d::Lowest(rest)));
}

// The engine's move as the protocol sends it: the notation, and its tokens as fields
// (the played card, then each group it takes or builds).
// Written into `out` (a view's list entry) without a temporary: views list many moves.
void FillMove(const d::Move& move, v1::Move& out) {
  out.set_seat(move.seat);
  out.set_notation(d::FormatMoveBody(move));
  out.set_kind(kKindNames[static_cast<int>(move.kind)]);
  out.set_card(d::FormatCard(move.card));
  out.set_value(move.value);
  const auto lines = record::SplitLines(out.notation());
  for (std::size_t i = 2; i < lines.at(0).tokens.size(); ++i)
    out.add_groups(std::string(lines[0].tokens[i]));
}

// A family of moves (engine/diloti/move_families.h) as the protocol sends it.
void FillFamily(const d::MoveFamily& family, v1::DilotiMoveFamily& out) {
  out.set_kind(kKindNames[static_cast<int>(family.kind)]);
  out.set_card(d::FormatCard(family.card));
  out.set_value(family.value);
  for (int i = 0; i < static_cast<int>(family.anchors.size()); ++i)
    out.add_anchors(d::FormatAnchor(family, i));
  for (int i = 0; i < static_cast<int>(family.parts.size()); ++i) {
    const d::MovePart& part = family.parts[static_cast<std::size_t>(i)];
    out.add_parts(d::FormatPart(part));
    if (part.required) out.add_required(i);
  }
}

v1::Move ToProto(const d::Move& move) {
  v1::Move out;
  FillMove(move, out);
  return out;
}

// A request's move as record notation (without the seat): the notation when given, or
// the same text built from kind, card and groups.
std::string NotationOf(const v1::Move& move) {
  if (!move.notation().empty()) return move.notation();
  std::string text = move.kind();
  auto word = [&text](const std::string& token) {
    text.append(1, ' ');
    text.append(token);
  };
  word(move.card());
  for (const std::string& group : move.groups()) word(group);
  return text;
}

void FillResult(const d::RoundResult& r, const std::array<int, 2>& totals, v1::HandResult& out) {
  out.set_number(r.number);
  for (int team = 0; team < 2; ++team) {
    const auto t = static_cast<std::size_t>(team);
    out.add_score(r.score[t]);
    out.add_points(r.score[t]);
    out.add_totals(totals[t]);
    out.add_captured_cards(r.cards[t]);
    out.add_xeri(r.xeri[t]);
    out.add_most_cards(r.most_cards[t]);
    out.add_ten_diamonds(r.ten_diamonds[t]);
    out.add_two_clubs(r.two_clubs[t]);
    out.add_aces(r.aces[t]);
  }
  if (r.number > 0) out.set_line(d::FormatHandResult(r, totals));
}

class DilotiMatch final : public EngineMatch<d::State, d::SeatView> {
 public:
  DilotiMatch(const d::Rules& rules, int first_dealer)
      : EngineMatch(d::State(rules, first_dealer)) {}

  void StartHand(std::uint64_t seed) override {
    state_.StartHand(d::DealFromSeed(state_.Players(), state_.Dealer(), seed));
  }

  MoveOutcome Apply(int seat, const v1::Move& request) override {
    return ApplyNotation(state_, seat, NotationOf(request), "capture 7h 3c+4d", d::ParseMove,
                         ToProto, IsAwaitingDeal);
  }

  v1::Move BotMove() const override { return ToProto(ChooseDilotiMove(state_)); }

  std::function<v1::Move()> BotTask(BotLevel level, const SearchSettings& settings) const override {
    return [state = state_, level, settings] {
      return ToProto(ChooseDilotiMove(state, level, settings));
    };
  }

  void FillLastResult(v1::HandResult& out) const override {
    FillResult(state_.LastResult(), state_.Totals(), out);
  }

 private:
  bool WriteView(const d::SeatView& view, const d::SeatView* before, v1::GameView& out,
                 ClearedFields* cleared, ViewPart part) const override {
    using V = v1::DilotiView;
    using SV = d::SeatView;
    ViewFiller<V, SV> f(*out.mutable_diloti(), view, before, cleared, part);
    WriteCommon(f, kPhaseNames, view);
    f.Field(
        V::kCapturedCardsFieldNumber,
        [](const SV& a, const SV& b) {
          return d::Count(a.captured[0]) != d::Count(b.captured[0]) ||
                 d::Count(a.captured[1]) != d::Count(b.captured[1]);
        },
        [&](V& v) {
          for (const d::CardMask pile : view.captured) v.add_captured_cards(d::Count(pile));
        });
    f.Member(V::kXeriFieldNumber, &SV::xeri, [&](V& v) {
      for (int xeri : view.xeri) v.add_xeri(xeri);
    });
    f.Member(V::kHandFieldNumber, &SV::hand, [&](V& v) { AddCards(view.hand, *v.mutable_hand()); });
    f.Member(V::kStockSizeFieldNumber, &SV::stock_size,
             [&](V& v) { v.set_stock_size(view.stock_size); });
    f.Member(V::kLooseFieldNumber, &SV::loose,
             [&](V& v) { AddCards(view.loose, *v.mutable_loose()); });
    f.Member(V::kDeclarationsFieldNumber, &SV::declarations, [&](V& v) {
      for (const d::DeclarationView& declaration : view.declarations) {
        v1::DilotiDeclaration& out_d = *v.add_declarations();
        out_d.set_value(declaration.value);
        AddCards(declaration.cards, *out_d.mutable_cards());
        out_d.set_owner(declaration.owner);
        out_d.set_group(declaration.group);
      }
    });
    f.Member(V::kLastCapturerFieldNumber, &SV::last_capturer,
             [&](V& v) { v.set_last_capturer(view.last_capturer); });
    f.Member(V::kLegalMovesFieldNumber, &SV::legal_moves, [&](V& v) {
      for (const d::Move& move : view.legal_moves) FillMove(move, *v.add_legal_moves());
    });
    f.Member(V::kMoveFamiliesFieldNumber, &SV::move_families, [&](V& v) {
      for (const d::MoveFamily& family : view.move_families)
        FillFamily(family, *v.add_move_families());
    });
    f.Field(
        V::kLastResultFieldNumber,
        [](const SV& a, const SV& b) {
          return !(a.last_result == b.last_result) || a.totals != b.totals;
        },
        [&](V& v) { FillResult(view.last_result, view.totals, *v.mutable_last_result()); });
    return f.Wrote();
  }
};

}  // namespace

std::unique_ptr<GameMatch> MakeDilotiMatch(const d::Rules& rules, int first_dealer) {
  return std::make_unique<DilotiMatch>(rules, first_dealer);
}

}  // namespace kafenio::server
