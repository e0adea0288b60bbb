#include "engine/record/replay.h"

#include <optional>

namespace kafenio::record {
namespace {

bool IsSeatToken(std::string_view token) {
  long long seat = 0;
  return ParseInt(token, seat);
}

std::string FormatOutcome(const Outcome& outcome) {
  const char* kind = outcome.kind == Outcome::Kind::illegal ? "illegal" : "error";
  return std::string(kind) + " line " + std::to_string(outcome.line) + ": " + outcome.reason;
}

// Replays the lines [begin, end) of one record; returns the exit code.
int ReplayOne(const std::vector<Line>& lines, std::size_t begin, std::size_t end, int line_after,
              bool list_legal, const RecordGameFactory& make_game, std::vector<std::string>& out) {
  auto fail = [&](const Outcome& outcome) {
    out.push_back(FormatOutcome(outcome));
    return outcome.kind == Outcome::Kind::illegal ? 3 : 2;
  };

  // Header: `game` first, then `rules` and `players` in any order.
  Header header;
  std::size_t at = begin;
  for (; at < end; ++at) {
    const Line& line = lines[at];
    const auto word = line.tokens[0];
    if (word == "game") {
      if (header.game_line) return fail(Outcome::Error(line.number, "game given twice"));
      if (line.tokens.size() != 2) return fail(Outcome::Error(line.number, "game needs one name"));
      header.game = line.tokens[1];
      header.game_line = line.number;
    } else if (!header.game_line) {
      return fail(Outcome::Error(line.number, "a record starts with a game line"));
    } else if (word == "rules") {
      if (header.rules_line) return fail(Outcome::Error(line.number, "rules given twice"));
      if (line.tokens.size() < 2) return fail(Outcome::Error(line.number, "rules needs a preset"));
      header.rules.assign(line.tokens.begin() + 1, line.tokens.end());
      header.rules_line = line.number;
    } else if (word == "players") {
      long long count = 0;
      if (header.players_line) return fail(Outcome::Error(line.number, "players given twice"));
      if (line.tokens.size() != 2 || !ParseInt(line.tokens[1], count) ||
          (count != 2 && count != 4)) {
        return fail(Outcome::Error(line.number, "players must be 2 or 4"));
      }
      header.players = static_cast<int>(count);
      header.players_line = line.number;
    } else {
      break;
    }
  }
  if (!header.game_line)
    return fail(Outcome::Error(line_after, "a record starts with a game line"));

  std::unique_ptr<RecordGame> play;
  if (auto made = make_game(header, play); !made.ok()) return fail(made);

  std::optional<DealBlockReader> block;
  bool in_hand = false;
  auto close_block = [&](int next_line) -> Outcome {
    DealSpec spec;
    if (auto closed = block->Close(next_line, spec); !closed.ok()) return closed;
    block.reset();
    if (auto started = play->StartHand(spec); !started.ok()) return started;
    in_hand = true;
    return Outcome::Ok();
  };
  auto flush_results = [&] {
    for (auto& result : play->TakeResultLines()) out.push_back(std::move(result));
    in_hand = !play->AwaitingDeal() && !play->MatchOver();
  };

  for (; at < end; ++at) {
    const Line& line = lines[at];
    const auto word = line.tokens[0];
    if (word == "hand") {
      if (line.tokens.size() != 1) return fail(Outcome::Error(line.number, "hand takes nothing"));
      if (block) {
        return fail(Outcome::Error(line.number, "the previous deal block is not finished"));
      }
      if (in_hand) return fail(Outcome::Error(line.number, "the previous hand is not finished"));
      if (play->MatchOver()) return fail(Outcome::Illegal(line.number, "the match is over"));
      block.emplace(play->NextDealShape(), play->ExpectedDealer());
    } else if (DealBlockReader::IsDealKeyword(word)) {
      if (!block) {
        if (in_hand) return fail(Outcome::Error(line.number, "a deal line inside a hand"));
        if (play->MatchOver()) return fail(Outcome::Illegal(line.number, "the match is over"));
        block.emplace(play->NextDealShape(), play->ExpectedDealer());
      }
      if (auto fed = block->Feed(line); !fed.ok()) return fail(fed);
    } else if (IsSeatToken(word)) {
      if (block) {
        if (auto closed = close_block(line.number); !closed.ok()) return fail(closed);
      }
      if (!in_hand) {
        if (play->MatchOver()) return fail(Outcome::Illegal(line.number, "the match is over"));
        return fail(Outcome::Error(line.number, "a move before the hand's deal"));
      }
      if (auto moved = play->ApplyMoveLine(line); !moved.ok()) {
        flush_results();
        return fail(moved);
      }
      flush_results();
    } else {
      return fail(Outcome::Error(line.number, "unknown statement: " + std::string(word)));
    }
  }
  // A finished deal block at the end of the record starts its hand; an unfinished one
  // is left as it is (record-format.md: --legal then prints nothing).
  if (block && block->Complete()) {
    if (auto closed = close_block(line_after); !closed.ok()) return fail(closed);
  }
  if (list_legal && !block && in_hand) {
    for (auto& legal : play->LegalMoveLines()) out.push_back("legal " + legal);
  }
  return 0;
}

}  // namespace

ReplayResult Replay(std::string_view text, bool list_legal, const RecordGameFactory& make_game) {
  ReplayResult result;
  const auto lines = SplitLines(text);
  std::size_t begin = 0;
  for (std::size_t i = 0; i <= lines.size(); ++i) {
    const bool at_end = i == lines.size();
    if (!at_end && !(lines[i].tokens.size() == 1 && lines[i].tokens[0] == "end")) continue;
    const int line_after = at_end ? (lines.empty() ? 1 : lines.back().number + 1) : lines[i].number;
    const bool empty_tail = at_end && begin == lines.size() && begin > 0;
    if (!empty_tail) {
      result.exit_code =
          ReplayOne(lines, begin, i, line_after, list_legal, make_game, result.lines);
      if (result.exit_code != 0) return result;
    }
    begin = i + 1;
  }
  return result;
}

}  // namespace kafenio::record
