"""1817 at the server: the lobby's choices, a table with bots played over the WebSocket
through the auction, the stock round and on to the end, refusals, a restart.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from starlette.testclient import TestClient

from takeover.core.extensions import SHARED_VIEW
from takeover.core.registry import get as get_game
from takeover.core.registry import replay_record
from takeover.server.table import play_on, start_state

from .helpers import create, hello, start, until

SQLITE = pytest.mark.parametrize("database", ["sqlite"], indirect=True)

MOST = 3000
"""Actions a test plays at most (random 1817 games end far sooner: a bankruptcy)."""


def choose(message: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A legal action: in the stock round an IPO bid when there is one (so that play goes
    through an IPO), else any."""
    legal = message["legal"]
    ipo = [a for a in legal if a["type"] == "bid" and "corporation" in a]
    if message["decision"]["kind"] == "buy_sell_par_shares" and ipo:
        return ipo[rng.randrange(len(ipo))]
    return legal[rng.randrange(len(legal))]


def served(client: TestClient, table_id: str) -> Any:
    """The table as the server holds it."""
    return client.app.state.services.master.tables[table_id]  # type: ignore[attr-defined]


def play(
    ws: Any, rng: random.Random, stop_at: int | None = None
) -> tuple[dict[str, Any], list[str], set[str]]:
    """Act for our seat whenever it has legal actions, until the game ends or (with
    ``stop_at``) until our first decision from that ``seq`` on (the bots then wait for us).
    The last state, the kinds we decided and the rounds seen."""
    ours: list[str] = []
    seen: set[str] = set()
    state = until(ws, "state")
    while state["seq"] < MOST and state["status"] == "playing":
        seen.add(state["view"]["round"])
        if state["legal"]:
            if stop_at is not None and state["seq"] >= stop_at:
                break
            ours.append(state["decision"]["kind"])
            ws.send_json({"type": "action", "seq": state["seq"], "action": choose(state, rng)})
        state = until(ws, "state")
    return state, ours, seen


@SQLITE
def test_options_describe_1817_from_its_definition(client: TestClient) -> None:
    listed = client.get("/api/options").json()["games"]
    assert [g["name"] for g in listed] == ["acquire", "1817"]  # the default game first
    games = {g["name"]: g for g in listed}
    g1817 = games["1817"]
    details = g1817["preset_details"]
    assert {t: d["seats"] for t, d in details.items()} == {
        "1817": {"min": 3, "max": 12},
        "1817NA": {"min": 2, "max": 6},
        "1817WO": {"min": 2, "max": 5},
    }
    assert "volatility" in details["1817"]["options"]
    assert "volatility" not in details["1817NA"]["options"]
    names = [o["name"] for o in g1817["options"]]
    assert names == ["volatility", "short_squeeze", "five_shorts", "modern_trains"]
    assert all(o["type"] == "bool" and o["default"] is False for o in g1817["options"])
    assert "random" in [b["spec"] for b in g1817["bots"]]
    schema = get_game("1817").schema
    assert g1817["seats"]["min"] == schema.min_players and g1817["seats"]["max"] == 12


@SQLITE
@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"game": "1817", "seats": 2}, "3 to 12 seats, not 2"),
        ({"game": "1817", "seats": 13, "ruleset": "1817"}, "3 to 12 seats, not 13"),
        ({"game": "1817", "seats": 7, "ruleset": "1817NA"}, "2 to 6 seats, not 7"),
        ({"game": "1817", "seats": 6, "ruleset": "1817WO"}, "2 to 5 seats, not 6"),
        (
            {
                "game": "1817",
                "seats": 4,
                "ruleset": {"preset": "1817WO", "options": {"volatility": True}},
            },
            "not offered by 1817WO",
        ),
        ({"game": "1817", "seats": 4, "ruleset": "1830"}, "unknown ruleset preset '1830'"),
        ({"game": "chess", "seats": 2}, "unknown game 'chess'"),
        ({"game": "1817", "seats": 4, "bots": {"1": "nobot"}}, "unknown bot level 'nobot'"),
    ],
)
def test_1817_tables_refused_with_the_reason(
    client: TestClient, body: dict[str, Any], words: str
) -> None:
    r = client.post("/api/tables", json={**body, "name": "Ann"})
    assert r.status_code == 400 and words in r.json()["error"]["message"], r.text
    assert client.get("/api/tables").json()["total"] == 0


def test_a_1817_table_with_bots_plays_a_whole_game(client: TestClient) -> None:
    made = create(
        client,
        game="1817",
        seats=4,
        ruleset={"preset": "1817NA", "options": {"short_squeeze": True}},
        bots={"1": "random", "2": "random", "3": "random"},
        name="Ann",
    )
    table_id, token = made["table"]["id"], made["token"]
    assert made["table"]["game"] == "1817"
    assert made["table"]["ruleset"] == {"preset": "1817NA", "options": {"short_squeeze": True}}
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        hello(ws, token)
        start(client, table_id, token)
        last, ours, rounds = play(ws, random.Random(3))
    assert "selection_auction" in ours  # everyone bids in the first auction
    assert {"Auction", "Stock"} <= rounds
    assert last["game"] == "1817" and last["status"] == "finished", last["decision"]
    table = served(client, table_id)
    assert table.seq == last["seq"] and table.status == "finished"
    # the archive has it, with its result, and its record replays to the end position
    (entry,) = client.get("/api/games").json()["games"]
    assert entry["id"] == table_id and entry["game"] == "1817"
    assert entry["scores"] == table.state.scores() and entry["ranks"] == table.state.ranks()
    assert [(s["kind"], s["bot"]) for s in entry["seats"]] == [("human", None)] + [
        ("bot", "random")
    ] * 3
    record = client.get(f"/api/games/{table_id}/record").json()
    assert replay_record(record).view(None) == last["view"]
    end = client.get(f"/api/games/{table_id}/steps/{last['seq']}").json()
    assert end["view"] == last["view"] and end["text"]
    # 1817 hides nothing: every step of the replay shows every player's cash (rule 9.3's
    # Acquire counterpart needs OPEN_VIEW; 1817 offers none and needs none)
    mid = client.get(f"/api/games/{table_id}/steps/{last['seq'] // 2}").json()
    assert len(mid["view"]["players"]) == 4
    assert all(isinstance(p["cash"], int) for p in mid["view"]["players"].values())


@SQLITE
def test_refusals_change_nothing(client: TestClient) -> None:
    made = create(client, game="1817", seats=3, ruleset="1817WO", name="Ann")
    table_id, ann = made["table"]["id"], made["token"]
    bob = client.post(f"/api/tables/{table_id}/join", json={"name": "Bob"}).json()["token"]
    client.post(f"/api/tables/{table_id}/join", json={"name": "Cy"})
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws_a:
        hello(ws_a, ann)
        start(client, table_id, ann)
        first = until(ws_a, "state")
        decider = first["decision"]["seats"]
        mine = 0 in decider
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws_b:
            hello(ws_b, bob)
            state_b = until(ws_b, "state")
            acting, idle = (ws_a, ws_b) if mine else (ws_b, ws_a)
            state = first if mine else state_b
            legal = state["legal"][0]
            # not this seat's decision
            idle.send_json({"type": "action", "seq": 0, "action": legal, "ref": 1})
            err = until(idle, "error")
            assert err["code"] == "not_your_turn" and "must selection auction" in err["message"]
            # a bid below the minimum: the rules refuse it, and say why
            low = {**legal, "price": 1}
            acting.send_json({"type": "action", "seq": 0, "action": low, "ref": 2})
            err = until(acting, "error")
            assert err["code"] == "illegal" and err["ref"] == 2, err
            # a field of the wrong type
            acting.send_json({"type": "action", "seq": 0, "action": {**legal, "price": "abc"}})
            err = until(acting, "error")
            assert err["code"] == "illegal" and "integer price" in err["message"], err
            # an action of another step
            who = {k: legal[k] for k in ("entity", "entity_type")}
            other = {"type": "sell_shares", **who, "shares": ["WC_1"]}
            acting.send_json({"type": "action", "seq": 0, "action": other})
            err = until(acting, "error")
            assert err["code"] == "illegal" and "takes bid, pass" in err["message"], err
            # another game's action
            acting.send_json({"type": "action", "seq": 0, "action": {"type": "place_tile"}})
            err = until(acting, "error")
            assert err["code"] == "illegal" and "no move is called 'place_tile'" in err["message"]
            # a field the move does not have
            acting.send_json({"type": "action", "seq": 0, "action": {**legal, "evil": 1}})
            err = until(acting, "error")
            assert err["code"] == "bad_request" and "has no field 'evil'" in err["message"], err
            # nothing changed: the table is where it was, and the legal action still goes
            table = served(client, table_id)
            assert table.seq == 0 and table.state.view(None) == state["view"]
            acting.send_json({"type": "action", "seq": 0, "action": legal})
            assert until(acting, "state")["seq"] == 1


def test_a_1817_table_survives_a_restart(make_client: Any) -> None:
    client = make_client()
    made = create(
        client,
        game="1817",
        seats=3,
        ruleset="1817",
        bots={"1": "random", "2": "random"},
        name="Ann",
    )
    table_id, token = made["table"]["id"], made["token"]
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        hello(ws, token)
        start(client, table_id, token)
        # into the first auction, to a decision of ours (the bots wait for it)
        before, _, _ = play(ws, random.Random(5), stop_at=10)
    held = served(client, table_id)
    view, seq = held.state.view(0), held.seq
    assert before["seq"] == seq >= 10 and before["legal"]
    client.__exit__(None, None, None)

    again = make_client()
    with again.websocket_connect(f"/ws/tables/{table_id}") as ws:
        hello(ws, token)
        resumed = until(ws, "state")
    assert resumed["seq"] == seq and resumed["view"] == view
    assert [r["seq"] for r in resumed["recent"]] == list(range(max(1, seq - 49), seq + 1))
    # the stored actions replay, one by one, to the same position, and play goes on
    assert served(again, table_id).state.view(0) == view
    with again.websocket_connect(f"/ws/tables/{table_id}") as ws:
        hello(ws, token)
        last, _, _ = play(ws, random.Random(6))
    assert last["status"] == "finished" and last["seq"] > seq


def test_play_on_replays_the_setup_the_master_stored() -> None:
    """The server's one replay loop on a 1817 setup (no store): the record form round-trips."""
    definition = get_game("1817")
    game = definition.new_game(["A", "B", "C"], "1817WO", seed=11)
    setup = {k: v for k, v in game.to_record().items() if k != "actions"}
    rng = random.Random(11)
    stored = []
    while len(stored) < 30:
        decision = game.pending()
        assert decision is not None
        seat = decision.seats[0]
        legal = game.legal_actions(seat)
        if not legal:
            break
        action = legal[rng.randrange(len(legal))]
        game.apply(action, seat)
        stored.append((seat, game.action_to_dict(action)))
    again = start_state(definition, setup)
    updates = list(play_on(again, stored, 0))
    assert [u.seq for u in updates] == list(range(1, len(stored) + 1))
    assert again.view(None) == game.view(None)
    # 1817 hides nothing: the server builds one view for every seat (SHARED_VIEW)
    shared = again.extension(SHARED_VIEW)
    assert shared is not None
    assert all(again.view(seat) == shared.view() for seat in (None, 0, 1, 2))


def test_a_1817_seat_whose_time_ran_out_is_played_by_a_bot(make_client: Any) -> None:
    """Turn timers know nothing of a game: the seats of ``pending()`` are timed."""
    client = make_client(timer_fast_seconds=0.4)
    made = create(
        client,
        game="1817",
        seats=3,
        ruleset="1817WO",
        name="Ann",
        bots={"1": "random", "2": "random"},
        timer="fast",
        on_timeout="random",
    )
    table_id, token = made["table"]["id"], made["token"]
    start(client, table_id, token)
    with client.websocket_connect(f"/ws/tables/{table_id}") as watcher:
        hello(watcher, None)
        state = until(watcher, "state")
        while 0 not in state["decision"]["seats"]:  # the bots move until it is Ann's turn
            state = until(watcher, "state")
        assert state["clock"]["seats"] == [0] and state["clock"]["timer"] == "fast"
        while True:
            message = until(watcher, "clock")
            if message.get("event", {}).get("type") == "timed_out":
                break
        assert message["event"] == {"type": "timed_out", "seat": 0, "bot": "random"}
        # the bot decides for Ann: the game moves on from her decision
        moved = until(watcher, "state")
        assert moved["seq"] > state["seq"] and moved["last"]["player"] == 0


@SQLITE
def test_a_home_station_is_asked_of_the_opener_alone(client: TestClient) -> None:
    """Rule 3.5: the corporation whose auction opened places its home token, for the
    player who opened it; no other seat (a bot least of all) is asked or may take it."""
    made = create(
        client,
        game="1817",
        seats=4,
        ruleset="1817NA",
        bots={"1": "heuristic", "2": "heuristic", "3": "heuristic"},
        name="Ann",
    )
    table_id, token = made["table"]["id"], made["token"]
    rng = random.Random(5)
    passes = {"type": "pass", "entity": 1, "entity_type": "player"}
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        hello(ws, token)
        start(client, table_id, token)
        state = until(ws, "state")
        while state["status"] == "playing" and state["seq"] < MOST:
            if state["decision"]["kind"] == "home_token" and state["last"]["player"] == 0:
                break
            if state["legal"]:  # Ann keeps her cash to open an IPO auction
                opens = state["decision"]["kind"] == "buy_sell_par_shares"
                opens = opens and "auction" not in state["view"]
                move = passes if passes in state["legal"] and not opens else choose(state, rng)
                ws.send_json({"type": "action", "seq": state["seq"], "action": move})
            state = until(ws, "state")
        assert state["decision"] == {"seats": [0], "kind": "home_token"}, state["decision"]
        assert state["legal"] and all(a["type"] == "place_token" for a in state["legal"])
        corp = state["legal"][0]["entity"]
        assert corp in state["legal_text"][0]  # the prompt can name the corporation
        ws.send_json({"type": "action", "seq": state["seq"], "action": state["legal"][0]})
        placed = until(ws, "state")
    # no bot took the decision first: ours is the move that followed the bid
    assert placed["seq"] == state["seq"] + 1 and placed["last"]["player"] == 0
    table = served(client, table_id)
    assert table.state.history[state["seq"]]["entity"] == corp
