#pragma once
// A player's report of another player or of one chat line (docs/protocol.md "Reporting a
// player"), checked and stored inside one write transaction: the rate limit counts the
// stored reports, so it holds across restarts and nodes, and the evidence (the chat around
// the line) is copied at the time of the report.
#include <cstdint>
#include <optional>
#include <string>

#include "kafenio/v1/kafenio.pb.h"
#include "server/storage/staff_sql.h"

namespace kafenio::server {

// Reports an account may file in a window; a chat line's context kept as evidence.
struct ReportLimits {
  int per_window = 5;
  std::int64_t window_ms = 10 * 60 * 1000;
  int lines_before = 10;
  int lines_after = 5;
};

// How many lines of each table's chat are kept (migration 0016).
constexpr int kKeptChatLines = 200;

struct ReportRefusal {
  v1::ErrorCode code;
  std::string message;
};

// What can be checked without storage: the category and the text.
std::optional<ReportRefusal> CheckReportShape(const v1::ReportPlayer& request);

// Stores the report (or refuses it, storing nothing); returns its id or the refusal.
struct ReportFiling {
  std::int64_t report_id = 0;
  std::optional<ReportRefusal> refusal;
};
ReportFiling FileReport(storage::StaffSql& sql, std::int64_t reporter_id,
                        const v1::ReportPlayer& request, std::int64_t now_ms,
                        const ReportLimits& limits = {});

}  // namespace kafenio::server
