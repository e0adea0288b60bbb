#include "engine/pilotta/rules.h"

#include "engine/core/options.h"

namespace kafenio::pilotta {

std::string_view PresetName(Preset preset) {
  switch (preset) {
    case Preset::cyprus:
      return "cyprus";
    case Preset::classic:
      return "classic";
    case Preset::classic2:
      return "classic2";
  }
  return "cyprus";
}

RulesParse ParseRules(std::string_view preset, const std::vector<std::string_view>& options) {
  RulesParse out;
  if (preset == "cyprus") {
    out.rules.preset = Preset::cyprus;
  } else if (preset == "classic") {
    out.rules.preset = Preset::classic;
  } else if (preset == "classic2") {
    out.rules.preset = Preset::classic2;
  } else {
    out.error = "unknown pilotta preset: " + std::string(preset);
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
    } else if (key == "nt_at_bids" || key == "partner_exception") {
      const auto flag = ParseFlag(value);
      if (!flag) {
        out.error = std::string(key) + " is true or false";
        return out;
      }
      if (key == "partner_exception") {
        out.rules.partner_exception = *flag;
      } else if (*flag && out.rules.preset != Preset::cyprus) {
        out.error = "nt_at_bids applies to the cyprus auction only";
        return out;
      } else {
        out.rules.nt_at_bids = *flag;
      }
    } else if (key == "belote_on_failure") {
      if (value == "holder") {
        out.rules.belote_on_failure = BeloteOnFailure::holder;
      } else if (value == "defenders") {
        out.rules.belote_on_failure = BeloteOnFailure::defenders;
      } else {
        out.error = "belote_on_failure is holder or defenders";
        return out;
      }
    } else {
      out.error = "unknown pilotta option: " + std::string(key);
      return out;
    }
  }
  return out;
}

std::string FormatRules(const Rules& rules) {
  std::string out(PresetName(rules.preset));
  if (rules.target != 151) out += " target=" + std::to_string(rules.target);
  if (rules.nt_at_bids) out += " nt_at_bids=true";
  if (rules.partner_exception) out += " partner_exception=true";
  if (rules.belote_on_failure == BeloteOnFailure::defenders) out += " belote_on_failure=defenders";
  return out;
}

}  // namespace kafenio::pilotta
