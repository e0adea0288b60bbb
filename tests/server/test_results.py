"""Results and ratings through the real server (issue 5), on SQLite and on --db memory:

- two registered players finish a rated Diloti 1v1 match; its game record downloads over
  the protocol and over HTTP, and `kafenio replay` re-verifies it with the same result as
  the match_ended event;
- both players' ratings change as Glicko-2 says (computed here from Glickman's paper), the
  match shows in each player's history with its rating change, and the leaderboard lists
  them, the winner first;
- guests cannot sit at a rated table, a match with a bot stays unrated, history pages;
- a player who leaves during a rated match (a bot holds the seat to the end) loses it for
  rating purposes, whatever the score.
"""
import asyncio
import math
import random
import subprocess
import sys
import urllib.error
import urllib.request

from kafenio_client import Client, ServerError, ServerProcess, play_seat, run


def glicko2(player, opponent, score, tau=0.5, epsilon=0.000001):
    """One Glicko-2 rating period with one game (Glickman, "Example of the Glicko-2
    system"): player and opponent are (rating, rd, volatility) on the Glicko scale."""
    return glicko2_period(player, [(opponent, score)], tau, epsilon)


def glicko2_period(player, games, tau=0.5, epsilon=0.000001):
    """One Glicko-2 rating period (Glickman's steps 2 to 8) with `games`, a list of
    (opponent, score); pinned to the paper's worked example by test_glicko2_example.py."""
    scale = 173.7178
    mu, phi, sigma = (player[0] - 1500) / scale, player[1] / scale, player[2]
    v_sum, delta_sum = 0.0, 0.0
    for opponent, score in games:
        mu_j, phi_j = (opponent[0] - 1500) / scale, opponent[1] / scale
        g_j = 1 / math.sqrt(1 + 3 * phi_j ** 2 / math.pi ** 2)
        expected = 1 / (1 + math.exp(-g_j * (mu - mu_j)))
        v_sum += g_j ** 2 * expected * (1 - expected)
        delta_sum += g_j * (score - expected)
    v = 1 / v_sum
    delta = v * delta_sum
    a = math.log(sigma ** 2)

    def f(x):
        ex = math.exp(x)
        return (ex * (delta ** 2 - phi ** 2 - v - ex) / (2 * (phi ** 2 + v + ex) ** 2)
                - (x - a) / tau ** 2)

    big_a = a
    if delta ** 2 > phi ** 2 + v:
        big_b = math.log(delta ** 2 - phi ** 2 - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > epsilon:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = big_c, f_c
    new_sigma = math.exp(big_a / 2)
    phi_star = math.sqrt(phi ** 2 + new_sigma ** 2)
    new_phi = 1 / math.sqrt(1 / phi_star ** 2 + 1 / v)
    new_mu = mu + new_phi ** 2 * delta_sum
    return (new_mu * scale + 1500, new_phi * scale, new_sigma)


def http_get(url):
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return response.status, response.headers.get("Content-Type"), response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.headers.get("Content-Type"), error.read().decode()


def replay(binary, record):
    result = subprocess.run([binary, "replay", "-"], input=record, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout.strip().splitlines()


async def register(url, name):
    client = await Client.connect(url)
    client.account = (await client.request("register", {"name": name, "password": "tavli and ouzo"}))["signed_in"]
    return client


async def rated_table(creator, rated=True):
    reply = await creator.request("create_table", {"game": "diloti", "preset": "online", "seats": 2,
                                                   "options": ["target=11"], "rated": rated})
    return reply["table_created"]["table_id"]


async def table_info(client, table_id):
    while True:
        message = await client.next_event("table")
        if message["table"]["table_id"] == table_id:
            return message["table"]


async def play_rated_match(anna, petros, rng):
    table_id = await rated_table(anna)
    assert (await table_info(anna, table_id))["rated"] is True
    await petros.request("join_table", {"table_id": table_id})
    await anna.request("sit", {"table_id": table_id, "seat": 0})
    await petros.request("sit", {"table_id": table_id, "seat": 1})
    for client in (anna, petros):
        await client.request("set_ready", {"table_id": table_id, "ready": True})
    ended = await asyncio.gather(play_seat(anna, table_id, rng), play_seat(petros, table_id, rng))
    assert ended[0]["match_ended"] == ended[1]["match_ended"]
    return table_id, int(ended[0]["match_id"]), ended[0]["match_ended"]


def rating_of(profile, mode):
    (rating,) = [r for r in profile["ratings"] if r["mode"] == mode]
    return rating


def close(a, b):
    return abs(a - b) < 1e-6


async def check_record(binary, server, client, match_id, ended):
    record = (await client.request("get_match_record", {"match_id": str(match_id)}))["match_record"]
    assert int(record["match_id"]) == match_id
    status, content_type, body = http_get(f"{server.http}/matches/{match_id}/record")
    assert status == 200 and content_type.startswith("text/plain"), (status, content_type)
    assert body == record["record"], (body, record)
    lines = replay(binary, body)
    assert lines[-1] == f"winner {ended['winner']}", lines
    last_hand = lines[-2].split()
    totals = last_hand[last_hand.index("total") + 1:last_hand.index("total") + 3]
    assert [int(t) for t in totals] == ended["totals"], (lines, ended)
    # Unknown matches are 404 over HTTP and UNKNOWN_MATCH over the protocol.
    status, _, _ = http_get(f"{server.http}/matches/999999/record")
    assert status == 404
    status, _, _ = http_get(f"{server.http}/matches/abc/record")
    assert status == 404
    try:
        await client.request("get_match_record", {"match_id": "999999"})
        raise AssertionError("a record for an unknown match")
    except ServerError as error:
        assert error.code == "UNKNOWN_MATCH", error


async def scenario(binary, db):
    # A player against a bot sends moves as fast as the bot answers: lift the per-connection
    # rate limit so the test measures results, not the limiter (test_limits covers it).
    server = ServerProcess(binary, "messages_per_second=1000", "message_burst=1000", db=db)
    rng = random.Random(11)
    try:
        anna = await register(server.url, "anna")
        petros = await register(server.url, "petros")

        # A guest may not sit at a rated table, nor create one.
        guest = await Client.connect(server.url)
        await guest.guest("visitor")
        table_id = await rated_table(anna)
        await guest.request("join_table", {"table_id": table_id})
        for request, body in (("sit", {"table_id": table_id, "seat": 0}),
                              ("create_table", {"game": "diloti", "seats": 2, "rated": True})):
            try:
                await guest.request(request, body)
                raise AssertionError(f"a guest could {request} at a rated table")
            except ServerError as error:
                assert error.code == "REGISTERED_ONLY", error
        await anna.request("leave_table", {"table_id": table_id})

        # The rated match: record, ratings, history, leaderboard.
        _, match_id, ended = await play_rated_match(anna, petros, rng)
        await check_record(binary, server, anna, match_id, ended)
        anna_score = 1.0 if ended["winner"] == 0 else 0.0
        new = (1500, 350, 0.06)
        expected = {"anna": glicko2(new, new, anna_score), "petros": glicko2(new, new, 1 - anna_score)}
        for client, name in ((anna, "anna"), (petros, "petros")):
            profile = (await client.request("get_profile", {}))["profile"]
            assert profile["name"] == name and profile["guest"] is False, profile
            rating = rating_of(profile, "diloti-1v1")
            assert rating["matches"] == 1, rating
            want = expected[name]
            assert close(rating["rating"], want[0]) and close(rating["rd"], want[1]), (rating, want)
            assert close(rating["volatility"], want[2]), (rating, want)
            (entry,) = (await client.request("get_match_history", {}))["match_history"]["matches"]
            assert int(entry["match_id"]) == match_id and entry["rated"] is True, entry
            assert entry["game"] == "diloti" and entry["state"] == "finished", entry
            assert [s["name"] for s in entry["seats"]] == ["anna", "petros"], entry
            assert entry["own_team"] == (0 if name == "anna" else 1), entry
            assert entry["winner"] == ended["winner"] and entry["totals"] == ended["totals"], entry
            change = entry["rating"]
            assert change["mode"] == "diloti-1v1" and close(change["rating_before"], 1500), change
            assert close(change["rating_after"], want[0]), change
        board = (await anna.request("get_leaderboard", {"mode": "diloti-1v1"}))["leaderboard"]["entries"]
        winner_name = "anna" if ended["winner"] == 0 else "petros"
        assert [e["name"] for e in board] == [winner_name, "anna" if winner_name == "petros" else "petros"], board
        try:
            await anna.request("get_leaderboard", {"mode": "chess"})
            raise AssertionError("a leaderboard for an unknown mode")
        except ServerError as error:
            assert error.code == "BAD_REQUEST", error
        # Anyone may look at a player's profile by account id.
        other = (await anna.request("get_profile", {"account_id": petros.account["account_id"]}))["profile"]
        assert other["name"] == "petros" and len(other["ratings"]) == 1, other

        # A rated table with a bot plays an unrated match: ratings stay as they were.
        bot_table = await rated_table(anna)
        await anna.request("add_bot", {"table_id": bot_table, "seat": 1})
        await anna.request("sit", {"table_id": bot_table, "seat": 0})
        await anna.request("set_ready", {"table_id": bot_table, "ready": True})
        bot_ended = await play_seat(anna, bot_table, rng)
        bot_match = int(bot_ended["match_id"])
        profile = (await anna.request("get_profile", {}))["profile"]
        assert rating_of(profile, "diloti-1v1")["matches"] == 1, profile
        history = (await anna.request("get_match_history", {"limit": 1}))["match_history"]
        (newest,) = history["matches"]
        assert int(newest["match_id"]) == bot_match and newest["rated"] is False, newest
        assert "rating" not in newest or newest["rating"] is None, newest
        assert [s["name"] for s in newest["seats"]] == ["anna", "bot"], newest
        assert int(history["next_before_match_id"]) == bot_match, history
        page = (await anna.request("get_match_history", {"limit": 1, "before_match_id": str(bot_match)}))
        (older,) = page["match_history"]["matches"]
        assert int(older["match_id"]) == match_id, older
        await anna.request("leave_table", {"table_id": bot_table})

        # Abandonment: petros leaves a rated match; a bot holds his seat to the end and he
        # loses for rating purposes, whatever the score says.
        before = {name: rating_of((await c.request("get_profile", {}))["profile"], "diloti-1v1")
                  for c, name in ((anna, "anna"), (petros, "petros"))}
        table_id = await rated_table(anna)
        await petros.request("join_table", {"table_id": table_id})
        await anna.request("sit", {"table_id": table_id, "seat": 0})
        await petros.request("sit", {"table_id": table_id, "seat": 1})
        for client in (anna, petros):
            await client.request("set_ready", {"table_id": table_id, "ready": True})
        await petros.request("leave_table", {"table_id": table_id})
        left_ended = await play_seat(anna, table_id, rng)
        left_match = int(left_ended["match_id"])
        (entry,) = (await petros.request("get_match_history", {"limit": 1}))["match_history"]["matches"]
        assert int(entry["match_id"]) == left_match and entry["state"] == "abandoned", entry
        as_rating = lambda r: (r["rating"], r["rd"], r["volatility"])
        want_anna = glicko2(as_rating(before["anna"]), as_rating(before["petros"]), 1.0)
        want_petros = glicko2(as_rating(before["petros"]), as_rating(before["anna"]), 0.0)
        after_anna = rating_of((await anna.request("get_profile", {}))["profile"], "diloti-1v1")
        after_petros = rating_of((await petros.request("get_profile", {}))["profile"], "diloti-1v1")
        assert close(after_anna["rating"], want_anna[0]) and after_anna["matches"] == 2, (after_anna, want_anna)
        assert close(after_petros["rating"], want_petros[0]), (after_petros, want_petros)
        await check_record(binary, server, anna, left_match, left_ended["match_ended"])

        for client in (anna, petros, guest):
            await client.close()
        assert server.alive()
    finally:
        assert server.stop() == 0


async def main(binary):
    await scenario(binary, None)  # SQLite in a fresh folder
    await scenario(binary, "memory")


if __name__ == "__main__":
    run(main(sys.argv[1]))
