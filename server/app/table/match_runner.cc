#include "server/app/table/match_runner.h"

#include <algorithm>

namespace kafenio::server {
namespace {

Refusal RefusalOf(const MoveOutcome& outcome) {
  const v1::ErrorCode code = outcome.kind == MoveOutcome::Kind::not_your_turn ? v1::NOT_YOUR_TURN
                             : outcome.kind == MoveOutcome::Kind::unparsable  ? v1::BAD_MOVE
                                                                              : v1::ILLEGAL_MOVE;
  return Refusal::Because(code, outcome.reason);
}

}  // namespace

void MatchRunner::Begin(MakeMatch make, std::int64_t match_id, std::string game) {
  make_ = std::move(make);
  match_ = make_();
  game_ = std::move(game);
  live_ = true;
  match_id_ = match_id;
  seq_ = 0;
  log_.clear();
  commitments_.clear();
  hand_seed_ = {};
}

void MatchRunner::DealSeed(const MatchEventRecord& deal) {
  hand_seed_ = RevealedSeed{deal.seed, deal.salt_hex, deal.commitment_hex, deal.seat};
  commitments_.resize(static_cast<std::size_t>(deal.hand));
  commitments_.back() = deal.commitment_hex;
}

MatchEventRecord MatchRunner::Deal(std::int64_t now_ms) {
  // The hand's seed is fixed by the server secret, the match and the hand; its commitment
  // goes out with the hand and the seed itself when the hand ends (docs/fairness.md).
  const int hand = match_->HandNumber() + 1;
  fairness::HandCommitment committed = fairness::CommitHandSeed(secret_, match_id_, hand);
  if (hand >= 1 && hand <= static_cast<int>(deal_seeds_.size())) {
    // A duplicate deal: the event's seed, committed to with this hand's own salt.
    committed.seed = deal_seeds_[static_cast<std::size_t>(hand - 1)];
    committed.commitment = fairness::CommitmentOf(committed.seed, committed.salt, match_id_, hand);
  }
  match_->StartHand(committed.seed);
  MatchEventRecord deal;
  deal.match_id = match_id_;
  deal.seq = ++seq_;
  deal.kind = MatchEventRecord::Kind::deal;
  deal.hand = hand;
  deal.seat = match_->Dealer();  // a deal's "seat" is its dealer
  deal.unix_ms = now_ms;
  deal.seed = committed.seed;
  deal.salt_hex = fairness::ToHex(committed.salt);
  deal.commitment_hex = fairness::ToHex(committed.commitment);
  DealSeed(deal);
  log_.push_back(deal);
  return deal;
}

Played MatchRunner::Submit(int seat, const v1::Move& move, bool by_server, std::int64_t now_ms) {
  Played played;
  MoveOutcome outcome = match_->Apply(seat, move);
  if (outcome.kind != MoveOutcome::Kind::applied) {
    played.refusal = RefusalOf(outcome);
    return played;
  }
  MatchEventRecord& record = played.record;
  record.match_id = match_id_;
  record.seq = ++seq_;
  record.kind = MatchEventRecord::Kind::move;
  record.hand = match_->HandNumber();
  record.seat = seat;
  record.notation = outcome.move.notation();
  record.by_server = by_server;
  record.unix_ms = now_ms;
  if (outcome.hand_ended) {
    v1::HandResult result;
    match_->FillLastResult(result);
    record.hand_result = HandResultRecord{result.number(), result.line()};
  }
  log_.push_back(record);
  played.move = std::move(outcome.move);
  played.hand_ended = outcome.hand_ended;
  played.match_over = outcome.match_over;
  return played;
}

RevealedSeed MatchRunner::LastSeed() const {
  return hand_seed_;
}

std::string MatchRunner::CommitmentOf(int hand) const {
  if (hand < 1 || static_cast<std::size_t>(hand) > commitments_.size()) return {};
  return commitments_[static_cast<std::size_t>(hand) - 1];
}

void MatchRunner::RollBack(std::int64_t seq) {
  const auto first_lost = std::find_if(log_.begin(), log_.end(),
                                       [seq](const MatchEventRecord& e) { return e.seq >= seq; });
  const bool state_lost = first_lost != log_.end();
  log_.erase(first_lost, log_.end());
  if (state_lost) {
    // The engine moved on with entries that are not stored: rebuild it from those that are.
    // They replayed once already, so this cannot fail.
    Replay(log_);
  }
  seq_ = seq - 1;
}

std::string MatchRunner::Replay(const std::vector<MatchEventRecord>& entries,
                                std::vector<HandResultRecord>* results_after, int results_stored) {
  match_ = make_();
  commitments_.clear();
  hand_seed_ = {};
  std::int64_t seq = 1;  // the match_started event
  std::vector<MatchEventRecord> replayed;
  for (MatchEventRecord entry : entries) {
    if (entry.kind == MatchEventRecord::Kind::deal) {
      const std::string where = "hand " + std::to_string(entry.hand);
      if (match_->MatchOver() || !match_->AwaitingDeal() ||
          match_->HandNumber() + 1 != entry.hand) {
        return where + " is stored where the match does not deal it";
      }
      match_->StartHand(entry.seed);
      if (match_->Dealer() != entry.seat) {
        return where + " was dealt by seat " + std::to_string(entry.seat) + ", the rules say " +
               std::to_string(match_->Dealer());
      }
      entry.seq = ++seq;  // hand_started
      DealSeed(entry);
      replayed.push_back(std::move(entry));
      continue;
    }
    if (entry.hand != match_->HandNumber() || match_->AwaitingDeal()) {
      return "move " + std::to_string(entry.seq) + " is stored for a hand that was never dealt";
    }
    if (entry.seq != seq + 1) {
      return "move " + std::to_string(entry.seq) + " is stored where " + std::to_string(seq + 1) +
             " was due";
    }
    v1::Move move;
    move.set_notation(entry.notation);
    const MoveOutcome outcome = match_->Apply(entry.seat, move);
    if (outcome.kind != MoveOutcome::Kind::applied) {
      return "stored move " + std::to_string(entry.seq) + " (" + std::to_string(entry.seat) + " " +
             entry.notation + ") is refused: " + outcome.reason;
    }
    ++seq;  // move_played
    if (outcome.hand_ended) {
      ++seq;  // hand_ended
      v1::HandResult result;
      match_->FillLastResult(result);
      entry.hand_result = HandResultRecord{result.number(), result.line()};
      if (results_after && match_->HandNumber() > results_stored) {
        results_after->push_back(*entry.hand_result);
      }
    }
    replayed.push_back(std::move(entry));
  }
  log_ = std::move(replayed);
  seq_ = seq;
  return {};
}

std::string MatchRunner::Restore(MakeMatch make, const RecoveredMatch& recovered,
                                 std::vector<HandResultRecord>& missing_results) {
  make_ = std::move(make);
  game_ = recovered.match.game;
  match_id_ = recovered.match.match_id;
  live_ = true;
  return Replay(recovered.events, &missing_results, recovered.hand_results_stored);
}

std::string MatchRunner::RecordText() const {
  std::string record = "game " + game_ + "\nrules " + match_->RulesText() + "\nplayers " +
                       std::to_string(match_->Players()) + "\n";
  for (const MatchEventRecord& entry : log_) {
    if (entry.kind == MatchEventRecord::Kind::move) {
      record += std::to_string(entry.seat) + " " + entry.notation + "\n";
      continue;
    }
    record += "hand\n";
    // Only the first hand names its dealer: later dealers follow the rotation.
    if (entry.hand == 1) record += "dealer " + std::to_string(entry.seat) + "\n";
    record += "seed " + std::to_string(entry.seed) + "\n";
  }
  return record;
}

}  // namespace kafenio::server
