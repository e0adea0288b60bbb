#include "server/transport/static_files.h"

#include <filesystem>
#include <fstream>
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

}  // namespace

std::optional<StaticFile> LoadStaticFile(const std::string& root, const std::string& target) {
  std::string path = target.substr(0, target.find_first_of("?#"));
  if (path.empty() || path.front() != '/') return std::nullopt;
  std::filesystem::path relative;
  std::stringstream parts(path.substr(1));
  std::string part;
  while (std::getline(parts, part, '/')) {
    if (part.empty()) continue;
    if (part.front() == '.' || part.find('\\') != std::string::npos ||
        part.find('%') != std::string::npos) {
      return std::nullopt;
    }
    relative /= part;
  }
  std::filesystem::path full = std::filesystem::path(root) / relative;
  std::error_code ec;
  if (std::filesystem::is_directory(full, ec)) full /= "index.html";
  if (!std::filesystem::is_regular_file(full, ec)) return std::nullopt;
  std::ifstream in(full, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream body;
  body << in.rdbuf();
  return StaticFile{body.str(), ContentType(full)};
}

}  // namespace kafenio::server
