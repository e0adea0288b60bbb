"""/metrics and /readyz (docs/operations.md, "Metrics"): /healthz and /readyz answer on
the public port once the server serves (after migrations and recovery); the admin port's
/metrics gives Prometheus text with kafenio_build_info, the process's CPU, memory and
open files, and moves and matches per game, which move as a Pilotta match is played."""
import random
import re
import sys
import urllib.request

from kafenio_client import Client, ServerProcess, play_seat, run


def get(url):
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.status, response.read().decode()


def samples(text):
    """name{labels} -> value, for every sample line."""
    found = {}
    for line in text.splitlines():
        if line and not line.startswith("#"):
            key, value = line.rsplit(" ", 1)
            found[key] = float(value)
    return found


async def main(binary):
    server = ServerProcess(binary)
    try:
        assert get(server.http + "/healthz") == (200, "ok\n")
        assert get(server.http + "/readyz") == (200, "ready\n")
        before = samples(get(server.admin + "/metrics")[1])
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
        after = samples(text)
    finally:
        assert server.stop() == 0

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
    run(main(sys.argv[1]))
