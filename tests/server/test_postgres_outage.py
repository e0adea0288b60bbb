"""One server on PostgreSQL whose database goes away mid-match (docs/operations.md):

- while the database refuses connections (every session ended, ALLOW_CONNECTIONS off) a
  move is refused with the typed error STORAGE_UNAVAILABLE, and nobody sees it played;
- once the database is back the server reconnects by itself and the same move is
  accepted;
- at the end the stored moves are exactly the moves broadcast, each once: nothing refused
  was stored, nothing acknowledged was lost.
"""
import asyncio
import sys

from kafenio_client import (Client, ServerProcess, body_of, first_move, game_view, has_moves,
                            play_move_as_player, run)
from postgres_server import PostgresDatabase


class Player:
    def __init__(self, client, table_id):
        self.client, self.table_id = client, table_id
        self.seen = {}  # seq -> move notation, as broadcast
        self.view = None
        self.seq = 0

    async def until_my_turn(self):
        """Follows the match until this player is to act; returns False when it ended."""
        while True:
            if self.view and self.view["to_act"] == self.view["viewer"] and \
                    has_moves(self.view) and not self.client.match_event_waiting():
                return True
            event = await self.client.next_match_event(timeout=30)
            self.seq = int(event["seq"])
            if body_of(event) == "move_played":
                self.seen[self.seq] = event["move_played"]["move"]["notation"]
            if body_of(event) == "match_ended":
                return False
            self.view = game_view(event)

    async def move(self, refusals=("NOT_YOUR_TURN",)):
        notation = first_move(self.view)["notation"]
        played = await play_move_as_player(self.client, self.table_id, notation,
                                           expected_seq=self.seq, refusals=refusals)
        if played:
            self.view = None  # the move's own event brings the next one
        return played


async def main(binary):
    db = PostgresDatabase()
    server = ServerProcess(binary, "bot_delay_ms=0", "storage_retry_ms=100", db=db.conninfo)
    try:
        client = await Client.connect(server.url)
        await client.guest("maria")
        table_id = (await client.request("create_table", {
            "game": "diloti", "options": ["target=61"], "seats": 2,
            "turn_clock_ms": 600000}))["table_created"]["table_id"]
        await client.request("add_bot", {"table_id": table_id, "seat": 1})
        await client.request("sit", {"table_id": table_id, "seat": 0})
        await client.request("set_ready", {"table_id": table_id, "ready": True})
        player = Player(client, table_id)
        for _ in range(3):
            assert await player.until_my_turn()
            assert await player.move()

        # The database goes away while it is this player's turn.
        assert await player.until_my_turn()
        db.psql(f"ALTER DATABASE {db.name} ALLOW_CONNECTIONS false", database=db.server)
        db.psql("SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                f" WHERE datname = '{db.name}'", database=db.server)
        seq_before = player.seq
        refused = not await player.move(refusals=("STORAGE_UNAVAILABLE",))
        assert refused, "a move was accepted while the database was gone"
        assert not client.match_event_waiting(), "a refused move was broadcast"
        assert player.seq == seq_before

        # Back: the server reconnects, and the same move goes through.
        db.psql(f"ALTER DATABASE {db.name} ALLOW_CONNECTIONS true", database=db.server)
        for _ in range(100):
            if await player.move(refusals=("STORAGE_UNAVAILABLE",)):
                break
            await asyncio.sleep(0.1)
        else:
            raise AssertionError("the server never wrote again after the database came back")
        for _ in range(5):
            if not await player.until_my_turn():
                break
            assert await player.move()
        await client.close()
        assert server.stop() == 0

        stored = {int(seq): move for seq, move in
                  db.psql("SELECT sequence, move FROM move_events ORDER BY sequence")}
        assert len(stored) == len(db.psql("SELECT 1 FROM move_events")), "a move stored twice"
        for seq, notation in player.seen.items():
            assert stored.get(seq) == notation, (seq, notation, stored.get(seq))
        # Up to the last move the player saw (a bot may have moved after it left).
        last = max(player.seen)
        assert {seq for seq in stored if seq <= last} == set(player.seen), \
            (sorted(stored), sorted(player.seen))
        print(f"{len(stored)} moves stored, each once; the move played during the outage was "
              "refused with STORAGE_UNAVAILABLE and accepted once the database was back")
    finally:
        if server.alive():
            server.proc.kill()
        db.drop()


if __name__ == "__main__":
    run(main(sys.argv[1]))
