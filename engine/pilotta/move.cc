#include "engine/pilotta/move.h"

#include "engine/record/lines.h"

namespace kafenio::pilotta {

std::string_view TrumpName(int suit) {
  constexpr std::string_view kNames[] = {"c", "d", "h", "s", "nt", "at"};
  return suit >= 0 && suit < 6 ? kNames[suit] : "?";
}

namespace {
std::optional<int> ParseTrump(std::string_view text) {
  for (int suit = 0; suit < 6; ++suit) {
    if (TrumpName(suit) == text) return suit;
  }
  return std::nullopt;
}
}  // namespace

std::string FormatMoveBody(const Move& move) {
  switch (move.kind) {
    case MoveKind::pass:
      return "pass";
    case MoveKind::contra:
      return "contra";
    case MoveKind::recontra:
      return "recontra";
    case MoveKind::take:
      return "take";
    case MoveKind::swap:
      return "swap";
    case MoveKind::name:
      return "name " + std::string(TrumpName(move.suit));
    case MoveKind::bid: {
      std::string value =
          move.value == kCapotBid ? std::string("capot") : std::to_string(move.value * 10);
      return "bid " + value + " " + std::string(TrumpName(move.suit));
    }
    case MoveKind::declare:
      return "declare " + FormatCards(move.cards);
    case MoveKind::play:
      return "play " + FormatCard(move.card) + (move.belote ? " belote" : "");
  }
  return "?";
}

std::string FormatMove(const Move& move) {
  return std::to_string(move.seat) + " " + FormatMoveBody(move);
}

MoveParse ParseMove(const std::vector<std::string_view>& tokens) {
  MoveParse out;
  long long seat = 0;
  if (tokens.size() < 2 || !record::ParseInt(tokens[0], seat) || seat < 0 || seat > 3) {
    out.error = "a move is SEAT VERB ARGS with a seat from 0 to 3";
    return out;
  }
  const int s = static_cast<int>(seat);
  const auto verb = tokens[1];
  const std::size_t args = tokens.size() - 2;
  auto no_args = [&](MoveKind kind) {
    if (args != 0) {
      out.error = std::string(verb) + " takes no arguments";
    } else {
      out.move = Move::Make(kind, s);
    }
    return out;
  };
  if (verb == "pass") return no_args(MoveKind::pass);
  if (verb == "contra") return no_args(MoveKind::contra);
  if (verb == "recontra") return no_args(MoveKind::recontra);
  if (verb == "take") return no_args(MoveKind::take);
  if (verb == "swap") return no_args(MoveKind::swap);
  if (verb == "bid") {
    if (args != 2) {
      out.error = "bid needs a value and a suit";
      return out;
    }
    auto suit = ParseTrump(tokens[3]);
    if (!suit) {
      out.error = "not a bid suit: " + std::string(tokens[3]);
      return out;
    }
    long long value = 0;
    if (tokens[2] == "capot") {
      out.move = Move::Bid(s, kCapotBid, *suit);
    } else if (record::ParseInt(tokens[2], value) && value > 0 && value < 10000) {
      // Values that are not bids (85, 170) are well-formed and refused by the rules, with
      // their own reason; they are carried as tens with a marker for "not a multiple".
      const bool whole_tens = value % 10 == 0 && value / 10 < kCapotBid;
      out.move = Move::Bid(s, whole_tens ? static_cast<int>(value / 10) : 0, *suit);
    } else {
      out.error = "a bid value is a number or capot";
    }
    return out;
  }
  if (verb == "name") {
    auto suit = args == 1 ? ParseTrump(tokens[2]) : std::nullopt;
    if (!suit) {
      out.error = "name needs a suit";
      return out;
    }
    out.move = Move::Name(s, *suit);
    return out;
  }
  if (verb == "declare") {
    if (args == 0) {
      out.error = "declare needs the announced cards";
      return out;
    }
    CardMask cards = 0;
    for (std::size_t i = 2; i < tokens.size(); ++i) {
      auto card = ParseCard(tokens[i]);
      if (!card) {
        out.error = "not a pilotta card: " + std::string(tokens[i]);
        return out;
      }
      if (cards & Bit(*card)) {
        out.error = "card named twice: " + std::string(tokens[i]);
        return out;
      }
      cards |= Bit(*card);
    }
    out.move = Move::Declare(s, cards);
    return out;
  }
  if (verb == "play") {
    if (args < 1 || args > 2 || (args == 2 && tokens[3] != "belote")) {
      out.error = "play needs a card, optionally followed by belote";
      return out;
    }
    auto card = ParseCard(tokens[2]);
    if (!card) {
      out.error = "not a pilotta card: " + std::string(tokens[2]);
      return out;
    }
    out.move = Move::Play(s, *card, args == 2);
    return out;
  }
  out.error = "unknown pilotta move: " + std::string(verb);
  return out;
}

}  // namespace kafenio::pilotta
