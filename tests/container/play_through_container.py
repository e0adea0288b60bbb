"""Plays through a running Kafenio container's port, as a player would: `play URL` registers
an account (a Greek name, as Kafenio's players have), plays a whole Pilotta match against
three bots and prints the finished match's id; `check URL MATCH_ID` (after the container
restarted) signs in again and finds that match in the account's history, with its game
record. Exit status 0 only when all is so."""
import random
import sys
import os

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "server"))
from kafenio_client import Client, play_seat, run  # noqa: E402

NAME, PASSWORD = "Γιάννης Κ.", "καφενείο στο κουτί"


async def play(url):
    client = await Client.connect(url)
    try:
        await client.request("register", {"name": NAME, "password": PASSWORD})
    except Exception:  # a second run on the same volume: the account is already there
        await client.request("sign_in", {"name": NAME, "password": PASSWORD})
    reply = await client.request("create_table", {"game": "pilotta", "preset": "cyprus",
                                                   "options": ["target=31"], "series_matches": 1})
    table_id = reply["table_created"]["table_id"]
    for seat in (1, 2, 3):
        await client.request("add_bot", {"table_id": table_id, "seat": seat})
    await client.request("sit", {"table_id": table_id, "seat": 0})
    await client.request("set_ready", {"table_id": table_id, "ready": True})
    ended = await play_seat(client, table_id, random.Random(5))
    await client.close()
    print(ended["match_id"])


async def check(url, match_id):
    client = await Client.connect(url)
    signed = (await client.request("sign_in", {"name": NAME, "password": PASSWORD}))["signed_in"]
    history = (await client.request("get_match_history", {"account_id": signed["account_id"]}))
    matches = [int(m["match_id"]) for m in history["match_history"]["matches"]]
    assert int(match_id) in matches, (match_id, history)
    record = (await client.request("get_match_record", {"match_id": int(match_id)}))
    assert "game pilotta" in record["match_record"]["record"], record
    await client.close()
    print(f"match {match_id} found in the history of {NAME}, with its record")


if __name__ == "__main__":
    if sys.argv[1] == "play":
        run(play(sys.argv[2]))
    else:
        run(check(sys.argv[2], sys.argv[3]))
