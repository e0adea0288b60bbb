#pragma once
// The account a typed name means, as sign-in reads it (docs/security.md, "Names"): the
// exact name first, else the name's key (case and lookalikes ignored), so "γιώργος" finds
// "Γιώργος". Shared by sign-in and the admin console's table filter. Blocks (storage).
#include <optional>
#include <string>

#include "server/storage/account_store.h"

namespace kafenio::server {

std::optional<AccountRecord> FindAccountByTypedName(AccountStore& store, const std::string& typed);

}  // namespace kafenio::server
