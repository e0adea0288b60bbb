"""Password hashing (Argon2id, tens of ms each) runs off the I/O threads: with one I/O
thread, a table of bots keeps moving while several registrations are being hashed, and
sign-ins beyond password_queue_limit are refused with RATE_LIMITED instead of queued."""
import asyncio
import sys

from kafenio_client import Client, ServerError, ServerProcess, run

REGISTRATIONS = 6
QUEUE_LIMIT = 3


async def main(binary):
    server = ServerProcess(binary, "threads=1", "bot_delay_ms=1", "password_threads=1",
                           f"password_queue_limit={QUEUE_LIMIT}", db="memory")
    try:
        watcher = await Client.connect(server.url)
        await watcher.guest("watcher")
        table = (await watcher.request("create_table", {"game": "pilotta", "preset": "cyprus"})
                 )["table_created"]["table_id"]
        for seat in range(4):
            await watcher.request("add_bot", {"table_id": table, "seat": seat})
        await watcher.next_event("match_event")  # the bots are playing

        players = [await Client.connect(server.url) for _ in range(REGISTRATIONS)]
        answers = [asyncio.ensure_future(
            player.request("register", {"name": f"player{i}", "password": "correct horse"}))
            for i, player in enumerate(players)]

        # Count the table's moves while the registrations are answered, from the first
        # answer to the last: the hashes run one after another on their own thread, and
        # the single I/O thread keeps serving the table meanwhile. (Hashed on the I/O
        # thread, the table would get about one move in between hashes.)
        moves = 0
        moves_at_first_answer = None
        while not all(answer.done() for answer in answers):
            if moves_at_first_answer is None and any(answer.done() for answer in answers):
                moves_at_first_answer = moves
            try:
                message = await watcher.next_event("match_event", timeout=0.005)
            except asyncio.TimeoutError:
                continue
            if message["match_event"].get("move_played"):
                moves += 1
        if moves_at_first_answer is None:
            moves_at_first_answer = moves
        print("moves while hashing:", moves - moves_at_first_answer)
        assert moves - moves_at_first_answer >= 10, (moves_at_first_answer, moves)

        registered, refused = [], []
        for i, answer in enumerate(answers):
            try:
                reply = await answer
                assert reply["signed_in"]["name"] == f"player{i}", reply
                registered.append(i)
            except ServerError as error:
                assert error.code == "RATE_LIMITED", error
                refused.append(i)
        # All six arrive within one hash's time: at most QUEUE_LIMIT are admitted.
        assert 1 <= len(registered) <= QUEUE_LIMIT, (registered, refused)
        assert refused, "sign-ins beyond password_queue_limit are refused"

        # A refused client may try again once the queue has room; the registered can sign in.
        retry = players[refused[0]]
        reply = await retry.request("register", {"name": f"player{refused[0]}",
                                                 "password": "correct horse"})
        assert reply["signed_in"]["guest"] is False
        again = await Client.connect(server.url)
        reply = await again.request("sign_in", {"name": f"player{registered[0]}",
                                                "password": "correct horse"})
        assert reply["signed_in"]["name"] == f"player{registered[0]}"
        try:
            await again.request("sign_in", {"name": "player0", "password": "wrong"})
            raise AssertionError("a second sign-in on a signed-in connection was accepted")
        except ServerError as error:
            assert error.code == "ALREADY_SIGNED_IN", error
        wrong = await Client.connect(server.url)
        try:
            await wrong.request("sign_in", {"name": f"player{registered[0]}", "password": "nope"})
            raise AssertionError("a wrong password was accepted")
        except ServerError as error:
            assert error.code == "BAD_CREDENTIALS", error
    finally:
        assert server.stop() == 0


if __name__ == "__main__":
    run(main(sys.argv[1]))
