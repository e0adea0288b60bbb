"""The audit log's anchor (docs/admin.md, "The audit log"), on SQLite or, with --postgres,
on a real PostgreSQL:

- every entry appended is logged by the server ("audit appended", its id and hash): an
  anchor kept outside the database; `kafenio admin audit head` prints the count and the
  anchor of the newest entry;
- the newest entries deleted from the database: the running server's verify reports it
  (the anchor it last logged), a restarted server's verify does with the anchor the page
  last showed (`expect`), and `kafenio admin audit verify --expect ID:HASH` exits 1 with a
  clear message; an older anchor still holds;
- the log cut short and written on (SQLite hands the ids out again): the anchored entry has
  another hash, reported as such;
- an edited entry is found by the running server and by the command.
"""
import asyncio
import json
import os
import sqlite3
import subprocess
import sys
import tempfile

from admin_http import Staff, create_user, test_database
from kafenio_client import ServerProcess, run

BINARY = sys.argv[1]


def command(*args, db):
    return subprocess.run([BINARY, "admin", "audit", *args, "--db", db], capture_output=True,
                          text=True, timeout=60)


def cut(problem):
    """A log cut short: the anchored entry gone, or (SQLite hands the ids of deleted rows out
    again) another entry under its id."""
    return ("newest entries were deleted" in problem
            or "cut short and written again" in problem)


def logged_anchors(path):
    """The anchors the server logged, oldest first."""
    anchors = []
    with open(path, encoding="utf-8") as log:
        for line in log:
            try:
                fields = json.loads(line)
            except ValueError:
                continue
            if "audit_id" in fields and "audit_hash" in fields:
                anchors.append(f"{fields['audit_id']}:{fields['audit_hash']}")
    return anchors


async def main():
    with test_database("kafenio-anchor-") as (db, database):
        await scenario(db, database)


async def scenario(db, database):

    def sql(statement):
        if database:
            database.psql(statement)
            return
        with sqlite3.connect(db) as edit:
            edit.execute(statement)

    create_user(BINARY, db, "elena", "owner", "owner password 1")
    log_path = os.path.join(tempfile.mkdtemp(prefix="kafenio-anchor-log-"), "server.log")
    loop = asyncio.get_running_loop()

    def start():
        log = open(log_path, "a", encoding="utf-8")
        server = ServerProcess(BINARY, db=db, log=log)
        owner = Staff(server.admin, "elena", "owner password 1")
        return server, owner

    async def call(staff, path, body=None):
        if body is None:
            return await loop.run_in_executor(None, staff.get, path)
        return await loop.run_in_executor(None, lambda: staff.post(path, body))

    async def announce(owner, n):
        for i in range(n):
            status, _ = await call(owner, "/admin/api/announcements", {"text": f"notice {i}"})
            assert status == 200

    server, owner = await loop.run_in_executor(None, start)
    await announce(owner, 3)
    # `audit head`: the count and the newest entry's anchor (the server is running).
    head = command("head", db=db)
    assert head.returncode == 0, head.stderr
    count, anchor = head.stdout.split(" entries, head ")
    count, early_anchor = int(count), anchor.strip()
    assert count == 5, head.stdout  # create-user, login, three announcements
    status, verified = await call(owner, "/admin/api/audit/verify", {"expect": early_anchor})
    assert verified["intact"] and verified["entries"] == 5, verified
    page_anchor = verified["anchor"]  # what the page keeps
    assert page_anchor == early_anchor, (page_anchor, early_anchor)
    assert (await call(owner, "/admin/api/audit/verify", {"expect": "12:beef"}))[0] == 400
    await announce(owner, 4)
    # Every append was logged with its id and hash; the last is the newest entry.
    logged = logged_anchors(log_path)
    assert len(logged) >= 9, logged
    last_logged = logged[-1]
    assert command("verify", "--expect", last_logged, db=db).returncode == 0

    # --- The newest three entries deleted: the running server knows its anchor.
    sql("DELETE FROM audit_log WHERE id IN (SELECT id FROM audit_log ORDER BY id DESC LIMIT 3)")
    status, verified = await call(owner, "/admin/api/audit/verify", {})
    assert status == 200 and not verified["intact"], verified
    assert "newest entries were deleted" in verified["problem"], verified
    assert verified["first_bad_id"] == int(last_logged.split(":")[0]), verified
    assert server.stop() == 0

    # A restarted server takes the shortened log as it finds it ...
    server, owner = await loop.run_in_executor(None, start)
    status, verified = await call(owner, "/admin/api/audit/verify", {})
    assert verified["intact"], verified
    # ... but the anchor the page kept or the log holds shows the cut.
    status, verified = await call(owner, "/admin/api/audit/verify", {"expect": last_logged})
    assert not verified["intact"] and cut(verified["problem"]), verified
    status, verified = await call(owner, "/admin/api/audit/verify", {"expect": page_anchor})
    assert verified["intact"], verified  # the entries it anchors are all there
    assert server.stop() == 0
    broken = command("verify", "--expect", last_logged, db=db)
    assert broken.returncode == 1, broken.stdout + broken.stderr
    assert "BROKEN" in broken.stdout and cut(broken.stdout), broken.stdout
    assert command("verify", "--expect", early_anchor, db=db).returncode == 0
    assert command("verify", "--expect", "nonsense", db=db).returncode != 0

    # --- Cut short and written on: on SQLite the ids come again, with other hashes.
    server, owner = await loop.run_in_executor(None, start)
    await announce(owner, 5)
    assert server.stop() == 0
    rewritten = command("verify", "--expect", last_logged, db=db)
    assert rewritten.returncode == 1, rewritten.stdout
    expected = "newest entries were deleted" if database else "another hash"
    assert expected in rewritten.stdout, rewritten.stdout

    # --- An edited entry: the running server and the command both see it.
    server, owner = await loop.run_in_executor(None, start)
    sql("UPDATE audit_log SET reason = 'nothing happened' WHERE action = 'announce'")
    status, verified = await call(owner, "/admin/api/audit/verify", {})
    assert not verified["intact"] and "changed" in verified["problem"], verified
    assert server.stop() == 0
    edited = command("verify", db=db)
    assert edited.returncode == 1 and "BROKEN at entry" in edited.stdout, edited.stdout


run(main())
