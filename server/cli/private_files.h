#pragma once
// The files the server writes hold what must stay secret on a shared machine: the database
// (the seeds of hands still in play), its WAL and SHM files, backups and the server secret.
// docs/security.md, "Local users".
#include <string>

namespace kafenio::cli {

// Every file and folder this process creates from now on is owner-only (umask 077),
// whatever the umask it was started with: SQLite, the secret and backups all inherit it.
void KeepNewFilesPrivate();

// Why the file at `path` may not be used: other users of the machine can read or write it
// (with the chmod that fixes it). Empty when it is owner-only or does not exist yet.
std::string SharedFileProblem(const std::string& path, const std::string& what);

}  // namespace kafenio::cli
