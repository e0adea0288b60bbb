"""A player whose connection drops in the middle of a match gets a bot stand-in after the
disconnect grace (`disconnect_grace_ms`), not after whole turn clocks: his turn comes (here:
he drops on it), nothing plays for him until the grace has passed, then a bot holds his seat
and plays; coming back within the grace changes nothing, and coming back after it gives him
the seat again, and he plays his own moves. On the server's manual clock: the test moves
time instead of sleeping, and the bots (human-paced) move only when it does."""
import asyncio
import random
import sys

from kafenio_client import (Client, ServerError, ServerProcess, body_of, game_view, pick_move,
                            play_move_as_player, run)

GRACE_MS = 20000
TURN_MS = 600000  # a whole turn clock is far longer than anything the test waits
BOT_MS = 1000     # bots wait 0.5-1.5 s before each move


async def come_back(server, token):
    client = await Client.connect(server.url)
    await client.request("resume", {"token": token})
    return client


async def seen_gone(lobby, table):
    """Waits until the table has taken in that the player's connection is gone, so that the
    grace runs from the clock's present time: the lobby's snapshot is current (a push may
    be stale, and on the manual clock pushes wait for the clock)."""
    while True:
        tables = (await lobby.request("subscribe_lobby"))["lobby"]["tables"]
        seats = [info["seats"][0] for info in tables if info["table_id"] == table]
        if seats and not seats[0]["connected"]:
            return
        await asyncio.sleep(0.02)


async def settled(spectator, table):
    """A request answered on the table's strand, after what was queued there before it (what
    the clock's last move set off, and the alarms it armed): a spectator's set_ready, which
    the table refuses without changing anything."""
    try:
        await spectator.request("set_ready", {"table_id": table, "ready": False})
    except ServerError:
        pass


async def his_turn(server, spectator, table, player, event=None):
    """Reads the player's events (from `event`, one already taken) until it is his turn,
    moving the clock for the bot's moves once the table has armed the bot's alarm."""
    while True:
        current, event = event or await player.next_match_event(), None
        assert body_of(current) != "match_ended", "the match ended before his turn"
        if player.match_event_waiting():
            continue  # act on the newest view only
        view = game_view(current)
        if view["to_act"] == view["viewer"]:
            return current
        await settled(spectator, table)
        await server.advance(2 * BOT_MS)


def moves_for_seat_0(messages):
    return [m["match_event"]["move_played"] for m in messages
            if m.get("match_event", {}).get("move_played", {}).get("move", {}).get("seat") == 0]


def held_by_bot(messages):
    return any(m["table"]["seats"][0]["bot_holding"] for m in messages if "table" in m)


async def main(binary):
    server = ServerProcess(binary, f"disconnect_grace_ms={GRACE_MS}", f"bot_delay_ms={BOT_MS}",
                           manual_clock=True)
    try:
        lobby = await Client.connect(server.url)
        await lobby.guest("lobby")
        bob = await Client.connect(server.url)
        account = await bob.guest("Βασίλης")
        table = (await bob.request("create_table", {
            "game": "diloti", "turn_clock_ms": TURN_MS}))["table_created"]["table_id"]
        await bob.request("add_bot", {"table_id": table, "seat": 1})
        await bob.request("sit", {"table_id": table, "seat": 0})
        spectator = await Client.connect(server.url)
        await spectator.guest("spectator")
        await spectator.request("join_table", {"table_id": table})
        await bob.request("set_ready", {"table_id": table, "ready": True})

        # His turn; his connection drops and he is back just within the grace: nothing
        # played for him, no bot holds his seat, then or later.
        await his_turn(server, spectator, table, bob)
        match_id = bob.match_id
        await bob.close()
        await seen_gone(lobby, table)
        await server.advance(GRACE_MS - 1)
        bob = await come_back(server, account["token"])
        await bob.request("join_table", {"table_id": table, "match_id": match_id, "last_seq": 0})
        await server.advance(GRACE_MS)
        await settled(spectator, table)
        seen = list(spectator.events._queue)
        assert not moves_for_seat_0(seen) and not held_by_bot(seen), seen
        snapshot = await bob.next_match_event()
        assert body_of(snapshot) == "snapshot" and game_view(snapshot)["to_act"] == 0, snapshot

        # Gone again, still on his turn: one millisecond short of the grace nothing happens;
        # at the grace a bot holds his seat, and plays his turn (after a bot's pause).
        await bob.close()
        await seen_gone(lobby, table)
        await server.advance(GRACE_MS - 1)
        await settled(spectator, table)
        seen = list(spectator.events._queue)
        assert not moves_for_seat_0(seen), "a bot played for him before the grace"
        assert not held_by_bot(seen), "a bot held his seat before the grace"
        await server.advance(1)
        while True:
            message = await spectator.next_event()
            if "table" in message and message["table"]["seats"][0]["bot_holding"]:
                assert not message["table"]["seats"][0]["connected"], message
                break
            assert not moves_for_seat_0([message]), "a bot played before it held the seat"
        await settled(spectator, table)
        await server.advance(2 * BOT_MS)
        while True:
            message = await spectator.next_event()
            played = moves_for_seat_0([message])
            if played:
                assert played[0]["by_server"] is True, played
                break

        # Back after the grace: joining gives him his seat, and on his next turn his own
        # move is played (no bot moves for him: the turn clock is far from running out).
        bob = await come_back(server, account["token"])
        await bob.request("join_table", {"table_id": table, "match_id": match_id, "last_seq": 0})
        snapshot = None
        while True:
            message = await bob.next_event()
            if "match_event" in message:
                snapshot = message["match_event"]  # his catch-up comes first
                bob.match_id, bob.last_seq = int(snapshot["match_id"]), int(snapshot["seq"])
            if "table" in message and not message["table"]["seats"][0]["bot_holding"]:
                assert message["table"]["seats"][0]["connected"], message
                break
        assert snapshot is not None and body_of(snapshot) == "snapshot", snapshot
        event = await his_turn(server, spectator, table, bob, snapshot)
        rng = random.Random(19)
        move = pick_move(game_view(event), rng)
        assert await play_move_as_player(bob, table, move["notation"], refusals=())
        while True:
            played = moves_for_seat_0([await bob.next_event()])
            if played:
                assert played[0]["by_server"] is False, "a bot played for him after he came back"
                break
        assert server.alive()
    finally:
        assert server.stop() == 0


if __name__ == "__main__":
    run(main(sys.argv[1]))
