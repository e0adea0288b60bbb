"""Fair shuffles through the real server (issue 5, docs/fairness.md): before each hand the
server publishes a commitment to its seed, after the hand it reveals the seed and salt,
and `kafenio verify` re-deals the revealed seed, checks the commitment and gives back the
very cards the player was dealt. The seed never appears in any frame before the hand
ends, the stored seed is marked revealed only then, and a tampered seed is caught.
Both games: a Pilotta hand with three bots, a 2-player Diloti round with one bot."""
import asyncio
import sqlite3
import subprocess
import sys

from kafenio_client import (Client, ServerProcess, body_of, first_move, game_view, has_moves,
                            play_move_as_player, run)


async def play_one_hand(client, table_id):
    """Plays the first legal move on each turn until the first hand ends. Returns the
    hand_started event, the player's cards right after it, the hand_ended event and the
    raw frames received before hand_ended."""
    started = cards = None
    while True:
        event = await client.next_match_event(timeout=60)
        kind = body_of(event)
        view = game_view(event)
        if kind == "hand_started":
            started, cards = event, list(view["hand"])
        if kind == "hand_ended":
            # The frames before the first one that ends a hand (more may have arrived since).
            cut = next(i for i, frame in enumerate(client.frames) if '"hand_ended"' in frame)
            return started, cards, event, client.frames[:cut]
        if view["to_act"] == view["viewer"] and has_moves(view):
            assert await play_move_as_player(client, table_id, first_move(view)["notation"],
                                             expected_seq=event["seq"], refusals=())


def verify(binary, game, rules, players, match_id, hand, reveal, seed=None):
    args = [binary, "verify", "--game", game, "--rules", *rules.split(),
            "--dealer", str(reveal["dealer"]), "--match", str(match_id), "--hand", str(hand),
            "--seed", seed or reveal["seed"], "--salt", reveal["salt"],
            "--commitment", reveal["seed_commitment"]]
    if game == "diloti":
        args += ["--players", str(players)]
    return subprocess.run(args, capture_output=True, text=True)


async def check_game(binary, server, game, options, seats):
    client = await Client.connect(server.url)
    await client.request("sign_in_guest", {"name": f"checker-{game}"})
    table_id = (await client.request("create_table", {
        "game": game, "options": options, "seats": seats}))["table_created"]["table_id"]
    for seat in range(1, seats):
        await client.request("add_bot", {"table_id": table_id, "seat": seat})
    await client.request("sit", {"table_id": table_id, "seat": 0})
    await client.request("set_ready", {"table_id": table_id, "ready": True})
    started, cards, ended, frames_before = await play_one_hand(client, table_id)
    await client.close()

    match_id = int(ended["match_id"])
    hand = started["hand_started"]["hand_number"]
    reveal = ended["hand_ended"]
    commitment = started["hand_started"]["seed_commitment"]
    assert len(commitment) == 64, started
    assert reveal["seed_commitment"] == commitment, (reveal, commitment)
    assert reveal["dealer"] == started["hand_started"]["dealer"]
    # Nothing before the end of the hand gave the seed or the salt away.
    leaks = [frame for frame in frames_before
             if isinstance(frame, str) and (reveal["seed"] in frame or reveal["salt"] in frame)]
    assert not leaks, leaks[:1]

    rules = game_view(ended)["rules"]
    checked = verify(binary, game, rules, seats, match_id, hand, reveal)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    lines = checked.stdout.splitlines()
    assert lines[0] == "commitment ok", checked.stdout
    dealt = next(line.split()[2:] for line in lines if line.startswith("deal 0 "))
    # Seat 0 is ours: every card we were shown at the start of the hand is in its re-deal.
    assert set(cards) <= set(dealt), (cards, dealt)

    tampered = verify(binary, game, rules, seats, match_id, hand, reveal,
                      seed=str((int(reveal["seed"]) + 1) % 2**64))
    assert tampered.returncode == 1 and "MISMATCH" in tampered.stdout, tampered.stdout

    with sqlite3.connect(server.db) as connection:
        stored = connection.execute(
            "SELECT seed, salt, commitment, revealed FROM hand_seeds WHERE match_id = ? AND hand = ?",
            (match_id, hand)).fetchone()
    assert stored is not None
    assert (stored[0] % 2**64, stored[1], stored[2]) == (int(reveal["seed"]), reveal["salt"], commitment)
    for _ in range(100):  # the reveal is written just after the hand's last move
        with sqlite3.connect(server.db) as connection:
            revealed, = connection.execute(
                "SELECT revealed FROM hand_seeds WHERE match_id = ? AND hand = ?",
                (match_id, hand)).fetchone()
        if revealed:
            break
        await asyncio.sleep(0.05)
    assert revealed == 1


async def main(binary):
    server = ServerProcess(binary)
    try:
        await check_game(binary, server, "pilotta", ["target=151"], 4)
        await check_game(binary, server, "diloti", ["target=61"], 2)
    finally:
        assert server.stop() == 0


if __name__ == "__main__":
    run(main(sys.argv[1]))
