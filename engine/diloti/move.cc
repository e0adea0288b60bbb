#include "engine/diloti/move.h"

#include "engine/diloti/values.h"
#include "engine/record/lines.h"

namespace kafenio::diloti {

Move Move::Declare(int seat, Card card, CardMask loose) {
  return Move{MoveKind::declare,
              static_cast<std::uint8_t>(seat),
              card,
              static_cast<std::uint8_t>(ValueOf(card) + SumValues(loose & kNumerals)),
              0,
              loose};
}

namespace {

std::string JoinWithPlus(CardMask cards, Card first) {
  std::string out;
  if (first != kNoCard) {
    out = FormatCard(first);
    cards &= ~Bit(first);
  }
  for (; cards; cards &= cards - 1) {
    if (!out.empty()) out += '+';
    out += FormatCard(Lowest(cards));
  }
  return out;
}

std::string Declarations(DeclarationSet taken) {
  std::string out;
  for (int v = 1; v <= kMaxValue; ++v) {
    if (taken & DeclarationBit(v)) {
      out += " @";
      out += std::to_string(v);
    }
  }
  return out;
}

}  // namespace

std::string FormatGroup(CardMask cards, Card first) {
  return JoinWithPlus(cards, first);
}

std::string FormatMoveBody(const Move& move) {
  // Built by appending: GCC 12 warns (-Wrestrict, falsely) on "literal" + std::string&&.
  std::string out;
  auto verb = [&](std::string_view word) {
    out.append(word);
    out += ' ';
    out += FormatCard(move.card);
  };
  switch (move.kind) {
    case MoveKind::lay:
      verb("lay");
      break;
    case MoveKind::declare:
      verb("declare");
      out += ' ';
      out += FormatCards(move.loose);
      break;
    case MoveKind::raise:
      verb("raise");
      out += Declarations(move.taken);
      break;
    case MoveKind::capture:
      verb("capture");
      if (IsFace(move.card)) {
        out += ' ';
        out += FormatCards(move.loose);
        break;
      }
      for (CardMask group : SplitIntoGroups(move.loose, move.value)) {
        out += ' ';
        out += JoinWithPlus(group, kNoCard);
      }
      out += Declarations(move.taken);
      break;
    case MoveKind::group: {
      verb("group");
      const auto groups = SplitIntoGroups(move.loose | Bit(move.card), move.value);
      // The played card's component first, then the others.
      for (CardMask group : groups) {
        if (group & Bit(move.card)) {
          out += ' ';
          out += JoinWithPlus(group, move.card);
        }
      }
      for (CardMask group : groups) {
        if (!(group & Bit(move.card))) {
          out += ' ';
          out += JoinWithPlus(group, kNoCard);
        }
      }
      out += Declarations(move.taken);
      break;
    }
  }
  return out;
}

std::string FormatMove(const Move& move) {
  return std::to_string(move.seat) + " " + FormatMoveBody(move);
}

namespace {

// One written group: `7h`, `3c+4d` or `@7`.
struct WrittenGroup {
  CardMask cards = 0;
  int declaration = 0;  // 1..10 for `@N`
  bool has_face = false;
  int Value() const { return declaration ? declaration : SumValues(cards & kNumerals); }
};

class Parser {
 public:
  explicit Parser(MoveParse& out) : out_(out) {}

  bool Card(std::string_view text, diloti::Card& card) {
    auto parsed = ParseCard(text);
    if (!parsed) return Fail("not a card: " + std::string(text));
    card = *parsed;
    return true;
  }

  bool Group(std::string_view text, WrittenGroup& group) {
    if (text.starts_with("@")) {
      long long value = 0;
      if (!record::ParseInt(text.substr(1), value) || value < 1 || value > kMaxValue) {
        return Fail("a declaration is written @1 to @10: " + std::string(text));
      }
      group.declaration = static_cast<int>(value);
      if (named_declarations_ & DeclarationBit(group.declaration)) {
        return Fail("declaration named twice: " + std::string(text));
      }
      named_declarations_ |= DeclarationBit(group.declaration);
      return true;
    }
    while (!text.empty()) {
      const auto plus = text.find('+');
      diloti::Card card = kNoCard;
      if (!Card(text.substr(0, plus), card)) return false;
      if (group.cards & Bit(card)) return Fail("card named twice: " + FormatCard(card));
      group.cards |= Bit(card);
      group.has_face = group.has_face || IsFace(card);
      if (plus == std::string_view::npos) break;
      text = text.substr(plus + 1);
      if (text.empty()) return Fail("a sum ends with +");
    }
    return true;
  }

  bool Fail(std::string error) {
    out_.error = std::move(error);
    return false;
  }

 private:
  MoveParse& out_;
  DeclarationSet named_declarations_ = 0;
};

void ParseCapture(int seat, diloti::Card card, const std::vector<WrittenGroup>& groups,
                  MoveParse& out) {
  CardMask loose = 0;
  DeclarationSet taken = 0;
  for (const auto& group : groups) {
    loose |= group.cards;
    if (group.declaration) taken |= DeclarationBit(group.declaration);
  }
  out.move = Move::Capture(seat, card, loose, taken);
  if (IsFace(card)) {
    const bool one_twin =
        groups.size() == 1 && Count(loose) == 1 && !taken && RankOf(Lowest(loose)) == RankOf(card);
    if (!one_twin) out.illegal = Illegal::face_capture_takes_one;
    return;
  }
  for (const auto& group : groups) {
    if (group.has_face || group.Value() != ValueOf(card))
      out.illegal = Illegal::groups_do_not_add_up;
  }
}

void ParseGroup(int seat, diloti::Card card, const std::vector<WrittenGroup>& groups,
                MoveParse& out) {
  CardMask loose = 0;
  DeclarationSet taken = 0;
  int holding_card = 0;
  for (const auto& group : groups) {
    if (group.cards & Bit(card)) ++holding_card;
    if ((loose & group.cards) & ~Bit(card)) {
      out.error = "card named twice: " + FormatCards(loose & group.cards);
      return;
    }
    loose |= group.cards;
    if (group.declaration) taken |= DeclarationBit(group.declaration);
  }
  if (holding_card != 1) {
    out.error = "the played card appears in exactly one component of a group";
    return;
  }
  const int value = groups[0].Value();
  out.move = Move::Group(seat, card, value, loose & ~Bit(card), taken);
  for (const auto& group : groups) {
    if (group.has_face) {
      out.illegal = Illegal::face_card_has_no_value;
      return;
    }
  }
  for (const auto& group : groups) {
    if (group.Value() != value) out.illegal = Illegal::groups_do_not_add_up;
  }
  if (out.illegal == Illegal::none && value > kMaxValue)
    out.illegal = Illegal::declaration_over_ten;
}

}  // namespace

MoveParse ParseMove(const std::vector<std::string_view>& tokens) {
  MoveParse out;
  long long seat = 0;
  if (tokens.size() < 3 || !record::ParseInt(tokens[0], seat) || seat < 0 || seat > 3) {
    out.error = "a move is SEAT VERB CARD ... with a seat from 0 to 3";
    return out;
  }
  const int s = static_cast<int>(seat);
  const auto verb = tokens[1];
  Parser parser(out);
  Card card = kNoCard;
  if (!parser.Card(tokens[2], card)) return out;
  const std::size_t args = tokens.size() - 3;
  if (verb == "lay") {
    if (args != 0) out.error = "lay takes one card";
    if (args == 0) out.move = Move::Lay(s, card);
    return out;
  }
  if (verb == "declare") {
    CardMask loose = 0;
    for (std::size_t i = 3; i < tokens.size(); ++i) {
      Card other = kNoCard;
      if (!parser.Card(tokens[i], other)) return out;
      if ((loose | Bit(card)) & Bit(other)) {
        out.error = "card named twice: " + FormatCard(other);
        return out;
      }
      loose |= Bit(other);
    }
    out.move = Move::Declare(s, card, loose);
    if ((loose | Bit(card)) & kFaceCards) out.illegal = Illegal::face_card_has_no_value;
    return out;
  }
  std::vector<WrittenGroup> groups(args);
  CardMask named = Bit(card);
  for (std::size_t i = 0; i < args; ++i) {
    if (!parser.Group(tokens[i + 3], groups[i])) return out;
    if (verb != "group" && (named & groups[i].cards)) {
      out.error = "card named twice: " + FormatCards(named & groups[i].cards);
      return out;
    }
    named |= groups[i].cards;
  }
  if (verb == "raise") {
    if (args != 1 || groups[0].declaration == 0) {
      out.error = "raise needs the played card and one declaration @N";
      return out;
    }
    out.move = Move::Raise(s, card, groups[0].declaration);
    if (IsFace(card)) out.illegal = Illegal::face_card_has_no_value;
    return out;
  }
  if (verb == "capture" || verb == "group") {
    if (args == 0) {
      out.error = std::string(verb) + " needs the played card and at least one group";
      return out;
    }
    if (verb == "capture") {
      ParseCapture(s, card, groups, out);
    } else {
      ParseGroup(s, card, groups, out);
    }
    return out;
  }
  out.error = "unknown diloti move: " + std::string(verb);
  return out;
}

}  // namespace kafenio::diloti
