#include "server/transport/request_target.h"

namespace kafenio::server {
namespace {

int FromHex(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::string Unescape(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '+') {
      out.push_back(' ');
    } else if (text[i] == '%' && i + 2 < text.size() && FromHex(text[i + 1]) >= 0 &&
               FromHex(text[i + 2]) >= 0) {
      out.push_back(static_cast<char>(FromHex(text[i + 1]) * 16 + FromHex(text[i + 2])));
      i += 2;
    } else {
      out.push_back(text[i]);
    }
  }
  return out;
}

}  // namespace

std::string_view TargetPath(std::string_view target) {
  return target.substr(0, target.find_first_of("?#"));
}

QueryParams ParseQuery(std::string_view target) {
  QueryParams query;
  const auto mark = target.find('?');
  if (mark == std::string_view::npos) return query;
  std::string_view rest = target.substr(mark + 1);
  rest = rest.substr(0, rest.find('#'));
  while (!rest.empty()) {
    const auto end = rest.find('&');
    const std::string_view pair = rest.substr(0, end);
    rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
    const auto eq = pair.find('=');
    if (eq == std::string_view::npos) continue;
    query[Unescape(pair.substr(0, eq))] = Unescape(pair.substr(eq + 1));
  }
  return query;
}

}  // namespace kafenio::server
