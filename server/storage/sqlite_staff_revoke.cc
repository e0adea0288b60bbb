// A staff action on a player's sign-in sessions, apart from the rest of StaffSql: players'
// own sign-out (another branch) owns the sessions table's other writes.
#include "server/storage/sqlite_staff_sql.h"

namespace kafenio::storage {

void SqliteStaffSql::RevokePlayerSessions(std::int64_t account_id) {
  db_.Prepare("DELETE FROM sessions WHERE account_id = ?").Bind(1, account_id).Run();
}

}  // namespace kafenio::storage
