#include "server/app/tournament/tournament_log_codec.h"

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <array>

#include "proto/json_runtime.h"

namespace kafenio::server {
namespace {

using tournament::ByeScore;
using tournament::Format;
using tournament::SeedingMethod;
using tournament::TournamentEvent;
using Writer = rapidjson::Writer<rapidjson::StringBuffer>;

// Each enum's stored names, in the enum's order.
constexpr std::array<std::string_view, 5> kFormats{"swiss", "round_robin", "single_elimination",
                                                   "double_elimination", "pools_knockout"};
constexpr std::array<std::string_view, 3> kSeedings{"rating", "random", "manual"};
constexpr std::array<std::string_view, 3> kByeScores{"win", "half", "nothing"};
// In the order of TournamentEvent::Kind.
constexpr std::array<std::string_view, 17> kEventKinds{"entrant_added",
                                                       "entrant_removed",
                                                       "started",
                                                       "round_published",
                                                       "result",
                                                       "finished",
                                                       "round_replaced",
                                                       "table_opened",
                                                       "match_started",
                                                       "paused",
                                                       "resumed",
                                                       "invited",
                                                       "invitation_answered",
                                                       "checked_in",
                                                       "pair_forbidden",
                                                       "pair_allowed",
                                                       "ranked"};
constexpr std::array<std::string_view, 4> kResultKinds{"played", "forfeit", "bye", "absent"};

template <std::size_t N>
std::string_view NameOf(const std::array<std::string_view, N>& names, std::uint8_t value) {
  return value < N ? names[value] : std::string_view{};
}

template <class Enum, std::size_t N>
std::optional<Enum> Named(const std::array<std::string_view, N>& names, std::string_view name) {
  for (std::size_t k = 0; k < N; ++k) {
    if (names[k] == name) return static_cast<Enum>(k);
  }
  return std::nullopt;
}

void Key(Writer& w, std::string_view key) {
  w.Key(key.data(), static_cast<rapidjson::SizeType>(key.size()));
}

std::optional<rapidjson::Document> Parse(std::string_view json) {
  rapidjson::Document document;
  document.Parse(json.data(), json.size());
  if (document.HasParseError() || !document.IsObject()) return std::nullopt;
  return document;
}

// Field readers that fail (return false) on a missing or mistyped member.
bool ReadInt(const rapidjson::Value& object, const char* key, int& out) {
  const auto member = object.FindMember(key);
  if (member == object.MemberEnd() || !member->value.IsInt()) return false;
  out = member->value.GetInt();
  return true;
}
bool ReadBool(const rapidjson::Value& object, const char* key, bool& out) {
  const auto member = object.FindMember(key);
  if (member == object.MemberEnd() || !member->value.IsBool()) return false;
  out = member->value.GetBool();
  return true;
}
bool ReadDouble(const rapidjson::Value& object, const char* key, double& out) {
  const auto member = object.FindMember(key);
  if (member == object.MemberEnd() || !member->value.IsNumber()) return false;
  out = member->value.GetDouble();
  return true;
}
bool ReadString(const rapidjson::Value& object, const char* key, std::string_view& out) {
  const auto member = object.FindMember(key);
  if (member == object.MemberEnd() || !member->value.IsString()) return false;
  out = {member->value.GetString(), member->value.GetStringLength()};
  return true;
}
template <class Enum, std::size_t N>
bool ReadEnum(const rapidjson::Value& object, const char* key,
              const std::array<std::string_view, N>& names, Enum& out) {
  std::string_view name;
  if (!ReadString(object, key, name)) return false;
  const auto value = Named<Enum>(names, name);
  if (!value) return false;
  out = *value;
  return true;
}
bool ReadIntArray(const rapidjson::Value& object, const char* key, std::vector<int>& out) {
  const auto member = object.FindMember(key);
  if (member == object.MemberEnd() || !member->value.IsArray()) return false;
  for (const auto& item : member->value.GetArray()) {
    if (!item.IsInt()) return false;
    out.push_back(item.GetInt());
  }
  return true;
}

bool ReadAccounts(const rapidjson::Value& object, TournamentEvent& event) {
  std::string_view name;
  if (!ReadString(object, "name", name)) return false;
  event.name = std::string(name);
  const auto member = object.FindMember("accounts");
  if (member == object.MemberEnd() || !member->value.IsArray()) return false;
  for (const auto& item : member->value.GetArray()) {
    if (!item.IsInt64()) return false;
    event.accounts.push_back(item.GetInt64());
  }
  return true;
}

bool ReadNames(const rapidjson::Value& object, TournamentEvent& event) {
  const auto member = object.FindMember("names");
  if (member == object.MemberEnd() || !member->value.IsArray()) return false;
  for (const auto& item : member->value.GetArray()) {
    if (!item.IsString()) return false;
    event.names.emplace_back(item.GetString(), item.GetStringLength());
  }
  return true;
}

void WriteRound(Writer& w, const tournament::PublishedRound& round) {
  Key(w, "round");
  w.Int(round.round);
  Key(w, "by_hand");
  w.Bool(round.by_hand);
  Key(w, "byes");
  w.StartArray();
  for (const auto bye : round.byes) w.Int(bye);
  w.EndArray();
  Key(w, "tables");
  w.StartArray();
  for (const auto& table : round.tables) {
    w.StartObject();
    Key(w, "first");
    w.Int(table.pairing.first);
    Key(w, "second");
    w.Int(table.pairing.second);
    Key(w, "bracket_match");
    w.Int(table.bracket_match);
    w.EndObject();
  }
  w.EndArray();
}

bool ReadRound(const rapidjson::Value& object, tournament::PublishedRound& round) {
  if (!ReadInt(object, "round", round.round) || !ReadBool(object, "by_hand", round.by_hand) ||
      !ReadIntArray(object, "byes", round.byes)) {
    return false;
  }
  const auto tables = object.FindMember("tables");
  if (tables == object.MemberEnd() || !tables->value.IsArray()) return false;
  for (const auto& item : tables->value.GetArray()) {
    if (!item.IsObject()) return false;
    tournament::PublishedTable table;
    if (!ReadInt(item, "first", table.pairing.first) ||
        !ReadInt(item, "second", table.pairing.second) ||
        !ReadInt(item, "bracket_match", table.bracket_match)) {
      return false;
    }
    round.tables.push_back(table);
  }
  return true;
}

void WriteResult(Writer& w, int table, const tournament::MatchResult& result) {
  Key(w, "table");
  w.Int(table);
  Key(w, "round");
  w.Int(result.round);
  Key(w, "kind");
  json::WriteString(w, NameOf(kResultKinds, static_cast<std::uint8_t>(result.kind)));
  Key(w, "first");
  w.Int(result.first);
  Key(w, "second");
  if (result.second) {
    w.Int(*result.second);
  } else {
    w.Null();
  }
  Key(w, "winner");
  if (result.winner) {
    w.Int(*result.winner);
  } else {
    w.Null();
  }
  Key(w, "first_score");
  w.Int(result.first_score);
  Key(w, "second_score");
  w.Int(result.second_score);
}

bool ReadOptionalInt(const rapidjson::Value& object, const char* key, std::optional<int>& out) {
  const auto member = object.FindMember(key);
  if (member == object.MemberEnd()) return false;
  if (member->value.IsNull()) return true;
  if (!member->value.IsInt()) return false;
  out = member->value.GetInt();
  return true;
}

bool ReadResult(const rapidjson::Value& object, int& table, tournament::MatchResult& result) {
  return ReadInt(object, "table", table) && ReadInt(object, "round", result.round) &&
         ReadEnum(object, "kind", kResultKinds, result.kind) &&
         ReadInt(object, "first", result.first) &&
         ReadOptionalInt(object, "second", result.second) &&
         ReadOptionalInt(object, "winner", result.winner) &&
         ReadInt(object, "first_score", result.first_score) &&
         ReadInt(object, "second_score", result.second_score);
}

void WriteStrings(Writer& w, std::string_view key, const std::vector<std::string>& items) {
  Key(w, key);
  w.StartArray();
  for (const auto& item : items) json::WriteString(w, item);
  w.EndArray();
}

bool ReadStrings(const rapidjson::Value& object, const char* key, std::vector<std::string>& out) {
  const auto member = object.FindMember(key);
  if (member == object.MemberEnd() || !member->value.IsArray()) return false;
  for (const auto& item : member->value.GetArray()) {
    if (!item.IsString()) return false;
    out.emplace_back(item.GetString(), item.GetStringLength());
  }
  return true;
}

bool ReadInt64(const rapidjson::Value& object, const char* key, std::int64_t& out) {
  const auto member = object.FindMember(key);
  if (member == object.MemberEnd() || !member->value.IsInt64()) return false;
  out = member->value.GetInt64();
  return true;
}

void WritePlay(Writer& w, const tournament::TournamentPlay& play) {
  Key(w, "play");
  w.StartObject();
  Key(w, "preset");
  json::WriteString(w, play.preset);
  WriteStrings(w, "options", play.options);
  WriteStrings(w, "knockout_options", play.knockout_options);
  Key(w, "hands");
  w.Int(play.hands);
  Key(w, "players");
  w.Int(play.players);
  Key(w, "rated");
  w.Bool(play.rated);
  Key(w, "turn_clock_ms");
  w.Int(play.turn_clock_ms);
  Key(w, "round_time_limit_ms");
  w.Int64(play.round_time_limit_ms);
  Key(w, "no_show_grace_ms");
  w.Int64(play.no_show_grace_ms);
  Key(w, "bot_level");
  json::WriteString(w, play.bot_level);
  Key(w, "duplicate_deals");
  w.Int(play.duplicate_deals);
  Key(w, "knockout_hands");
  w.Int(play.knockout_hands);
  WriteStrings(w, "final_options", play.final_options);
  Key(w, "final_hands");
  w.Int(play.final_hands);
  w.EndObject();
}

bool ReadPlay(const rapidjson::Value& object, tournament::TournamentPlay& play) {
  if (!object.IsObject()) return false;
  std::string_view preset;
  std::string_view bot_level;
  if (!ReadString(object, "preset", preset) || !ReadStrings(object, "options", play.options) ||
      !ReadStrings(object, "knockout_options", play.knockout_options) ||
      !ReadInt(object, "hands", play.hands) || !ReadInt(object, "players", play.players) ||
      !ReadBool(object, "rated", play.rated) ||
      !ReadInt(object, "turn_clock_ms", play.turn_clock_ms) ||
      !ReadInt64(object, "round_time_limit_ms", play.round_time_limit_ms) ||
      !ReadInt64(object, "no_show_grace_ms", play.no_show_grace_ms) ||
      !ReadString(object, "bot_level", bot_level)) {
    return false;
  }
  play.preset = std::string(preset);
  play.bot_level = std::string(bot_level);
  // Optional: settings stored before duplicate deals were dealt have none.
  if (object.HasMember("duplicate_deals") &&
      !ReadInt(object, "duplicate_deals", play.duplicate_deals)) {
    return false;
  }
  // Optional: settings stored before each stage had its own unit have neither.
  if (object.HasMember("knockout_hands") &&
      !ReadInt(object, "knockout_hands", play.knockout_hands)) {
    return false;
  }
  if (object.HasMember("final_options") &&
      !ReadStrings(object, "final_options", play.final_options)) {
    return false;
  }
  if (object.HasMember("final_hands") && !ReadInt(object, "final_hands", play.final_hands)) {
    return false;
  }
  return true;
}

}  // namespace

std::string EncodeTournamentSettings(const tournament::TournamentConfig& config) {
  rapidjson::StringBuffer buffer;
  Writer w(buffer);
  w.StartObject();
  Key(w, "format");
  json::WriteString(w, NameOf(kFormats, static_cast<std::uint8_t>(config.format)));
  Key(w, "swiss_rounds");
  w.Int(config.swiss_rounds);
  Key(w, "round_robin_cycles");
  w.Int(config.round_robin_cycles);
  Key(w, "third_place_match");
  w.Bool(config.third_place_match);
  Key(w, "grand_final_reset");
  w.Bool(config.grand_final_reset);
  Key(w, "pool_count");
  w.Int(config.pool_count);
  Key(w, "pool_qualifiers");
  w.Int(config.pool_qualifiers);
  Key(w, "seeding");
  json::WriteString(w, NameOf(kSeedings, static_cast<std::uint8_t>(config.seeding)));
  Key(w, "bye");
  json::WriteString(w, NameOf(kByeScores, static_cast<std::uint8_t>(config.points.bye)));
  Key(w, "absent");
  json::WriteString(w, NameOf(kByeScores, static_cast<std::uint8_t>(config.points.absent)));
  Key(w, "tie_breaks");
  w.StartArray();
  for (const auto tie_break : config.tie_breaks)
    json::WriteString(w, tournament::Describe(tie_break).key);
  w.EndArray();
  Key(w, "late_entry_until_round");
  w.Int(config.late_entry_until_round);
  Key(w, "forbidden");
  w.StartArray();
  for (const auto& pair : config.forbidden) {
    w.StartArray();
    w.Int(pair.low);
    w.Int(pair.high);
    w.EndArray();
  }
  w.EndArray();
  WritePlay(w, config.play);
  w.EndObject();
  return buffer.GetString();
}

std::optional<tournament::TournamentConfig> DecodeTournamentSettings(std::string_view json,
                                                                     std::uint64_t seed) {
  const auto document = Parse(json);
  if (!document) return std::nullopt;
  tournament::TournamentConfig config;
  config.seed = seed;
  config.tie_breaks.clear();
  const auto& o = *document;
  if (!ReadEnum(o, "format", kFormats, config.format) ||
      !ReadInt(o, "swiss_rounds", config.swiss_rounds) ||
      !ReadInt(o, "round_robin_cycles", config.round_robin_cycles) ||
      !ReadBool(o, "third_place_match", config.third_place_match) ||
      !ReadBool(o, "grand_final_reset", config.grand_final_reset) ||
      !ReadInt(o, "pool_count", config.pool_count) ||
      !ReadInt(o, "pool_qualifiers", config.pool_qualifiers) ||
      !ReadEnum(o, "seeding", kSeedings, config.seeding) ||
      !ReadEnum(o, "bye", kByeScores, config.points.bye) ||
      !ReadEnum(o, "absent", kByeScores, config.points.absent)) {
    return std::nullopt;
  }
  const auto chain = o.FindMember("tie_breaks");
  if (chain == o.MemberEnd() || !chain->value.IsArray()) return std::nullopt;
  for (const auto& item : chain->value.GetArray()) {
    if (!item.IsString()) return std::nullopt;
    const auto tie_break = tournament::TieBreakFromKey({item.GetString(), item.GetStringLength()});
    if (!tie_break) return std::nullopt;
    config.tie_breaks.push_back(*tie_break);
  }
  if (!ReadInt(o, "late_entry_until_round", config.late_entry_until_round)) return std::nullopt;
  const auto forbidden = o.FindMember("forbidden");
  if (forbidden == o.MemberEnd() || !forbidden->value.IsArray()) return std::nullopt;
  for (const auto& item : forbidden->value.GetArray()) {
    if (!item.IsArray() || item.Size() != 2 || !item[0].IsInt() || !item[1].IsInt()) {
      return std::nullopt;
    }
    config.forbidden.insert(tournament::EntrantPair::Of(item[0].GetInt(), item[1].GetInt()));
  }
  // Events stored before the server ran rounds have no "play": the defaults.
  const auto play = o.FindMember("play");
  if (play != o.MemberEnd() && !ReadPlay(play->value, config.play)) return std::nullopt;
  return config;
}

std::string_view FormatName(Format format) {
  return NameOf(kFormats, static_cast<std::uint8_t>(format));
}
std::optional<Format> FormatNamed(std::string_view name) {
  return Named<Format>(kFormats, name);
}
std::string_view SeedingName(SeedingMethod seeding) {
  return NameOf(kSeedings, static_cast<std::uint8_t>(seeding));
}
std::optional<SeedingMethod> SeedingNamed(std::string_view name) {
  return Named<SeedingMethod>(kSeedings, name);
}
std::string_view ByeScoreName(ByeScore score) {
  return NameOf(kByeScores, static_cast<std::uint8_t>(score));
}
std::optional<ByeScore> ByeScoreNamed(std::string_view name) {
  return Named<ByeScore>(kByeScores, name);
}

std::string_view TournamentEventKind(TournamentEvent::Kind kind) {
  return NameOf(kEventKinds, static_cast<std::uint8_t>(kind));
}

std::string_view ResultKindName(tournament::ResultKind kind) {
  return NameOf(kResultKinds, static_cast<std::uint8_t>(kind));
}

std::string EncodeTournamentEvent(const TournamentEvent& event) {
  rapidjson::StringBuffer buffer;
  Writer w(buffer);
  w.StartObject();
  switch (event.kind) {
    case TournamentEvent::Kind::kEntrantAdded:
      Key(w, "entrant");
      w.Int(event.entrant);
      Key(w, "rating");
      w.Double(event.rating);
      Key(w, "manual_rank");
      w.Int(event.manual_rank);
      Key(w, "name");
      json::WriteString(w, event.name);
      Key(w, "accounts");
      w.StartArray();
      for (const auto account : event.accounts) w.Int64(account);
      w.EndArray();
      break;
    case TournamentEvent::Kind::kEntrantRemoved:
      Key(w, "entrant");
      w.Int(event.entrant);
      Key(w, "disqualified");
      w.Bool(event.disqualified);
      break;
    case TournamentEvent::Kind::kRoundPublished:
    case TournamentEvent::Kind::kRoundReplaced:
      WriteRound(w, event.round);
      break;
    case TournamentEvent::Kind::kResult:
      WriteResult(w, event.table, event.result);
      break;
    case TournamentEvent::Kind::kTableOpened:
    case TournamentEvent::Kind::kMatchStarted:
      Key(w, "round");
      w.Int(event.round_number);
      Key(w, "table");
      w.Int(event.table);
      if (event.kind == TournamentEvent::Kind::kTableOpened) {
        Key(w, "table_id");
        json::WriteString(w, event.table_id);
        Key(w, "table_number");
        w.Int64(event.table_number);
      } else {
        Key(w, "match_id");
        w.Int64(event.match_id);
      }
      break;
    case TournamentEvent::Kind::kPaused:
      Key(w, "reason");
      json::WriteString(w, event.reason);
      break;
    case TournamentEvent::Kind::kInvited:
    case TournamentEvent::Kind::kInvitationAnswered:
    case TournamentEvent::Kind::kCheckedIn:
      Key(w, "entrant");
      w.Int(event.entrant);
      Key(w, "name");
      json::WriteString(w, event.name);
      Key(w, "accounts");
      w.StartArray();
      for (const auto account : event.accounts) w.Int64(account);
      w.EndArray();
      Key(w, "names");
      w.StartArray();
      for (const auto& name : event.names) json::WriteString(w, name);
      w.EndArray();
      break;
    case TournamentEvent::Kind::kPairForbidden:
    case TournamentEvent::Kind::kPairAllowed:
      Key(w, "entrant");
      w.Int(event.entrant);
      Key(w, "other");
      w.Int(event.other);
      break;
    case TournamentEvent::Kind::kRanked:
      Key(w, "entrant");
      w.Int(event.entrant);
      Key(w, "manual_rank");
      w.Int(event.manual_rank);
      break;
    case TournamentEvent::Kind::kStarted:
    case TournamentEvent::Kind::kFinished:
    case TournamentEvent::Kind::kResumed:
      break;
  }
  w.EndObject();
  return buffer.GetString();
}

std::optional<TournamentEvent> DecodeTournamentEvent(std::string_view kind,
                                                     std::string_view payload) {
  const auto event_kind = Named<TournamentEvent::Kind>(kEventKinds, kind);
  const auto document = Parse(payload);
  if (!event_kind || !document) return std::nullopt;
  TournamentEvent event;
  event.kind = *event_kind;
  const auto& o = *document;
  bool ok = true;
  switch (event.kind) {
    case TournamentEvent::Kind::kEntrantAdded:
      ok = ReadInt(o, "entrant", event.entrant) && ReadDouble(o, "rating", event.rating) &&
           ReadInt(o, "manual_rank", event.manual_rank) && ReadAccounts(o, event);
      break;
    case TournamentEvent::Kind::kEntrantRemoved:
      ok = ReadInt(o, "entrant", event.entrant) && ReadBool(o, "disqualified", event.disqualified);
      break;
    case TournamentEvent::Kind::kRoundPublished:
    case TournamentEvent::Kind::kRoundReplaced:
      ok = ReadRound(o, event.round);
      break;
    case TournamentEvent::Kind::kResult:
      ok = ReadResult(o, event.table, event.result);
      break;
    case TournamentEvent::Kind::kTableOpened: {
      std::string_view table_id;
      ok = ReadInt(o, "round", event.round_number) && ReadInt(o, "table", event.table) &&
           ReadString(o, "table_id", table_id) && ReadInt64(o, "table_number", event.table_number);
      event.table_id = std::string(table_id);
      break;
    }
    case TournamentEvent::Kind::kMatchStarted:
      ok = ReadInt(o, "round", event.round_number) && ReadInt(o, "table", event.table) &&
           ReadInt64(o, "match_id", event.match_id);
      break;
    case TournamentEvent::Kind::kPaused: {
      std::string_view reason;
      ok = ReadString(o, "reason", reason);
      event.reason = std::string(reason);
      break;
    }
    case TournamentEvent::Kind::kInvited:
    case TournamentEvent::Kind::kInvitationAnswered:
    case TournamentEvent::Kind::kCheckedIn:
      ok = ReadInt(o, "entrant", event.entrant) && ReadAccounts(o, event) && ReadNames(o, event);
      break;
    case TournamentEvent::Kind::kPairForbidden:
    case TournamentEvent::Kind::kPairAllowed:
      ok = ReadInt(o, "entrant", event.entrant) && ReadInt(o, "other", event.other);
      break;
    case TournamentEvent::Kind::kRanked:
      ok = ReadInt(o, "entrant", event.entrant) && ReadInt(o, "manual_rank", event.manual_rank);
      break;
    case TournamentEvent::Kind::kStarted:
    case TournamentEvent::Kind::kFinished:
    case TournamentEvent::Kind::kResumed:
      break;
  }
  if (!ok) return std::nullopt;
  return event;
}

}  // namespace kafenio::server
