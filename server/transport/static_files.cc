#include "server/transport/static_files.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <sstream>

namespace kafenio::server {
namespace {

std::string ContentType(const std::filesystem::path& path) {
  const std::string ext = path.extension().string();
  if (ext == ".html") return "text/html; charset=utf-8";
  if (ext == ".js" || ext == ".mjs") return "text/javascript; charset=utf-8";
  if (ext == ".css") return "text/css; charset=utf-8";
  if (ext == ".svg") return "image/svg+xml";
  if (ext == ".json") return "application/json";
  if (ext == ".png") return "image/png";
  if (ext == ".ico") return "image/x-icon";
  if (ext == ".txt" || ext == ".md") return "text/plain; charset=utf-8";
  return "application/octet-stream";
}

// Whether `path` is `root` or lies under it (both canonical: no links, no "..").
bool IsInside(const std::filesystem::path& path, const std::filesystem::path& root) {
  return std::mismatch(root.begin(), root.end(), path.begin(), path.end()).first == root.end();
}

// The whole of a regular file, read through one descriptor: what was checked is what is
// read, even if the name is swapped for a link in between (O_NOFOLLOW, then fstat); a
// FIFO is opened without waiting (O_NONBLOCK) and then refused.
std::optional<std::string> ReadRegularFile(const std::filesystem::path& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return std::nullopt;
  std::optional<std::string> out;
  struct stat info {};
  if (::fstat(fd, &info) == 0 && S_ISREG(info.st_mode)) {
    std::string body;
    char buffer[1 << 14];
    ssize_t got = 0;
    while ((got = ::read(fd, buffer, sizeof buffer)) > 0) body.append(buffer, got);
    if (got == 0) out = std::move(body);
  }
  ::close(fd);
  return out;
}

}  // namespace

std::optional<StaticFile> LoadStaticFile(const std::string& root, const std::string& target) {
  std::string path = target.substr(0, target.find_first_of("?#"));
  if (path.empty() || path.front() != '/') return std::nullopt;
  std::filesystem::path relative;
  std::stringstream parts(path.substr(1));
  std::string part;
  while (std::getline(parts, part, '/')) {
    if (part.empty()) continue;
    if (part.front() == '.' || part.find_first_of(std::string("\\%\0", 3)) != std::string::npos) {
      return std::nullopt;
    }
    relative /= part;
  }
  std::error_code ec;
  // Only regular files that resolve inside the web root: a link inside the root that
  // points out of it (at the database, the server secret) serves nothing.
  const auto canonical_root = std::filesystem::canonical(root, ec);
  if (ec) return std::nullopt;
  std::filesystem::path full = std::filesystem::canonical(canonical_root / relative, ec);
  if (ec || !IsInside(full, canonical_root)) return std::nullopt;
  if (std::filesystem::is_directory(full, ec)) {
    full = std::filesystem::canonical(full / "index.html", ec);
    if (ec || !IsInside(full, canonical_root)) return std::nullopt;
  }
  auto body = ReadRegularFile(full);
  if (!body) return std::nullopt;
  return StaticFile{std::move(*body), ContentType(full)};
}

}  // namespace kafenio::server
