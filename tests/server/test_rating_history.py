"""get_rating_history through the real server (docs/protocol.md, "Results and ratings"),
on SQLite and on --db memory (with --postgres: on the tests' PostgreSQL, KAFENIO_TEST_PG):

- two registered players (Greek names) play two rated Diloti 1v1 matches; each one's
  history in diloti-1v1 has a point per match, oldest first, with the match ids of their
  match history, the Glicko-2 values computed here from Glickman's paper, and the last
  point equal to the profile's current rating; another player's history by account id;
- `limit` keeps the newest points (and `total` says how many are stored); a mode never
  played rated is an empty history;
- refusals: an unknown mode or a limit out of range (BAD_REQUEST), an unknown account
  (UNKNOWN_PLAYER), a connection not signed in (NOT_SIGNED_IN).
"""
import random
import sys

from kafenio_client import Client, ServerProcess, expect_error, run
from test_results import close, glicko2, play_rated_match, rating_of, register


async def history(client, mode="diloti-1v1", **fields):
    return (await client.request("get_rating_history", {"mode": mode, **fields}))["rating_history"]


async def scenario(binary, db):
    server = ServerProcess(binary, "messages_per_second=1000", "message_burst=1000", db=db)
    rng = random.Random(20)
    try:
        anna = await register(server.url, "Άννα")
        petros = await register(server.url, "Πέτρος")
        assert (await history(anna))["points"] == [], "no rated match yet: an empty history"

        # Two rated matches; the expected ratings follow Glicko-2 match by match.
        start = (1500, 350, 0.06)
        expected = {"anna": [start], "petros": [start]}
        match_ids = []
        for _ in range(2):
            _, match_id, ended = await play_rated_match(anna, petros, rng)
            match_ids.append(match_id)
            score = 1.0 if ended["winner"] == 0 else 0.0
            a, p = expected["anna"][-1], expected["petros"][-1]
            expected["anna"].append(glicko2(a, p, score))
            expected["petros"].append(glicko2(p, a, 1 - score))

        for client, name in ((anna, "anna"), (petros, "petros")):
            mine = await history(client)
            assert mine["mode"] == "diloti-1v1" and mine["total"] == 2, mine
            assert mine["account_id"] == client.account["account_id"], mine
            points = mine["points"]
            assert [int(p["match_id"]) for p in points] == match_ids, (points, match_ids)
            for point, want in zip(points, expected[name][1:]):
                assert close(point["rating"], want[0]) and close(point["rd"], want[1]), (point, want)
                assert close(point["volatility"], want[2]), (point, want)
            assert int(points[0]["time_unix_ms"]) <= int(points[1]["time_unix_ms"]), points
            # The last point is the rating the profile shows now.
            now = rating_of((await client.request("get_profile", {}))["profile"], "diloti-1v1")
            assert close(points[-1]["rating"], now["rating"]) and close(points[-1]["rd"], now["rd"]), (points, now)
            # The match history's rating changes are the same steps.
            matches = (await client.request("get_match_history", {}))["match_history"]["matches"]
            changes = {int(m["match_id"]): m["rating"]["rating_after"] for m in matches if m.get("rating")}
            assert all(close(changes[int(p["match_id"])], p["rating"]) for p in points), (changes, points)

        # Someone else's history by account id; the newest point alone with a limit.
        other = await history(anna, account_id=petros.account["account_id"], limit=1)
        assert other["account_id"] == petros.account["account_id"] and other["total"] == 2, other
        (newest,) = other["points"]
        assert int(newest["match_id"]) == match_ids[-1] and close(newest["rating"], expected["petros"][-1][0]), other
        # A ladder never played rated.
        pilotta = await history(anna, mode="pilotta")
        assert pilotta["points"] == [] and pilotta["total"] == 0, pilotta

        # Refusals, each with its code; nothing else changes.
        await expect_error(history(anna, mode="chess"), "BAD_REQUEST")
        await expect_error(history(anna, limit=1001), "BAD_REQUEST")
        await expect_error(history(anna, limit=-1), "BAD_REQUEST")
        await expect_error(history(anna, account_id="999999"), "UNKNOWN_PLAYER")
        stranger = await Client.connect(server.url)
        await expect_error(history(stranger), "NOT_SIGNED_IN")
        assert (await history(anna))["total"] == 2

        for client in (anna, petros, stranger):
            await client.close()
        assert server.alive()
    finally:
        assert server.stop() == 0


async def main(binary):
    await scenario(binary, None)  # SQLite in a fresh folder
    await scenario(binary, "memory")


if __name__ == "__main__":
    if "--postgres" in sys.argv[2:]:
        from postgres_server import PostgresDatabase
        database = PostgresDatabase()
        try:
            run(scenario(sys.argv[1], database.conninfo))
        finally:
            database.drop()
    else:
        run(main(sys.argv[1]))
