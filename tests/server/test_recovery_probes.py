"""While `kafenio serve` recovers (docs/operations.md, "HTTP endpoints"), its ports are bound
and answer the probes: /healthz 200 (alive: an orchestrator must not kill a server for a
long recovery), /readyz 503 "not ready: recovering", anything else, the WebSocket upgrade
too, 503 with Retry-After; the admin port's /healthz answers too. Once recovery is done,
/readyz says ready and a player finds his match. Recovery is held for as long as the test
needs by the tests-only gate (KAFENIO_TEST_RECOVERY_GATE, with --clock manual), so nothing
depends on how fast the machine is."""
import json
import os
import subprocess
import sys
import threading
import urllib.error
import urllib.request

from kafenio_client import Client, ServerProcess, body_of, handshake_status, run


def get(url):
    """(status, body, headers) of a GET, whatever the status."""
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.read().decode(), response.headers
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode(), error.headers


def bound_ports(stderr):
    """The ports from the server's `bound` log line (it comes before recovery)."""
    for line in stderr:
        if line.startswith("{") and json.loads(line).get("msg") == "bound":
            entry = json.loads(line)
            return (int(entry["listen"].rsplit(":", 1)[1]),
                    int(entry["admin_listen"].rsplit(":", 1)[1]))
    raise AssertionError("the server never said it was bound")


async def main(binary):
    # A match in play, then a crash: the next start has it to recover.
    first = ServerProcess(binary)
    alice = await Client.connect(first.url)
    account = await alice.guest("Αλίκη")
    table = (await alice.request("create_table", {
        "game": "diloti", "turn_clock_ms": 600000}))["table_created"]["table_id"]
    await alice.request("add_bot", {"table_id": table, "seat": 1})
    await alice.request("sit", {"table_id": table, "seat": 0})
    await alice.request("set_ready", {"table_id": table, "ready": True})
    while body_of(await alice.next_match_event()) != "match_started":
        pass
    first.proc.kill()
    first.proc.wait()

    gate = os.path.join(os.path.dirname(first.db), "recover-now")
    server = subprocess.Popen(
        [binary, "serve", "--listen", "127.0.0.1:0", "--admin-listen", "127.0.0.1:0",
         "--web", "/nonexistent", "--db", first.db, "--clock", "manual"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "KAFENIO_TEST_RECOVERY_GATE": gate})
    try:
        port, admin_port = bound_ports(server.stderr)
        # The rest of the log is read on, so that a full pipe never stops the server.
        threading.Thread(target=server.stderr.read, daemon=True).start()
        http, admin = f"http://127.0.0.1:{port}", f"http://127.0.0.1:{admin_port}"
        # Recovering (held at the gate): alive, not ready, nothing else served yet.
        for _ in range(3):  # each probe on a connection of its own, again and again
            assert get(http + "/healthz")[:2] == (200, "ok\n")
        status, body, _ = get(http + "/readyz")
        assert (status, body) == (503, "not ready: recovering\n"), (status, body)
        status, body, headers = get(http + "/matches/1/record")
        assert status == 503 and "recovering" in body and headers["Retry-After"] == "1", status
        assert handshake_status(port) == 503
        assert get(admin + "/healthz")[:2] == (200, "ok\n")
        assert server.poll() is None

        # Recovered: ready, and the player comes back to his match.
        open(gate, "w").close()
        line = server.stdout.readline()
        assert "listening on http://" in line, line
        status, body, _ = get(http + "/readyz")
        assert (status, body) == (200, "ready\n"), (status, body)
        alice = await Client.connect(f"ws://127.0.0.1:{port}/ws")
        await alice.request("resume", {"token": account["token"]})
        await alice.request("join_table", {"table_id": table, "match_id": 0, "last_seq": 0})
        snapshot = await alice.next_match_event()
        assert body_of(snapshot) == "snapshot", snapshot
        await alice.close()
    finally:
        server.terminate()
        assert server.wait(timeout=60) == 0


if __name__ == "__main__":
    run(main(sys.argv[1]))
