#pragma once
// Who sits where at a table, and how each seat is held: the rules for sitting, standing,
// bots, readiness and reservations, what a match needs from the seats (rated or not, who
// abandoned it) and what is stored of them. A plain value: no I/O, no strand.
#include <array>
#include <cstdint>
#include <functional>
#include <vector>

#include "kafenio/v1/kafenio.pb.h"
#include "server/app/identity.h"
#include "server/app/refusal.h"
#include "server/game/bot_level.h"
#include "server/storage/store_records.h"

namespace kafenio::server {

struct Seat {
  enum class Kind { empty, human, bot };
  Kind kind = Kind::empty;
  Identity who;
  bool ready = false;
  // Whether a bot plays the seat for its player, whether they left the table during the
  // match (unless they reclaim the seat it is given up when the match ends), and their
  // timeouts in a row. Stored on every change while a match is live, so that a restart
  // restores it.
  SeatHold hold;
  // How a bot of this seat plays (a bot's seat only; a bot standing in for a player is
  // always strong).
  BotLevel bot_level = BotLevel::easy;

  // Shown to the table: the player missed a turn or left during the match, and has not
  // played or reclaimed the seat since.
  bool Away() const { return hold.left || hold.timeouts > 0; }
  // A bot moves for this seat: a bot's seat, or a player's that a bot holds.
  bool BotPlays() const { return kind == Kind::bot || (kind == Kind::human && hold.bot_holding); }
  bool IsPlayer(std::int64_t account_id) const {
    return kind == Kind::human && who.account_id == account_id;
  }

  // A bot's seat: always ready, never held for anyone.
  static Seat Bot(BotLevel level = BotLevel::easy) {
    return Seat{Kind::bot, Identity{0, "bot", false}, true, {}, level};
  }
  // A player's seat, not ready yet.
  static Seat Player(Identity who) { return Seat{Kind::human, std::move(who), false, {}}; }
};

class Seating {
 public:
  static constexpr int kMaxSeats = 4;

  Seating(int seat_count, bool rated_table) : count_(seat_count), rated_(rated_table) {}

  int size() const { return count_; }
  const Seat& operator[](int seat) const { return seats_[static_cast<std::size_t>(seat)]; }
  // The seat the account holds, or -1.
  int SeatOf(std::int64_t account_id) const;

  // Between matches (`match_live` refuses them while one is in play or starting).
  Refusal Sit(const Identity& who, int seat, bool match_live);
  Refusal Stand(std::int64_t account_id, bool match_live);
  Refusal AddBot(int seat, bool match_live, BotLevel level = BotLevel::easy);
  Refusal SetReady(std::int64_t account_id, bool ready);
  // Gives the seat up (a player leaving between matches).
  void Vacate(int seat) { seats_[static_cast<std::size_t>(seat)] = Seat{}; }
  // Puts `seat` as given, whatever was there: restores and reservations.
  void Place(int seat, Seat placed) { seats_[static_cast<std::size_t>(seat)] = std::move(placed); }

  // Every seat taken and ready: a match may start.
  bool AllReady() const;
  bool AnyPlayer() const;
  bool AllBots() const { return !AnyPlayer(); }
  // Every seat taken (by a player or a bot).
  bool Full() const;

  // Sets how the seat is held; returns whether that changed anything.
  bool SetHold(int seat, const SeatHold& hold);

  // Whether the match about to start counts for ratings: a rated table, every seat a
  // registered player (bots and guests make it unrated).
  bool MatchIsRated() const;
  // The seat whose player abandoned the match now ending (a bot held it at the end: they
  // left, or ran out of time until a bot took over, and never reclaimed it), when only one
  // team has such seats; -1 otherwise (docs/ratings.md).
  int AbandonedBy() const;
  // Each seat's account, 0 for a bot (a match's seats as stored).
  std::vector<std::int64_t> Accounts() const;
  // The seats taken for the next match, as stored: a player who left during the match
  // gives the seat up as it ends.
  std::vector<TableSeatRecord> Records() const;
  // By seat: each bot's stored name (its level, StoredBotName), "" for the other seats.
  std::vector<std::string> BotNames() const;
  // Players confirm again (a match that could not be started).
  void UnreadyPlayers();
  // A match has ended: players confirm the next one (bots are always ready), and those who
  // left during it and did not come back have given their seats up.
  void AfterMatch();

  // The seats as the table shows them; `connected` says whether an account is at the table.
  void Fill(v1::TableInfo& info, const std::function<bool(std::int64_t)>& connected) const;

 private:
  Seat& at(int seat) { return seats_[static_cast<std::size_t>(seat)]; }
  bool Valid(int seat) const { return seat >= 0 && seat < count_; }

  int count_;
  bool rated_;
  std::array<Seat, kMaxSeats> seats_{};
};

}  // namespace kafenio::server
