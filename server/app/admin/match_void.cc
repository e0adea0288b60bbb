// Voiding a match from the console (docs/admin.md, "Voiding a match"). One write: the void's
// row, the ladder replayed without the match (server/rating/void_replay.h) and the audit
// entry commit together or not at all. A live match is only marked: when it ends it is
// stored as played but never rated (rating::RecordMatchResult).
#include <set>

#include "server/app/admin/console.h"
#include "server/rating/rating_modes.h"
#include "server/rating/record_match_result.h"
#include "server/rating/void_replay.h"

namespace kafenio::server::admin {
namespace {

struct VoidDone {
  std::string state;  // of the match when voided
  bool rated = false;
  rating::VoidReplay replay;
};

std::string StateName(storage::MatchState state) {
  switch (state) {
    case storage::MatchState::live:
      return "live";
    case storage::MatchState::finished:
      return "finished";
    default:
      return "abandoned";
  }
}

// The ladder of the match's mode without it, read and written in this transaction.
rating::VoidReplay ReplayLadder(storage::WriteTransaction& t, const storage::Match& match,
                                const std::string& mode) {
  storage::StaffSql& sql = t.Staff();
  rating::VoidReplayInput input;
  input.voided_match_id = match.id;
  input.window = sql.RatingRowsFrom(mode, match.id);
  if (input.window.empty()) return {};
  std::set<std::int64_t> accounts;
  for (const auto& row : input.window) {
    accounts.insert(row.account_id);
    if (row.match_id == match.id || input.matches.contains(row.match_id)) continue;
    const auto later = t.FindMatch(row.match_id);
    const auto outcome = sql.MatchOutcome(row.match_id);
    if (!later || !outcome) {
      throw std::runtime_error("rated match " + std::to_string(row.match_id) + " has no result");
    }
    input.matches.emplace(row.match_id, rating::RatedMatch{*later, *outcome});
  }
  for (const std::int64_t account : accounts) {
    if (auto before = sql.RatingRowBefore(account, mode, input.window.front().id)) {
      input.before.emplace(account, *before);
    }
    if (auto current = t.FindRating(account, mode)) input.current.emplace(account, *current);
  }
  rating::VoidReplay replay = rating::ReplayWithoutMatch(input);
  sql.DeleteRatingRowsOf(match.id);
  for (const auto& row : replay.rerated) sql.SetRatingRow(row);
  for (const auto& rating : replay.current) sql.SetCurrentRating(rating);
  for (const std::int64_t account : replay.unrated) sql.DeleteCurrentRating(account, mode);
  return replay;
}

}  // namespace

ApiAnswer Console::VoidMatch(const StaffMember& who, const std::string& id_text,
                             const rapidjson::Value& body) {
  const auto id = Id(id_text);
  if (!id) return ApiError(400, "a match id is a positive number");
  const auto reason = Reason(body);
  if (!reason) return ApiError(400, "a reason (1 to 500 bytes) is required");
  const std::string target = "match " + id_text;
  const std::int64_t now = store_.clock().NowMs();
  VoidDone done;
  // Why the void was refused (status, message): set inside the write, which the refusal
  // rolls back (the writer may run the operation twice, so each run starts afresh).
  std::optional<std::pair<int, std::string>> refused;
  const auto refuse = [&refused](int status, const std::string& message) {
    refused.emplace(status, message);
    throw std::runtime_error(message);
  };
  try {
    store_.WriteAuditedTransaction(
        [&](storage::WriteTransaction& t, AuditRecord& audit) {
          done = VoidDone{};
          refused.reset();
          const auto match = t.FindMatch(*id);
          if (!match) refuse(404, "no match " + id_text);
          if (!t.Staff().MatchVoids({*id}).empty()) {
            refuse(409, "match " + id_text + " is void already");
          }
          t.Staff().PutMatchVoid({*id, *reason, who.name, now});
          done.state = StateName(match->state);
          done.rated = rating::IsRatedMatch(*match);
          if (match->state == storage::MatchState::live) {
            audit.outcome = "ok: live, it will not be rated";
          } else if (!done.rated) {
            audit.outcome = "ok: unrated";
          } else {
            const std::string mode(
                *rating::RatingMode(match->game, static_cast<int>(match->seats.size())));
            done.replay = ReplayLadder(t, *match, mode);
            audit.outcome =
                "ok: " + mode + " replayed, " +
                std::to_string(done.replay.current.size() + done.replay.unrated.size()) +
                " players, " + std::to_string(done.replay.matches_rerated) +
                " later matches re-rated";
          }
        },
        {who.name, "match.void", target, *reason, "ok"});
  } catch (const StaffWriteError&) {
    if (!refused) throw;
    store_.Audit({who.name, "match.void", target, *reason, "refused: " + refused->second});
    return ApiError(refused->first, refused->second);
  }
  return Json([&](json::Writer& w) {
    w.StartObject();
    Key(w, "match_id", *id);
    Key(w, "state", done.state);
    KeyBool(w, "rated", done.rated);
    Key(w, "matches_rerated", std::int64_t{done.replay.matches_rerated});
    w.Key("ratings");
    w.StartArray();
    for (const auto& r : done.replay.current) {
      w.StartObject();
      Key(w, "account_id", r.account_id);
      Key(w, "mode", r.mode);
      KeyDouble(w, "rating", r.rating);
      KeyDouble(w, "rd", r.rd);
      KeyDouble(w, "volatility", r.volatility);
      Key(w, "matches", std::int64_t{r.matches});
      w.EndObject();
    }
    w.EndArray();
    w.Key("unrated");
    w.StartArray();
    for (const std::int64_t account : done.replay.unrated) w.Int64(account);
    w.EndArray();
    w.EndObject();
  });
}

}  // namespace kafenio::server::admin
