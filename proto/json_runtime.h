#pragma once
// What the generated JSON readers and writers (protoc-gen-kafenio-json) share: RapidJSON's
// writer and DOM, and the Protobuf JSON mapping of each scalar (64-bit integers as strings,
// enums by name, both accepted either way when read), with a readable error that names
// the field where reading stopped.
#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "json_parse.h"

namespace kafenio::json {

using Writer = rapidjson::Writer<rapidjson::StringBuffer>;

// Where reading stopped, and why.
struct ReadStatus {
  std::string error;
  std::vector<std::string_view> path;  // field names from the top

  bool Fail(std::string why) {
    std::string where;
    for (std::string_view name : path) {
      if (!where.empty()) where += '.';
      where += name;
    }
    error = where.empty() ? why : where + ": " + why;
    return false;
  }
};

// Keeps ReadStatus::path in step with the fields being read.
class ReadScope {
 public:
  explicit ReadScope(ReadStatus& status) : status_(status), depth_(status.path.size()) {}
  ~ReadScope() { status_.path.resize(depth_); }
  void Enter(std::string_view field) { status_.path.push_back(field); }
  void Leave() { status_.path.pop_back(); }

 private:
  ReadStatus& status_;
  std::size_t depth_;
};

// ---- Writing ----------------------------------------------------------------------------

inline void WriteInt32(Writer& w, std::int32_t v) {
  w.Int(v);
}
inline void WriteUint32(Writer& w, std::uint32_t v) {
  w.Uint(v);
}
template <class Integer>
void WriteQuoted(Writer& w, Integer v) {
  char digits[24];
  const auto end = std::to_chars(digits, digits + sizeof digits, v).ptr;
  w.String(digits, static_cast<rapidjson::SizeType>(end - digits));
}
inline void WriteInt64(Writer& w, std::int64_t v) {
  WriteQuoted(w, v);
}
inline void WriteUint64(Writer& w, std::uint64_t v) {
  WriteQuoted(w, v);
}
inline void WriteDouble(Writer& w, double v) {
  // RapidJSON writes nothing for NaN and the infinities (no JSON number is one): the
  // Protobuf JSON mapping's strings instead, which ReadDouble reads back.
  if (std::isnan(v)) {
    w.String("NaN");
  } else if (std::isinf(v)) {
    w.String(v > 0 ? "Infinity" : "-Infinity");
  } else {
    w.Double(v);
  }
}
inline void WriteBool(Writer& w, bool v) {
  w.Bool(v);
}
inline void WriteString(Writer& w, std::string_view v) {
  w.String(v.data(), static_cast<rapidjson::SizeType>(v.size()));
}
// By name; a value with no name (proto3 enums are open: a client may send any number) as
// its number, as the Protobuf JSON mapping says, not as "" (which reads back as no value).
inline void WriteEnum(Writer& w, int number, const std::string& name) {
  if (name.empty()) {
    w.Int(number);
  } else {
    WriteString(w, name);
  }
}

// ---- Reading ----------------------------------------------------------------------------

template <class Integer>
bool ReadInteger(const rapidjson::Value& v, Integer& out, ReadStatus& status) {
  using Limits = std::numeric_limits<Integer>;
  if (v.IsString()) {
    const char* begin = v.GetString();
    const char* end = begin + v.GetStringLength();
    const auto [next, error] = std::from_chars(begin, end, out);
    if (error == std::errc() && next == end) return true;
    return status.Fail("not an integer: \"" + std::string(begin, end) + "\"");
  }
  if (v.IsInt64()) {
    const std::int64_t n = v.GetInt64();
    if ((Limits::is_signed || n >= 0) &&
        (!Limits::is_signed || n >= static_cast<std::int64_t>(Limits::min())) &&
        (n < 0 || static_cast<std::uint64_t>(n) <= static_cast<std::uint64_t>(Limits::max()))) {
      out = static_cast<Integer>(n);
      return true;
    }
    return status.Fail("integer out of range");
  }
  if (v.IsUint64()) {
    if (v.GetUint64() <= static_cast<std::uint64_t>(Limits::max())) {
      out = static_cast<Integer>(v.GetUint64());
      return true;
    }
    return status.Fail("integer out of range");
  }
  if (v.IsDouble()) {  // 1.0 and 1e3 are integers too in the mapping
    const double d = v.GetDouble();
    if (std::trunc(d) != d) return status.Fail("an integer was expected");
    // The range is [min, 2^digits): Limits::max() of a 64-bit type is no double, and as
    // one it rounds up to 2^63 (2^64), which does not fit (converting it is undefined).
    if (d >= static_cast<double>(Limits::min()) && d < std::ldexp(1.0, Limits::digits)) {
      out = static_cast<Integer>(d);
      return true;
    }
    return status.Fail("integer out of range");
  }
  return status.Fail("an integer was expected");
}
inline bool ReadInt32(const rapidjson::Value& v, std::int32_t& out, ReadStatus& s) {
  return ReadInteger(v, out, s);
}
inline bool ReadUint32(const rapidjson::Value& v, std::uint32_t& out, ReadStatus& s) {
  return ReadInteger(v, out, s);
}
inline bool ReadInt64(const rapidjson::Value& v, std::int64_t& out, ReadStatus& s) {
  return ReadInteger(v, out, s);
}
inline bool ReadUint64(const rapidjson::Value& v, std::uint64_t& out, ReadStatus& s) {
  return ReadInteger(v, out, s);
}
inline bool ReadDouble(const rapidjson::Value& v, double& out, ReadStatus& s) {
  if (v.IsNumber()) {
    out = v.GetDouble();
    return true;
  }
  if (v.IsString()) {
    const std::string_view text(v.GetString(), v.GetStringLength());
    if (text == "NaN")
      out = std::numeric_limits<double>::quiet_NaN();
    else if (text == "Infinity")
      out = std::numeric_limits<double>::infinity();
    else if (text == "-Infinity")
      out = -std::numeric_limits<double>::infinity();
    else
      return s.Fail("not a number: \"" + std::string(text) + "\"");
    return true;
  }
  return s.Fail("a number was expected");
}
inline bool ReadFloat(const rapidjson::Value& v, float& out, ReadStatus& s) {
  double d = 0;
  if (!ReadDouble(v, d, s)) return false;
  out = static_cast<float>(d);
  return true;
}
inline bool ReadBool(const rapidjson::Value& v, bool& out, ReadStatus& s) {
  if (!v.IsBool()) return s.Fail("true or false was expected");
  out = v.GetBool();
  return true;
}
// Whether `size` bytes are UTF-8, by RapidJSON's own validator (surrogates and overlong
// forms refused).
inline bool IsUtf8(const char* data, std::size_t size) {
  struct Bytes {  // the input stream RapidJSON's UTF8<>::Validate reads
    using Ch = char;
    const char* at;
    const char* end;
    Ch Peek() const { return at == end ? '\0' : *at; }
    Ch Take() { return at == end ? '\0' : *at++; }
  } bytes{data, data + size};
  struct Discard {
    void Put(char) {}
  } discard;
  while (bytes.at != bytes.end) {
    if (!rapidjson::UTF8<>::Validate(bytes, discard)) return false;
  }
  return true;
}
inline bool ReadString(const rapidjson::Value& v, std::string& out, ReadStatus& s) {
  if (!v.IsString()) return s.Fail("a string was expected");
  // A string field holds UTF-8 (protobuf refuses anything else when it encodes one, so a
  // binary client could not be sent it). The text of a JSON frame is checked as a whole
  // already; a lone surrogate escape ("\udc00") is what RapidJSON turns into bytes that
  // are not UTF-8.
  if (!IsUtf8(v.GetString(), v.GetStringLength())) return s.Fail("text that is not UTF-8");
  out.assign(v.GetString(), v.GetStringLength());
  return true;
}
// An enum by name, or by number (proto3 enums are open: any number is kept).
template <class Enum>
bool ReadEnum(const rapidjson::Value& v, bool (*parse)(const std::string&, Enum*), int& out,
              ReadStatus& s) {
  if (v.IsInt()) {
    out = v.GetInt();
    return true;
  }
  if (!v.IsString()) return s.Fail("an enum name or number was expected");
  Enum value{};
  const std::string name(v.GetString(), v.GetStringLength());
  if (!parse(name, &value)) return s.Fail("no such value: \"" + name + "\"");
  out = static_cast<int>(value);
  return true;
}

// ---- Whole documents ----------------------------------------------------------------------

// The message as JSON text (the generated WriteJson, found by argument-dependent lookup in
// the message's package).
template <class Message>
std::string ToJson(const Message& message) {
  rapidjson::StringBuffer buffer;
  Writer writer(buffer);
  WriteJson(message, writer, false);
  return std::string(buffer.GetString(), buffer.GetSize());
}

// Reads JSON text into `message` (cleared first); false with `error` set when the text is
// not JSON or not the message (ParseJson: no recursion, numbers converted exactly).
template <class Message>
bool FromJson(std::string_view text, Message& message, std::string& error) {
  message.Clear();
  rapidjson::Document document;
  if (!ParseJson(text, document, error)) return false;
  ReadStatus status;
  if (!ReadJson(document, message, status)) {
    error = status.error;
    return false;
  }
  return true;
}

}  // namespace kafenio::json
