#include "server/app/player_report.h"

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <array>
#include <string_view>

namespace kafenio::server {
namespace {

constexpr std::array<std::string_view, 5> kCategories = {"abuse", "cheating", "spam", "name",
                                                         "other"};
constexpr std::size_t kMaxReportText = 500;

// The chat lines as a JSON array, the reported one marked: what the moderator reads.
std::string EvidenceJson(const std::vector<storage::ChatLine>& lines, std::int64_t reported_line) {
  rapidjson::StringBuffer buffer;
  rapidjson::Writer<rapidjson::StringBuffer> w(buffer);
  w.StartArray();
  for (const auto& line : lines) {
    w.StartObject();
    w.Key("line_id");
    w.Int64(line.id);
    w.Key("account_id");
    w.Int64(line.account_id);
    w.Key("name");
    w.String(line.name.c_str(), static_cast<rapidjson::SizeType>(line.name.size()));
    w.Key("text");
    w.String(line.text.c_str(), static_cast<rapidjson::SizeType>(line.text.size()));
    w.Key("sent_ms");
    w.Int64(line.sent_ms);
    w.Key("reported");
    w.Bool(line.id == reported_line);
    w.EndObject();
  }
  w.EndArray();
  return std::string(buffer.GetString(), buffer.GetSize());
}

ReportFiling Refused(v1::ErrorCode code, std::string message) {
  return ReportFiling{0, ReportRefusal{code, std::move(message)}};
}

}  // namespace

std::optional<ReportRefusal> CheckReportShape(const v1::ReportPlayer& request) {
  bool known = false;
  for (const auto category : kCategories) known = known || category == request.category();
  if (!known) {
    return ReportRefusal{v1::BAD_REPORT,
                         "a report's category is abuse, cheating, spam, name or other"};
  }
  if (request.text().size() > kMaxReportText) {
    return ReportRefusal{v1::BAD_REPORT, "a report's text holds at most 500 bytes"};
  }
  if (request.account_id() <= 0 && request.chat_line_id() <= 0) {
    return ReportRefusal{v1::BAD_REPORT, "name the player or the chat line you report"};
  }
  return std::nullopt;
}

ReportFiling FileReport(storage::StaffSql& sql, std::int64_t reporter_id,
                        const v1::ReportPlayer& request, std::int64_t now_ms,
                        const ReportLimits& limits) {
  if (auto refusal = CheckReportShape(request)) return ReportFiling{0, std::move(refusal)};
  storage::PlayerReport report;
  report.reporter_id = reporter_id;
  report.reported_id = request.account_id();
  report.table_id = request.table_id();
  report.category = request.category();
  report.text = request.text();
  report.created_ms = now_ms;
  report.state = "open";
  std::vector<storage::ChatLine> evidence;
  if (request.chat_line_id() > 0) {
    const auto line = sql.ChatLineById(request.chat_line_id());
    if (!line || (!report.table_id.empty() && line->table_id != report.table_id)) {
      return Refused(v1::UNKNOWN_CHAT_LINE,
                     "no chat line " + std::to_string(request.chat_line_id()) + " is kept");
    }
    if (report.reported_id > 0 && report.reported_id != line->account_id) {
      return Refused(v1::BAD_REPORT, "that chat line is not that player's");
    }
    report.reported_id = line->account_id;
    report.table_id = line->table_id;
    report.chat_line_id = line->id;
    evidence = sql.ChatAround(line->table_id, line->id, limits.lines_before, limits.lines_after);
  } else if (!report.table_id.empty()) {
    evidence = sql.ChatAround(report.table_id, 0, limits.lines_before, 0);
  }
  if (report.reported_id == reporter_id) {
    return Refused(v1::CANNOT_REPORT_SELF, "you cannot report yourself");
  }
  if (!sql.AccountName(report.reported_id)) {
    return Refused(v1::UNKNOWN_PLAYER, "no player " + std::to_string(report.reported_id));
  }
  if (sql.ReportsFiledSince(reporter_id, now_ms - limits.window_ms) >= limits.per_window) {
    return Refused(v1::REPORT_RATE_LIMITED, "you have sent " + std::to_string(limits.per_window) +
                                                " reports lately: try again later");
  }
  report.evidence = EvidenceJson(evidence, report.chat_line_id.value_or(0));
  return ReportFiling{sql.AddReport(report), std::nullopt};
}

}  // namespace kafenio::server
