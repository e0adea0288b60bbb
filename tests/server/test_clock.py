"""The turn clock, on the server's manual clock (no sleeping, no racing the machine): a
player who lets it run out gets a bot move played for them and is marked away; after
three in a row a bot holds the seat; the player reclaims it and plays. The clock shows the
deadline of every clocked turn, and nothing runs out before it."""
import asyncio
import sys

from kafenio_client import Client, ServerProcess, run, sit_with_bots

TURN_MS = 30000


async def main(binary):
    server = ServerProcess(binary, manual_clock=True)
    try:
        bob = await Client.connect(server.url)
        await bob.guest("bob")
        table = await sit_with_bots(bob, {"game": "pilotta", "preset": "cyprus", "turn_clock_ms": TURN_MS})

        # Bob never moves. Each time it is his turn the clock is moved to his deadline: one
        # millisecond short changes nothing, the last one plays a bot move for him.
        stand_ins = 0
        saw_away = False
        view = None  # the last view and its seq: the reclaim below may land on Bob's turn
        while True:
            message = await bob.next_event()
            if "table" in message:
                seat = message["table"]["seats"][0]
                saw_away = saw_away or seat["away"]
                if seat["bot_holding"]:
                    break
                continue
            if "match_event" not in message:
                continue
            event = message["match_event"]
            played = event.get("move_played")
            if played and played["move"]["seat"] == 0:
                assert played["by_server"] is True
                stand_ins += 1
            view = event["view"]["pilotta"], int(event["seq"])
            if view[0]["to_act"] == 0 and bob.events.empty():
                now = await server.advance(0)
                deadline = int(event["turn_deadline_unix_ms"])
                assert deadline == now + TURN_MS, (deadline, now)
                await server.advance(TURN_MS - 1)
                await asyncio.sleep(0.2)
                waiting = list(bob.events._queue)  # what came meanwhile, left in place
                assert not any(m.get("match_event", {}).get("move_played") for m in waiting), \
                    "the clock ran out before the deadline"
                await server.advance(1)
        assert saw_away, "the seat was marked away after the first timeout"
        assert stand_ins >= 2, stand_ins  # the third is played just after the seat is handed over

        # Reclaim: the seat is Bob's again, and on his next turn his own move is accepted
        # (the clock does not move, so no bot may play for him any more). The bots may even
        # finish the match before the reclaim lands: then he plays the next. Or the reclaim
        # lands while the stand-in still thinks about his third move: its move is dropped,
        # no event comes, and he moves from the last view he was sent, on a fresh clock.
        await bob.request("reclaim_seat", {"table_id": table})
        reclaimed = False
        moved_at = None
        while True:
            message = await bob.next_event()
            if "table" in message:
                reclaimed = reclaimed or not message["table"]["seats"][0]["bot_holding"]
            elif "match_event" in message:
                event = message["match_event"]
                if event.get("match_ended"):
                    await bob.request("set_ready", {"table_id": table, "ready": True})
                    continue
                played = event.get("move_played")
                if reclaimed and played and played["move"]["seat"] == 0:
                    assert played["by_server"] is False, "a bot played for him after the reclaim"
                    break
                view = event["view"]["pilotta"], int(event["seq"])
            if reclaimed and view and view[0]["to_act"] == 0 and moved_at != view[1] and bob.events.empty():
                moved_at = view[1]
                await bob.request("play_move", {"table_id": table, "expected_seq": str(view[1]),
                                                "move": {"notation": view[0]["legal_moves"][0]["notation"]}})
        assert server.alive()
    finally:
        assert server.stop() == 0


if __name__ == "__main__":
    run(main(sys.argv[1]))
