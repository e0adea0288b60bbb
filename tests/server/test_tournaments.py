"""Tournaments through the real server's protocol (docs/tournaments.md, "Protocol"):

- creating an event with every option, and the refusals: a guest, an unknown format,
  rules that do not parse, check-in without a start time;
- listing events (upcoming, running, finished) and reading one in full;
- entering a Diloti 1v1 Swiss (names in Greek script), entering twice, a guest entering,
  the registration limit, withdrawing and entering again;
- the director's powers (start, add and remove an entrant, disqualify, replace the
  pairing by hand, end early) and each refused to someone else;
- a Pilotta event of fixed pairs: invitations pushed to the partner, listed, accepted,
  declined and cancelled; inviting a guest or an unknown player; answering someone
  else's invitation;
- check-in: refused before the window opens, absentees withdrawn at the start and the
  round paired over those present, refused after the start;
- everything still there after the server is killed and started again.
"""
import sys
import time

from kafenio_client import Client, ServerProcess, expect_error, published_rounds, run

PASSWORD = "tavli and ouzo"
MINUTE = 60 * 1000


async def register(url, name):
    client = await Client.connect(url)
    reply = await client.request("register", {"name": name, "password": PASSWORD})
    client.account = reply["signed_in"]
    client.id = int(client.account["account_id"])
    return client


async def sign_in(url, name):
    client = await Client.connect(url)
    reply = await client.request("sign_in", {"name": name, "password": PASSWORD})
    client.account = reply["signed_in"]
    client.id = int(client.account["account_id"])
    return client


def view_of(reply):
    return reply["tournament"]


async def event(client, tournament_id):
    return view_of(await client.request("get_tournament", {"tournament_id": str(tournament_id)}))


async def listed(client, state):
    reply = await client.request("list_tournaments", {"state": state})
    return [int(t["tournament_id"]) for t in reply["tournament_list"].get("tournaments", [])]


def entrants(view, status="registered"):
    return {e["name"]: e for e in view.get("entrants", []) if e["status"] == status}


async def direct(client, tournament_id, action, **fields):
    body = {"tournament_id": str(tournament_id), "action": action, **fields}
    return view_of(await client.request("direct_tournament", body))


async def create(client, **settings):
    reply = await client.request("create_tournament", {"settings": settings})
    view = view_of(reply)
    return int(view["summary"]["tournament_id"]), view


async def refusals_at_creation(server, director):
    guest = await Client.connect(server.url)
    await guest.guest("Επισκέπτης")
    await expect_error(guest.request("create_tournament", {"settings": {
        "name": "guest cup", "game": "diloti"}}), "REGISTERED_ONLY")
    await expect_error(create(director, name="x", game="diloti", format="ladder"), "BAD_REQUEST")
    await expect_error(create(director, name="x", game="pilotta", preset="nosuch"), "BAD_RULES")
    await expect_error(create(director, name="x", game="diloti", check_in_minutes=30),
                       "BAD_REQUEST")
    await expect_error(create(director, name="x", game="diloti", format="single_elimination",
                              duplicate_deals=True), "BAD_REQUEST")
    await expect_error(create(director, name="x", game="diloti",
                              unit={"target": 61, "hands": 4}), "BAD_REQUEST")
    # Duplicate deals are played from both sides: a fixed, even number of hands.
    await expect_error(create(director, name="x", game="diloti", duplicate_deals=True,
                              unit={"target": 61}), "BAD_REQUEST")
    await expect_error(create(director, name="x", game="diloti", duplicate_deals=True,
                              unit={"hands": 3}), "BAD_REQUEST")
    await expect_error(create(director, name="x", game="diloti", bot_level="hard"),
                       "UNKNOWN_BOT_LEVEL")
    return guest


async def diloti_swiss(server, director, players, guest):
    tid, view = await create(
        director, name="Κύπελλο Λεμεσού", game="diloti", preset="online", seats=2,
        format="swiss", swiss_rounds=3, unit={"hands": 4}, final_unit={"target": 121},
        round_time_limit_minutes=45, duplicate_deals=True, seeding="random",
        tie_breaks=["match_points", "buchholz", "sonneborn_berger"], bye_score="half",
        registration_limit=3, rated=False, late_entry_until_round=0,
        forbidden=[{"first": 1, "second": 2}])
    settings = view["settings"]
    assert settings["unit"]["hands"] == 4 and settings["final_unit"]["target"] == 121
    assert settings["tie_breaks"] == ["match_points", "buchholz", "sonneborn_berger"]
    assert settings["bye_score"] == "half" and settings["duplicate_deals"] is True
    assert settings["round_time_limit_minutes"] == 45 and settings["seeding"] == "random"
    assert int(settings["seed"]) != 0, "the seed is published with the event"
    assert view["summary"]["state"] == "registering"
    assert tid in await listed(guest, "registering")
    assert tid not in await listed(guest, "running")

    giorgos, eleni, petros, maria = players
    # Entering, twice, as a guest, past the limit.
    await giorgos.request("enter_tournament", {"tournament_id": str(tid)})
    await expect_error(giorgos.request("enter_tournament", {"tournament_id": str(tid)}),
                       "ENTRY_REFUSED")
    await expect_error(guest.request("enter_tournament", {"tournament_id": str(tid)}),
                       "REGISTERED_ONLY")
    await expect_error(eleni.request("enter_tournament", {"tournament_id": str(tid),
                                                         "partner_name": "petros"}),
                       "BAD_REQUEST")
    await eleni.request("enter_tournament", {"tournament_id": str(tid)})
    view = view_of(await petros.request("enter_tournament", {"tournament_id": str(tid)}))
    assert set(entrants(view)) == {"Γιώργος", "Ελένη", "petros"}
    await expect_error(maria.request("enter_tournament", {"tournament_id": str(tid)}),
                       "TOURNAMENT_STATE")
    # A withdrawal frees the place.
    view = view_of(await petros.request("withdraw_from_tournament", {"tournament_id": str(tid)}))
    assert "petros" in entrants(view, "withdrawn")
    await expect_error(petros.request("withdraw_from_tournament", {"tournament_id": str(tid)}),
                       "ENTRY_REFUSED")
    await maria.request("enter_tournament", {"tournament_id": str(tid)})
    await expect_error(event(director, 999999), "UNKNOWN_TOURNAMENT")

    # The director's powers, refused to everyone else.
    for action in ("start", "end_early", "add_entrant", "remove_entrant", "disqualify",
                   "replace_round"):
        await expect_error(direct(giorgos, tid, action, entrant=1, player_name="petros"),
                           "NOT_TOURNAMENT_DIRECTOR")
    await expect_error(direct(director, tid, "promote"), "BAD_REQUEST")
    await expect_error(direct(director, tid, "add_entrant", player_name="nobody"),
                       "UNKNOWN_PLAYER")
    await expect_error(direct(director, tid, "add_entrant", player_name=guest.account["name"]),
                       "REGISTERED_ONLY")
    await expect_error(direct(director, tid, "remove_entrant", entrant=3), "BAD_REQUEST")

    view = await direct(director, tid, "start")
    assert view["summary"]["state"] == "running" and view["summary"]["round"] == 1
    assert tid in await listed(guest, "running")
    names = {e["entrant"]: e["name"] for e in view["entrants"]}
    first = view["rounds"][0]
    assert len(first["tables"]) == 1 and len(first["byes"]) == 1
    assert [c["key"] for c in view["columns"]] == ["match_points", "buchholz", "sonneborn_berger"]
    assert all(c["explanation"] for c in view["columns"])
    active = {e["entrant"] for e in view["entrants"] if e["status"] == "registered"}
    assert active <= {row["entrant"] for row in view["standings"]}
    assert all(len(row["values"]) == 3 for row in view["standings"])
    seeds = sorted(e["seed_rank"] for e in view["entrants"] if e["status"] == "registered")
    assert seeds == [1, 2, 3]
    await expect_error(direct(director, tid, "start"), "TOURNAMENT_STATE")
    await expect_error(direct(director, tid, "add_entrant", player_name="petros"),
                       "TOURNAMENT_STATE")
    await expect_error(players[3].request("enter_tournament", {"tournament_id": str(tid)}),
                       "ENTRY_REFUSED")

    # The pairing replaced by hand: every entrant once, or refused.
    table = first["tables"][0]
    a, b, c = table["first"], table["second"], first["byes"][0]
    await expect_error(direct(director, tid, "replace_round",
                              round={"tables": [{"first": a, "second": b}], "byes": []}),
                       "BAD_REQUEST")
    view = await direct(director, tid, "replace_round",
                        round={"tables": [{"first": a, "second": c}], "byes": [b]})
    replaced = view["rounds"][0]
    assert replaced["by_hand"] is True
    assert (replaced["tables"][0]["first"], replaced["tables"][0]["second"]) == (a, c)
    # A disqualification forfeits the entrant's table: the opponent wins, and with the
    # round complete the next is published.
    view = await direct(director, tid, "disqualify", entrant=c)
    assert names[c] in entrants(view, "disqualified")
    done = view["rounds"][0]["tables"][0]
    assert done["result"] == "forfeit" and done["winner"] == a
    assert view["summary"]["round"] == 2
    view = await direct(director, tid, "end_early")
    assert view["summary"]["state"] == "finished"
    assert tid in await listed(guest, "finished")
    await expect_error(direct(director, tid, "end_early"), "TOURNAMENT_STATE")
    return tid


async def pilotta_pairs(server, director, players, guest):
    giorgos, eleni, petros, maria = players
    nikos = await register(server.url, "Νίκος")
    sofia = await register(server.url, "Σοφία")
    starts = int(time.time() * 1000) + 60 * MINUTE
    tid, view = await create(director, name="Πιλόττα 151 ζευγάρια", game="pilotta",
                             unit={"target": 151}, check_in_minutes=30,
                             starts_unix_ms=str(starts))
    assert view["summary"]["pairs"] is True and view["settings"]["seats"] == 4
    assert int(view["check_in_opens_unix_ms"]) == starts - 30 * MINUTE
    assert view["check_in_open"] is False
    tid_s = str(tid)

    # Entering a pairs event names a partner, who must be a registered player.
    await expect_error(giorgos.request("enter_tournament", {"tournament_id": tid_s}),
                       "BAD_REQUEST")
    await expect_error(giorgos.request("enter_tournament", {"tournament_id": tid_s,
                                                           "partner_name": guest.account["name"]}),
                       "REGISTERED_ONLY")
    await expect_error(giorgos.request("enter_tournament", {"tournament_id": tid_s,
                                                           "partner_name": "κανείς"}),
                       "UNKNOWN_PLAYER")
    await expect_error(giorgos.request("enter_tournament", {"tournament_id": tid_s,
                                                           "partner_name": "Γιώργος"}),
                       "ENTRY_REFUSED")
    view = view_of(await giorgos.request("enter_tournament", {"tournament_id": tid_s,
                                                             "partner_name": "Ελένη"}))
    invite = view["invitations"][0]
    assert (invite["inviter_name"], invite["invitee_name"]) == ("Γιώργος", "Ελένη")
    assert invite["pair_name"] == "Γιώργος & Ελένη" and not view.get("entrants")
    pushed = (await eleni.next_event("partner_invitation"))["partner_invitation"]
    assert pushed["invitation"] == invite["invitation"] and pushed["state"] == "pending"
    listed_invites = (await eleni.request("list_invitations"))["invitations"]["invitations"]
    assert [i["invitation"] for i in listed_invites] == [invite["invitation"]]
    # Someone else may not answer it; the invited player may not be invited twice.
    await expect_error(maria.request("answer_invitation", {
        "tournament_id": tid_s, "invitation": invite["invitation"], "accept": True}),
        "UNKNOWN_INVITATION")
    await expect_error(giorgos.request("answer_invitation", {
        "tournament_id": tid_s, "invitation": invite["invitation"], "accept": True}),
        "UNKNOWN_INVITATION")
    await expect_error(petros.request("enter_tournament", {"tournament_id": tid_s,
                                                          "partner_name": "Ελένη"}),
                       "ENTRY_REFUSED")
    view = view_of(await eleni.request("answer_invitation", {
        "tournament_id": tid_s, "invitation": invite["invitation"], "accept": True}))
    pair = entrants(view)["Γιώργος & Ελένη"]
    assert sorted(int(a) for a in pair["account_ids"]) == sorted([giorgos.id, eleni.id])
    assert (await giorgos.next_event("partner_invitation"))["partner_invitation"]["state"] \
        == "accepted"

    # Declined, then cancelled by the inviter, then accepted.
    view = view_of(await petros.request("enter_tournament", {"tournament_id": tid_s,
                                                            "partner_name": "maria",
                                                            "pair_name": "Οι Λεμεσιανοί"}))
    number = view["invitations"][0]["invitation"]
    await maria.request("answer_invitation", {"tournament_id": tid_s, "invitation": number,
                                               "accept": False})
    assert (await petros.next_event("partner_invitation"))["partner_invitation"]["state"] \
        == "declined"
    view = view_of(await petros.request("enter_tournament", {"tournament_id": tid_s,
                                                            "partner_name": "maria",
                                                            "pair_name": "Οι Λεμεσιανοί"}))
    number = view["invitations"][0]["invitation"]
    view = view_of(await petros.request("withdraw_from_tournament", {"tournament_id": tid_s}))
    assert not view.get("invitations")
    await expect_error(maria.request("answer_invitation", {
        "tournament_id": tid_s, "invitation": number, "accept": True}), "UNKNOWN_INVITATION")
    view = view_of(await petros.request("enter_tournament", {"tournament_id": tid_s,
                                                            "partner_name": "maria",
                                                            "pair_name": "Οι Λεμεσιανοί"}))
    number = view["invitations"][0]["invitation"]
    await maria.request("answer_invitation", {"tournament_id": tid_s, "invitation": number,
                                               "accept": True})
    await nikos.request("enter_tournament", {"tournament_id": tid_s, "partner_name": "Σοφία"})
    invites = (await sofia.request("list_invitations"))["invitations"]["invitations"]
    view = view_of(await sofia.request("answer_invitation", {
        "tournament_id": tid_s, "invitation": invites[0]["invitation"], "accept": True}))
    assert set(entrants(view)) == {"Γιώργος & Ελένη", "Οι Λεμεσιανοί", "Νίκος & Σοφία"}

    # Check-in: not before the window, not by someone not entered; then open.
    await expect_error(giorgos.request("check_in", {"tournament_id": tid_s}), "TOURNAMENT_STATE")
    await expect_error(direct(director, tid, "start"), "TOURNAMENT_STATE")
    await server.advance(31 * MINUTE)
    await expect_error(director.request("check_in", {"tournament_id": tid_s}), "ENTRY_REFUSED")
    for player in (giorgos, eleni, petros, maria, nikos):  # Σοφία does not come
        view = view_of(await player.request("check_in", {"tournament_id": tid_s}))
    assert view["check_in_open"] is True
    present = {name: e["checked_in"] for name, e in entrants(view).items()}
    assert present == {"Γιώργος & Ελένη": True, "Οι Λεμεσιανοί": True, "Νίκος & Σοφία": False}
    view = await direct(director, tid, "start")
    assert "Νίκος & Σοφία" in entrants(view, "withdrawn")
    tables = view["rounds"][0]["tables"]
    assert len(tables) == 1 and not view["rounds"][0].get("byes")
    await expect_error(sofia.request("check_in", {"tournament_id": tid_s}), "TOURNAMENT_STATE")
    return tid


async def main(binary):
    server = ServerProcess(binary, manual_clock=True)
    try:
        director = await register(server.url, "Αντώνης")
        players = [await register(server.url, name) for name in ("Γιώργος", "Ελένη", "petros",
                                                                 "maria")]
        guest = await refusals_at_creation(server, director)
        swiss = await diloti_swiss(server, director, players, guest)
        pairs = await pilotta_pairs(server, director, players, guest)
        before = {tid: await event(guest, tid) for tid in (swiss, pairs)}
        # Everything acknowledged is stored: a SIGKILL and a restart change nothing.
        server = server.crash_and_restart()
        reader = await Client.connect(server.url)
        for tid, view in before.items():
            after = await event(reader, tid)
            for key in ("summary", "entrants", "standings", "settings"):
                assert after.get(key) == view.get(key), (tid, key, after.get(key), view.get(key))
            assert published_rounds(after.get("rounds")) == published_rounds(view.get("rounds")), \
                (tid, after.get("rounds"), view.get("rounds"))
        again = await sign_in(server.url, "Ελένη")
        await expect_error(again.request("check_in", {"tournament_id": str(pairs)}),
                           "TOURNAMENT_STATE")
    finally:
        server.stop()


if __name__ == "__main__":
    run(main(sys.argv[1]))
