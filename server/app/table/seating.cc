#include "server/app/table/seating.h"

#include <algorithm>

namespace kafenio::server {

int Seating::SeatOf(std::int64_t account_id) const {
  for (int seat = 0; seat < count_; ++seat) {
    if ((*this)[seat].IsPlayer(account_id)) return seat;
  }
  return -1;
}

Refusal Seating::Sit(const Identity& who, int seat, bool match_live) {
  if (!Valid(seat)) return Refusal::Because(v1::BAD_REQUEST, "no such seat at this table");
  Seat& s = at(seat);
  if (s.IsPlayer(who.account_id)) return Refusal::None();  // already there
  if (match_live) return Refusal::Because(v1::MATCH_IN_PROGRESS, "a match is in progress");
  if (s.kind == Seat::Kind::human) return Refusal::Because(v1::SEAT_TAKEN, "that seat is taken");
  if (SeatOf(who.account_id) >= 0) {
    return Refusal::Because(v1::SEAT_TAKEN, "you already hold a seat here: stand first");
  }
  if (rated_ && who.guest) {
    return Refusal::Because(v1::REGISTERED_ONLY,
                            "this table is rated: register an account to sit here");
  }
  s = Seat::Player(who);  // replaces a bot, if any
  return Refusal::None();
}

Refusal Seating::Stand(std::int64_t account_id, bool match_live) {
  const int seat = SeatOf(account_id);
  if (seat < 0) return Refusal::Because(v1::NOT_YOUR_SEAT, "you hold no seat at this table");
  if (match_live) return Refusal::Because(v1::MATCH_IN_PROGRESS, "a match is in progress");
  Vacate(seat);
  return Refusal::None();
}

Refusal Seating::AddBot(int seat, bool match_live, BotLevel level) {
  if (!Valid(seat)) return Refusal::Because(v1::BAD_REQUEST, "no such seat at this table");
  if (match_live) return Refusal::Because(v1::MATCH_IN_PROGRESS, "a match is in progress");
  if (at(seat).kind != Seat::Kind::empty) {
    return Refusal::Because(v1::SEAT_TAKEN, "that seat is taken");
  }
  at(seat) = Seat::Bot(level);
  return Refusal::None();
}

Refusal Seating::SetReady(std::int64_t account_id, bool ready) {
  const int seat = SeatOf(account_id);
  if (seat < 0) return Refusal::Because(v1::NOT_YOUR_SEAT, "sit down first");
  at(seat).ready = ready;
  return Refusal::None();
}

bool Seating::AllReady() const {
  for (int seat = 0; seat < count_; ++seat) {
    const Seat& s = (*this)[seat];
    if (s.kind == Seat::Kind::empty || !s.ready) return false;
  }
  return true;
}

bool Seating::AnyPlayer() const {
  return std::any_of(seats_.begin(), seats_.begin() + count_,
                     [](const Seat& s) { return s.kind == Seat::Kind::human; });
}

bool Seating::Full() const {
  return std::none_of(seats_.begin(), seats_.begin() + count_,
                      [](const Seat& s) { return s.kind == Seat::Kind::empty; });
}

bool Seating::SetHold(int seat, const SeatHold& hold) {
  SeatHold& held = at(seat).hold;
  if (held == hold) return false;
  held = hold;
  return true;
}

bool Seating::MatchIsRated() const {
  if (!rated_) return false;
  return std::all_of(seats_.begin(), seats_.begin() + count_,
                     [](const Seat& s) { return s.kind == Seat::Kind::human && !s.who.guest; });
}

int Seating::AbandonedBy() const {
  int abandoned = -1;
  for (int seat = 0; seat < count_; ++seat) {
    const Seat& s = (*this)[seat];
    if (s.kind != Seat::Kind::human || !s.hold.bot_holding) continue;
    // Both teams abandoned: neither is singled out, the result stands as played.
    if (abandoned >= 0 && abandoned % 2 != seat % 2) return -1;
    if (abandoned < 0) abandoned = seat;
  }
  return abandoned;
}

std::vector<std::int64_t> Seating::Accounts() const {
  std::vector<std::int64_t> accounts;
  for (int seat = 0; seat < count_; ++seat) accounts.push_back((*this)[seat].who.account_id);
  return accounts;
}

std::vector<std::string> Seating::BotNames() const {
  std::vector<std::string> names;
  for (int seat = 0; seat < count_; ++seat) {
    const Seat& s = (*this)[seat];
    names.emplace_back(s.kind == Seat::Kind::bot ? StoredBotName(s.bot_level) : "");
  }
  return names;
}

std::vector<TableSeatRecord> Seating::Records() const {
  std::vector<TableSeatRecord> taken;
  for (int seat = 0; seat < count_; ++seat) {
    const Seat& s = (*this)[seat];
    if (s.kind == Seat::Kind::empty || s.hold.left) continue;
    taken.push_back(
        TableSeatRecord{seat,
                        s.kind == Seat::Kind::human ? s.who.account_id : 0,
                        {},
                        false,
                        s.kind == Seat::Kind::bot ? std::string(StoredBotName(s.bot_level)) : ""});
  }
  return taken;
}

void Seating::UnreadyPlayers() {
  for (int seat = 0; seat < count_; ++seat) {
    if (at(seat).kind == Seat::Kind::human) at(seat).ready = false;
  }
}

void Seating::AfterMatch() {
  UnreadyPlayers();
  for (int seat = 0; seat < count_; ++seat) {
    if (at(seat).hold.left) Vacate(seat);
  }
}

void Seating::Fill(v1::TableInfo& info, const std::function<bool(std::int64_t)>& connected) const {
  for (int seat = 0; seat < count_; ++seat) {
    const Seat& s = (*this)[seat];
    v1::SeatInfo& out = *info.add_seats();
    out.set_seat(seat);
    out.set_team(count_ == 4 ? seat % 2 : seat);
    out.set_kind(s.kind == Seat::Kind::human ? v1::SEAT_HUMAN
                 : s.kind == Seat::Kind::bot ? v1::SEAT_BOT
                                             : v1::SEAT_EMPTY);
    out.set_name(s.kind == Seat::Kind::bot ? "bot" : s.who.name);
    out.set_account_id(s.who.account_id);
    out.set_ready(s.ready);
    out.set_away(s.Away());
    out.set_bot_holding(s.hold.bot_holding);
    if (s.kind == Seat::Kind::bot) out.set_bot_level(std::string(BotLevelName(s.bot_level)));
    out.set_connected(s.kind == Seat::Kind::bot ||
                      (s.kind == Seat::Kind::human && connected(s.who.account_id)));
  }
}

}  // namespace kafenio::server
