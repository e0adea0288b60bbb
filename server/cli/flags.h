#pragma once
// The one flag parser of every `kafenio` command, over Boost.Program_options: each command
// declares its flags with a line of help, and gets the same behaviour as every other:
// `--help` prints its usage and flags on stdout and exits 0; an unknown flag, a flag
// without its value, a flag given twice or a stray word prints one clear line and the
// usage on stderr and exits 2. Values come back as text: each command checks them with
// the parsers it already has (numbers, seeds, levels), and reports a bad one with Fail.
#include <boost/program_options.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/cli/commands.h"

namespace kafenio::cli {

class Flags {
 public:
  // `command`: its name after `kafenio` ("tournament verify"); `usage`: the synopsis, each
  // line ending in '\n' ("usage: kafenio backup --db PATH --to FILE\n"); `about`: what it
  // does, one sentence.
  Flags(std::string command, std::string usage, std::string about);

  Flags& Value(const char* name, const char* help);     // --name VALUE, at most once
  Flags& Repeated(const char* name, const char* help);  // --name VALUE, any number of times
  Flags& Words(const char* name, const char* help);     // --name V1 V2 ... up to the next flag
  Flags& Switch(const char* name, const char* help);    // --name alone
  Flags& Positional(const char* name, int most, const char* help);  // bare words

  // nullopt: go on and read the values; otherwise the command's exit code (0 after --help,
  // 2 after a mistake, with its message printed).
  std::optional<int> Parse(const Args& args);

  bool Has(const char* name) const { return values_.count(name) > 0; }
  // The value ("" when not given; a list's first); the list of a Repeated, Words or
  // Positional flag (empty when not given). Both live as long as this object.
  const std::string& Get(const char* name) const;
  const std::vector<std::string>& GetAll(const char* name) const;

  // Prints "kafenio COMMAND: MESSAGE" and the usage on stderr; returns 2, the exit code of
  // a command line that cannot be run.
  int Fail(std::string_view message) const;

 private:
  std::string command_;
  std::string usage_;
  std::string about_;
  boost::program_options::options_description options_;
  boost::program_options::positional_options_description positional_;
  boost::program_options::variables_map values_;
};

}  // namespace kafenio::cli
