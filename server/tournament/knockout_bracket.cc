#include "server/tournament/knockout_bracket.h"

#include <algorithm>

namespace kafenio::tournament {
namespace {

int BracketSize(int entrants) {
  int size = 1;
  while (size < entrants) size *= 2;
  return size;
}

int Log2(int power_of_two) {
  int k = 0;
  while ((1 << k) < power_of_two) ++k;
  return k;
}

SlotSource Seed(int seed) {
  return {SlotSource::Kind::kSeed, seed};
}
SlotSource WinnerOf(int match) {
  return {SlotSource::Kind::kWinnerOf, match};
}
SlotSource LoserOf(int match) {
  return {SlotSource::Kind::kLoserOf, match};
}

class BracketBuilder {
 public:
  explicit BracketBuilder(int entrants) {
    bracket_.entrants = entrants;
    bracket_.size = BracketSize(entrants);
  }

  int Add(BracketStage stage, int round, SlotSource first, SlotSource second) {
    const int id = static_cast<int>(bracket_.matches.size());
    bracket_.matches.push_back({id, stage, round, first, second});
    return id;
  }

  // The first round of the main bracket and every later round: the ids of each round.
  std::vector<std::vector<int>> MainRounds() {
    std::vector<std::vector<int>> rounds;
    const auto order = SeededSlotOrder(bracket_.size);
    std::vector<int> round;
    for (std::size_t k = 0; k + 1 < order.size(); k += 2) {
      round.push_back(Add(BracketStage::kMain, 1, Seed(order[k]), Seed(order[k + 1])));
    }
    rounds.push_back(round);
    while (rounds.back().size() > 1) {
      const auto& previous = rounds.back();
      std::vector<int> next;
      for (std::size_t k = 0; k + 1 < previous.size(); k += 2) {
        next.push_back(Add(BracketStage::kMain, static_cast<int>(rounds.size()) + 1,
                           WinnerOf(previous[k]), WinnerOf(previous[k + 1])));
      }
      rounds.push_back(next);
    }
    return rounds;
  }

  // A losers' round pairing `sides` two by two; returns its winners.
  std::vector<SlotSource> PairUp(const std::vector<SlotSource>& sides, int round) {
    std::vector<SlotSource> winners;
    for (std::size_t k = 0; k + 1 < sides.size(); k += 2) {
      winners.push_back(WinnerOf(Add(BracketStage::kLosers, round, sides[k], sides[k + 1])));
    }
    return winners;
  }

  // A losers' round where the survivors meet those who just lost in the winners' bracket.
  std::vector<SlotSource> DropIn(const std::vector<SlotSource>& survivors,
                                 const std::vector<SlotSource>& dropping, int round) {
    std::vector<SlotSource> winners;
    for (std::size_t k = 0; k < survivors.size(); ++k) {
      winners.push_back(WinnerOf(Add(BracketStage::kLosers, round, survivors[k], dropping[k])));
    }
    return winners;
  }

  KnockoutBracket Take() { return std::move(bracket_); }

 private:
  KnockoutBracket bracket_;
};

// What a side holds once known.
struct SideValue {
  bool known = false;
  std::optional<EntrantId> entrant;  // empty when known: a bye
};

}  // namespace

std::vector<int> SeededSlotOrder(int size) {
  std::vector<int> order{1};
  for (int width = 2; width <= size; width *= 2) {
    std::vector<int> next;
    for (const int seed : order) {
      next.push_back(seed);
      next.push_back(width + 1 - seed);
    }
    order = std::move(next);
  }
  return order;
}

KnockoutBracket SingleElimination(int entrants, bool third_place_match) {
  BracketBuilder builder(entrants);
  if (entrants < 2) return builder.Take();
  const auto rounds = builder.MainRounds();
  if (third_place_match && rounds.size() >= 2) {
    const auto& semis = rounds[rounds.size() - 2];
    builder.Add(BracketStage::kThirdPlace, 1, LoserOf(semis[0]), LoserOf(semis[1]));
  }
  return builder.Take();
}

KnockoutBracket DoubleElimination(int entrants, bool grand_final_reset) {
  BracketBuilder builder(entrants);
  if (entrants < 2) return builder.Take();
  const auto rounds = builder.MainRounds();
  auto losers_of = [&](std::size_t round, bool reversed) {
    std::vector<SlotSource> losers;
    for (const int id : rounds[round]) losers.push_back(LoserOf(id));
    if (reversed) std::reverse(losers.begin(), losers.end());
    return losers;
  };
  std::vector<SlotSource> survivors = losers_of(0, false);
  int losers_round = 0;
  if (rounds.size() > 1) {
    survivors = builder.PairUp(survivors, ++losers_round);
    for (std::size_t j = 1; j < rounds.size(); ++j) {
      // Reversing every other drop-in keeps those who met in the winners' bracket apart.
      survivors = builder.DropIn(survivors, losers_of(j, j % 2 == 1), ++losers_round);
      if (j + 1 < rounds.size()) survivors = builder.PairUp(survivors, ++losers_round);
    }
  }
  const SlotSource winners_champion = WinnerOf(rounds.back().front());
  builder.Add(BracketStage::kGrandFinal, 1, winners_champion, survivors.front());
  if (grand_final_reset) {
    builder.Add(BracketStage::kGrandFinalReset, 1, winners_champion, survivors.front());
  }
  return builder.Take();
}

std::vector<ResolvedMatch> ResolveBracket(const KnockoutBracket& bracket,
                                          const std::vector<EntrantId>& seeded,
                                          const std::map<int, EntrantId>& winners) {
  using Status = ResolvedMatch::Status;
  std::vector<ResolvedMatch> resolved(bracket.matches.size());
  auto value_of = [&](const SlotSource& source) -> SideValue {
    switch (source.kind) {
      case SlotSource::Kind::kSeed:
        if (source.value > static_cast<int>(seeded.size())) return {true, std::nullopt};
        return {true, seeded[source.value - 1]};
      case SlotSource::Kind::kWinnerOf:
      case SlotSource::Kind::kLoserOf: {
        const auto& earlier = resolved[source.value];
        if (earlier.status == Status::kWaiting || earlier.status == Status::kReady) return {};
        return {true, source.kind == SlotSource::Kind::kWinnerOf ? earlier.winner : earlier.loser};
      }
    }
    return {};
  };
  for (const auto& match : bracket.matches) {
    auto& out = resolved[match.id];
    out.id = match.id;
    const SideValue first = value_of(match.first), second = value_of(match.second);
    out.first = first.entrant;
    out.second = second.entrant;
    if (match.stage == BracketStage::kGrandFinalReset) {
      // Needed only when the losers' champion (the second side) won the grand final.
      const auto& final_match = resolved[match.id - 1];
      if (final_match.status == Status::kWaiting || final_match.status == Status::kReady) {
        continue;
      }
      if (final_match.status != Status::kDecided || final_match.winner == final_match.first) {
        out.status = Status::kNotNeeded;
        out.winner = final_match.winner;
        out.loser = final_match.loser;
        continue;
      }
    }
    if (!first.known || !second.known) continue;
    if (!first.entrant && !second.entrant) {
      out.status = Status::kEmpty;
    } else if (!first.entrant || !second.entrant) {
      out.status = Status::kWalkover;
      out.winner = first.entrant ? first.entrant : second.entrant;
    } else if (const auto won = winners.find(match.id); won != winners.end()) {
      out.status = Status::kDecided;
      out.winner = won->second;
      out.loser = won->second == *first.entrant ? second.entrant : first.entrant;
    } else {
      out.status = Status::kReady;
    }
  }
  return resolved;
}

std::vector<int> ReadyMatches(const std::vector<ResolvedMatch>& resolved) {
  std::vector<int> ready;
  for (const auto& match : resolved) {
    if (match.status == ResolvedMatch::Status::kReady) ready.push_back(match.id);
  }
  return ready;
}

bool BracketFinished(const std::vector<ResolvedMatch>& resolved) {
  return std::none_of(resolved.begin(), resolved.end(), [](const ResolvedMatch& match) {
    return match.status == ResolvedMatch::Status::kWaiting ||
           match.status == ResolvedMatch::Status::kReady;
  });
}

std::map<EntrantId, int> KnockoutPlaces(const KnockoutBracket& bracket,
                                        const std::vector<ResolvedMatch>& resolved) {
  std::map<EntrantId, int> places;
  const int main_rounds = Log2(bracket.size);
  const bool has_third_place =
      std::any_of(bracket.matches.begin(), bracket.matches.end(),
                  [](const KnockoutMatch& m) { return m.stage == BracketStage::kThirdPlace; });
  const bool double_elimination =
      std::any_of(bracket.matches.begin(), bracket.matches.end(),
                  [](const KnockoutMatch& m) { return m.stage == BracketStage::kGrandFinal; });
  // Matches per losers' round, to place those knocked out there.
  std::map<int, int> losers_round_size;
  for (const auto& match : bracket.matches) {
    if (match.stage == BracketStage::kLosers) ++losers_round_size[match.round];
  }
  auto place = [&](const std::optional<EntrantId>& entrant, int value) {
    if (entrant) places[*entrant] = value;
  };
  for (const auto& match : bracket.matches) {
    const auto& out = resolved[match.id];
    const bool over = out.status == ResolvedMatch::Status::kDecided ||
                      out.status == ResolvedMatch::Status::kWalkover ||
                      out.status == ResolvedMatch::Status::kNotNeeded;
    if (!over) continue;
    switch (match.stage) {
      case BracketStage::kMain:
        if (double_elimination) break;  // losers drop to the losers' bracket
        if (has_third_place && match.round == main_rounds - 1) break;
        place(out.loser, (bracket.size >> match.round) + 1);
        if (match.round == main_rounds) place(out.winner, 1);
        break;
      case BracketStage::kThirdPlace:
        place(out.winner, 3);
        place(out.loser, 4);
        break;
      case BracketStage::kLosers: {
        int above = 3;
        for (const auto& [round, size] : losers_round_size) {
          if (round > match.round) above += size;
        }
        place(out.loser, above);
        break;
      }
      case BracketStage::kGrandFinal:
      case BracketStage::kGrandFinalReset:
        place(out.winner, 1);
        place(out.loser, 2);
        break;
    }
  }
  // With a reset to come, the grand final decided nobody's place yet.
  for (const auto& match : bracket.matches) {
    if (match.stage != BracketStage::kGrandFinalReset) continue;
    const auto& out = resolved[match.id];
    if (out.status == ResolvedMatch::Status::kWaiting ||
        out.status == ResolvedMatch::Status::kReady) {
      const auto& final_match = resolved[match.id - 1];
      if (final_match.winner) places.erase(*final_match.winner);
      if (final_match.loser) places.erase(*final_match.loser);
    }
  }
  return places;
}

bool IsFinal(const KnockoutBracket& bracket, const KnockoutMatch& match) {
  const bool double_elimination =
      std::any_of(bracket.matches.begin(), bracket.matches.end(),
                  [](const KnockoutMatch& m) { return m.stage == BracketStage::kGrandFinal; });
  if (double_elimination) {
    return match.stage == BracketStage::kGrandFinal ||
           match.stage == BracketStage::kGrandFinalReset;
  }
  return match.stage == BracketStage::kMain && match.round == Log2(bracket.size);
}

std::string MatchLabel(const KnockoutBracket& bracket, const KnockoutMatch& match) {
  int index = 1;
  for (const auto& other : bracket.matches) {
    if (other.id == match.id) break;
    if (other.stage == match.stage && other.round == match.round) ++index;
  }
  const std::string number = std::to_string(index);
  const int main_rounds = Log2(bracket.size);
  switch (match.stage) {
    case BracketStage::kMain: {
      const int from_end = main_rounds - match.round;
      const bool double_elimination = bracket.matches.back().stage != BracketStage::kMain &&
                                      bracket.matches.back().stage != BracketStage::kThirdPlace;
      const std::string prefix = double_elimination ? "Winners' " : "";
      if (from_end == 0) return prefix + (double_elimination ? "final" : "Final");
      if (from_end == 1)
        return prefix + (double_elimination ? "semi-final " : "Semi-final ") + number;
      if (from_end == 2) {
        return prefix + (double_elimination ? "quarter-final " : "Quarter-final ") + number;
      }
      return prefix + (double_elimination ? "round " : "Round ") + std::to_string(match.round) +
             ", match " + number;
    }
    case BracketStage::kLosers:
      return "Losers' round " + std::to_string(match.round) + ", match " + number;
    case BracketStage::kThirdPlace:
      return "Third-place match";
    case BracketStage::kGrandFinal:
      return "Grand final";
    case BracketStage::kGrandFinalReset:
      return "Grand final, deciding match";
  }
  return number;
}

}  // namespace kafenio::tournament
