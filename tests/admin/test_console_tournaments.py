"""The tournament director's powers in the admin console (docs/admin.md, "Tournaments"),
against the real server: a player creates two events over the protocol; directors scoped to
one of them list and open only theirs, add entrants (a player, a bot), remove one, start the
event, replace the first round's pairing, pause and resume it, disqualify an entrant and end
it early, each through the admin API and seen over the protocol as the event's own
director's changes would be; bad requests and events out of scope are refused with nothing
changed; a moderator has no tournaments at all; every action is audited with its outcome.
"""
import asyncio
import os
import sqlite3
import sys
import tempfile

from admin_http import Staff, create_user
from kafenio_client import Client, ServerProcess, published_rounds, run

BINARY = sys.argv[1]
PASSWORD = "ούζο και τάβλι"


async def register(url, name):
    client = await Client.connect(url)
    client.account = (await client.request("register", {"name": name, "password": PASSWORD}))["signed_in"]
    return client


async def call(staff, method, path, body=None):
    loop = asyncio.get_running_loop()
    if method == "GET":
        return await loop.run_in_executor(None, staff.get, path)
    return await loop.run_in_executor(None, lambda: staff.post(path, body))


async def direct(staff, tid, action, expect=200, **fields):
    status, answer = await call(staff, "POST", f"/admin/api/tournaments/{tid}/direct",
                                {"action": action, "reason": f"director: {action}", **fields})
    assert status == expect, (action, status, answer)
    return answer.get("tournament", answer)


def entrants(view, status="registered"):
    return {e["name"]: e["entrant"] for e in view.get("entrants", []) if e["status"] == status}


async def protocol_view(client, tid):
    return (await client.request("get_tournament", {"tournament_id": str(tid)}))["tournament"]


async def main():
    db = os.path.join(tempfile.mkdtemp(prefix="kafenio-tournaments-"), "kafenio.db")
    create_user(BINARY, db, "elena", "owner", "owner password")
    create_user(BINARY, db, "dora", "director", "director password", scope="1")
    create_user(BINARY, db, "dina", "director", "director password 2", scope="2")
    create_user(BINARY, db, "mona", "moderator", "moderator password")
    server = ServerProcess(BINARY, "bot_delay_ms=0", db=db)
    try:
        loop = asyncio.get_running_loop()
        staff = {}
        for name, password in (("elena", "owner password"), ("dora", "director password"),
                               ("dina", "director password 2"), ("mona", "moderator password")):
            staff[name] = await loop.run_in_executor(
                None, lambda n=name, p=password: Staff(server.admin, n, p))
        sofia = await register(server.url, "Σοφία")
        for name in ("Γιώργος", "Ελένη", "Πέτρος"):
            await (await register(server.url, name)).close()
        for name in ("Κύπελλο Λεμεσού", "Κύπελλο Πάφου"):
            await sofia.request("create_tournament", {"settings": {
                "name": name, "game": "diloti", "seats": 2, "format": "swiss", "swiss_rounds": 3,
                "unit": {"hands": 2}, "rated": False}})

        # --- Each director sees the events in scope; owners all; moderators none.
        async def listed(who):
            status, answer = await call(staff[who], "GET", "/admin/api/tournaments")
            assert status == 200, answer
            return sorted(int(t["summary"]["tournament_id"]) for t in answer["tournaments"])
        assert await listed("elena") == [1, 2]
        assert await listed("dora") == [1]
        assert await listed("dina") == [2]
        assert (await call(staff["mona"], "GET", "/admin/api/tournaments"))[0] == 403
        assert (await call(staff["dora"], "GET", "/admin/api/tournaments/2"))[0] == 403
        assert (await call(staff["dora"], "GET", "/admin/api/tournaments/x"))[0] == 400
        status, opened = await call(staff["dora"], "GET", "/admin/api/tournaments/1")
        assert status == 200 and opened["tournament"]["summary"]["name"] == "Κύπελλο Λεμεσού"
        assert opened["tournament"]["director_name"] == "Σοφία", opened

        # --- Entrants: players by name, a bot; one removed. Refusals change nothing.
        await direct(staff["dora"], 1, "add_entrant", player_name="Γιώργος")
        await direct(staff["dora"], 1, "add_entrant", player_name="Ελένη")
        await direct(staff["dora"], 1, "add_entrant", player_name="Πέτρος")
        view = await direct(staff["dora"], 1, "add_bot", player_name="Ρομπότ")
        assert set(entrants(view)) == {"Γιώργος", "Ελένη", "Πέτρος", "Ρομπότ"}, view["entrants"]
        await direct(staff["dora"], 1, "add_entrant", expect=400, player_name="κανείς")
        await direct(staff["dora"], 1, "promote", expect=400)
        await direct(staff["dora"], 1, "replace_round", expect=409, round={"tables": []})
        status, _ = await call(staff["dora"], "POST", "/admin/api/tournaments/1/direct",
                               {"action": "start"})  # no reason
        assert status == 400
        view = await direct(staff["dora"], 1, "remove_entrant", entrant=entrants(view)["Πέτρος"])
        assert "Πέτρος" in entrants(view, "withdrawn")
        # Out of scope: refused and audited, the event untouched.
        before = await protocol_view(sofia, 2)
        await direct(staff["dora"], 2, "add_bot", expect=403)
        await direct(staff["dora"], 2, "start", expect=403)
        assert await protocol_view(sofia, 2) == before
        await direct(staff["dora"], 99, "start", expect=403)
        await direct(staff["elena"], 99, "start", expect=404)

        # --- Start; the first round is published with a bye (three entrants).
        view = await direct(staff["dora"], 1, "start")
        assert view["summary"]["state"] == "running", view["summary"]
        first = view["rounds"][0]
        assert len(first["tables"]) == 1 and len(first["byes"]) == 1, first
        # The protocol shows what the console did, as the event's own director's changes.
        assert published_rounds((await protocol_view(sofia, 1))["rounds"]) == \
            published_rounds(view["rounds"])

        # The live tables filtered by event: the round's table, opened by the runner.
        async def tables(query):
            status, answer = await call(staff["elena"], "GET", "/admin/api/tables" + query)
            assert status == 200, answer
            return answer["tables"]
        for _ in range(200):
            if await tables("?tournament=1"):
                break
            await asyncio.sleep(0.05)
        assert [int(t["tournament_id"]) for t in await tables("?tournament=1")] == [1]
        assert await tables("?tournament=2") == []
        assert len(await tables("?tournament=true")) == 1
        assert all(int(t.get("tournament_id", 0)) == 0 for t in await tables("?tournament=false"))
        assert (await call(staff["elena"], "GET", "/admin/api/tables?tournament=x"))[0] == 400

        # --- The pairing replaced by hand (every entrant once, or refused).
        table = first["tables"][0]
        a, b, c = table["first"], table["second"], first["byes"][0]
        await direct(staff["dora"], 1, "replace_round", expect=400,
                     round={"tables": [{"first": a, "second": b}], "byes": []})
        view = await direct(staff["dora"], 1, "replace_round",
                            round={"tables": [{"first": a, "second": c}], "byes": [b]})
        replaced = view["rounds"][0]
        assert replaced["by_hand"] is True
        assert (replaced["tables"][0]["first"], replaced["tables"][0]["second"]) == (a, c)

        # --- Pause and resume every table of the event.
        status, answer = await call(staff["dora"], "POST", "/admin/api/tournaments/1/direct",
                                    {"action": "pause", "reason": "διακοπή ρεύματος"})
        assert status == 200 and answer["paused"] is True, answer
        await direct(staff["dora"], 1, "pause", expect=409)  # paused already
        status, answer = await call(staff["dora"], "POST", "/admin/api/tournaments/1/direct",
                                    {"action": "resume", "reason": "το ρεύμα ήρθε"})
        assert status == 200 and answer["paused"] is False, answer

        # --- Disqualify; end early.
        names = {e["entrant"]: e["name"] for e in view["entrants"]}
        view = await direct(staff["dora"], 1, "disqualify", entrant=c)
        assert names[c] in entrants(view, "disqualified"), view["entrants"]
        view = await direct(staff["dora"], 1, "end_early")
        assert view["summary"]["state"] == "finished", view["summary"]
        await direct(staff["dora"], 1, "start", expect=409)
        # A finished event still opens (from storage) and lists.
        assert await listed("dora") == [1]
        assert (await call(staff["dora"], "GET", "/admin/api/tournaments/1"))[0] == 200

        # --- The audit log: each action with its outcome.
        rows = sqlite3.connect(db).execute(
            "SELECT action, target, outcome FROM audit_log WHERE actor = 'dora' ORDER BY id").fetchall()
        actions = [(action, outcome.split(":")[0]) for action, _, outcome in rows if action != "login"]
        for expected in [("tournament.add_entrant", "ok"), ("tournament.add_bot", "ok"),
                         ("tournament.add_entrant", "refused"), ("tournament.promote", "refused"),
                         ("tournament.remove_entrant", "ok"), ("tournament.add_bot", "refused"),
                         ("tournament.start", "ok"), ("tournament.replace_round", "ok"),
                         ("tournament.pause", "ok"), ("tournament.resume", "ok"),
                         ("tournament.disqualify", "ok"), ("tournament.end_early", "ok")]:
            assert expected in actions, (expected, actions)
        scoped = [r for r in rows if r[0] == "tournament.add_bot" and r[2].startswith("refused")]
        assert scoped and "not in scope" in scoped[0][2], scoped
        assert any("Κύπελλο Λεμεσού" in target for _, target, _ in rows), rows
        await sofia.close()
    finally:
        server.stop()


if __name__ == "__main__":
    run(main())
