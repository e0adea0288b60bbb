#include "server/cli/private_files.h"

#include <sys/stat.h>

#include <cstdio>

namespace kafenio::cli {

void KeepNewFilesPrivate() {
  ::umask(S_IRWXG | S_IRWXO);
}

std::string SharedFileProblem(const std::string& path, const std::string& what) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) return "";
  const unsigned mode = info.st_mode & 07777;
  if ((mode & (S_IRWXG | S_IRWXO)) == 0) return "";
  char octal[8];
  std::snprintf(octal, sizeof octal, "%04o", mode);
  return what + " " + path + " can be read or written by other users of this machine (mode " +
         octal + "); it must be owner-only: run chmod 600 '" + path + "'" +
         " (and the same for its -wal and -shm files), then start again";
}

}  // namespace kafenio::cli
