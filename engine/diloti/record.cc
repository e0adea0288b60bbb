#include "engine/diloti/record.h"

#include "engine/record/engine_record_game.h"

namespace kafenio::diloti {
namespace {

class DilotiRecordGame final : public record::EngineRecordGame<State, Rules> {
 public:
  using EngineRecordGame::EngineRecordGame;

  record::DealShape NextDealShape() const override {
    record::DealShape shape;
    shape.seats = rules_.players;
    shape.deck_size = kDeckSize;
    shape.cards_per_seat = kHandSize;
    shape.table_cards = kTableDeal;
    shape.parse_card = record::CardIndex<ParseCard>;
    return shape;
  }

  record::Outcome StartHand(const record::DealSpec& spec) override {
    State& state = StateForHand(spec.dealer);
    Deal deal;
    if (spec.seed) {
      deal = DealFromSeed(rules_.players, spec.dealer, *spec.seed);
    } else {
      for (std::size_t seat = 0; seat < spec.hands.size(); ++seat) {
        for (int card : spec.hands[seat]) deal.hands[seat] |= Bit(static_cast<Card>(card));
      }
      for (int card : spec.table) deal.table |= Bit(static_cast<Card>(card));
      for (int card : spec.stock) deal.stock[deal.stock_size++] = static_cast<Card>(card);
    }
    const Illegal why = state.StartHand(deal);
    if (why == Illegal::table_must_be_redealt) {
      return record::Outcome::Error(spec.table_line, std::string(Describe(why)));
    }
    if (why != Illegal::none) {
      return record::Outcome::Error(spec.first_line, "the deal does not fit the ruleset");
    }
    return record::Outcome::Ok();
  }

  record::Outcome ApplyMoveLine(const record::Line& line) override {
    auto parsed = ParseMove(line.tokens);
    if (!parsed.move) return record::Outcome::Error(line.number, parsed.error);
    if (auto bad = record::SeatOutsideGame(line.number, parsed.move->seat, rules_.players)) {
      return *bad;
    }
    if (parsed.illegal != Illegal::none) {
      return record::Outcome::Illegal(line.number, std::string(Describe(parsed.illegal)));
    }
    return ApplyMove(line.number, *parsed.move, [](const State& state) {
      return FormatHandResult(state.LastResult(), state.Totals());
    });
  }
};

}  // namespace

std::string FormatHandResult(const RoundResult& result, const std::array<int, 2>& totals) {
  std::string line = "hand " + std::to_string(result.number) + " done";
  line += " score " + std::to_string(result.score[0]) + " " + std::to_string(result.score[1]);
  line += " total " + std::to_string(totals[0]) + " " + std::to_string(totals[1]);
  line += record::PairField("cards", result.cards);
  line += record::PairField("xeri", result.xeri);
  line += record::PairField("most", result.most_cards);
  line += record::PairField("ten_diamonds", result.ten_diamonds);
  line += record::PairField("two_clubs", result.two_clubs);
  line += record::PairField("aces", result.aces);
  return line;
}

std::string FormatDealLines(int players, const Deal& deal) {
  std::string out;
  for (int seat = 0; seat < players; ++seat) {
    out += "deal ";
    out += std::to_string(seat);
    out += ' ';
    out += FormatCards(deal.hands[static_cast<std::size_t>(seat)]);
    out += '\n';
  }
  out += "table ";
  out += FormatCards(deal.table);
  out += '\n';
  if (deal.stock_size > 0) {
    out += "stock";
    for (int i = 0; i < deal.stock_size; ++i) {
      out += ' ';
      out += FormatCard(deal.stock[static_cast<std::size_t>(i)]);
    }
    out += '\n';
  }
  return out;
}

std::string WriteRecord(const MatchLog& match) {
  std::string out = "game diloti\nrules " + FormatRules(match.rules) + "\nplayers " +
                    std::to_string(match.rules.players) + "\n";
  for (std::size_t h = 0; h < match.hands.size(); ++h) {
    const HandLog& hand = match.hands[h];
    out += "hand\n";
    if (h == 0) out += "dealer " + std::to_string(match.first_dealer) + "\n";
    if (hand.seed) {
      out += "seed " + std::to_string(*hand.seed) + "\n";
    } else {
      out += FormatDealLines(match.rules.players, hand.deal);
    }
    for (const Move& move : hand.moves) out += FormatMove(move) + "\n";
  }
  return out;
}

std::unique_ptr<record::RecordGame> MakeRecordGame(const Rules& rules) {
  return std::make_unique<DilotiRecordGame>(rules);
}

}  // namespace kafenio::diloti
