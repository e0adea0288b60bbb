#include "server/app/tournament/standings_export.h"

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <cstdio>
#include <optional>

#include "proto/json_runtime.h"
#include "server/app/tournament/tournament_log_codec.h"

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

// One line of the results: a table of a round, or a bye (no second entrant, no table).
struct ResultLine {
  int round = 0;
  int table = 0;      // 1-based; 0 for a bye
  std::string label;  // knockouts: "Final", "Semi-final 1", ...
  tournament::EntrantId first = 0;
  tournament::EntrantId second = 0;
  std::string result;  // played, forfeit, bye; "" while being played
  tournament::EntrantId winner = 0;
  int first_score = 0;
  int second_score = 0;
  std::int64_t match_id = 0;
};

std::vector<ResultLine> ResultLines(const tournament::TournamentState& state) {
  const auto knockout = tournament::CurrentKnockout(state);
  std::vector<ResultLine> lines;
  for (const auto& round : state.rounds) {
    for (std::size_t t = 0; t < round.tables.size(); ++t) {
      const auto& table = round.tables[t];
      ResultLine line;
      line.round = round.round;
      line.table = static_cast<int>(t) + 1;
      if (knockout && table.bracket_match >= 0 &&
          table.bracket_match < static_cast<int>(knockout->bracket.matches.size())) {
        line.label = tournament::MatchLabel(knockout->bracket,
                                            knockout->bracket.matches[table.bracket_match]);
      }
      line.first = table.pairing.first;
      line.second = table.pairing.second;
      line.match_id = table.match_id;
      if (table.result) {
        line.result = std::string(ResultKindName(table.result->kind));
        line.winner = table.result->winner.value_or(0);
        line.first_score = table.result->first_score;
        line.second_score = table.result->second_score;
      }
      lines.push_back(std::move(line));
    }
    for (const auto bye : round.byes) {
      ResultLine line;
      line.round = round.round;
      line.first = bye;
      line.result = "bye";
      line.winner = bye;
      lines.push_back(std::move(line));
    }
  }
  return lines;
}

}  // namespace

std::string ResultsCsv(const tournament::TournamentState& state) {
  std::string csv =
      "round,table,match,first,first_name,second,second_name,result,winner,first_score,"
      "second_score,match_id\r\n";
  for (const auto& line : ResultLines(state)) {
    const std::string fields[] = {
        std::to_string(line.round),
        line.table ? std::to_string(line.table) : "",
        CsvField(line.label),
        std::to_string(line.first),
        CsvField(NameOf(state, line.first)),
        line.second ? std::to_string(line.second) : "",
        line.second ? CsvField(NameOf(state, line.second)) : "",
        line.result,
        line.winner ? std::to_string(line.winner) : "",
        line.result.empty() || line.result == "bye" ? "" : std::to_string(line.first_score),
        line.result.empty() || line.result == "bye" ? "" : std::to_string(line.second_score),
        line.match_id ? std::to_string(line.match_id) : ""};
    for (std::size_t f = 0; f < std::size(fields); ++f) {
      if (f) csv += ',';
      csv += fields[f];
    }
    csv += "\r\n";
  }
  return csv;
}

std::string ResultsJson(const tournament::TournamentState& state) {
  rapidjson::StringBuffer buffer;
  rapidjson::Writer<rapidjson::StringBuffer> w(buffer);
  // An entrant number, or null where there is none (a bye's opponent, a draw's winner).
  auto entrant = [&](tournament::EntrantId id) { id ? w.Int(id) : w.Null(); };
  w.StartObject();
  w.Key("results");
  w.StartArray();
  for (const auto& line : ResultLines(state)) {
    w.StartObject();
    w.Key("round");
    w.Int(line.round);
    w.Key("table");
    line.table ? w.Int(line.table) : w.Null();
    w.Key("match");
    json::WriteString(w, line.label);
    w.Key("first");
    entrant(line.first);
    w.Key("first_name");
    json::WriteString(w, NameOf(state, line.first));
    w.Key("second");
    entrant(line.second);
    w.Key("second_name");
    json::WriteString(w, line.second ? NameOf(state, line.second) : "");
    w.Key("result");
    json::WriteString(w, line.result);
    w.Key("winner");
    entrant(line.winner);
    w.Key("first_score");
    w.Int(line.first_score);
    w.Key("second_score");
    w.Int(line.second_score);
    w.Key("match_id");
    line.match_id ? w.Int64(line.match_id) : w.Null();
    w.EndObject();
  }
  w.EndArray();
  w.Key("finished");
  w.Bool(state.finished);
  w.EndObject();
  return buffer.GetString();
}

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
  w.StartObject();
  w.Key("columns");
  w.StartArray();
  for (const auto tie_break : state.config.tie_breaks) {
    const auto& info = tournament::Describe(tie_break);
    w.StartObject();
    w.Key("key");
    json::WriteString(w, info.key);
    w.Key("name");
    json::WriteString(w, info.name);
    w.Key("explanation");
    json::WriteString(w, info.explanation);
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
    json::WriteString(w, NameOf(state, row.id));
    w.Key("status");
    json::WriteString(w, StatusOf(state, row.id));
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
