#include "engine/pilotta/record.h"

#include "engine/record/engine_record_game.h"

namespace kafenio::pilotta {
namespace {

class PilottaRecordGame final : public record::EngineRecordGame<State, Rules> {
 public:
  using EngineRecordGame::EngineRecordGame;

  record::DealShape NextDealShape() const override {
    record::DealShape shape;
    shape.seats = rules_.Players();
    shape.deck_size = kDeckSize;
    shape.cards_per_seat = rules_.preset == Preset::cyprus    ? 8
                           : rules_.preset == Preset::classic ? 5
                                                              : 6;
    shape.has_turn = rules_.preset != Preset::cyprus;
    shape.parse_card = record::CardIndex<ParseCard>;
    return shape;
  }

  record::Outcome StartHand(const record::DealSpec& spec) override {
    State& state = StateForHand(spec.dealer);
    Deal deal;
    if (spec.seed) {
      deal = DealFromSeed(rules_, spec.dealer, *spec.seed);
    } else {
      for (std::size_t seat = 0; seat < spec.hands.size(); ++seat) {
        for (int card : spec.hands[seat]) deal.hands[seat] |= Bit(static_cast<Card>(card));
      }
      if (spec.turn) deal.turn = static_cast<Card>(*spec.turn);
      for (int card : spec.stock) deal.stock[deal.stock_size++] = static_cast<Card>(card);
    }
    if (state.StartHand(deal) != Illegal::none) {
      return record::Outcome::Error(spec.first_line, "the deal does not fit the ruleset");
    }
    return record::Outcome::Ok();
  }

  record::Outcome ApplyMoveLine(const record::Line& line) override {
    auto parsed = ParseMove(line.tokens);
    if (!parsed.move) return record::Outcome::Error(line.number, parsed.error);
    if (auto bad = record::SeatOutsideGame(line.number, parsed.move->seat, rules_.Players())) {
      return *bad;
    }
    return ApplyMove(line.number, *parsed.move, [this](const State& state) {
      return FormatHandResult(state.LastResult(), state.Totals(), rules_);
    });
  }
};

}  // namespace

std::string FormatHandResult(const HandResult& result, const std::array<int, 2>& totals,
                             const Rules& rules) {
  std::string line = "hand " + std::to_string(result.number) + " ";
  if (result.annulled) {
    return line + "annulled score 0 0 total " + std::to_string(totals[0]) + " " +
           std::to_string(totals[1]);
  }
  line += result.made ? "made" : "failed";
  line += " score " + std::to_string(result.score[0]) + " " + std::to_string(result.score[1]);
  line += " total " + std::to_string(totals[0]) + " " + std::to_string(totals[1]);
  if (rules.preset == Preset::cyprus) {
    line +=
        " contract=" + (result.capot_bid ? std::string("capot") : std::to_string(result.contract));
  }
  line += " trump=" + std::string(TrumpName(result.trump));
  line += " declarers=" + std::to_string(result.declarers);
  if (result.multiplier > 1) line += " multiplier=" + std::to_string(result.multiplier);
  line += record::PairField("tricks", result.tricks);
  line += record::PairField("cards", result.card_points);
  line += record::PairField("declarations", result.declarations);
  line += record::PairField("belote", result.belote);
  line += record::PairField("points", result.points);
  return line;
}

std::string FormatDealLines(const Rules& rules, const Deal& deal) {
  std::string out;
  for (int seat = 0; seat < rules.Players(); ++seat) {
    // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) on a chain of operator+.
    out += "deal ";
    out += std::to_string(seat);
    out += ' ';
    out += FormatCards(deal.hands[static_cast<std::size_t>(seat)]);
    out += '\n';
  }
  if (deal.turn != kNoCard) out += "turn " + FormatCard(deal.turn) + "\n";
  if (deal.stock_size > 0) {
    out += "stock";
    for (int i = 0; i < deal.stock_size; ++i) {
      out += ' ';
      out += FormatCard(deal.stock[static_cast<std::size_t>(i)]);
    }
    out += "\n";
  }
  return out;
}

std::string WriteRecord(const MatchLog& match) {
  std::string out = "game pilotta\nrules " + FormatRules(match.rules) + "\nplayers " +
                    std::to_string(match.rules.Players()) + "\n";
  for (std::size_t h = 0; h < match.hands.size(); ++h) {
    const HandLog& hand = match.hands[h];
    out += "hand\n";
    if (h == 0) out += "dealer " + std::to_string(match.first_dealer) + "\n";
    if (hand.seed) {
      out += "seed " + std::to_string(*hand.seed) + "\n";
    } else {
      out += FormatDealLines(match.rules, hand.deal);
    }
    for (const Move& move : hand.moves) out += FormatMove(move) + "\n";
  }
  return out;
}

std::unique_ptr<record::RecordGame> MakeRecordGame(const Rules& rules) {
  return std::make_unique<PilottaRecordGame>(rules);
}

}  // namespace kafenio::pilotta
