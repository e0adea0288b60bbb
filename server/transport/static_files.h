#pragma once
// Files under the web root, for GET requests. Paths that climb out of the root (".."),
// hidden files and anything that is not a regular file are refused.
#include <optional>
#include <string>

namespace kafenio::server {

struct StaticFile {
  std::string body;
  std::string content_type;
};

// `target` is the request target ("/", "/app.js?v=2"); "/" and folders mean index.html.
std::optional<StaticFile> LoadStaticFile(const std::string& root, const std::string& target);

}  // namespace kafenio::server
