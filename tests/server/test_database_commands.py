"""The database commands of the command line against the tests' real PostgreSQL
(docs/operations.md, "PostgreSQL" and "Backups"), end to end:

- `kafenio migrate-db`: a site played on SQLite by a real server (players with Greek
  names, rated matches, a tournament run to its end) moves into an empty PostgreSQL
  database; a server on PostgreSQL then signs the players in and answers the same
  profiles, match histories, rating histories, match records and standings; the event's
  log verifies (`kafenio tournament verify`) and every revealed deal of a match passes
  `kafenio verify` with the seeds stored in PostgreSQL;
- `kafenio backup --db postgresql://...` taken while the server writes moves, then
  `kafenio restore` into a new database: the copy is one moment of the live database
  (every match's moves the live ones up to a cut, without a gap, at least everything stored
  before the backup began, a match finished in the copy complete in it), and a server on
  it replays every finished match's record to its stored winner;
- bad inputs change nothing and say why: a database that does not exist, a target that is
  not empty (a site's, or another program's tables), a file from a newer program, a
  PostgreSQL database migrated by a newer program, a target that is not PostgreSQL.
"""
import asyncio
import hashlib
import json
import os
import random
import sqlite3
import subprocess
import sys
import tempfile

from kafenio_client import Client, ServerProcess, play_seat, run
from postgres_server import PostgresDatabase
from test_results import http_get, play_rated_match, register, replay
from tournament_events import bots, ensure_account, settings, wait_finished, write_event

SETTINGS = ("bot_delay_ms=0", "bot_threads=2", "messages_per_second=1000", "message_burst=1000")
PASSWORD = "tavli and ouzo"  # test_results.register's
RUNNING = []  # servers to kill if the test fails


def kafenio(binary, *args):
    return subprocess.run([binary, *args], capture_output=True, text=True, timeout=300)


def digest(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


async def seen_by(client, account_id):
    """What a player sees of their own record: profile ratings, match history, rating
    history per mode played and every match's record."""
    profile = (await client.request("get_profile", {}))["profile"]
    history = (await client.request("get_match_history", {}))["match_history"]
    ratings = {}
    for rating in profile["ratings"]:
        ratings[rating["mode"]] = (await client.request(
            "get_rating_history", {"mode": rating["mode"]}))["rating_history"]
    records = {}
    for match in history["matches"]:
        records[match["match_id"]] = (await client.request(
            "get_match_record", {"match_id": match["match_id"]}))["match_record"]["record"]
    return {"account": account_id, "ratings": profile["ratings"], "history": history,
            "rating_history": ratings, "records": records}


async def sign_in(url, name):
    client = await Client.connect(url)
    client.account = (await client.request("sign_in", {"name": name, "password": PASSWORD}))[
        "signed_in"]
    return client


def record_header(record):
    header = {}
    for line in record.splitlines():
        words = line.split("#")[0].split()
        if words and words[0] in ("game", "rules", "players"):
            header[words[0]] = words[1:]
    return header


def verify_deals(binary, db, match_id, record):
    """`kafenio verify` of each revealed hand of a match, with the seeds PostgreSQL holds."""
    header = record_header(record)
    rows = db.psql("SELECT hand, dealer, seed, salt, commitment FROM hand_seeds"
                   f" WHERE match_id = {match_id} AND revealed ORDER BY hand")
    assert rows, f"match {match_id}: no revealed hand in PostgreSQL"
    for hand, dealer, seed, salt, commitment in rows:
        args = ["verify", "--game", header["game"][0], "--rules", *header["rules"],
                "--dealer", dealer, "--match", str(match_id), "--hand", hand,
                "--seed", str(int(seed) % 2**64), "--salt", salt, "--commitment", commitment]
        if header["game"][0] == "diloti":
            args += ["--players", header.get("players", ["2"])[0]]
        checked = kafenio(binary, *args)
        assert checked.returncode == 0, checked.stdout + checked.stderr
        assert checked.stdout.splitlines()[0] == "commitment ok", checked.stdout
    return len(rows)


async def play_on_sqlite(binary, folder):
    """A site on SQLite: an event run to its end, two players with two rated matches."""
    db = os.path.join(folder, "kafenio.db")
    ServerProcess(binary, *SETTINGS, db=db).stop()  # the schema; the event goes in before
    ensure_account(db, 1, "Σοφία")
    write_event(db, 1, "Κύπελλο Λεμεσού", "diloti",
                settings(format="single_elimination", third_place_match=True,
                         play={"options": ["target=11"]}),
                bots(4, "Παίκτης"), director=1)
    server = ServerProcess(binary, *SETTINGS, db=db)
    RUNNING.append(server)
    try:
        anna = await register(server.url, "Άννα")
        petros = await register(server.url, "Πέτρος")
        rng = random.Random(22)
        for _ in range(2):
            await play_rated_match(anna, petros, rng)
        standings = await wait_finished(server, 1, alive=server.alive)
        seen = {name: await seen_by(client, client.account["account_id"])
                for name, client in (("Άννα", anna), ("Πέτρος", petros))}
        for client in (anna, petros):
            await client.close()
    finally:
        assert server.stop() == 0
    return db, standings, seen


async def write_moves(url, name, stop, rng):
    """A guest playing one bot match after another until told to stop (after the match
    in play: the backup catches matches at every point of their play)."""
    client = await Client.connect(url)
    await client.request("sign_in_guest", {"name": name})
    while not stop.is_set():
        reply = await client.request("create_table", {"game": "diloti", "seats": 2,
                                                      "options": ["target=61"],
                                                      "series_matches": 1})
        table_id = reply["table_created"]["table_id"]
        await client.request("add_bot", {"table_id": table_id, "seat": 1})
        await client.request("sit", {"table_id": table_id, "seat": 0})
        await client.request("set_ready", {"table_id": table_id, "ready": True})
        await play_seat(client, table_id, rng)  # a match in play is played to its end
    await client.close()


def moves_by_match(db):
    moves = {}
    for match, sequence, move in db.psql(
            "SELECT match_id, sequence, move FROM move_events ORDER BY match_id, sequence"):
        moves.setdefault(int(match), []).append((int(sequence), move))
    return moves


async def migrate_and_serve(binary, folder, pg):
    db, standings, seen = await play_on_sqlite(binary, folder)
    migrated = kafenio(binary, "migrate-db", "--from", db, "--to", pg.conninfo)
    assert migrated.returncode == 0, migrated.stdout + migrated.stderr
    assert "copied" in migrated.stdout, migrated.stdout

    secret = os.path.join(folder, "server-secret")  # the SQLite server's, copied along
    server = ServerProcess(binary, *SETTINGS, f"secret_file={secret}", db=pg.conninfo)
    RUNNING.append(server)
    verified = 0
    for name, before in seen.items():
        client = await sign_in(server.url, name)
        assert client.account["account_id"] == before["account"], (client.account, before)
        after = await seen_by(client, before["account"])
        assert after == before, (name, json.dumps(after)[:2000], json.dumps(before)[:2000])
        await client.close()
        for match_id, record in after["records"].items():
            verified += verify_deals(binary, pg, int(match_id), record)
    assert await wait_finished(server, 1) == standings
    status, _, text = http_get(f"{server.http}/tournaments/1/verify")
    assert status == 200, (status, text)
    checked = kafenio(binary, "tournament", "verify", "1", "--db", pg.conninfo)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    print(f"migrate-db: {len(seen)} players, {len(seen['Άννα']['records'])} matches each and an "
          f"event served from PostgreSQL as on SQLite; {verified} deals verified")
    return server, secret


async def backup_live(binary, folder, server, secret, live):
    stop = asyncio.Event()
    writers = [asyncio.ensure_future(write_moves(server.url, f"writer{n}", stop,
                                                 random.Random(n))) for n in range(3)]
    try:
        start = len(live.psql("SELECT 1 FROM move_events"))
        while len(live.psql("SELECT 1 FROM move_events")) < start + 200:
            assert not any(w.done() for w in writers), [w.exception() for w in writers if w.done()]
            await asyncio.sleep(0.1)
        before = moves_by_match(live)  # stored before the backup began
        backup = os.path.join(folder, "backup.db")
        taken = await asyncio.get_running_loop().run_in_executor(None, lambda: kafenio(
            binary, "backup", "--db", live.conninfo, "--to", backup, "--secret-file", secret))
        assert taken.returncode == 0, taken.stdout + taken.stderr
        after_count = len(live.psql("SELECT 1 FROM move_events"))
        while len(live.psql("SELECT 1 FROM move_events")) < after_count + 50:
            await asyncio.sleep(0.1)  # the server kept writing past the backup
    finally:
        stop.set()
        await asyncio.gather(*writers)
    assert server.stop() == 0
    final = moves_by_match(live)

    restored = PostgresDatabase()
    restored_secret = os.path.join(folder, "restored-secret")
    done = kafenio(binary, "restore", "--from", backup, "--db", restored.conninfo,
                   "--secret-file", restored_secret)
    assert done.returncode == 0, done.stdout + done.stderr
    with open(restored_secret, "rb") as got, open(secret, "rb") as want:
        assert got.read() == want.read()
    copy = moves_by_match(restored)
    assert set(copy) <= set(final)
    total_before = sum(len(m) for m in before.values())
    assert sum(len(m) for m in copy.values()) > total_before - 1
    for match, moves in copy.items():
        # No move missing before the cut: every live move up to the copy's last one.
        cut = moves[-1][0]
        assert moves == [m for m in final[match] if m[0] <= cut], f"match {match}: a gap"
        assert moves[:len(before.get(match, []))] == before.get(match, []), \
            f"match {match} lost moves stored before the backup began"
    for match in before:
        assert match in copy, f"match {match}, stored before the backup, is missing"
    finished = {int(m): int(w) for m, w in restored.psql(
        "SELECT match_id, winner FROM match_results WHERE winner IS NOT NULL")}
    for match in finished:
        assert copy.get(match) == final[match], f"finished match {match} incomplete in the copy"
    assert len(copy) > len(before) - 1 and finished

    # A server on the restored database replays every finished match to its winner.
    server = ServerProcess(binary, *SETTINGS, f"secret_file={restored_secret}",
                           db=restored.conninfo)
    RUNNING.append(server)
    try:
        for match, winner in finished.items():
            status, _, record = http_get(f"{server.http}/matches/{match}/record")
            assert status == 200, (match, status, record)
            assert replay(binary, record)[-1] == f"winner {winner}", (match, record)
        client = await sign_in(server.url, "Άννα")
        await client.close()
    finally:
        assert server.stop() == 0
    unfinished = len(copy) - len(finished)
    print(f"backup while writing: {sum(len(m) for m in copy.values())} moves of {len(copy)} "
          f"matches in the copy ({total_before} stored before it began, "
          f"{sum(len(m) for m in final.values())} at the end); {len(finished)} finished matches "
          f"replayed, {unfinished} cut mid-match, each a prefix of the live one")
    return restored


def tables_of(db):
    return db.psql("SELECT table_name FROM information_schema.tables"
                   " WHERE table_schema = 'public' ORDER BY table_name")


def counts_of(db):
    return db.psql("SELECT (SELECT COUNT(*) FROM accounts), (SELECT COUNT(*) FROM matches),"
                   " (SELECT COUNT(*) FROM move_events), (SELECT COUNT(*) FROM tournament_log)")


def refused(result, *words):
    assert result.returncode != 0, result.stdout + result.stderr
    for word in words:
        assert word in result.stderr, (word, result.stderr)


def bad_inputs(binary, folder, sqlite_db, site, pg_server):
    source = digest(sqlite_db)
    site_counts = counts_of(site)
    scratch = [PostgresDatabase() for _ in range(3)]
    try:
        # No such database: refused, nothing written anywhere.
        missing = pg_server.replace("/postgres?", "/kafenio_no_such_database?")
        refused(kafenio(binary, "migrate-db", "--from", sqlite_db, "--to", missing),
                "kafenio migrate-db:", "kafenio_no_such_database")
        refused(kafenio(binary, "restore", "--from", sqlite_db, "--db", missing,
                        "--secret-file", os.path.join(folder, "never")),
                "kafenio restore:", "kafenio_no_such_database")
        assert not os.path.exists(os.path.join(folder, "never"))
        backup = os.path.join(folder, "never.db")
        refused(kafenio(binary, "backup", "--db", missing, "--to", backup),
                "kafenio backup:", "kafenio_no_such_database")
        assert not os.path.exists(backup)
        # Not PostgreSQL.
        refused(kafenio(binary, "migrate-db", "--from", sqlite_db, "--to",
                        os.path.join(folder, "other.db")), "postgresql://")
        assert not os.path.exists(os.path.join(folder, "other.db"))
        # A target holding a site: migrate-db and restore refuse it.
        refused(kafenio(binary, "migrate-db", "--from", sqlite_db, "--to", site.conninfo),
                "not empty")
        refused(kafenio(binary, "restore", "--from", sqlite_db, "--db", site.conninfo,
                        "--secret-file", os.path.join(folder, "never")), "not empty")
        assert counts_of(site) == site_counts
        # A target holding another program's tables: refused before any migration.
        foreign = scratch[0]
        foreign.psql("CREATE TABLE invoices (id integer PRIMARY KEY, total numeric)")
        foreign.psql("INSERT INTO invoices VALUES (1, 12.5)")
        refused(kafenio(binary, "migrate-db", "--from", sqlite_db, "--to", foreign.conninfo),
                "not empty", "invoices")
        assert tables_of(foreign) == [["invoices"]]
        # A file from a newer program: refused; neither the file nor PostgreSQL changes.
        newer = os.path.join(folder, "newer.db")
        with sqlite3.connect(sqlite_db) as src, sqlite3.connect(newer) as dst:
            src.backup(dst)
        with sqlite3.connect(newer) as con:
            con.execute("INSERT INTO schema_migrations (version, name, applied_ms)"
                        " VALUES (9999, 'from_the_future', 1)")
        newer_digest = digest(newer)
        empty = scratch[1]
        refused(kafenio(binary, "migrate-db", "--from", newer, "--to", empty.conninfo),
                "newer")
        assert digest(newer) == newer_digest
        assert tables_of(empty) == []
        # A PostgreSQL database migrated by a newer program: refused, unchanged.
        future = scratch[2]
        future.psql("CREATE TABLE schema_migrations (version integer PRIMARY KEY, name text"
                    " NOT NULL, applied_ms bigint NOT NULL)")
        future.psql("INSERT INTO schema_migrations VALUES (9999, 'from_the_future', 1)")
        refused(kafenio(binary, "migrate-db", "--from", sqlite_db, "--to", future.conninfo),
                "newer")
        assert tables_of(future) == [["schema_migrations"]]
        assert digest(sqlite_db) == source
    finally:
        for db in scratch:
            db.drop()
    print("bad inputs: a missing database, a non-PostgreSQL target, a site's and another "
          "program's tables, a newer file and a newer PostgreSQL schema refused, nothing changed")


async def main(binary):
    folder = tempfile.mkdtemp(prefix="kafenio-dbcmd-")
    pg = PostgresDatabase()
    restored = None
    try:
        server, secret = await migrate_and_serve(binary, folder, pg)
        restored = await backup_live(binary, folder, server, secret, pg)
        bad_inputs(binary, folder, os.path.join(folder, "kafenio.db"), pg, pg.server)
    finally:
        for server in RUNNING:
            if server.alive():
                server.proc.kill()
                server.proc.wait()
        pg.drop()
        if restored:
            restored.drop()


if __name__ == "__main__":
    run(main(sys.argv[1]))
