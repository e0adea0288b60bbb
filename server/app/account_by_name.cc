#include "server/app/account_by_name.h"

#include "server/names/player_name.h"

namespace kafenio::server {

std::optional<AccountRecord> FindAccountByTypedName(AccountStore& store, const std::string& typed) {
  const auto checked = names::CheckName(typed);
  if (!checked.ok()) return std::nullopt;
  // The exact name first: two accounts made before names had keys may share a key (the
  // later one's key carries its id), and each still signs in by its own name.
  if (auto exact = store.FindAccountByName(checked.name)) return exact;
  return store.FindAccountByNameKey(checked.key);
}

}  // namespace kafenio::server
