#include "server/app/tournament/standings_export.h"

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <cstdio>

namespace kafenio::server {
namespace {

// Points and tie-breaks are multiples of 1/2 or whole card points: printed without
// trailing zeros (3, 2.5, -13).
std::string Number(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", value);
  return text;
}

// RFC 4180: a field with a comma, quote or line break is quoted, quotes doubled.
std::string CsvField(const std::string& text) {
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (const char c : text) {
    if (c == '"') quoted += '"';
    quoted += c;
  }
  return quoted + "\"";
}

std::string NameOf(const tournament::TournamentState& state, tournament::EntrantId id) {
  const auto* entrant = state.FindEntrant(id);
  return entrant ? entrant->name : std::string();
}

std::string StatusOf(const tournament::TournamentState& state, tournament::EntrantId id) {
  const auto* entrant = state.FindEntrant(id);
  if (!entrant) return "";
  switch (entrant->status) {
    case tournament::EntrantStatus::kRegistered:
      return "in";
    case tournament::EntrantStatus::kWithdrawn:
      return "withdrawn";
    case tournament::EntrantStatus::kDisqualified:
      return "disqualified";
  }
  return "";
}

}  // namespace

std::string StandingsCsv(const tournament::TournamentState& state) {
  std::string csv = "place,entrant,name,status";
  for (const auto tie_break : state.config.tie_breaks) {
    csv += ",";
    csv += tournament::Describe(tie_break).key;
  }
  csv += ",played,won,drawn,lost,byes\r\n";
  // Field by field (appending, not chains of operator+): one growing string.
  auto field = [&csv](const std::string& text) {
    csv += ',';
    csv += text;
  };
  for (const auto& row : tournament::CurrentStandings(state)) {
    csv += std::to_string(row.place);
    field(std::to_string(row.id));
    field(CsvField(NameOf(state, row.id)));
    field(StatusOf(state, row.id));
    for (const double value : row.values) field(Number(value));
    for (const int count : {row.played, row.wins, row.draws, row.losses, row.byes}) {
      field(std::to_string(count));
    }
    csv += "\r\n";
  }
  return csv;
}

std::string StandingsJson(const tournament::TournamentState& state) {
  rapidjson::StringBuffer buffer;
  rapidjson::Writer<rapidjson::StringBuffer> w(buffer);
  auto str = [&](const std::string_view text) {
    w.String(text.data(), static_cast<rapidjson::SizeType>(text.size()));
  };
  w.StartObject();
  w.Key("columns");
  w.StartArray();
  for (const auto tie_break : state.config.tie_breaks) {
    const auto& info = tournament::Describe(tie_break);
    w.StartObject();
    w.Key("key");
    str(info.key);
    w.Key("name");
    str(info.name);
    w.Key("explanation");
    str(info.explanation);
    w.EndObject();
  }
  w.EndArray();
  w.Key("rows");
  w.StartArray();
  for (const auto& row : tournament::CurrentStandings(state)) {
    w.StartObject();
    w.Key("place");
    w.Int(row.place);
    w.Key("entrant");
    w.Int(row.id);
    w.Key("name");
    str(NameOf(state, row.id));
    w.Key("status");
    str(StatusOf(state, row.id));
    w.Key("values");
    w.StartArray();
    for (const double value : row.values) w.Double(value);
    w.EndArray();
    w.Key("played");
    w.Int(row.played);
    w.Key("won");
    w.Int(row.wins);
    w.Key("drawn");
    w.Int(row.draws);
    w.Key("lost");
    w.Int(row.losses);
    w.Key("byes");
    w.Int(row.byes);
    w.EndObject();
  }
  w.EndArray();
  w.Key("finished");
  w.Bool(state.finished);
  w.EndObject();
  return buffer.GetString();
}

}  // namespace kafenio::server
