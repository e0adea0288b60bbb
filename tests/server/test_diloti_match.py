"""Full Diloti matches through the real server: one player against a bot, two players,
and four players in partnerships. Each client plays only from its own view; the view
never shows another seat's hand, and the result line is the record's. The players pick
among the plain moves and the move families alike (pick_move), so they capture with
numerals and build groups, moves the view gives only as families."""
import asyncio
import json
import random
import sys

from kafenio_client import Client, ServerProcess, game_view, play_seat, run


async def full_match(url, preset, seats, humans, bots, seed):
    rng = random.Random(seed)
    clients = [await Client.connect(url) for _ in humans]
    for i, client in enumerate(clients):
        await client.guest(f"diloti{i}")
    reply = await clients[0].request("create_table", {"game": "diloti", "preset": preset,
                                                      "options": ["target=21"], "seats": seats})
    table_id = reply["table_created"]["table_id"]
    for seat in bots:
        await clients[0].request("add_bot", {"table_id": table_id, "seat": seat})
    for client, seat in zip(clients, humans):
        if client is not clients[0]:
            await client.request("join_table", {"table_id": table_id})
        await client.request("sit", {"table_id": table_id, "seat": seat})
    for client in clients:
        await client.request("set_ready", {"table_id": table_id, "ready": True})
    results = await asyncio.gather(*(play_seat(c, table_id, rng) for c in clients))
    ended = results[0]["match_ended"]
    for other in results[1:]:
        assert other["match_ended"] == ended
    assert ended["winner"] in (0, 1), ended
    assert max(ended["totals"]) >= 21, ended
    # The players' own numeral captures (families only): at least one in a whole match.
    family_moves = 0
    for client in clients:
        for raw in client.frames:
            event = json.loads(raw).get("match_event") or {}
            move = (event.get("move_played") or {}).get("move") or {}
            if not event.get("move_played", {}).get("by_server") and move.get("seat", 0) in humans \
                    and move.get("kind") in ("capture", "group") and move.get("card", "J")[0] not in "JQK":
                family_moves += 1
    assert family_moves > 0, "the players never captured with a numeral nor built a group"
    view = game_view(results[0])
    assert view["phase"] == "match_over", view
    assert view["last_result"]["line"].startswith("hand "), view
    assert " done score " in view["last_result"]["line"], view
    for client in clients:
        await client.close()
    return ended


async def main(binary):
    server = ServerProcess(binary)
    try:
        await full_match(server.url, "online", 2, [0], [1], 1)
        await full_match(server.url, "traditional", 2, [0, 1], [], 2)
        await full_match(server.url, "online", 4, [0, 1, 2, 3], [], 3)
        await full_match(server.url, "online", 4, [0, 2], [1, 3], 4)
        assert server.alive()
    finally:
        assert server.stop() == 0


if __name__ == "__main__":
    run(main(sys.argv[1]))
