#!/usr/bin/env python3
"""An event's standings (CSV and JSON) and its verification over HTTP, from the real
server: the sample event (sample_event.py) stored in the server's database file, then
GET /tournaments/1/standings.csv, /standings.json and /verify; an unknown event is 404."""
import json
import os
import sys
import urllib.error
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kafenio_client import ServerProcess  # noqa: E402  (tests/server, on PYTHONPATH)
from sample_event import STANDINGS_CSV, forge_round_2, write_sample_event  # noqa: E402


def get(server, path):
    try:
        with urllib.request.urlopen(server.http + path, timeout=10) as response:
            return response.status, response.headers.get("Content-Type"), response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.headers.get("Content-Type"), error.read().decode()


binary = sys.argv[1]
server = ServerProcess(binary)  # creates the schema in its own database file
assert server.stop() == 0
write_sample_event(server.db)
server = ServerProcess(binary, db=server.db)
try:
    status, kind, body = get(server, "/tournaments/1/standings.csv")
    assert status == 200 and kind.startswith("text/csv"), (status, kind)
    assert body == STANDINGS_CSV, body
    status, kind, body = get(server, "/tournaments/1/standings.json")
    assert status == 200 and kind.startswith("application/json"), (status, kind)
    standings = json.loads(body)
    assert [row["place"] for row in standings["rows"]] == [1, 1, 3, 3], standings
    assert standings["rows"][0]["name"] == "Ελένη, Λεμεσός"
    status, _, body = get(server, "/tournaments/1/verify")
    assert status == 200 and "2 rounds, every round verified" in body, body
    assert get(server, "/tournaments/2/standings.csv")[0] == 404
    assert get(server, "/tournaments/x/verify")[0] == 404
    # The routes read the stored truth: a changed round shows at once.
    forge_round_2(server.db)
    status, _, body = get(server, "/tournaments/1/verify")
    assert status == 200 and "round 2 differs" in body, body
finally:
    assert server.stop() == 0
print("ok")
