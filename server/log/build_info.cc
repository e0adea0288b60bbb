#include "server/log/build_info.h"

namespace kafenio {

std::string_view Version() {
  return KAFENIO_VERSION;
}
std::string_view Commit() {
  return KAFENIO_COMMIT;
}

std::string_view Compiler() {
#if defined(__clang__)
  return "Clang " __clang_version__;
#elif defined(__GNUC__)
  return "GCC " __VERSION__;
#else
  return "unknown";
#endif
}

}  // namespace kafenio
