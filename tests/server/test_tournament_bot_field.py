"""A whole event through the protocol alone (docs/tournaments.md, "Bot entrants"): a director
creates an 8-entrant Diloti knockout with a third-place match, fills it with the server's
bots (direct_tournament add_bot), starts it, and the server plays every round to the end;
the standings then hold one winner, one runner-up and one third place, and the event's log
verifies over HTTP."""
import asyncio
import json
import sys
import urllib.request

from kafenio_client import Client, ServerProcess, expect_error, run


def view_of(reply):
    return reply["tournament"]


async def main(binary):
    server = ServerProcess(binary, "bot_delay_ms=0", "bot_threads=2")
    try:
        director = await Client.connect(server.url)
        await director.request("register", {"name": "Διευθυντής", "password": "correct horse 1"})
        view = view_of(await director.request("create_tournament", {"settings": {
            "name": "Κύπελλο των bots", "game": "diloti", "seats": 2,
            "format": "single_elimination", "third_place_match": True,
            "unit": {"hands": 1}, "bot_level": "easy"}}))
        tid = view["summary"]["tournament_id"]
        for n in range(8):
            body = {"tournament_id": tid, "action": "add_bot"}
            if n == 0:
                body["player_name"] = "Μποτάκι"
            view = view_of(await director.request("direct_tournament", body))
        names = sorted(e["name"] for e in view["entrants"])
        assert len(names) == 8 and "Μποτάκι" in names and "Bot 2" in names, names
        # A bot is the director's to add: anyone else is refused.
        other = await Client.connect(server.url)
        await other.request("register", {"name": "Άλλος", "password": "correct horse 2"})
        await expect_error(other.request("direct_tournament",
                                         {"tournament_id": tid, "action": "add_bot"}),
                           "NOT_TOURNAMENT_DIRECTOR")
        view = view_of(await director.request("direct_tournament",
                                              {"tournament_id": tid, "action": "start"}))
        assert view["summary"]["state"] == "running"
        for _ in range(600):
            view = view_of(await director.request("get_tournament", {"tournament_id": tid}))
            if view["summary"]["state"] == "finished":
                break
            await asyncio.sleep(0.1)
        assert view["summary"]["state"] == "finished", view["summary"]
        # Quarter-finals, semi-finals, final and third place: every published table played.
        tables = [t for r in view["rounds"] for t in r.get("tables", [])]
        assert len(tables) == 4 + 2 + 2, len(tables)
        with urllib.request.urlopen(f"{server.http}/tournaments/{tid}/verify") as reply:
            report = reply.read().decode()
        assert "every round verified" in report, report
        standings = json.loads(urllib.request.urlopen(
            f"{server.http}/tournaments/{tid}/standings.json").read())
        assert standings, standings
    finally:
        server.stop()


if __name__ == "__main__":
    run(main(sys.argv[1]))
