#include "server/app/admin/player_recheck.h"

#include "server/log/log.h"

namespace kafenio::server::admin {

void PlayerRecheck::Account(std::int64_t account_id, bool renamed) {
  const std::int64_t now = store_.clock().NowMs();
  std::vector<storage::Sanction> sanctions;
  store_.Read([&](storage::StaffSql& sql) { sanctions = sql.SanctionsOf(account_id); });
  std::erase_if(sanctions, [now](const storage::Sanction& s) { return !s.ActiveAt(now); });
  hub_.sanctions().LoadAccount(account_id, sanctions);
  if (renamed) {
    const int closed = hub_.sanctions().DisconnectAll(account_id);
    if (closed > 0)
      log::info("cluster: player {} renamed: {} connections closed", account_id, closed);
  }
  Enforce(account_id, hub_.sessions().SessionsOf(account_id), now);
}

void PlayerRecheck::Everyone() {
  const std::int64_t now = store_.clock().NowMs();
  std::vector<storage::Sanction> active;
  store_.Read([&](storage::StaffSql& sql) { active = sql.ActiveSanctions(now); });
  hub_.sanctions().Load(std::move(active));
  for (const std::int64_t account : hub_.sanctions().ConnectedAccounts()) Enforce(account, {}, now);
  Enforce(0, hub_.sessions().AllSessions(), now);
}

void PlayerRecheck::Enforce(std::int64_t account_id, const std::vector<std::string>& sessions,
                            std::int64_t now_ms) {
  if (account_id > 0 && hub_.sanctions().InForce(account_id, "ban", now_ms)) {
    const int closed = hub_.sanctions().DisconnectAll(account_id);
    if (closed > 0)
      log::info("cluster: player {} banned: {} connections closed", account_id, closed);
  }
  std::vector<std::string> gone;
  for (const std::string& session : sessions) {
    if (!hub_.account_store().FindSession(session, now_ms)) gone.push_back(session);
  }
  if (!gone.empty()) hub_.sessions().SignOut(gone, 0);
}

}  // namespace kafenio::server::admin
