#pragma once
// Players' reports and the chat lines they point at (migration 0016, docs/admin.md
// "Reports").
#include <cstdint>
#include <optional>
#include <string>

namespace kafenio::storage {

// One kept chat line of a table.
struct ChatLine {
  std::int64_t id = 0;
  std::string table_id;  // the table's public id
  std::int64_t account_id = 0;
  std::string name;
  std::string text;
  std::int64_t sent_ms = 0;
};

struct PlayerReport {
  std::int64_t id = 0;
  std::int64_t reporter_id = 0;
  std::int64_t reported_id = 0;
  std::optional<std::int64_t> chat_line_id;
  std::string table_id;
  std::string category;
  std::string text;
  std::string evidence;  // JSON array of the chat lines around it at the time
  std::int64_t created_ms = 0;
  std::string state;  // "open", "claimed", "resolved"
  std::optional<std::string> claimed_by;
  std::optional<std::int64_t> claimed_ms;
  std::optional<std::string> resolved_by;
  std::optional<std::int64_t> resolved_ms;
  std::optional<std::string> action;  // "mute", "ban", "rename", "dismiss"
  std::optional<std::string> note;
  // For the console (joined from accounts, not stored in the row).
  std::string reporter_name;
  std::string reported_name;
};

}  // namespace kafenio::storage
