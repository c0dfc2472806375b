"""Secret holdings (rules 9.2, 9.3) over the wire: every message a seat receives is
scanned for what it must not learn, and a finished game's replay shows everything."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from starlette.testclient import TestClient

from .helpers import create, hello, join, start, until

HIDDEN = {"preset": "standard", "options": {"hidden_holdings": True}}


def _dicts(value: Any) -> Iterator[dict[str, Any]]:
    """Every object in a JSON value, nested ones included."""
    if isinstance(value, dict):
        yield value
        for v in value.values():
            yield from _dicts(v)
    elif isinstance(value, list):
        for v in value:
            yield from _dicts(v)


def _leaks(message: dict[str, Any], me: int | None) -> list[str]:
    """What ``message`` tells ``me`` (``None``: a spectator) that rule 9.2 keeps secret:
    another seat's cash or shares, a chain's bonuses (they follow from the holdings), or
    the terms of a trade ``me`` is not party to."""
    out = []
    for d in _dicts(message):
        if isinstance(d.get("seat"), int) and d["seat"] != me and {"cash", "shares"} & set(d):
            out.append(f"seat {d['seat']}'s holdings")
        if "bonuses" in d:
            out.append(f"{d.get('name')}'s bonuses")
        parties = {d.get("from"), d.get("to")}
        if "from" in d and me not in parties and {"give", "get"} & set(d):
            out.append(f"terms of a trade between {parties}")
        action = d.get("action")
        if (
            isinstance(action, dict)
            and action.get("type") == "propose_trade"
            and me not in (d.get("player"), action.get("to"))
            and {"give", "get"} & set(action)
        ):
            out.append(f"terms of seat {d.get('player')}'s proposal")
    return out


def _choose(message: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    """A legal action, or now and then a small trade proposal to the next seat."""
    if message["trading_open"] and rng.random() < 0.3:
        return {
            "type": "propose_trade",
            "to": (seat + 1) % 3,
            "give": {"cash": 100, "shares": {}},
            "get": {"cash": 0, "shares": {}},
        }
    legal = message["legal"]
    for action in legal:
        if action["type"] == "declare_end":
            return action
    return legal[rng.randrange(len(legal))]


def _act(ws: Any, message: dict[str, Any], action: dict[str, Any], log: list[Any]) -> Any:
    """Send ``action``; a refused proposal (the proposer cannot pay) is followed by the
    first legal action instead. Returns the next state if it was read here."""
    ws.send_json({"type": "action", "seq": message["seq"], "action": action})
    if action["type"] != "propose_trade":
        return None
    reply = ws.receive_json()
    log.append(reply)
    if reply["type"] == "error":
        ws.send_json({"type": "action", "seq": message["seq"], "action": message["legal"][0]})
        return None
    return reply if reply["type"] == "state" else until(ws, "state", log)


def _play(client: TestClient) -> tuple[str, dict[int, list[dict[str, Any]]]]:
    """A whole hidden-holdings game of three scripted seats, watched by a spectator (key
    -1): every message each of them received."""
    rng = random.Random(7)
    made = create(client, seats=3, name="Ann", seat=0, ruleset=HIDDEN)
    table_id = made["table"]["id"]
    tokens: dict[int, str | None] = {0: made["token"], -1: None}
    for seat, name in ((1, "Bob"), (2, "Cy")):
        tokens[seat] = join(client, table_id, name, seat)["token"]
    logs: dict[int, list[dict[str, Any]]] = {s: [] for s in tokens}
    with (
        client.websocket_connect(f"/ws/tables/{table_id}") as a,
        client.websocket_connect(f"/ws/tables/{table_id}") as b,
        client.websocket_connect(f"/ws/tables/{table_id}") as c,
        client.websocket_connect(f"/ws/tables/{table_id}") as w,
    ):
        conns = {0: a, 1: b, 2: c, -1: w}
        for seat, ws in conns.items():
            hello(ws, tokens[seat], logs[seat])
        start(client, table_id, made["token"])
        latest = {seat: until(ws, "state", logs[seat]) for seat, ws in conns.items()}
        asked = False
        while latest[0]["status"] != "finished":
            if not asked and latest[0]["seq"] >= 120:  # the earlier moves, as a reload asks
                asked = True
                for seat, ws in conns.items():
                    ws.send_json({"type": "history", "before": latest[seat]["seq"]})
                    until(ws, "history", logs[seat])
            read = {}
            for seat, message in latest.items():
                if message["legal"]:
                    got = _act(conns[seat], message, _choose(message, seat, rng), logs[seat])
                    if got is not None:
                        read[seat] = got
            latest = {
                seat: read.get(seat) or until(ws, "state", logs[seat]) for seat, ws in conns.items()
            }
    return table_id, logs


def test_no_message_tells_a_seat_anothers_holdings_or_trades(client: TestClient) -> None:
    _, logs = _play(client)
    for key, log in logs.items():
        me = None if key < 0 else key
        running = [m for m in log if m.get("status") != "finished"]
        assert len(running) > 50 and any(m["type"] == "history" for m in running)
        for message in running:
            leaked = _leaks(message, me)
            assert not leaked, f"seat {me} learnt {leaked} at seq {message.get('seq')}"
        # What is seen as it happens is seen: purchases, disposals, proposals (not terms).
        kinds = {e["type"] for m in running for e in m.get("events", [])}
        assert {"shares_bought", "trade_proposed", "trade_answered"} <= kinds
        # A seat sees its own money and shares; nobody sees another's until the end.
        last = [m for m in running if m["type"] == "state"][-1]["view"]["players"]
        assert all(("cash" in p) == (p["seat"] == me) for p in last)
        # Once the game is over, everything is shown.
        final = [m for m in log if m.get("status") == "finished"][-1]
        assert all("cash" in p and "shares" in p for p in final["view"]["players"])


def test_a_finished_game_is_replayed_whole_at_every_step(client: TestClient) -> None:
    """Rule 9.3: the replay shows every seat's cash and holdings and every trade's terms,
    not only at the end (and every hand, as before)."""
    table_id, _ = _play(client)
    total = client.get(f"/api/games/{table_id}/steps/0").json()["total"]
    terms = 0
    for n in (0, 1, total // 3, total // 2, total - 1):
        step = client.get(f"/api/games/{table_id}/steps/{n}").json()
        players = step["view"]["players"]
        assert all("cash" in p and "shares" in p for p in players), n
        assert len(step["hands"]) == 3
    for n in range(1, total):
        step = client.get(f"/api/games/{table_id}/steps/{n}").json()
        terms += sum(1 for e in step["events"] if e["type"] == "trade_proposed" and "give" in e)
        if terms:
            break
    assert terms, "no trade's terms were shown in the replay"
