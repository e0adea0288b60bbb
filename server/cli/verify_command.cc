// `kafenio verify`: checks a revealed deal seed against the commitment published before
// the hand, then re-deals it with the engine's documented shuffle (docs/fairness.md).
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "engine/pilotta/deal.h"
#include "engine/pilotta/record.h"
#include "engine/pilotta/rules.h"
#include "server/cli/commands.h"
#include "server/fairness/seed_commitment.h"

namespace kafenio::cli {

namespace {

constexpr const char* kUsage =
    "usage: kafenio verify --game pilotta --rules PRESET [KEY=VALUE ...] --dealer SEAT\n"
    "                      --match ID --hand N --seed SEED --salt HEX --commitment HEX\n";

template <class T>
bool ParseNumber(std::string_view text, T& out) {
  const auto* end = text.data() + text.size();
  const auto [next, error] = std::from_chars(text.data(), end, out);
  return error == std::errc() && next == end;
}

struct VerifyArgs {
  std::string game;
  std::string preset;
  std::vector<std::string_view> options;
  int dealer = -1;
  std::int64_t match_id = 0;
  int hand = 0;
  std::uint64_t seed = 0;
  fairness::Bytes32 salt{};
  fairness::Bytes32 commitment{};
};

std::optional<VerifyArgs> ParseArgs(const Args& args) {
  VerifyArgs out;
  bool have_match = false, have_hand = false, have_seed = false, have_salt = false,
       have_commitment = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const auto flag = args[i];
    if (i + 1 >= args.size()) return std::nullopt;
    const auto value = args[++i];
    if (flag == "--game") {
      out.game = value;
    } else if (flag == "--rules") {
      out.preset = value;
      // Everything up to the next flag is a KEY=VALUE option of the ruleset.
      while (i + 1 < args.size() && !args[i + 1].starts_with("--"))
        out.options.push_back(args[++i]);
    } else if (flag == "--dealer") {
      if (!ParseNumber(value, out.dealer)) return std::nullopt;
    } else if (flag == "--match") {
      have_match = ParseNumber(value, out.match_id);
    } else if (flag == "--hand") {
      have_hand = ParseNumber(value, out.hand);
    } else if (flag == "--seed") {
      have_seed = ParseNumber(value, out.seed);
    } else if (flag == "--salt") {
      const auto salt = fairness::Bytes32FromHex(value);
      if (salt) out.salt = *salt;
      have_salt = salt.has_value();
    } else if (flag == "--commitment") {
      const auto commitment = fairness::Bytes32FromHex(value);
      if (commitment) out.commitment = *commitment;
      have_commitment = commitment.has_value();
    } else {
      return std::nullopt;
    }
  }
  if (out.game.empty() || out.preset.empty() || out.dealer < 0 || !have_match || !have_hand ||
      !have_seed || !have_salt || !have_commitment) {
    return std::nullopt;
  }
  return out;
}

// The deal as a record's deal block, so it can be pasted into a record and replayed.
void PrintPilottaDeal(const pilotta::Rules& rules, const VerifyArgs& args) {
  const auto deal = pilotta::DealFromSeed(rules, args.dealer, args.seed);
  std::printf("game pilotta\nrules %s\nplayers %d\ndealer %d\n",
              pilotta::FormatRules(rules).c_str(), rules.Players(), args.dealer);
  std::fputs(pilotta::FormatDealLines(rules, deal).c_str(), stdout);
}

}  // namespace

int RunVerify(const Args& args) {
  const auto parsed = ParseArgs(args);
  if (!parsed) {
    std::fputs(kUsage, stderr);
    return 2;
  }
  if (parsed->game != "pilotta") {
    std::fprintf(stderr, "kafenio verify: cannot re-deal game '%s' (this build deals pilotta)\n",
                 parsed->game.c_str());
    return 2;
  }
  const auto rules = pilotta::ParseRules(parsed->preset, parsed->options);
  if (!rules.error.empty()) {
    std::fprintf(stderr, "kafenio verify: %s\n", rules.error.c_str());
    return 2;
  }
  if (parsed->dealer >= rules.rules.Players()) {
    std::fprintf(stderr, "kafenio verify: dealer must be a seat 0..%d\n",
                 rules.rules.Players() - 1);
    return 2;
  }
  if (!fairness::VerifyCommitment(parsed->seed, parsed->salt, parsed->match_id, parsed->hand,
                                  parsed->commitment)) {
    std::printf("commitment MISMATCH: seed %llu, salt, match %lld and hand %d do not give %s\n",
                static_cast<unsigned long long>(parsed->seed),
                static_cast<long long>(parsed->match_id), parsed->hand,
                fairness::ToHex(parsed->commitment).c_str());
    return 1;
  }
  std::printf("commitment ok\n");
  PrintPilottaDeal(rules.rules, *parsed);
  std::printf("seed %llu\n", static_cast<unsigned long long>(parsed->seed));
  return 0;
}

}  // namespace kafenio::cli
