#include "engine/diloti/rules.h"

#include "engine/core/options.h"

namespace kafenio::diloti {

std::string_view PresetName(Preset preset) {
  return preset == Preset::traditional ? "traditional" : "online";
}

Rules PresetRules(Preset preset) {
  Rules rules;
  rules.preset = preset;
  const bool online = preset == Preset::online;
  rules.self_raise = online;
  rules.final_xeri = online;
  return rules;
}

RulesParse ParseRules(std::string_view preset, const std::vector<std::string_view>& options) {
  RulesParse out;
  if (preset == "online") {
    out.rules = PresetRules(Preset::online);
  } else if (preset == "traditional") {
    out.rules = PresetRules(Preset::traditional);
  } else {
    out.error = "unknown diloti preset: " + std::string(preset);
    return out;
  }
  for (auto text : options) {
    const auto option = SplitOption(text);
    if (!option) {
      out.error = "an option is written KEY=VALUE: " + std::string(text);
      return out;
    }
    const auto [key, value] = *option;
    if (key == "target") {
      const auto target = ParsePositive(value);
      if (!target) {
        out.error = "target must be a positive whole number";
        return out;
      }
      out.rules.target = *target;
      continue;
    }
    bool* flag = nullptr;
    if (key == "forced_capture") flag = &out.rules.forced_capture;
    if (key == "self_raise") flag = &out.rules.self_raise;
    if (key == "final_xeri") flag = &out.rules.final_xeri;
    if (!flag) {
      out.error = "unknown diloti option: " + std::string(key);
      return out;
    }
    const auto parsed = ParseFlag(value);
    if (!parsed) {
      out.error = std::string(key) + " is true or false";
      return out;
    }
    *flag = *parsed;
  }
  return out;
}

std::string FormatRules(const Rules& rules) {
  const Rules base = PresetRules(rules.preset);
  std::string out(PresetName(rules.preset));
  auto flag = [&](const char* key, bool value, bool preset_value) {
    if (value != preset_value) out += std::string(" ") + key + (value ? "=true" : "=false");
  };
  if (rules.target != base.target) out += " target=" + std::to_string(rules.target);
  flag("forced_capture", rules.forced_capture, base.forced_capture);
  flag("self_raise", rules.self_raise, base.self_raise);
  flag("final_xeri", rules.final_xeri, base.final_xeri);
  return out;
}

}  // namespace kafenio::diloti
