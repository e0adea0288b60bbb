#pragma once
// The one seam between the server and a game's rules engine. A table owns one GameMatch
// per match and calls it only from the table's strand, so implementations need no locks.
// Each game plugs in with one adapter (pilotta_game.cc, diloti_game.cc) and its GameKind
// in the registry (game_kind.h, game_registry.cc).
#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "kafenio/v1/kafenio.pb.h"
#include "server/game/bot_level.h"

namespace kafenio::server {

// What became of a move offered to a match.
struct MoveOutcome {
  enum class Kind { applied, not_your_turn, illegal, unparsable };
  Kind kind = Kind::applied;
  std::string reason;  // the engine's sentence when refused
  v1::Move move;       // when applied: the move as sent to clients (notation + fields)
  bool hand_ended = false;
  bool match_over = false;
};

class GameMatch {
 public:
  virtual ~GameMatch() = default;

  virtual int Players() const = 0;
  virtual std::string RulesText() const = 0;  // canonical: preset and options
  virtual bool AwaitingDeal() const = 0;      // between hands (and before the first)
  virtual bool MatchOver() const = 0;
  virtual int ToAct() const = 0;  // -1 between hands and once over
  virtual int Dealer() const = 0;
  virtual int HandNumber() const = 0;
  virtual int Winner() const = 0;  // team, or -1
  virtual std::array<int, 2> Totals() const = 0;

  // Deals the next hand from a seed (the documented shuffle, so it can be re-dealt).
  virtual void StartHand(std::uint64_t seed) = 0;
  // Validates and applies `move` for `seat`. Nothing changes unless kind == applied.
  virtual MoveOutcome Apply(int seat, const v1::Move& move) = 0;
  // A sensible move for the seat to act, chosen from what that seat may know.
  virtual v1::Move BotMove() const = 0;
  // A bot's decision for the seat to act, at `level`, as a job that owns a copy of the
  // match as it is now: it may run on any thread (the bot pool) while the match goes on.
  virtual std::function<v1::Move()> BotTask(BotLevel level,
                                            const SearchSettings& settings) const = 0;
  // The view of `seat` (-1: a spectator). Must show nothing that viewer may not see.
  virtual void FillView(int seat, v1::GameView& out) const = 0;
  // An event's patch (docs/protocol.md, ViewPatch) is built in two parts, which a client
  // receives merged into one message (their fields are disjoint): what
  // changed in the fields every audience sees alike, built once per event, and what
  // changed in the fields of `seat` alone (its viewer, hand and legal moves). Each part is
  // whole when there was none before or after ForgetViews. FillOwnPatch says whether the
  // seat's own fields changed at all (when not, its patch is the shared part alone).
  virtual void FillSharedPatch(v1::ViewPatch& out) = 0;
  virtual bool FillOwnPatch(int seat, v1::ViewPatch& out) = 0;
  // `seat` has been sent its whole view as it is now: its next patch starts from there.
  virtual void SetViewBase(int seat) = 0;
  // Every audience's next patch is its whole view (after the match was rebuilt).
  virtual void ForgetViews() = 0;
  // The last finished hand's result.
  virtual void FillLastResult(v1::HandResult& out) const = 0;
};

struct MatchSpec {
  std::string game;                  // "pilotta" or "diloti"
  std::string preset;                // "" takes the game's default preset
  std::vector<std::string> options;  // KEY=VALUE
  int first_dealer = 0;
  int seats = 0;  // 2 or 4 where the game lets players choose (Diloti); 0: the preset's
};

struct MatchCreation {
  std::unique_ptr<GameMatch> match;
  std::string error;  // when match is null
};

// Creates a match of any game of the registry (game_registry.cc).
MatchCreation CreateMatch(const MatchSpec& spec);
// The number of seats a table of this game, preset and seat request has, and the
// canonical rules text, or an error (for table creation).
struct SeatCount {
  int seats = 0;
  std::string rules_text;
  std::string error;
};
SeatCount CheckRules(const MatchSpec& spec);

}  // namespace kafenio::server
