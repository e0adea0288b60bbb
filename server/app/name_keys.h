#pragma once
// Fills in the name key (server/names/player_name.h) of accounts made before migration
// 0012 gave names keys: SQL cannot compute a confusable skeleton, so the server does it
// once, at start-up, before it serves anyone.
#include "server/storage/storage.h"

namespace kafenio::server {

// Returns how many accounts got a key. Two old accounts whose names now share a key (say
// "Bob1" and "Bobl") both keep their names; the later one's key carries its id, so it
// stays unique, and each still signs in by its exact name. Throws StorageError.
int FillInNameKeys(storage::Storage& storage);

}  // namespace kafenio::server
