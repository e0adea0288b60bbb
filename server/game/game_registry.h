#pragma once
// The games this server plays, by name: the one list the server, the record replayer and
// every command use. Adding a game is one GameKind (game_kind.h) and one line in
// game_registry.cc.
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/record/replay.h"
#include "server/game/game_kind.h"

namespace kafenio::server {

const std::vector<const GameKind*>& Games();
// None for a game this server does not play.
const GameKind* FindGame(std::string_view name);
// "pilotta, diloti": for messages.
std::string GameNames();

// The record replayer's game factory (record::Replay): the game a record's header names.
record::Outcome MakeRecordGame(const record::Header& header,
                               std::unique_ptr<record::RecordGame>& out);

}  // namespace kafenio::server
