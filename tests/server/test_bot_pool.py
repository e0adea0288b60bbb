"""Strong bots think on the bot pool, off the I/O threads (docs/bots.md): a human table's
moves are answered while ten tables of strong bots keep the pool busy. Asserted by
ordering, not by time: when the human's move is acknowledged, the pool still holds
bot decisions that were waiting before the move was sent (a bot computed on an I/O
thread, or a move stuck behind the pool, would have to wait for them). The latencies
are printed as the benchmark's numbers (docs/performance.md). Also: a bot's level is
set per seat, shown in the table's seats, and a level that does not exist is refused."""
import asyncio
import random
import statistics
import sys
import time

from kafenio_client import Client, ServerError, ServerProcess, body_of, game_view, has_moves, pick_move, run

BOT_TABLES = 10


async def strong_bot_table(client):
    reply = await client.request("create_table", {"game": "pilotta", "preset": "cyprus",
                                                  "options": ["target=1001"], "seats": 4})
    table_id = reply["table_created"]["table_id"]
    for seat in range(4):
        await client.request("add_bot", {"table_id": table_id, "seat": seat, "level": "strong"})
    return table_id


async def levels_are_per_seat(client):
    reply = await client.request("create_table", {"game": "diloti", "seats": 2})
    table_id = reply["table_created"]["table_id"]
    try:
        await client.request("add_bot", {"table_id": table_id, "seat": 0, "level": "genius"})
        raise AssertionError("an unknown bot level was accepted")
    except ServerError as error:
        assert error.code == "UNKNOWN_BOT_LEVEL", error
    await client.request("add_bot", {"table_id": table_id, "seat": 0, "level": "strong"})
    await client.request("add_bot", {"table_id": table_id, "seat": 1})
    while True:
        info = (await client.next_event("table"))["table"]
        if info.get("table_id") != table_id:
            continue
        seats = {s.get("seat", 0): s for s in info["seats"]}
        if seats.get(1, {}).get("kind") == "SEAT_BOT":
            break
    assert seats[0]["bot_level"] == "strong", seats
    assert seats[1]["bot_level"] == "easy", seats
    await client.request("leave_table", {"table_id": table_id})


async def main(binary):
    # One bot thread and a large budget: ten strong tables always keep decisions waiting.
    server = ServerProcess(binary, "bot_threads=1", "bot_iterations=3000")
    try:
        owner = await Client.connect(server.url)
        await owner.guest("owner")
        await levels_are_per_seat(owner)
        for _ in range(BOT_TABLES):
            await strong_bot_table(owner)
        # Wait until the pool is busy with the bot tables.
        for _ in range(600):
            if server.metrics().get("kafenio_bot_decisions_waiting", 0) >= BOT_TABLES // 2:
                break
            await asyncio.sleep(0.05)
        human = await Client.connect(server.url)
        await human.guest("eleni")
        reply = await human.request("create_table", {"game": "diloti", "seats": 2})
        table_id = reply["table_created"]["table_id"]
        await human.request("add_bot", {"table_id": table_id, "seat": 1, "level": "easy"})
        await human.request("sit", {"table_id": table_id, "seat": 0})
        await human.request("set_ready", {"table_id": table_id, "ready": True})
        rng = random.Random(7)
        latencies = []
        overtaken = []
        while len(latencies) < 12:
            event = await human.next_match_event(timeout=60)
            if body_of(event) == "match_ended":
                break
            view = game_view(event)
            if view["to_act"] != view["viewer"] or not has_moves(view) or human.match_event_waiting():
                continue
            move = pick_move(view, rng)
            before = server.metrics()
            start = time.perf_counter()
            await human.request("play_move", {"table_id": table_id, "move": {"notation": move["notation"]}})
            latencies.append((time.perf_counter() - start) * 1000)
            after = server.metrics()
            # The decisions finished while the human's move was in flight, against those
            # that were waiting when it was sent: fewer, so the move did not wait for them.
            done = after["kafenio_bot_decisions_total"] - before["kafenio_bot_decisions_total"]
            overtaken.append((done, before["kafenio_bot_decisions_waiting"]))
        assert len(latencies) >= 10, latencies
        for done, waiting in overtaken:
            assert waiting >= 2, overtaken
            assert done < waiting, overtaken
        final = server.metrics()
        assert final["kafenio_bot_decisions_total"] > 0
        print(f"human move latency with {BOT_TABLES} strong-bot tables on 1 bot thread: "
              f"median {statistics.median(latencies):.1f} ms, max {max(latencies):.1f} ms "
              f"over {len(latencies)} moves; bot decisions made {final['kafenio_bot_decisions_total']:.0f}, "
              f"waiting {final['kafenio_bot_decisions_waiting']:.0f}")
        await human.close()
        await owner.close()
        assert server.alive()
    finally:
        assert server.stop() == 0


if __name__ == "__main__":
    run(main(sys.argv[1]))
