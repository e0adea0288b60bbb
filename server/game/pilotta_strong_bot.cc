#include "server/game/pilotta_strong_bot.h"

#include <algorithm>
#include <array>
#include <vector>

#include "server/game/pilotta_bot.h"
#include "server/game/pilotta_determinize.h"
#include "server/game/root_search.h"

namespace kafenio::server {
namespace {

using pilotta::Move;

// The decision's seed: the settings' seed and public facts of the position only.
std::uint64_t DecisionSeed(const pilotta::State& state, std::uint64_t seed) {
  std::uint64_t s = MixSeed(seed, static_cast<std::uint64_t>(state.HandNumber()));
  s = MixSeed(s, static_cast<std::uint64_t>(state.ToAct()));
  s = MixSeed(s, static_cast<std::uint64_t>(state.CallCount()));
  s = MixSeed(s, state.Played());
  s = MixSeed(s, static_cast<std::uint64_t>(state.TrickSize()));
  return MixSeed(s, static_cast<std::uint64_t>(state.DeclarationCount()));
}

// A hand's result for `team`, in tens, scaled so that an ordinary hand's swing (about
// 25 tens) is near 1; capot and doubled contracts go beyond it, as they should.
double HandOutcome(const pilotta::State& state, int team) {
  const auto& score = state.LastResult().score;
  const int margin =
      score[static_cast<std::size_t>(team)] - score[static_cast<std::size_t>(1 - team)];
  return margin / 25.0;
}

// Plays the easy bot's moves for every seat to the end of the hand.
double PlayOut(pilotta::State& state, const Move& first, int team) {
  const int hand = state.HandNumber();
  state.Apply(first);
  while (state.ToAct() >= 0) state.Apply(ChoosePilottaMove(state));
  // A hand annulled (all passed) has a zero result; another hand never starts here.
  if (state.LastResult().number != hand || state.LastResult().annulled) return 0.0;
  return HandOutcome(state, team);
}

// The moves worth searching. In the auction, a bid of each trump mode at its lowest
// legal values, passing, doubling and the easy bot's own call: sixty-odd bids searched
// on a few hundred playouts would each get a handful, and the luckiest (usually a reckless
// one) would win. Elsewhere every legal move.
constexpr int kBidSteps = 0;  // bids searched above each mode's lowest legal one

std::vector<Move> Candidates(const pilotta::State& state, const pilotta::MoveList& legal) {
  std::vector<Move> out;
  if (state.phase() != pilotta::Phase::auction) {
    out.assign(legal.begin(), legal.end());
    return out;
  }
  // Never outbid the partner: in the playouts the partner is the easy bot, which would
  // mostly pass, so a raise looks free there; at a table the partner searches too, and
  // partners raising each other in turn ran contracts up to 160 in the first trials.
  const int bidder = state.GetContract().bidder;
  if (bidder >= 0 && pilotta::TeamOf(bidder) == pilotta::TeamOf(state.ToAct())) {
    out.push_back(Move::Pass(state.ToAct()));
    return out;
  }
  const Move easy = ChoosePilottaMove(state);
  std::array<int, 6> lowest{};
  lowest.fill(1000);
  for (const Move& move : legal) {
    if (move.kind == pilotta::MoveKind::bid && move.value != pilotta::kCapotBid) {
      lowest[move.suit] = std::min<int>(lowest[move.suit], move.value);
    }
  }
  for (const Move& move : legal) {
    const bool cheap_bid = move.kind == pilotta::MoveKind::bid &&
                           move.value != pilotta::kCapotBid &&
                           move.value <= lowest[move.suit] + kBidSteps;
    if (move == easy || move.kind != pilotta::MoveKind::bid || cheap_bid) out.push_back(move);
  }
  return out;
}

}  // namespace

Move ChooseStrongPilottaMove(const pilotta::State& state, const SearchSettings& settings) {
  const pilotta::MoveList legal = state.LegalMoves();
  if (legal.size() == 1) return legal[0];
  const int seat = state.ToAct();
  const int team = pilotta::TeamOf(seat);
  DealRng rng(DecisionSeed(state, settings.seed));
  const PilottaKnowledge knowledge = PilottaKnowledgeOf(state, seat);
  const std::vector<Move> candidates = Candidates(state, legal);
  const int chosen = SearchRoot(
      static_cast<int>(candidates.size()), settings.iterations, rng,
      [&](DealRng& r) { return settings.sees_all ? state : Determinize(state, knowledge, r); },
      [&](pilotta::State& s, int move, DealRng&) {
        return PlayOut(s, candidates[static_cast<std::size_t>(move)], team);
      });
  return candidates[static_cast<std::size_t>(chosen)];
}

Move ChoosePilottaMove(const pilotta::State& state, BotLevel level,
                       const SearchSettings& settings) {
  return level == BotLevel::strong ? ChooseStrongPilottaMove(state, settings)
                                   : ChoosePilottaMove(state);
}

}  // namespace kafenio::server
