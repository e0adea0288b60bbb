#include "server/app/peer.h"
#include "server/app/results_requests.h"

namespace kafenio::server {
namespace {

constexpr int kDefaultPage = 20;
constexpr int kMaxPage = 100;

void FillEntry(const MatchHistoryEntry& entry, v1::MatchHistoryEntry& out) {
  out.set_match_id(entry.match_id);
  out.set_game(entry.game);
  out.set_rules(entry.rules);
  out.set_state(entry.state);
  out.set_started_unix_ms(entry.started_unix_ms);
  out.set_finished_unix_ms(entry.finished_unix_ms);
  for (const SeatSummary& seat : entry.seats) {
    v1::HistorySeat& s = *out.add_seats();
    s.set_seat(seat.seat);
    s.set_account_id(seat.account_id);
    s.set_name(seat.name);
  }
  out.set_own_seat(entry.own_seat);
  out.set_own_team(entry.own_team);
  out.set_winner(entry.winner);
  for (const int total : entry.totals) out.add_totals(total);
  out.set_rated(entry.rated);
  if (entry.rating) {
    v1::RatingChange& change = *out.mutable_rating();
    change.set_mode(entry.rating->mode);
    change.set_rating_before(entry.rating->rating_before);
    change.set_rating_after(entry.rating->rating_after);
    change.set_rd_after(entry.rating->rd_after);
  }
  if (entry.void_reason) {
    out.set_voided(true);
    out.set_void_reason(*entry.void_reason);
  }
}

}  // namespace

int PageLimit(int requested) {
  if (requested == 0) return kDefaultPage;
  return requested >= 1 && requested <= kMaxPage ? requested : -1;
}

Reply PageLimitError(const std::string& request_id) {
  return MakeError(request_id, v1::BAD_REQUEST,
                   "limit must be between 1 and " + std::to_string(kMaxPage));
}

Reply AnswerMatchHistory(AccountStore& accounts, ResultsStore& results,
                         const v1::GetMatchHistory& request, std::int64_t self,
                         const std::string& request_id) {
  const int limit = PageLimit(request.limit());
  if (limit < 0) return PageLimitError(request_id);
  if (request.before_match_id() < 0) {
    return MakeError(request_id, v1::BAD_REQUEST, "before_match_id cannot be negative");
  }
  const std::int64_t account = request.account_id() == 0 ? self : request.account_id();
  if (!accounts.FindAccount(account)) {
    return MakeError(request_id, v1::UNKNOWN_PLAYER, "no player " + std::to_string(account));
  }
  const auto entries = results.MatchHistory(account, limit, request.before_match_id());
  auto reply = std::make_shared<v1::Envelope>();
  reply->set_request_id(request_id);
  v1::MatchHistory& history = *reply->mutable_match_history();
  history.set_account_id(account);
  for (const MatchHistoryEntry& entry : entries) FillEntry(entry, *history.add_matches());
  // A full page may have more behind it; a short one is the last.
  if (static_cast<int>(entries.size()) == limit) {
    history.set_next_before_match_id(entries.back().match_id);
  }
  return reply;
}

}  // namespace kafenio::server
