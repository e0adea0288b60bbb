// A staff action on a player's sign-in sessions, apart from the rest of StaffSql: players'
// own sign-out (another branch) owns the sessions table's other writes.
#include "server/storage/postgres_staff_sql.h"

namespace kafenio::storage {

void PostgresStaffSql::RevokePlayerSessions(std::int64_t account_id) {
  db_.Run("DELETE FROM sessions WHERE account_id = $1", pg::Params().Add(account_id));
}

}  // namespace kafenio::storage
