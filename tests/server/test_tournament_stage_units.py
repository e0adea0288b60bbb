"""Each stage plays its own match unit (docs/tournaments.md, "Match unit, time limit and
no-shows"), through the protocol alone: a director creates the events, fills them with the
server's bots and starts them, and the server plays them to the end. Every played table of
the event view names its match, whose record (GET /matches/{id}/record) shows the unit the
match was really played to:
- 8 Diloti players in 2 pools of 4, one hand a pool match, the knockout (semi-finals) to 11
  and the final to 21;
- a 4-player Diloti knockout of one hand a match with a third-place match and the final
  to 11: the semi-finals and the third-place match are one hand (more only while level:
  a knockout needs a winner), the final is to 11. Its results over HTTP (results.json and
  results.csv) are the view's, match by match."""
import asyncio
import csv
import io
import json
import sys

from kafenio_client import Client, ServerProcess, run
from tournament_events import http_get


async def create_with_bots(director, settings, bots):
    view = (await director.request("create_tournament", {"settings": settings}))["tournament"]
    tid = view["summary"]["tournament_id"]
    for _ in range(bots):
        await director.request("direct_tournament", {"tournament_id": tid, "action": "add_bot"})
    await director.request("direct_tournament", {"tournament_id": tid, "action": "start"})
    return tid


async def finished_view(director, tid):
    for _ in range(1200):
        view = (await director.request("get_tournament", {"tournament_id": tid}))["tournament"]
        if view["summary"]["state"] == "finished":
            return view
        await asyncio.sleep(0.1)
    raise AssertionError(f"event {tid} did not finish: {view['summary']}")


def record_of(server, match_id):
    status, text = http_get(f"{server.http}/matches/{match_id}/record")
    assert status == 200, (status, text)
    return text


def rules_line(record):
    return next(line for line in record.splitlines() if line.startswith("rules"))


def hands_in(record):
    """The hands played: one `seed` line each (the server deals every hand from a seed)."""
    return sum(1 for line in record.splitlines() if line.startswith("seed "))


def first_dealer(record):
    return next(int(line.split()[1]) for line in record.splitlines() if line.startswith("dealer"))


def played_tables(view):
    """(label, table) of every played match of the event, with its match's id."""
    out = []
    for shown in view["rounds"]:
        for table in shown.get("tables", []):
            if table.get("result") == "played":
                assert int(table.get("match_id", 0)) > 0 and table.get("table_id"), table
                out.append((table.get("match_label", ""), table))
    return out


async def main(binary):
    server = ServerProcess(binary, "bot_delay_ms=0", "bot_threads=2")
    try:
        director = await Client.connect(server.url)
        await director.request("register", {"name": "Διευθύντρια", "password": "correct horse 1"})
        pools = await create_with_bots(director, {
            "name": "Όμιλοι και τελικός", "game": "diloti", "seats": 2,
            "format": "pools_knockout", "pool_count": 2, "pool_qualifiers": 2,
            "third_place_match": False, "unit": {"hands": 1},
            "knockout_unit": {"target": 11}, "final_unit": {"target": 21}}, 8)
        knockout = await create_with_bots(director, {
            "name": "Κύπελλο", "game": "diloti", "seats": 2, "format": "single_elimination",
            "third_place_match": True, "unit": {"hands": 1}, "final_unit": {"target": 11}}, 4)

        view = await finished_view(director, pools)
        assert view["settings"]["knockout_unit"]["target"] == 11, view["settings"]
        assert view["settings"]["final_unit"]["target"] == 21, view["settings"]
        seen = {"pool": 0, "semi": 0, "final": 0}
        for label, table in played_tables(view):
            record = record_of(server, table["match_id"])
            rules = rules_line(record)
            # The pairing's first entrant sits in seat 0 and deals first.
            assert first_dealer(record) == 0, record
            if not label:  # a pool match: one hand, not the knockout's or the final's target
                assert "target=11" not in rules and "target=21" not in rules, rules
                assert hands_in(record) == 1, record
                seen["pool"] += 1
            elif label.startswith("Semi-final"):
                assert "target=11" in rules, rules
                assert max(table["first_score"], table["second_score"]) >= 11, table
                seen["semi"] += 1
            else:
                assert label == "Final", label
                assert "target=21" in rules, rules
                assert max(table["first_score"], table["second_score"]) >= 21, table
                seen["final"] += 1
        # 2 pools of 4 play 6 matches each; 2 semi-finals and the final.
        assert seen == {"pool": 12, "semi": 2, "final": 1}, seen

        view = await finished_view(director, knockout)
        labels = []
        for label, table in played_tables(view):
            record = record_of(server, table["match_id"])
            rules = rules_line(record)
            labels.append(label)
            if label == "Final":
                assert "target=11" in rules, rules
                assert max(table["first_score"], table["second_score"]) >= 11, table
            else:
                assert "target=11" not in rules, (label, rules)
                # One hand, more only while the sides are level (a knockout needs a winner).
                assert hands_in(record) >= 1 and table["winner"] > 0, (label, table)
        assert sorted(labels) == ["Final", "Semi-final 1", "Semi-final 2",
                                  "Third-place match"], labels

        # The results over HTTP (JSON and CSV): every table of the knockout as the view has
        # it, with its match's id and label.
        status, text = http_get(f"{server.http}/tournaments/{knockout}/results.json")
        assert status == 200, (status, text)
        results = json.loads(text)
        assert results["finished"], results
        shown = {(int(t["match_id"]), t.get("match_label", ""), t["winner"],
                  t.get("first_score", 0), t.get("second_score", 0))
                 for _, t in played_tables(view)}
        served = {(r["match_id"], r["match"], r["winner"], r["first_score"], r["second_score"])
                  for r in results["results"]}
        assert shown == served, (shown, served)
        names = {e["entrant"]: e["name"] for e in view["entrants"]}
        assert all(r["first_name"] == names[r["first"]] for r in results["results"]), results
        status, text = http_get(f"{server.http}/tournaments/{knockout}/results.csv")
        rows = list(csv.reader(io.StringIO(text)))
        assert status == 200 and rows[0] == [
            "round", "table", "match", "first", "first_name", "second", "second_name", "result",
            "winner", "first_score", "second_score", "match_id"], rows[:1]
        assert len(rows) == 1 + 4 and {row[2] for row in rows[1:]} == set(labels), rows
        assert all(row[7] == "played" and row[11] for row in rows[1:]), rows

        for tid in (pools, knockout):
            status, text = http_get(f"{server.http}/tournaments/{tid}/verify")
            assert status == 200 and "every round verified" in text, (tid, status, text)
        await director.close()
        assert server.stop() == 0
        print("tournament stage units: pools, knockout and final each played their own unit")
    finally:
        server.stop()


if __name__ == "__main__":
    run(main(sys.argv[1]))
