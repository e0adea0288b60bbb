"""Players' reports and the moderators' queue, through the real server's WebSocket and
admin ports (docs/protocol.md "Reporting a player", docs/admin.md "Reports"), on SQLite,
or on PostgreSQL with --postgres:

- chat lines carry the id they are kept under; a report of a line stores the line and the
  chat around it at the time (the evidence survives the table's chat being pruned);
- refusals, each storing nothing: yourself (and your own line), an unknown player or
  line, a bad category, too long a text, a guest; the rate limit per account;
- the queue: a moderator lists the open reports with their evidence, claims one (another
  moderator's claim of it refused), resolves it with a mute, after which the reported
  player's chat is refused with MUTED; dismissal; a director is refused; every claim and
  resolution is in the audit log and the chain verifies.
"""
import asyncio
import subprocess
import sys

from admin_http import Staff, create_user, test_database
from kafenio_client import Client, ServerError, ServerProcess, run

BINARY = sys.argv[1]


async def expect_error(coroutine, code):
    try:
        await coroutine
    except ServerError as error:
        assert error.code == code, f"expected {code}, got {error}"
        return
    raise AssertionError(f"expected {code}, got a success")


async def register(url, name):
    client = await Client.connect(url)
    client.account = (await client.request("register", {"name": name, "password": "tavli and ouzo"}))["signed_in"]
    return client


async def call(staff, method, path, body=None):
    loop = asyncio.get_running_loop()
    if method == "GET":
        return await loop.run_in_executor(None, staff.get, path)
    return await loop.run_in_executor(None, lambda: staff.post(path, body))


async def say(client, table_id, text, listeners):
    """Sends a chat line; returns its id as every listener saw it."""
    await client.request("send_chat", {"table_id": table_id, "text": text})
    ids = set()
    for listener in listeners:
        chat = (await listener.next_event("chat"))["chat"]
        assert chat["text"] == text, chat
        ids.add(int(chat["line_id"]))
    assert len(ids) == 1 and min(ids) > 0, ids
    return ids.pop()


async def main():
    with test_database("kafenio-reports-") as (db, database):
        await scenario(db, database)


async def scenario(db, database):
    for name, role, password in (("mona", "moderator", "moderator password"),
                                 ("max", "moderator", "moderator password 2")):
        create_user(BINARY, db, name, role, password)
    create_user(BINARY, db, "dora", "director", "director password", scope="*")
    server = ServerProcess(BINARY, "messages_per_second=1000", "message_burst=1000",
                           "chat_messages_per_10s=100", db=db)
    try:
        loop = asyncio.get_running_loop()
        mona = await loop.run_in_executor(None, lambda: Staff(server.admin, "mona", "moderator password"))
        max_ = await loop.run_in_executor(None, lambda: Staff(server.admin, "max", "moderator password 2"))
        dora = await loop.run_in_executor(None, lambda: Staff(server.admin, "dora", "director password"))
        anna = await register(server.url, "anna")
        troll = await register(server.url, "τρολ")
        anna_id, troll_id = int(anna.account["account_id"]), int(troll.account["account_id"])

        table_id = (await anna.request("create_table", {"game": "diloti", "preset": "online",
                                                        "seats": 2}))["table_created"]["table_id"]
        await troll.request("join_table", {"table_id": table_id})
        both = [anna, troll]
        await say(anna, table_id, "καλησπέρα", both)
        bad_line = await say(troll, table_id, "you play like a goat", both)
        await say(troll, table_id, "ignore that", both)
        own_line = await say(anna, table_id, "please stop", both)

        # Refusals: nothing is stored by any of them.
        report = lambda **body: anna.request("report_player", {"category": "abuse", "text": "", **body})
        await expect_error(report(account_id=anna_id), "CANNOT_REPORT_SELF")
        await expect_error(report(chat_line_id=own_line), "CANNOT_REPORT_SELF")
        await expect_error(report(account_id=987654), "UNKNOWN_PLAYER")
        await expect_error(report(chat_line_id=987654), "UNKNOWN_CHAT_LINE")
        await expect_error(report(chat_line_id=bad_line, table_id="nosuchtable"), "UNKNOWN_CHAT_LINE")
        await expect_error(report(chat_line_id=bad_line, account_id=anna_id + troll_id + 1), "BAD_REPORT")
        await expect_error(report(), "BAD_REPORT")
        await expect_error(anna.request("report_player", {"account_id": troll_id, "category": "rude"}),
                           "BAD_REPORT")
        await expect_error(report(account_id=troll_id, text="x" * 501), "BAD_REPORT")
        guest = await Client.connect(server.url)
        await guest.guest("περαστικός")
        await expect_error(guest.request("report_player", {"account_id": troll_id, "category": "spam"}),
                           "REGISTERED_ONLY")
        status, queue = await call(mona, "GET", "/admin/api/reports")
        assert status == 200 and queue["reports"] == [], queue

        # A report of the line: its id, and the line with its context as evidence.
        filed = await report(chat_line_id=bad_line, text="insults in Greek and English")
        line_report = int(filed["report_filed"]["report_id"])
        # The table's chat goes on; the evidence is what was there at the time.
        await say(troll, table_id, "later line", both)
        player_report = int((await report(account_id=troll_id, table_id=table_id,
                                          category="cheating"))["report_filed"]["report_id"])
        # The rate limit: five reports in ten minutes per account.
        for _ in range(3):
            await report(account_id=troll_id, category="spam")
        await expect_error(report(account_id=troll_id, category="spam"), "REPORT_RATE_LIMITED")

        status, queue = await call(mona, "GET", "/admin/api/reports?state=open")
        assert status == 200 and len(queue["reports"]) == 5, queue
        first = next(r for r in queue["reports"] if r["id"] == line_report)
        assert first["reported_id"] == troll_id and first["reporter_id"] == anna_id, first
        assert first["reported_name"] == "τρολ" and first["chat_line_id"] == bad_line, first
        assert first["category"] == "abuse" and first["text"] == "insults in Greek and English"
        texts = [(line["text"], line["reported"]) for line in first["evidence"]]
        assert texts == [("καλησπέρα", False), ("you play like a goat", True),
                         ("ignore that", False), ("please stop", False)], texts
        second = next(r for r in queue["reports"] if r["id"] == player_report)
        assert [line["text"] for line in second["evidence"]][-1] == "later line", second

        # Permissions: a director may not see or touch the queue.
        status, _ = await call(dora, "GET", "/admin/api/reports")
        assert status == 403, status
        status, _ = await call(dora, "POST", f"/admin/api/reports/{line_report}/claim", {})
        assert status == 403, status

        # Claim, a second claim by another moderator refused, resolve with a mute.
        status, claimed = await call(mona, "POST", f"/admin/api/reports/{line_report}/claim", {})
        assert status == 200 and claimed["report"]["state"] == "claimed", claimed
        assert claimed["report"]["claimed_by"] == "mona", claimed
        status, refused = await call(max_, "POST", f"/admin/api/reports/{line_report}/claim", {})
        assert status == 409 and "mona" in refused["error"], (status, refused)
        status, refused = await call(max_, "POST", f"/admin/api/reports/{line_report}/resolve",
                                     {"action": "dismiss", "note": "not mine"})
        assert status == 409, status
        status, refused = await call(mona, "POST", f"/admin/api/reports/{line_report}/resolve",
                                     {"action": "shout", "note": "x"})
        assert status == 400, status
        status, refused = await call(mona, "POST", f"/admin/api/reports/{line_report}/resolve",
                                     {"action": "mute"})
        assert status == 400, status
        status, done = await call(mona, "POST", f"/admin/api/reports/{line_report}/resolve",
                                  {"action": "mute", "minutes": 60, "note": "abuse in chat"})
        assert status == 200, (status, done)
        assert done["report"]["state"] == "resolved" and done["report"]["action"] == "mute", done
        await expect_error(troll.request("send_chat", {"table_id": table_id, "text": "hello?"}), "MUTED")
        status, resolved_again = await call(mona, "POST", f"/admin/api/reports/{line_report}/resolve",
                                            {"action": "dismiss", "note": "again"})
        assert status == 409, status
        status, profile = await call(mona, "GET", f"/admin/api/players/{troll_id}")
        assert status == 200 and any(s["kind"] == "mute" and "report" in s["reason"]
                                     for s in profile["sanctions"]), profile

        # Dismissal without a claim; the active queue then holds the three others.
        status, done = await call(max_, "POST", f"/admin/api/reports/{player_report}/resolve",
                                  {"action": "dismiss", "note": "no evidence of cheating"})
        assert status == 200 and done["report"]["action"] == "dismiss", done
        status, queue = await call(mona, "GET", "/admin/api/reports")
        assert status == 200 and len(queue["reports"]) == 3, queue
        status, queue = await call(mona, "GET", "/admin/api/reports?state=resolved")
        assert {r["id"] for r in queue["reports"]} == {line_report, player_report}, queue
        status, _ = await call(mona, "GET", "/admin/api/reports?state=bogus")
        assert status == 400, status
        status, _ = await call(mona, "POST", "/admin/api/reports/999999/claim", {})
        assert status == 404, status

        for client in (anna, troll, guest):
            await client.close()
        assert server.alive()
    finally:
        assert server.stop() == 0
    # Straight from the database: the audit entries, in order.
    actions = audit_actions(db, database)
    assert actions["report.claim"][0] == "ok", actions
    assert actions["report.claim"][1].startswith("refused: report") and "mona" in actions["report.claim"][1]
    assert actions["report.resolve"] == ["ok: mute", "ok: dismiss"], actions
    assert actions["player.mute"] == ["ok: 60 min"], actions
    verify = subprocess.run([BINARY, "admin", "audit", "verify", "--db", db], capture_output=True,
                            text=True, timeout=60)
    assert verify.returncode == 0, verify.stdout + verify.stderr
    print("reports: filed, refused, rate-limited, queued, claimed, resolved with a mute, audited")


def audit_actions(db, database):
    """Every audit entry's action -> its outcomes."""
    query = "SELECT action, outcome FROM audit_log ORDER BY id"
    if database:
        rows = database.psql(query)
    else:
        import sqlite3
        with sqlite3.connect(db) as connection:
            rows = connection.execute(query).fetchall()
    actions = {}
    for action, outcome in rows:
        actions.setdefault(action, []).append(outcome)
    return actions


if __name__ == "__main__":
    run(main())
