#pragma once
// What every console action shares: reading its JSON body and query, and writing its JSON
// answer (console.cc and the actions in files of their own, as match_void.cc).
#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>

#include <charconv>
#include <cstdint>
#include <map>
#include <optional>
#include <string>

#include "proto/json_runtime.h"

namespace kafenio::server::admin {

// The longest reason kept: the audit log is for sentences, not documents.
inline constexpr std::size_t kMaxReason = 500;

inline std::string Text(const rapidjson::Value& body, const char* name) {
  if (!body.IsObject()) return {};
  const auto it = body.FindMember(name);
  if (it == body.MemberEnd() || !it->value.IsString()) return {};
  return std::string(it->value.GetString(), it->value.GetStringLength());
}

inline std::optional<std::int64_t> Number(const rapidjson::Value& body, const char* name) {
  if (!body.IsObject()) return std::nullopt;
  const auto it = body.FindMember(name);
  if (it == body.MemberEnd() || !it->value.IsInt64()) return std::nullopt;
  return it->value.GetInt64();
}

// A positive id written in decimal digits (a path segment or a query value).
inline std::optional<std::int64_t> Id(const std::string& digits) {
  std::int64_t value = 0;
  if (digits.empty() || digits.size() > 18) return std::nullopt;
  const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (error != std::errc() || end != digits.data() + digits.size() || value <= 0)
    return std::nullopt;
  return value;
}

inline std::string Get(const std::map<std::string, std::string>& query, const std::string& name) {
  const auto it = query.find(name);
  return it == query.end() ? std::string() : it->second;
}

// A reason is required for every change: the audit log says why.
inline std::optional<std::string> Reason(const rapidjson::Value& body) {
  std::string reason = Text(body, "reason");
  if (reason.empty() || reason.size() > kMaxReason) return std::nullopt;
  return reason;
}

inline void Key(json::Writer& w, const char* key, const std::string& value) {
  w.Key(key);
  json::WriteString(w, value);
}

inline void Key(json::Writer& w, const char* key, std::int64_t value) {
  w.Key(key);
  w.Int64(value);
}

inline void KeyDouble(json::Writer& w, const char* key, double value) {
  w.Key(key);
  w.Double(value);
}

inline void KeyBool(json::Writer& w, const char* key, bool value) {
  w.Key(key);
  w.Bool(value);
}

}  // namespace kafenio::server::admin
