#pragma once
// The load tools' command lines: "--name VALUE" pairs, each flag setting one option.
#include <cstdlib>
#include <functional>
#include <initializer_list>
#include <string>
#include <string_view>

namespace kafenio::load {

struct Flag {
  std::string_view name;
  std::function<void(const std::string& value)> set;
};

// Setters for the usual kinds of option.
inline std::function<void(const std::string&)> Text(std::string& option) {
  return [&option](const std::string& value) { option = value; };
}
inline std::function<void(const std::string&)> Number(int& option) {
  return [&option](const std::string& value) { option = std::atoi(value.c_str()); };
}
inline std::function<void(const std::string&)> Number(long& option) {
  return [&option](const std::string& value) { option = std::atol(value.c_str()); };
}

// Applies every "--name VALUE" pair of argv; false at an unknown flag or a flag without
// its value (the caller prints its usage).
inline bool ParseFlags(int argc, char** argv, std::initializer_list<Flag> flags) {
  for (int i = 1; i < argc; i += 2) {
    const std::string_view name = argv[i];
    const Flag* found = nullptr;
    for (const Flag& flag : flags) {
      if (flag.name == name) found = &flag;
    }
    if (!found || i + 1 >= argc) return false;
    found->set(argv[i + 1]);
  }
  return true;
}

}  // namespace kafenio::load
