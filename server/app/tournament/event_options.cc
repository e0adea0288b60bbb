#include "server/app/tournament/event_options.h"

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

namespace kafenio::server {
namespace {

using Writer = rapidjson::Writer<rapidjson::StringBuffer>;

void WriteUnit(Writer& w, const char* key, const MatchUnitSetting& unit) {
  w.Key(key);
  w.StartObject();
  w.Key("target");
  w.Int(unit.target);
  w.Key("hands");
  w.Int(unit.hands);
  w.EndObject();
}

void WriteOptions(Writer& w, const EventOptions& o) {
  w.StartObject();
  w.Key("preset");
  w.String(o.preset.c_str(), static_cast<rapidjson::SizeType>(o.preset.size()));
  w.Key("options");
  w.StartArray();
  for (const auto& option : o.options) {
    w.String(option.c_str(), static_cast<rapidjson::SizeType>(option.size()));
  }
  w.EndArray();
  const std::pair<const char*, int> ints[] = {
      {"seats", o.seats},
      {"round_time_limit_minutes", o.round_time_limit_minutes},
      {"turn_clock_ms", o.turn_clock_ms},
      {"registration_limit", o.registration_limit},
      {"min_rating", o.min_rating},
      {"max_rating", o.max_rating},
      {"check_in_minutes", o.check_in_minutes}};
  for (const auto& [key, value] : ints) {
    w.Key(key);
    w.Int(value);
  }
  w.Key("duplicate_deals");
  w.Bool(o.duplicate_deals);
  w.Key("rated");
  w.Bool(o.rated);
  w.Key("rated_only");
  w.Bool(o.rated_only);
  WriteUnit(w, "unit", o.unit);
  WriteUnit(w, "knockout_unit", o.knockout_unit);
  WriteUnit(w, "final_unit", o.final_unit);
  w.EndObject();
}

int IntOf(const rapidjson::Value& object, const char* key) {
  const auto member = object.FindMember(key);
  return member != object.MemberEnd() && member->value.IsInt() ? member->value.GetInt() : 0;
}

bool BoolOf(const rapidjson::Value& object, const char* key) {
  const auto member = object.FindMember(key);
  return member != object.MemberEnd() && member->value.IsBool() && member->value.GetBool();
}

MatchUnitSetting UnitOf(const rapidjson::Value& object, const char* key) {
  const auto member = object.FindMember(key);
  if (member == object.MemberEnd() || !member->value.IsObject()) return {};
  return {IntOf(member->value, "target"), IntOf(member->value, "hands")};
}

}  // namespace

std::string EncodeEventOptions(const EventOptions& options) {
  rapidjson::StringBuffer buffer;
  Writer w(buffer);
  WriteOptions(w, options);
  return buffer.GetString();
}

std::string SettingsWithOptions(std::string_view settings_json, const EventOptions& options) {
  rapidjson::Document settings;
  settings.Parse(settings_json.data(), settings_json.size());
  rapidjson::Document play;
  const std::string encoded = EncodeEventOptions(options);
  play.Parse(encoded.c_str(), encoded.size());
  if (settings.HasParseError() || !settings.IsObject()) settings.SetObject();
  settings.RemoveMember("event_options");
  settings.AddMember("event_options", rapidjson::Value(play, settings.GetAllocator()),
                     settings.GetAllocator());
  rapidjson::StringBuffer buffer;
  Writer w(buffer);
  settings.Accept(w);
  return buffer.GetString();
}

std::optional<EventOptions> DecodeEventOptions(std::string_view settings_json) {
  rapidjson::Document settings;
  settings.Parse(settings_json.data(), settings_json.size());
  if (settings.HasParseError() || !settings.IsObject()) return std::nullopt;
  EventOptions o;
  const auto member = settings.FindMember("event_options");
  if (member == settings.MemberEnd()) return o;  // an event made before play options
  const auto& play = member->value;
  if (!play.IsObject()) return std::nullopt;
  const auto preset = play.FindMember("preset");
  if (preset != play.MemberEnd() && preset->value.IsString()) {
    o.preset = {preset->value.GetString(), preset->value.GetStringLength()};
  }
  const auto options = play.FindMember("options");
  if (options != play.MemberEnd() && options->value.IsArray()) {
    for (const auto& item : options->value.GetArray()) {
      if (item.IsString()) o.options.emplace_back(item.GetString(), item.GetStringLength());
    }
  }
  o.seats = IntOf(play, "seats");
  o.round_time_limit_minutes = IntOf(play, "round_time_limit_minutes");
  o.turn_clock_ms = IntOf(play, "turn_clock_ms");
  o.registration_limit = IntOf(play, "registration_limit");
  o.min_rating = IntOf(play, "min_rating");
  o.max_rating = IntOf(play, "max_rating");
  o.check_in_minutes = IntOf(play, "check_in_minutes");
  o.duplicate_deals = BoolOf(play, "duplicate_deals");
  o.rated = BoolOf(play, "rated");
  o.rated_only = BoolOf(play, "rated_only");
  o.unit = UnitOf(play, "unit");
  o.knockout_unit = UnitOf(play, "knockout_unit");
  o.final_unit = UnitOf(play, "final_unit");
  return o;
}

}  // namespace kafenio::server
