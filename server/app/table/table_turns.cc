// Who moves next at a table: a bot (at once, or after a human-paced delay), or a player on
// a turn clock that, when it runs out, lets a bot stand in (and after enough of those, hold
// the seat). One alarm at a time, from the turn plan.
#include "server/app/crypto.h"
#include "server/app/table/table.h"
#include "server/game/root_search.h"

namespace kafenio::server {

void Table::ScheduleNext() {
  turn_alarm_.reset();
  const int to_act = runner_.live() ? runner_.match().ToAct() : -1;
  TurnSituation situation;
  situation.match_live = runner_.live();
  situation.events_waiting = !outbox_.empty();
  situation.paused = paused_;
  situation.seat_to_act = to_act >= 0;
  situation.bot_plays = to_act >= 0 && seating_[to_act].BotPlays();
  situation.now_ms = services_.clock.NowMs();
  situation.deadline_ms = turn_clock_.deadline_ms();
  situation.turn_clock_ms = settings_.turn_clock_ms;
  situation.bot_delay_ms = config_.bot_delay_ms;
  if (config_.bot_delay_ms > 0) {
    situation.jitter = RandomBelow(static_cast<std::uint32_t>(config_.bot_delay_ms));
  }
  const TurnStep step = PlanTurn(situation);
  const std::int64_t seq = runner_.seq();
  if (bot_thinking_) return;  // the decision under way submits its move when ready
  switch (step.kind) {
    case TurnStep::Kind::wait:
      return;
    case TurnStep::Kind::bot_move:
      if (step.delay_ms == 0) {
        // Posted, not called: a bot-only match would otherwise recurse through a whole
        // match and keep this strand from other work.
        if (step_scheduled_) return;
        step_scheduled_ = true;
        return OnStrand([seq](Table& t) {
          t.step_scheduled_ = false;
          t.BotStep(seq);
        });
      }
      turn_alarm_ = services_.clock.After(strand_, step.delay_ms, [weak = weak_from_this(), seq] {
        if (auto self = weak.lock()) self->BotStep(seq);
      });
      return;
    case TurnStep::Kind::clock_runs_out:
      turn_alarm_ = services_.clock.After(strand_, step.delay_ms, [weak = weak_from_this(), seq] {
        if (auto self = weak.lock()) self->OnClock(seq);
      });
      return;
  }
}

void Table::CarryOn() {
  if (!runner_.live() || !outbox_.empty() || closed_) return;
  if (runner_.match().MatchOver()) return FinishMatch();
  if (runner_.match().AwaitingDeal() && runner_.match().HandNumber() > 0 && LimitReached()) {
    return FinishMatch();
  }
  if (runner_.match().AwaitingDeal()) return DealHand();
  ScheduleNext();
}

void Table::BotStep(std::int64_t seq) {
  if (!runner_.live() || seq != runner_.seq() || !outbox_.empty() || paused_) return;
  const int to_act = runner_.match().ToAct();
  if (to_act < 0) return;
  ThinkForSeat(to_act, seq, false);
}

void Table::OnClock(std::int64_t seq) {
  if (!runner_.live() || seq != runner_.seq() || !outbox_.empty() || paused_) return;
  const int to_act = runner_.match().ToAct();
  if (to_act < 0 || seating_[to_act].kind != Seat::Kind::human) return;
  // Out of time: a bot move stands in, and after enough of them a bot holds the seat.
  SeatHold hold = seating_[to_act].hold;
  if (++hold.timeouts >= config_.timeouts_before_bot) hold.bot_holding = true;
  SetHold(to_act, hold);
  PublishInfo();
  ThinkForSeat(to_act, seq, true);
}

void Table::ThinkForSeat(int seat, std::int64_t seq, bool stand_in) {
  if (bot_thinking_) return;
  const Seat& held = seating_[seat];
  // A bot's own seat plays at its level; a player's seat is stood in for by the strong bot.
  const BotLevel level = held.kind == Seat::Kind::bot ? held.bot_level : BotLevel::strong;
  SearchSettings settings;
  settings.iterations = config_.bot_iterations;
  settings.seed =
      MixSeed(MixSeed(settings.seed, static_cast<std::uint64_t>(settings_.table_number)),
              static_cast<std::uint64_t>(runner_.match_id()));
  auto think = runner_.match().BotTask(level, settings);
  const std::uint64_t returns = seat_returns_[static_cast<std::size_t>(seat)];
  // The easy bot decides in microseconds: on the strand, as before the pool existed.
  if (services_.bots == nullptr || level == BotLevel::easy) {
    return BotMoveReady(seat, seq, stand_in, returns, think());
  }
  bot_thinking_ = true;
  Metrics& metrics = services_.metrics;
  metrics.bot_decisions_waiting.fetch_add(1, std::memory_order_relaxed);
  const bool admitted =
      services_.bots->TrySubmit([weak = weak_from_this(), think = std::move(think), seat, seq,
                                 stand_in, returns, strand = strand_, &metrics] {
        v1::Move move = think();
        metrics.bot_decisions_total.fetch_add(1, std::memory_order_relaxed);
        metrics.bot_decisions_waiting.fetch_sub(1, std::memory_order_relaxed);
        if (auto self = weak.lock()) {
          boost::asio::post(strand, [self, seat, seq, stand_in, returns, move = std::move(move)] {
            self->bot_thinking_ = false;
            self->BotMoveReady(seat, seq, stand_in, returns, move);
          });
        }
      });
  if (!admitted) {
    // The pool is full: think here rather than stall the match.
    metrics.bot_decisions_waiting.fetch_sub(1, std::memory_order_relaxed);
    bot_thinking_ = false;
    BotMoveReady(seat, seq, stand_in, returns, runner_.match().BotTask(level, settings)());
  }
}

void Table::BotMoveReady(int seat, std::int64_t seq, bool stand_in, std::uint64_t returns,
                         const v1::Move& move) {
  // The match moved on meanwhile (a player reclaimed the seat and played, a restore,
  // a pause), or the player took the seat back while the bot thought (a stand-in's move
  // is not the seat's bot's, so only the count of returns tells it is stale): plan the next
  // step from where it is now.
  if (!runner_.live() || seq != runner_.seq() || !outbox_.empty() || paused_ || closed_ ||
      runner_.match().ToAct() != seat || returns != seat_returns_[static_cast<std::size_t>(seat)] ||
      (!stand_in && !seating_[seat].BotPlays())) {
    return CarryOn();
  }
  SubmitMove(seat, move, true, std::nullopt, nullptr);
}

}  // namespace kafenio::server
