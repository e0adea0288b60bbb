// Crash recovery for one table. Table::Restore: the match is rebuilt by replaying its
// stored deals and moves through the engine, counting sequence numbers exactly as the live
// table did (match started, then per hand: the deal, each move, the hand's end), so the
// rebuilt match is the one whose events players were sent and carries on from there.
// Table::RestoreSeating: a table between matches gets its seated players back.
#include <cstdio>

#include "server/app/table.h"

namespace kafenio::server {

std::string Table::Restore(const RecoveredMatch& recovered) {
  const MatchRecord& stored = recovered.match;
  if (static_cast<int>(stored.seat_accounts.size()) != settings_.seats) {
    return "the match has " + std::to_string(stored.seat_accounts.size()) + " seats, its table " +
           std::to_string(settings_.seats);
  }
  for (int seat = 0; seat < settings_.seats; ++seat) {
    const auto at = static_cast<std::size_t>(seat);
    const std::int64_t account = stored.seat_accounts[at];
    Seat& s = seats_[at];
    if (account != 0) {
      const std::string name = at < recovered.seat_names.size() ? recovered.seat_names[at] : "";
      const SeatHold hold =
          at < recovered.seat_holds.size() ? recovered.seat_holds[at] : SeatHold{};
      // As the live table had it: a bot holds the seat of a player who left or ran out of
      // time too often.
      s = Seat{Seat::Kind::human, Identity{account, name}, true, hold};
    } else {
      s = Seat::Bot();
    }
  }
  matches_played_ = recovered.series.matches_played;
  series_score_ = recovered.series.score;
  // rules.md: the first dealer rotates from match to match; recover where it started.
  first_dealer_of_series_ =
      ((stored.first_dealer - matches_played_) % settings_.seats + settings_.seats) %
      settings_.seats;

  MatchCreation created = CreateMatch(MatchSpec{settings_.game, settings_.preset, settings_.options,
                                                stored.first_dealer, settings_.seats});
  if (!created.match) return "its rules no longer parse: " + created.error;
  match_ = std::move(created.match);
  match_id_ = stored.match_id;
  match_live_ = true;
  commitments_.clear();

  seq_ = 1;  // the match_started event
  std::size_t next_move = 0;
  for (const RecoveredMatch::Deal& deal : recovered.deals) {
    const std::string where = "hand " + std::to_string(deal.hand);
    if (match_->MatchOver() || !match_->AwaitingDeal() || match_->HandNumber() + 1 != deal.hand) {
      return where + " is stored where the match does not deal it";
    }
    match_->StartHand(deal.seed);
    if (match_->Dealer() != deal.dealer) {
      return where + " was dealt by seat " + std::to_string(deal.dealer) + ", the rules say " +
             std::to_string(match_->Dealer());
    }
    hand_seed_ = HandSeed{deal.seed, deal.salt_hex, deal.dealer};
    commitments_.resize(static_cast<std::size_t>(deal.hand));
    commitments_.back() = deal.commitment_hex;
    ++seq_;  // hand_started
    for (; next_move < recovered.moves.size() && recovered.moves[next_move].hand == deal.hand;
         ++next_move) {
      const RecoveredMatch::Move& stored_move = recovered.moves[next_move];
      if (stored_move.seq != seq_ + 1) {
        return "move " + std::to_string(stored_move.seq) + " is stored where " +
               std::to_string(seq_ + 1) + " was due";
      }
      v1::Move move;
      move.set_notation(stored_move.notation);
      const MoveOutcome outcome = match_->Apply(stored_move.seat, move);
      if (outcome.kind != MoveOutcome::Kind::applied) {
        return "stored move " + std::to_string(stored_move.seq) + " (" +
               std::to_string(stored_move.seat) + " " + stored_move.notation +
               ") is refused: " + outcome.reason;
      }
      ++seq_;  // move_played
      if (!outcome.hand_ended) continue;
      ++seq_;  // hand_ended
      if (match_->HandNumber() > recovered.hand_results_stored) {
        // The crash came before the hand's result was stored.
        v1::HandResult result;
        match_->FillLastResult(result);
        storage_.SaveHandResult(HandResultRecord{match_id_, result.number(), result.line()});
      }
    }
  }
  if (next_move != recovered.moves.size()) {
    return "move " + std::to_string(recovered.moves[next_move].seq) +
           " is stored for a hand that was never dealt";
  }

  // Nothing from before the restart is kept to replay: a returning client's catch-up is a
  // snapshot of the rebuilt state.
  history_.clear();
  history_first_seq_ = seq_ + 1;
  delivered_hand_ = match_->HandNumber();
  metrics_.tables.fetch_add(1, std::memory_order_relaxed);
  metrics_.live_matches.fetch_add(1, std::memory_order_relaxed);
  std::fprintf(stderr, "kafenio: recovered match %lld at table %s (%zu moves, sequence %lld)\n",
               static_cast<long long>(match_id_), settings_.table_id.c_str(),
               recovered.moves.size(), static_cast<long long>(seq_));

  // Carry on where the crash stopped the match.
  OnStrand([](Table& t) {
    t.PublishInfo();
    if (t.match_->MatchOver()) return t.FinishMatch();
    if (t.match_->AwaitingDeal()) return t.DealHand();
    t.turn_deadline_ms_ = t.TurnDeadlineFromNow();
    t.ScheduleNext();
  });
  return {};
}

void Table::RestoreSeating(const RecoveredTable& recovered) {
  for (const TableSeatRecord& stored : recovered.seats) {
    if (stored.seat < 0 || stored.seat >= settings_.seats) continue;  // not a seat here
    Seat& s = seats_[static_cast<std::size_t>(stored.seat)];
    if (stored.account_id != 0) {
      s = Seat{
          Seat::Kind::human, Identity{stored.account_id, stored.name, stored.guest}, false, {}};
    } else {
      s = Seat::Bot();
    }
  }
  // The first dealer of the series comes from the table's number (the constructor).
  matches_played_ = recovered.series.matches_played;
  series_score_ = recovered.series.score;
  metrics_.tables.fetch_add(1, std::memory_order_relaxed);
  std::fprintf(stderr,
               "kafenio: recovered table %s between matches (%zu seats taken, %d of its series'"
               " matches played)\n",
               settings_.table_id.c_str(), recovered.seats.size(), matches_played_);
  OnStrand([](Table& t) {
    t.PublishInfo();
    t.MaybeClose();  // nobody is connected: wait the grace for the seated players
  });
}

}  // namespace kafenio::server
