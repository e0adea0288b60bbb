// `kafenio verify`: checks a revealed deal seed against the commitment published before
// the hand, then re-deals it with the engine's documented shuffle (docs/fairness.md).
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "server/cli/commands.h"
#include "server/fairness/seed_commitment.h"
#include "server/game/game_registry.h"

namespace kafenio::cli {

namespace {

constexpr const char* kUsage =
    "usage: kafenio verify --game pilotta|diloti --rules PRESET [KEY=VALUE ...] [--players 2|4]\n"
    "                      --dealer SEAT --match ID --hand N --seed SEED --salt HEX\n"
    "                      --commitment HEX\n";

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
  int players = 0;  // diloti: 2 or 4 (0: 2); pilotta: the preset's
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
    } else if (flag == "--players") {
      if (!ParseNumber(value, out.players) || (out.players != 2 && out.players != 4)) {
        return std::nullopt;
      }
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

// The re-dealt hand as a record's header and deal block, so it can be pasted into a
// record and replayed; empty text and an error when the game or rules are not valid.
struct DealText {
  std::string text;
  std::string error;
};

DealText DealBlock(const VerifyArgs& args) {
  const server::GameKind* game = server::FindGame(args.game);
  if (!game) {
    return {{}, "cannot re-deal game '" + args.game + "' (" + server::GameNames() + ")"};
  }
  const server::RulesRequest request{args.preset, args.options, args.players};
  const server::RulesCheck check = game->Check(request);
  if (!check.ok()) return {{}, check.error};
  if (args.dealer >= check.players)
    return {{}, "dealer must be a seat 0.." + std::to_string(check.players - 1)};
  return {"game " + args.game + "\nrules " + check.rules_text + "\nplayers " +
              std::to_string(check.players) + "\ndealer " + std::to_string(args.dealer) + "\n" +
              game->DealLines(request, args.dealer, args.seed),
          {}};
}

}  // namespace

int RunVerify(const Args& args) {
  const auto parsed = ParseArgs(args);
  if (!parsed) {
    std::fputs(kUsage, stderr);
    return 2;
  }
  const DealText deal = DealBlock(*parsed);
  if (!deal.error.empty()) {
    std::fprintf(stderr, "kafenio verify: %s\n", deal.error.c_str());
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
  std::fputs(deal.text.c_str(), stdout);
  std::printf("seed %llu\n", static_cast<unsigned long long>(parsed->seed));
  return 0;
}

}  // namespace kafenio::cli
