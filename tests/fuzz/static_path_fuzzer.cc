// libFuzzer target: the HTTP request target resolved against the web root
// (server/transport/static_files.cc). Any target: no crash, no sanitizer report, and
// nothing is ever served from outside the root (a file beside it holds a marker).
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "server/transport/static_files.h"

namespace {

std::string MakeRoot() {
  const auto base = std::filesystem::temp_directory_path() / "kafenio-fuzz-web";
  std::filesystem::create_directories(base / "root" / "pages");
  std::ofstream(base / "root" / "index.html") << "index";
  std::ofstream(base / "root" / "pages" / "a.html") << "page";
  std::ofstream(base / "outside.txt") << "OUTSIDE";
  std::error_code ignored;
  std::filesystem::create_symlink(base / "outside.txt", base / "root" / "link.txt", ignored);
  return (base / "root").string();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::string root = MakeRoot();
  const std::string target(reinterpret_cast<const char*>(data), size);
  const auto file = kafenio::server::LoadStaticFile(root, target);
  if (file && file->body.find("OUTSIDE") != std::string::npos) std::abort();
  return 0;
}
