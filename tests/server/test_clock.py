"""The turn clock: a player who lets it run out gets a bot move played for them and is
marked away; after three in a row a bot holds the seat; the player reclaims it and plays."""
import sys

from kafenio_client import Client, ServerError, ServerProcess, run


async def main(binary):
    server = ServerProcess(binary)
    try:
        bob = await Client.connect(server.url)
        await bob.guest("bob")
        table = (await bob.request("create_table", {"game": "pilotta", "preset": "cyprus",
                                                     "turn_clock_ms": 200}))["table_created"]["table_id"]
        for seat in (1, 2, 3):
            await bob.request("add_bot", {"table_id": table, "seat": seat})
        await bob.request("sit", {"table_id": table, "seat": 0})
        await bob.request("set_ready", {"table_id": table, "ready": True})

        # Bob never moves. Count the moves the server makes for seat 0, and watch his seat.
        stand_ins = 0
        saw_away = False
        while True:
            message = await bob.next_event()
            if "table" in message:
                seat = message["table"]["seats"][0]
                saw_away = saw_away or seat["away"]
                if seat["bot_holding"]:
                    break
            elif "match_event" in message:
                event = message["match_event"]
                view = event["view"]["pilotta"]
                if view["to_act"] == 0:
                    assert int(event["turn_deadline_unix_ms"]) > 0, "a clocked turn shows its deadline"
                played = event.get("move_played")
                if played and played["move"]["seat"] == 0:
                    assert played["by_server"] is True
                    stand_ins += 1
        assert saw_away, "the seat was marked away after the first timeout"
        assert stand_ins >= 2, stand_ins  # the third is played just after the seat is handed over

        # Reclaim: the seat is Bob's again, and on his next turn his own move is accepted.
        # The clock is short, so a slow machine may lose a turn to it: he tries again. The
        # bots may even finish the match before the reclaim lands: then he plays the next.
        await bob.request("reclaim_seat", {"table_id": table})
        reclaimed = False
        while True:
            message = await bob.next_event()
            if "table" in message:
                reclaimed = reclaimed or not message["table"]["seats"][0]["bot_holding"]
                continue
            if "match_event" not in message:
                continue
            event = message["match_event"]
            if event.get("match_ended"):
                await bob.request("set_ready", {"table_id": table, "ready": True})
                continue
            played = event.get("move_played")
            if reclaimed and played and played["move"]["seat"] == 0 and played["by_server"] is False:
                break
            view = event["view"]["pilotta"]
            if reclaimed and view["to_act"] == 0 and bob.events.empty():
                try:
                    await bob.request("play_move", {"table_id": table,
                                                    "move": {"notation": view["legal_moves"][0]["notation"]}})
                except ServerError as error:
                    assert error.code == "NOT_YOUR_TURN", error
        assert server.alive()
    finally:
        assert server.stop() == 0


if __name__ == "__main__":
    run(main(sys.argv[1]))
