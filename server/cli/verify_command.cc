// `kafenio verify`: checks a revealed deal seed against the commitment published before
// the hand, then re-deals it with the engine's documented shuffle (docs/fairness.md).
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "server/cli/commands.h"
#include "server/cli/flags.h"
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

// The arguments from the command line's flags; nullopt when one is missing or bad. The
// rules' options point into `flags`.
std::optional<VerifyArgs> ReadArgs(const Flags& flags) {
  VerifyArgs out;
  out.game = flags.Get("game");
  const auto& rules = flags.GetAll("rules");
  if (!rules.empty()) out.preset = rules.front();
  for (std::size_t i = 1; i < rules.size(); ++i) out.options.push_back(rules[i]);
  if (flags.Has("players") &&
      (!ParseNumber(flags.Get("players"), out.players) || (out.players != 2 && out.players != 4))) {
    return std::nullopt;
  }
  const auto salt = fairness::Bytes32FromHex(flags.Get("salt"));
  const auto commitment = fairness::Bytes32FromHex(flags.Get("commitment"));
  if (out.game.empty() || out.preset.empty() || !ParseNumber(flags.Get("dealer"), out.dealer) ||
      out.dealer < 0 || !ParseNumber(flags.Get("match"), out.match_id) ||
      !ParseNumber(flags.Get("hand"), out.hand) || !ParseNumber(flags.Get("seed"), out.seed) ||
      !salt || !commitment) {
    return std::nullopt;
  }
  out.salt = *salt;
  out.commitment = *commitment;
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
  Flags flags("verify", kUsage,
              "Checks a revealed deal seed against its commitment and re-deals it "
              "(docs/fairness.md).");
  flags.Value("game", "pilotta or diloti")
      .Words("rules", "PRESET [KEY=VALUE ...]: the table's ruleset")
      .Value("players", "2 or 4 (Diloti)")
      .Value("dealer", "the hand's dealer seat")
      .Value("match", "the match id")
      .Value("hand", "the hand number")
      .Value("seed", "the revealed seed")
      .Value("salt", "the revealed salt (64 hex digits)")
      .Value("commitment", "the commitment published before the hand (64 hex digits)");
  if (const auto done = flags.Parse(args)) return *done;
  const auto parsed = ReadArgs(flags);
  if (!parsed) return flags.Fail("every flag but --players is required, each with a valid value");
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
