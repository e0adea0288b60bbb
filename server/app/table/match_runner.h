#pragma once
// The match in play at a table: its engine (through GameMatch), its event sequence numbers,
// the fair-shuffle seeds and commitments (docs/fairness.md), and its log of deals and moves
// as they go to storage. A plain class: the table asks it to deal, to apply a move or to
// rebuild, and writes, sends and times what it returns.
//
// The table writes the log entries in order. When one cannot be stored, RollBack rebuilds
// the match from the entries before it, exactly as crash recovery does, so the match never
// runs ahead of what a restart would find.
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "server/app/refusal.h"
#include "server/fairness/seed_commitment.h"
#include "server/game/game.h"
#include "server/storage/store_records.h"

namespace kafenio::server {

// What became of a move offered to the match.
struct Played {
  Refusal refusal;          // set: the move was refused and nothing changed
  v1::Move move;            // the move as sent to clients (notation and fields)
  MatchEventRecord record;  // its log entry; with the hand's result when it ended one
  bool hand_ended = false;
  bool match_over = false;
};

// A finished hand's seed, revealed with its end (HandEnded).
struct RevealedSeed {
  std::uint64_t seed = 0;
  std::string salt_hex;
  std::string commitment_hex;
  int dealer = 0;
};

class MatchRunner {
 public:
  using MakeMatch = std::function<std::unique_ptr<GameMatch>()>;

  // `secret` keys every hand's seed; it must outlive the runner.
  explicit MatchRunner(const fairness::ServerSecret& secret) : secret_(secret) {}
  // Duplicate deals (a tournament's): hand h is dealt from seeds[h - 1] where there is one,
  // committed to and revealed as any other seed (docs/fairness.md).
  void SetDealSeeds(std::vector<std::uint64_t> seeds) { deal_seeds_ = std::move(seeds); }

  bool live() const { return live_; }
  // There is a match to show: the one in play, or the last one (kept for its final view).
  bool has_match() const { return match_ != nullptr; }
  std::int64_t match_id() const { return match_id_; }
  // The last event's sequence number.
  std::int64_t seq() const { return seq_; }
  const GameMatch& match() const { return *match_; }
  // For views and patches, which remember what each audience was last sent.
  GameMatch& match() { return *match_; }

  // A new match, stored as `match_id`; `make` creates it afresh (it is called now and on a
  // rebuild). Its first event (match_started) is sequence 1.
  void Begin(MakeMatch make, std::int64_t match_id, std::string game);
  // The number for an event without a log entry of its own (match_started, hand_ended,
  // match_ended).
  std::int64_t NextSeq() { return ++seq_; }
  // Deals the next hand from its seed; returns its log entry, numbered as the next event.
  MatchEventRecord Deal(std::int64_t now_ms);
  // Offers `seat`'s move; when applied, the log entry is numbered as the next event.
  Played Submit(int seat, const v1::Move& move, bool by_server, std::int64_t now_ms);
  // The seed of the hand that just ended.
  RevealedSeed LastSeed() const;
  // The published commitment of `hand` (hex), empty when there is none.
  std::string CommitmentOf(int hand) const;

  // The entry numbered `seq` could not be stored: it and every later event are forgotten
  // and the match is rebuilt as it was before it.
  void RollBack(std::int64_t seq);
  // The match has ended (finished or abandoned): it stays for its final view.
  void End() { live_ = false; }

  // The game record (shared/record-format.md) of the log so far. Writes go out in order, so
  // a record stored after the log's last entry holds only what is stored.
  std::string RecordText() const;

  // Crash recovery: rebuilds the match from its stored log with the sequence numbers the
  // live table counted (match started, then per hand: the deal, each move, the hand's
  // end). Returns an error, empty on success. `missing_results` gets the results of hands
  // whose result an older server had not stored yet.
  std::string Restore(MakeMatch make, const RecoveredMatch& recovered,
                      std::vector<HandResultRecord>& missing_results);

 private:
  // Replays `entries` onto a fresh match from sequence 1; an error names the entry.
  std::string Replay(const std::vector<MatchEventRecord>& entries,
                     std::vector<HandResultRecord>* results_after = nullptr,
                     int results_stored = 0);
  void DealSeed(const MatchEventRecord& deal);

  const fairness::ServerSecret& secret_;
  std::vector<std::uint64_t> deal_seeds_;
  MakeMatch make_;
  std::unique_ptr<GameMatch> match_;
  std::string game_;
  bool live_ = false;
  std::int64_t match_id_ = 0;
  std::int64_t seq_ = 0;
  std::vector<MatchEventRecord> log_;  // deals and moves, in sequence order
  // Every hand's published commitment (index: hand number - 1) and the hand in play's deal.
  std::vector<std::string> commitments_;
  RevealedSeed hand_seed_;
};

}  // namespace kafenio::server
