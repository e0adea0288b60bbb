#pragma once
// The admin console's actions (docs/admin.md): each takes the signed-in staff member and
// the request's JSON body, does the work, audits it, and answers JSON. Permissions are
// checked before (admin_routes.cc, one table); bad input is refused with 400 and changes
// nothing. Runs on the console's worker thread: storage reads and writes block there.
#include <rapidjson/document.h>

#include <string>

#include "server/app/admin/api_json.h"
#include "server/app/admin/metrics_window.h"
#include "server/app/admin/staff_auth.h"
#include "server/app/admin/staff_store.h"
#include "server/app/announcements.h"
#include "server/app/hub.h"

namespace kafenio::server::admin {

struct ApiAnswer {
  int status = 200;
  std::string json;
};

// The query of a GET, as name -> value.
using Query = std::map<std::string, std::string>;

// An answer whose JSON `fill` writes.
template <class Fill>
ApiAnswer Json(Fill&& fill, int status = 200) {
  rapidjson::StringBuffer buffer;
  json::Writer w(buffer);
  fill(w);
  return ApiAnswer{status, std::string(buffer.GetString(), buffer.GetSize())};
}

class Console {
 public:
  Console(Hub& hub, StaffStore& store) : hub_(hub), store_(store) {}

  // At start: the sanctions in force, into the game side's board.
  void LoadSanctions();
  // A clustered node's way to the other nodes' players, before serving; none: alone.
  void SetAnnouncements(Announcements* elsewhere) { elsewhere_ = elsewhere; }
  // Shows an announcement to every signed-in connection of this node; returns how many.
  int ShowAnnouncement(const std::string& text, std::int64_t sent_ms);

  ApiAnswer Me(const StaffMember& who, const std::string& csrf);
  // `limiter_keys`: the names and addresses the sign-in limiter tracks (StaffAuth).
  ApiAnswer Dashboard(const StaffMember& who, std::size_t limiter_keys);
  ApiAnswer Tables(const StaffMember& who, const Query& query);
  // "pause", "resume" or "close".
  ApiAnswer TableAction(const StaffMember& who, const std::string& table_id,
                        const std::string& action, const rapidjson::Value& body);
  // Removes a player from a table: a bot holds the seat, the match goes on.
  ApiAnswer Kick(const StaffMember& who, const std::string& table_id, const rapidjson::Value& body);
  ApiAnswer SearchPlayers(const StaffMember& who, const Query& query);
  ApiAnswer Player(const StaffMember& who, const std::string& id);
  // "ban" or "mute".
  ApiAnswer Sanction(const StaffMember& who, const std::string& id, const std::string& kind,
                     const rapidjson::Value& body);
  ApiAnswer LiftSanction(const StaffMember& who, const std::string& id,
                         const rapidjson::Value& body);
  ApiAnswer RevokeSessions(const StaffMember& who, const std::string& id,
                           const rapidjson::Value& body);
  ApiAnswer RenamePlayer(const StaffMember& who, const std::string& id,
                         const rapidjson::Value& body);
  ApiAnswer AuditLog(const StaffMember& who, const Query& query);
  // Walks the chain, and checks it against the anchor the body gives (`expect`: "ID:HASH",
  // the head the console last showed) and the newest entry this server has seen durable.
  ApiAnswer VerifyAudit(const StaffMember& who, const rapidjson::Value& body);
  // The role table refused the call: audited ("refused"), then answered 403.
  ApiAnswer RoleRefused(const StaffMember& who, const std::string& call, Permission permission,
                        const rapidjson::Value& body);
  ApiAnswer Announce(const StaffMember& who, const rapidjson::Value& body);
  ApiAnswer Staff(const StaffMember& who);
  ApiAnswer CreateStaff(const StaffMember& who, const rapidjson::Value& body);
  // "role" (and scope), "disable", "enable", "reset-totp" or "password" (another member's:
  // a new one, their sessions end) (staff_console.cc).
  ApiAnswer ChangeStaff(const StaffMember& who, const std::string& id, const std::string& change,
                        const rapidjson::Value& body);
  // What a spectator of the table sees now (table_watch.cc).
  ApiAnswer WatchTable(const StaffMember& who, const std::string& table_id);
  // Every seat's view, hidden hands included; each look audited (table_watch.cc).
  ApiAnswer RevealHands(const StaffMember& who, const std::string& table_id,
                        const rapidjson::Value& body);
  // Voids a live or finished match: never rated, or its rating changes replayed away
  // (match_void.cc).
  ApiAnswer VoidMatch(const StaffMember& who, const std::string& match_id,
                      const rapidjson::Value& body);
  // Players' reports (report_queue.cc): the queue with its evidence, a claim, and a
  // resolution (mute, ban, rename through the actions above, or dismiss) with a note.
  ApiAnswer Reports(const StaffMember& who, const Query& query);
  ApiAnswer ClaimReport(const StaffMember& who, const std::string& report_id);
  ApiAnswer ResolveReport(const StaffMember& who, const std::string& report_id,
                          const rapidjson::Value& body);
  // Tournaments (tournament_console.cc): the events in the staff member's scope, one event
  // in full, and the director's actions on it (start, pause, resume, add_entrant, add_bot,
  // remove_entrant, disqualify, replace_round, end_early), each audited.
  ApiAnswer Tournaments(const StaffMember& who, const Query& query);
  ApiAnswer Tournament(const StaffMember& who, const std::string& tournament_id);
  ApiAnswer DirectTournament(const StaffMember& who, const std::string& tournament_id,
                             const rapidjson::Value& body);

 private:
  Hub& hub_;
  StaffStore& store_;
  MetricsWindow window_;  // the dashboard's rates
  Announcements* elsewhere_ = nullptr;
};

// A JSON error body: {"error": message}.
ApiAnswer ApiError(int status, const std::string& message);

}  // namespace kafenio::server::admin
