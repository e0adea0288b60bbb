#include "server/game/game_registry.h"

#include "server/game/diloti_game.h"
#include "server/game/pilotta_game.h"

namespace kafenio::server {
namespace {

RulesRequest RequestOf(const MatchSpec& spec) {
  return RulesRequest{spec.preset, {spec.options.begin(), spec.options.end()}, spec.seats};
}

}  // namespace

const std::vector<const GameKind*>& Games() {
  static const std::vector<const GameKind*> games{&PilottaKind(), &DilotiKind()};
  return games;
}

const GameKind* FindGame(std::string_view name) {
  for (const GameKind* game : Games()) {
    if (game->Name() == name) return game;
  }
  return nullptr;
}

std::string GameNames() {
  std::string names;
  for (const GameKind* game : Games()) {
    if (!names.empty()) names += ", ";
    names += game->Name();
  }
  return names;
}

SeatCount CheckRules(const MatchSpec& spec) {
  SeatCount out;
  const GameKind* game = FindGame(spec.game);
  if (!game) {
    out.error = "unknown game '" + spec.game + "' (this server plays: " + GameNames() + ")";
    return out;
  }
  const RulesCheck check = game->Check(RequestOf(spec));
  if (!check.ok()) {
    out.error = check.error;
    return out;
  }
  out.seats = check.players;
  out.rules_text = check.rules_text;
  return out;
}

MatchCreation CreateMatch(const MatchSpec& spec) {
  MatchCreation out;
  const SeatCount checked = CheckRules(spec);
  if (!checked.error.empty()) {
    out.error = checked.error;
    return out;
  }
  out.match = FindGame(spec.game)->NewMatch(RequestOf(spec), spec.first_dealer % checked.seats);
  return out;
}

record::Outcome MakeRecordGame(const record::Header& header,
                               std::unique_ptr<record::RecordGame>& out) {
  const GameKind* game = FindGame(header.game);
  if (!game)
    return record::Outcome::Error(header.game_line, "unknown game: " + std::string(header.game));
  RulesRequest request;
  if (!header.rules.empty()) {
    request.preset = header.rules[0];
    request.options.assign(header.rules.begin() + 1, header.rules.end());
  }
  request.players = header.players;
  const RulesCheck check = game->Check(request);
  if (check.problem == RulesCheck::Problem::players) {
    return record::Outcome::Error(header.players_line, check.error);
  }
  if (!check.ok()) return record::Outcome::Error(header.rules_line, check.error);
  out = game->NewRecordGame(request);
  return record::Outcome::Ok();
}

}  // namespace kafenio::server
