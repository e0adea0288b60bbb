"""A player takes the seat back while the bot standing in for them is still thinking (the
race test_clock.py met by chance, here made certain by a slow strong bot). The bot's move
is dropped, never played; no event comes for it; the player moves from the last view they
were sent, on a fresh turn clock, even after the decision is done."""
import asyncio
import sys

from kafenio_client import Client, ServerProcess, run, sit_with_bots

TURN_MS = 30000
# About a second of search for the strong bot that stands in: the reclaim, one round trip,
# lands long before it ends, however loaded the machine (the search slows down with it).
STAND_IN_ITERATIONS = 200000


async def main(binary):
    server = ServerProcess(binary, f"bot_iterations={STAND_IN_ITERATIONS}",
                           "timeouts_before_bot=1", manual_clock=True)
    try:
        bob = await Client.connect(server.url)
        await bob.guest("bob")
        table = await sit_with_bots(bob, {"game": "pilotta", "preset": "cyprus", "turn_clock_ms": TURN_MS})

        # Bob's turn, with nothing else on the way.
        while True:
            message = await bob.next_event()
            event = message.get("match_event")
            if event and event["view"]["pilotta"]["to_act"] == 0 and bob.events.empty():
                view, seq = event["view"]["pilotta"], int(event["seq"])
                break

        # His time runs out: the seat is handed to a bot (timeouts_before_bot=1), which
        # starts thinking about his move. He takes the seat back at once.
        ran_out_at = await server.advance(TURN_MS)
        while True:
            message = await bob.next_event()
            assert "match_event" not in message, f"nothing was played yet: {message}"
            if "table" in message and message["table"]["seats"][0]["bot_holding"]:
                break
        await bob.request("reclaim_seat", {"table_id": table})
        while True:
            message = await bob.next_event()
            assert "match_event" not in message, f"the stand-in's move was played: {message}"
            if "table" in message and not message["table"]["seats"][0]["bot_holding"]:
                info = message["table"]
                break
        assert server.metrics()["kafenio_bot_decisions_waiting"] == 1, \
            "the stand-in is still thinking when the seat is back (else this tests nothing)"
        assert not info["seats"][0]["away"], info["seats"][0]
        assert int(info["turn_deadline_unix_ms"]) == ran_out_at + TURN_MS, \
            "his turn starts on a fresh clock"

        # Bob waits for the decision to end: its move is dropped, no event comes.
        for _ in range(1200):
            if server.metrics()["kafenio_bot_decisions_waiting"] == 0:
                break
            await asyncio.sleep(0.05)
        else:
            raise AssertionError("the stand-in never finished thinking")
        await asyncio.sleep(0.2)  # for its move to reach the table, were it not dropped
        assert bob.events.empty(), [m.get("match_event", {}).get("move_played") for m in bob.events._queue]

        # He plays from the view he had; the match moves on by exactly his move.
        await bob.request("play_move", {"table_id": table, "expected_seq": str(seq),
                                        "move": {"notation": view["legal_moves"][0]["notation"]}})
        played = None
        while played is None:
            event = (await bob.next_event()).get("match_event", {})
            played = event.get("move_played")
        assert int(event["seq"]) == seq + 1, event["seq"]
        assert played["move"]["seat"] == 0 and played["by_server"] is False, played

        # The bots play on; until it is his turn again, no move for his seat is made.
        while True:
            event = (await bob.next_event()).get("match_event")
            if not event or event.get("match_ended"):
                continue
            played = event.get("move_played")
            assert not (played and played["move"]["seat"] == 0), f"seat 0 moved alone: {played}"
            if event["view"]["pilotta"]["to_act"] == 0:
                break
        assert server.alive()
    finally:
        assert server.stop() == 0


if __name__ == "__main__":
    run(main(sys.argv[1]))
