#include "server/cli/flags.h"

#include <cstdio>
#include <iostream>

namespace kafenio::cli {

namespace po = boost::program_options;

Flags::Flags(std::string command, std::string usage, std::string about)
    : command_(std::move(command)),
      usage_(std::move(usage)),
      about_(std::move(about)),
      options_("flags", 100, 50) {
  Switch("help", "print this help and exit");
}

Flags& Flags::Value(const char* name, const char* help) {
  options_.add_options()(name, po::value<std::string>()->value_name("VALUE"), help);
  return *this;
}

Flags& Flags::Repeated(const char* name, const char* help) {
  options_.add_options()(name, po::value<std::vector<std::string>>()->value_name("VALUE"), help);
  return *this;
}

Flags& Flags::Words(const char* name, const char* help) {
  options_.add_options()(name, po::value<std::vector<std::string>>()->multitoken(), help);
  return *this;
}

Flags& Flags::Switch(const char* name, const char* help) {
  options_.add_options()(name, help);
  return *this;
}

Flags& Flags::Positional(const char* name, int most, const char* help) {
  // Listed as --NAME too (Program_options' way), and accepted so.
  options_.add_options()(name, po::value<std::vector<std::string>>()->value_name("WORD"), help);
  positional_.add(name, most);
  return *this;
}

std::optional<int> Flags::Parse(const Args& args) {
  const std::vector<std::string> words(args.begin(), args.end());
  try {
    // No abbreviations (--gam for --game): a typo is an unknown flag, not a guess.
    const int style = po::command_line_style::unix_style ^ po::command_line_style::allow_guessing;
    po::store(
        po::command_line_parser(words).options(options_).positional(positional_).style(style).run(),
        values_);
    po::notify(values_);
  } catch (const po::too_many_positional_options_error&) {
    return Fail("a word that is not a flag's value (flags start with --)");
  } catch (const po::error& error) {
    return Fail(error.what());
  }
  if (Has("help")) {
    std::cout << usage_ << "\n" << about_ << "\n\n" << options_;
    return 0;
  }
  return std::nullopt;
}

const std::string& Flags::Get(const char* name) const {
  static const std::string kNone;
  if (!Has(name)) return kNone;
  const auto& value = values_[name].value();
  if (const auto* text = boost::any_cast<std::string>(&value)) return *text;
  const auto& all = GetAll(name);
  return all.empty() ? kNone : all.front();
}

const std::vector<std::string>& Flags::GetAll(const char* name) const {
  static const std::vector<std::string> kNone;
  if (!Has(name)) return kNone;
  const auto* all = boost::any_cast<std::vector<std::string>>(&values_[name].value());
  return all ? *all : kNone;
}

int Flags::Fail(std::string_view message) const {
  std::fprintf(stderr, "kafenio %s: %.*s\n%s(kafenio %s --help lists every flag)\n",
               command_.c_str(), static_cast<int>(message.size()), message.data(), usage_.c_str(),
               command_.c_str());
  return 2;
}

}  // namespace kafenio::cli
