#include "server/log/line_format.h"

#include <fmt/chrono.h>
#include <fmt/format.h>

#include <chrono>
#include <vector>

namespace kafenio::log {
namespace {

constexpr char kFieldMark = '\x1f';
constexpr char kValueMark = '\x1e';

void AppendClean(std::string& out, std::string_view text) {
  for (const char c : text) {
    out.push_back(static_cast<unsigned char>(c) < 0x20 ? ' ' : c);
  }
}

struct Parsed {
  std::string_view key;
  std::string_view value;
  bool number;
};

// The message and its fields, as PackFields joined them.
std::string_view Unpack(std::string_view payload, std::vector<Parsed>& fields) {
  const auto first = payload.find(kFieldMark);
  const std::string_view message = payload.substr(0, first);
  std::size_t at = first;
  while (at != std::string_view::npos && at + 1 < payload.size()) {
    const auto next = payload.find(kFieldMark, at + 1);
    const std::string_view field =
        payload.substr(at + 1, next == payload.npos ? next : next - at - 1);
    const auto mark = field.find(kValueMark);
    if (!field.empty() && mark != std::string_view::npos) {
      fields.push_back({field.substr(1, mark - 1), field.substr(mark + 1), field[0] == 'n'});
    }
    at = next;
  }
  return message;
}

void AppendTime(const spdlog::details::log_msg& line, spdlog::memory_buf_t& out) {
  const auto seconds = std::chrono::time_point_cast<std::chrono::seconds>(line.time);
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(line.time - seconds);
  // UTC, whatever the machine's time zone: lines from several machines sort together.
  fmt::format_to(std::back_inserter(out), "{:%Y-%m-%dT%H:%M:%S}.{:03}Z",
                 fmt::gmtime(std::chrono::system_clock::to_time_t(seconds)), ms.count());
}

void AppendJsonString(std::string_view text, spdlog::memory_buf_t& out) {
  out.push_back('"');
  for (const char c : text) {
    switch (c) {
      case '"':
        out.append(std::string_view("\\\""));
        break;
      case '\\':
        out.append(std::string_view("\\\\"));
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          fmt::format_to(std::back_inserter(out), "\\u{:04x}", static_cast<int>(c));
        } else {
          out.push_back(c);
        }
    }
  }
  out.push_back('"');
}

// {"time":"...Z","level":"info","msg":"...","key":value,...}
class JsonLineFormatter final : public spdlog::formatter {
 public:
  void format(const spdlog::details::log_msg& line, spdlog::memory_buf_t& out) override {
    std::vector<Parsed> fields;
    const std::string_view payload(line.payload.data(), line.payload.size());
    const std::string_view message = Unpack(payload, fields);
    out.append(std::string_view("{\"time\":\""));
    AppendTime(line, out);
    out.append(std::string_view("\",\"level\":"));
    AppendJsonString(LevelName(line.level), out);
    out.append(std::string_view(",\"msg\":"));
    AppendJsonString(message, out);
    for (const Parsed& field : fields) {
      out.push_back(',');
      AppendJsonString(field.key, out);
      out.push_back(':');
      if (field.number) {
        out.append(field.value);
      } else {
        AppendJsonString(field.value, out);
      }
    }
    out.append(std::string_view("}\n"));
  }
  std::unique_ptr<spdlog::formatter> clone() const override {
    return std::make_unique<JsonLineFormatter>();
  }
  static std::string_view LevelName(spdlog::level::level_enum level) {
    switch (level) {
      case spdlog::level::trace:
        return "trace";
      case spdlog::level::debug:
        return "debug";
      case spdlog::level::info:
        return "info";
      case spdlog::level::warn:
        return "warn";
      case spdlog::level::err:
        return "error";
      case spdlog::level::critical:
        return "critical";
      default:
        return "off";
    }
  }
};

// TIME LEVEL message key=value key="value with spaces"
class TextLineFormatter final : public spdlog::formatter {
 public:
  void format(const spdlog::details::log_msg& line, spdlog::memory_buf_t& out) override {
    std::vector<Parsed> fields;
    const std::string_view payload(line.payload.data(), line.payload.size());
    const std::string_view message = Unpack(payload, fields);
    AppendTime(line, out);
    out.push_back(' ');
    out.append(JsonLineFormatter::LevelName(line.level));
    out.push_back(' ');
    out.append(message);
    for (const Parsed& field : fields) {
      out.push_back(' ');
      out.append(field.key);
      out.push_back('=');
      const bool plain =
          !field.value.empty() && field.value.find_first_of(" \"=\\") == std::string_view::npos;
      if (plain) {
        out.append(field.value);
      } else {
        AppendJsonString(field.value, out);
      }
    }
    out.push_back('\n');
  }
  std::unique_ptr<spdlog::formatter> clone() const override {
    return std::make_unique<TextLineFormatter>();
  }
};

}  // namespace

std::string PackFields(std::string_view message, const Field* begin, const Field* end) {
  std::string packed;
  AppendClean(packed, message);
  for (const Field* field_at = begin; field_at != end; ++field_at) {
    const Field& field = *field_at;
    packed.push_back(kFieldMark);
    packed.push_back(field.number ? 'n' : 's');
    AppendClean(packed, field.key);
    packed.push_back(kValueMark);
    AppendClean(packed, field.value);
  }
  return packed;
}

std::unique_ptr<spdlog::formatter> MakeLineFormatter(Format format) {
  if (format == Format::kText) return std::make_unique<TextLineFormatter>();
  return std::make_unique<JsonLineFormatter>();
}

}  // namespace kafenio::log
