"""The lobby fan-out benchmark (docs/performance.md, "Lobby fan-out"): move latency of
matches in play while thousands of lobby subscribers watch the tables change. Prints
numbers; asserts nothing.

One `kafenio serve` (in-memory storage) with lobby_update_ms as given (0: every change
sent to every subscriber at once, as before coalescing); `kafenio_idle_sessions --lobby
yes` holds SUBSCRIBERS guest connections subscribed to the lobby, reading every update;
then `kafenio_load` plays TABLES Pilotta tables (four players each, one match): every
move changes its table's lobby entry (the turn's deadline), and tables open and close as
the run starts and ends. Its client move round trips (p50/p90/p99) and the server's own
view are the figures.

    python3 tests/bench/lobby_fanout_bench.py build/release 0 2000 40
    python3 tests/bench/lobby_fanout_bench.py build/release 250 2000 40

(Build the tools first: cmake --build --preset release --target kafenio_load
kafenio_idle_sessions.)
"""
import os
import subprocess
import sys
import tempfile


def main(build, lobby_update_ms, subscribers, tables):
    kafenio = os.path.join(build, "server", "kafenio")
    folder = tempfile.mkdtemp(prefix="kafenio-lobby-bench-")
    server = subprocess.Popen(
        [kafenio, "serve", "--listen", "127.0.0.1:0", "--admin-listen", "127.0.0.1:0",
         "--web", "/nonexistent", "--db", os.path.join(folder, "k.db"),
         "--set", f"lobby_update_ms={lobby_update_ms}",
         "--set", "messages_per_second=100000", "--set", "message_burst=100000",
         "--set", "send_queue_limit=1000000"],
        stdout=subprocess.PIPE, text=True)
    try:
        port = server.stdout.readline().split("http://")[1].split()[0].rsplit(":", 1)[1]
        admin = server.stdout.readline().split("http://")[1].split("/")[0].rsplit(":", 1)[1]
        watchers = subprocess.Popen(
            [os.path.join(build, "tests", "load", "kafenio_idle_sessions"), "--server-pid",
             str(server.pid), "--port", port, "--sessions", str(subscribers), "--lobby", "yes",
             "--hold-seconds", "100000"],
            stdout=subprocess.PIPE, text=True)
        for line in watchers.stdout:
            if "holding" in line:
                break
        load = subprocess.run(
            [os.path.join(build, "tests", "load", "kafenio_load"), "--port", port,
             "--metrics-port", admin, "--tables", str(tables), "--matches", "1",
             "--server-pid", str(server.pid)],
            capture_output=True, text=True, check=True)
        watchers.terminate()
        watchers.wait()
        print(f"lobby_update_ms={lobby_update_ms}, {subscribers} lobby subscribers, "
              f"{tables} tables in play")
        print(load.stdout, end="")
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]))
