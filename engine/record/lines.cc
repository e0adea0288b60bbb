#include "engine/record/lines.h"

#include <charconv>

namespace kafenio::record {

std::vector<Line> SplitLines(std::string_view text) {
  std::vector<Line> lines;
  int number = 0;
  while (!text.empty() || number == 0) {
    ++number;
    auto end = text.find('\n');
    std::string_view raw = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
    if (auto hash = raw.find('#'); hash != std::string_view::npos) raw = raw.substr(0, hash);
    Line line{number, {}};
    std::size_t at = 0;
    while (at < raw.size()) {
      while (at < raw.size() && (raw[at] == ' ' || raw[at] == '\t' || raw[at] == '\r')) ++at;
      std::size_t start = at;
      while (at < raw.size() && raw[at] != ' ' && raw[at] != '\t' && raw[at] != '\r') ++at;
      if (at > start) line.tokens.push_back(raw.substr(start, at - start));
    }
    if (!line.tokens.empty()) lines.push_back(std::move(line));
    if (end == std::string_view::npos) break;
  }
  return lines;
}

bool ParseInt(std::string_view token, long long& out) {
  if (token.empty()) return false;
  auto [ptr, ec] = std::from_chars(token.data(), token.data() + token.size(), out);
  return ec == std::errc{} && ptr == token.data() + token.size();
}

bool ParseUnsigned64(std::string_view token, unsigned long long& out) {
  if (token.empty() || token[0] == '-' || token[0] == '+') return false;
  auto [ptr, ec] = std::from_chars(token.data(), token.data() + token.size(), out);
  return ec == std::errc{} && ptr == token.data() + token.size();
}

}  // namespace kafenio::record
