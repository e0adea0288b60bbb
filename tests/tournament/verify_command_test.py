#!/usr/bin/env python3
"""`kafenio tournament verify` and `standings` end to end on an SQLite file: the sample
event (sample_event.py) verifies and shows its standings as CSV and JSON; the same log
with round 2's pairing changed is reported with exit code 1; bad usage is exit code 2."""
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sample_event import SETTINGS, STANDINGS_CSV, forge_round_2, write_sample_event  # noqa: E402

kafenio = sys.argv[1]


def run(*args):
    """The command's result, its output decoded as is (CSV keeps its CRLF)."""
    done = subprocess.run([kafenio, *args], capture_output=True)
    return subprocess.CompletedProcess(done.args, done.returncode, done.stdout.decode(),
                                       done.stderr.decode())


def fail(message, result=None):
    print(message)
    if result is not None:
        print(result.stdout, result.stderr)
    sys.exit(1)


with tempfile.TemporaryDirectory() as tmp:
    db = os.path.join(tmp, "kafenio.db")
    missing = run("tournament", "verify", "1", "--db", db)  # creates the schema
    if missing.returncode != 1 or "no tournament 1" not in missing.stderr:
        fail("a missing event must be exit 1", missing)
    if run("tournament", "verify", "x", "--db", db).returncode != 2:
        fail("a bad id must be exit 2")
    write_sample_event(db)

    ok = run("tournament", "verify", "1", "--db", db)
    if ok.returncode != 0 or "9 log entries, 2 rounds, every round verified" not in ok.stdout:
        fail("the genuine log must verify", ok)
    csv = run("tournament", "standings", "1", "--db", db, "--csv")
    if csv.returncode != 0 or csv.stdout != STANDINGS_CSV:
        fail("standings CSV: expected\n" + STANDINGS_CSV, csv)
    standings = json.loads(run("tournament", "standings", "1", "--db", db, "--json").stdout)
    if [row["entrant"] for row in standings["rows"]] != [1, 2, 3, 4] or standings["finished"]:
        fail("standings JSON rows")
    if [c["key"] for c in standings["columns"]] != SETTINGS["tie_breaks"] or \
            not all(c["explanation"] for c in standings["columns"]):
        fail("standings JSON columns")

    forge_round_2(db)
    bad = run("tournament", "verify", "1", "--db", db)
    if bad.returncode != 1 or "round 2 differs" not in bad.stdout:
        fail("a changed round must be reported", bad)
print("ok")
