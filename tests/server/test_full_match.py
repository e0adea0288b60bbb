"""Full Pilotta matches through the real server: one player with three bots, four
players, and two players (classic2). Each client plays only from its own view."""
import asyncio
import random
import sys

from kafenio_client import Client, ServerProcess, play_seat, run


async def create_table(client, preset, options, bots=()):
    reply = await client.request("create_table", {"game": "pilotta", "preset": preset, "options": options})
    table_id = reply["table_created"]["table_id"]
    for seat in bots:
        await client.request("add_bot", {"table_id": table_id, "seat": seat})
    return table_id


async def full_match(url, preset, options, humans, bots, seed):
    rng = random.Random(seed)
    clients = [await Client.connect(url) for _ in humans]
    for i, client in enumerate(clients):
        await client.guest(f"player{i}")
    table_id = await create_table(clients[0], preset, options, bots)
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
        assert other["seq"] == results[0]["seq"]
    assert ended["winner"] in (0, 1), ended
    target = int(next((o.split("=")[1] for o in options if o.startswith("target=")), 151))
    assert max(ended["totals"]) >= target, ended
    assert sum(ended["series_score"]) == 1, ended
    # The table shows the series score and waits for the players to be ready again.
    info = (await clients[0].next_event("table"))["table"]
    while info["matches_played"] != 1:
        info = (await clients[0].next_event("table"))["table"]
    assert info["match_in_progress"] is False
    assert info["series_score"] == ended["series_score"]
    for client in clients:
        await client.close()
    return ended


async def main(binary):
    server = ServerProcess(binary)
    try:
        await full_match(server.url, "cyprus", ["target=51"], [0], [1, 2, 3], 1)
        await full_match(server.url, "classic", ["target=51"], [0, 1, 2, 3], [], 2)
        await full_match(server.url, "classic2", ["target=51"], [0, 1], [], 3)
        await full_match(server.url, "cyprus", [], [0, 1, 2, 3], [], 4)  # the full 151
        assert server.alive()
    finally:
        assert server.stop() == 0


if __name__ == "__main__":
    run(main(sys.argv[1]))
