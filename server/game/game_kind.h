#pragma once
// Everything the server, the record code and the command line know of one game, in one
// place per game: its name, presets and their default, how many play, its rules as text,
// its matches (the server adapter with its bot), its record replayer, its deals and its
// random matches. The registry (game_registry.h) lists the games.
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/record/record_game.h"
#include "server/game/game.h"

namespace kafenio::server {

// A ruleset as asked for: a table's request, a record's header, the command line.
struct RulesRequest {
  std::string_view preset;                // "" takes the game's default preset
  std::vector<std::string_view> options;  // KEY=VALUE
  int players = 0;                        // 0: as the preset (or the game) has it
};

// The rules understood: the canonical rules text (the preset and every option that
// differs from it) and the number of players; or what is wrong with the request.
struct RulesCheck {
  std::string rules_text;
  int players = 0;
  enum class Problem { none, rules, players };
  Problem problem = Problem::none;
  std::string error;
  bool ok() const { return problem == Problem::none; }
};

// A match played with uniformly random legal moves (`kafenio simulate`).
struct SimulatedMatch {
  long hands = 0;
  long moves = 0;
  int winner = -1;
  std::string record;  // shared/record-format.md, when asked for
};

class GameKind {
 public:
  virtual ~GameKind() = default;

  virtual std::string_view Name() const = 0;
  virtual std::string_view DefaultPreset() const = 0;
  virtual std::vector<std::string_view> Presets() const = 0;
  virtual RulesCheck Check(const RulesRequest& request) const = 0;

  // Each of these expects a request Check accepted.
  virtual std::unique_ptr<GameMatch> NewMatch(const RulesRequest& request,
                                              int first_dealer) const = 0;
  virtual std::unique_ptr<record::RecordGame> NewRecordGame(const RulesRequest& request) const = 0;
  // The deal a seed gives, as a record's deal block lines.
  virtual std::string DealLines(const RulesRequest& request, int dealer,
                                std::uint64_t seed) const = 0;
  virtual SimulatedMatch PlayRandomMatch(const RulesRequest& request, std::uint64_t seed,
                                         bool with_record) const = 0;
};

}  // namespace kafenio::server
