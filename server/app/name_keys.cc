#include "server/app/name_keys.h"

#include <future>
#include <memory>
#include <string>

#include "server/names/player_name.h"
#include "server/storage/storage_error.h"

namespace kafenio::server {
namespace {

// A guest's name is "name#tag": the key of the name, then the tag, as new guests get.
std::string KeyOfStoredName(const std::string& name) {
  const auto hash = name.rfind('#');
  if (hash == std::string::npos) return names::NameKey(name);
  return names::NameKey(name.substr(0, hash)) + name.substr(hash);
}

}  // namespace

int FillInNameKeys(storage::Storage& storage) {
  auto filled = std::make_shared<int>(0);
  std::promise<storage::WriteStatus> written;
  storage.Enqueue(
      [filled](storage::WriteTransaction& tx) {
        for (const storage::Account& account : tx.AccountsWithoutNameKey()) {
          const std::string key = KeyOfStoredName(account.name);
          if (!tx.SetNameKeyIfFree(account.id, key)) {
            tx.SetNameKeyIfFree(account.id, key + "#" + std::to_string(account.id));
          }
          ++*filled;
        }
      },
      [&written](const storage::WriteStatus& status) { written.set_value(status); });
  const storage::WriteStatus status = written.get_future().get();
  if (!status.ok()) throw storage::StorageError("filling in name keys: " + status.error);
  return *filled;
}

}  // namespace kafenio::server
