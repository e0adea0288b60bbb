"""/metrics and /readyz (docs/operations.md, "Metrics"): /healthz and /readyz answer on
the public port once the server serves (after migrations and recovery); the admin port's
/metrics gives Prometheus text with kafenio_build_info, the process's CPU, memory and
open files, moves and matches per game, and storage's commit latency histogram, commits and
queue depth, which move as a Pilotta match is played. With `--postgres` the server runs on
the tests' PostgreSQL (KAFENIO_TEST_PG): storage's metrics are the same there."""
import random
import re
import sys
import time
import urllib.request

from kafenio_client import Client, ServerProcess, metric_samples, play_seat, run


def get(url):
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.status, response.read().decode()


def histogram(found, name):
    """The cumulative bucket counts by upper bound, then _sum and _count."""
    buckets = {key.split('le="')[1].rstrip('"}'): value for key, value in found.items()
               if key.startswith(name + "_bucket{")}
    return buckets, found[name + "_sum"], found[name + "_count"]


def check_storage(before, after, moves):
    """Every move was made durable by a commit of its own or shared (group commit): the
    commit histogram counts each transaction, its buckets add up, and nothing waits now."""
    buckets, total, count = histogram(after, "kafenio_storage_commit_seconds")
    bounds = sorted((float(le) for le in buckets if le != "+Inf"))
    assert len(bounds) == 17 and bounds[0] == 0.00005 and bounds[-1] == 1.0, bounds
    cumulative = [buckets[f"{bound:f}"] for bound in bounds] + [buckets["+Inf"]]
    assert cumulative == sorted(cumulative) and cumulative[-1] == count, cumulative
    assert count >= after["kafenio_storage_commits_total"] - 1 and total > 0, (count, total)
    assert count - before["kafenio_storage_commit_seconds_count"] >= moves / 4, (count, moves)
    assert after["kafenio_storage_queue_depth"] >= 0


async def main(binary, db=None):
    server = ServerProcess(binary, db=db)
    try:
        assert get(server.http + "/healthz") == (200, "ok\n")
        assert get(server.http + "/readyz") == (200, "ready\n")
        before = server.metrics()
        client = await Client.connect(server.url)
        await client.guest("Κώστας")
        table_id = (await client.request("create_table", {"game": "pilotta", "preset": "cyprus",
                                                          "options": ["target=31"]}))["table_created"]["table_id"]
        for seat in (1, 2, 3):
            await client.request("add_bot", {"table_id": table_id, "seat": seat})
        await client.request("sit", {"table_id": table_id, "seat": 0})
        await client.request("set_ready", {"table_id": table_id, "ready": True})
        await play_seat(client, table_id, random.Random(5))
        await client.close()
        status, text = get(server.admin + "/metrics")
        assert status == 200
        after = metric_samples(text)
        # The match is over and nobody is connected: the writer's queue empties.
        deadline = time.monotonic() + 20
        while server.metrics()["kafenio_storage_queue_depth"] != 0:
            assert time.monotonic() < deadline, "storage's queue never emptied"
            time.sleep(0.05)
    finally:
        assert server.stop() == 0

    check_storage(before, after, after["kafenio_moves_total"])

    (info,) = [key for key in after if key.startswith("kafenio_build_info{")]
    assert re.fullmatch(r'kafenio_build_info\{version="\d+\.\d+\.\d+",commit="(?:[0-9a-f]+|unknown)",compiler=".+"\}', info), info
    assert after[info] == 1
    assert after["process_resident_memory_bytes"] > 1e6
    assert after["process_open_fds"] >= 5 and after["process_max_fds"] >= after["process_open_fds"]
    assert after["process_cpu_seconds_total"] > 0 and after["process_start_time_seconds"] > 1.7e9
    assert after['kafenio_game_matches_started_total{game="pilotta"}'] == 1
    assert after['kafenio_game_matches_finished_total{game="pilotta"}'] == 1
    assert after['kafenio_game_moves_total{game="pilotta"}'] == after["kafenio_moves_total"] > 20
    assert after['kafenio_game_moves_total{game="diloti"}'] == 0
    assert before['kafenio_game_moves_total{game="pilotta"}'] == 0


if __name__ == "__main__":
    if "--postgres" in sys.argv[2:]:
        from postgres_server import PostgresDatabase
        database = PostgresDatabase()
        try:
            run(main(sys.argv[1], database.conninfo))
        finally:
            database.drop()
    else:
        run(main(sys.argv[1]))
