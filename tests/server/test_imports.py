"""Imported games (an 18xx.games export of a 1817 game) and our own 1817 games exported:
upload, refusals, stepping through in the replay API, the round trip."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from takeover.core.registry import get as get_game
from takeover.core.registry import replay_record
from takeover.g1817.fixture import replay_game
from takeover.server import Settings
from takeover.server.imports import import_file

from .helpers import create, hello, start, until

FIXTURES = Path(__file__).resolve().parents[1] / "data" / "1817" / "fixtures"
GAME = FIXTURES / "1817WO__1817WO_game_end_bankrupt.json"
"""A whole 1817WO game (139 actions) that ends in a bankruptcy."""

pytestmark = pytest.mark.parametrize("database", ["sqlite", "postgresql"], indirect=True)


def upload(client: TestClient, data: Any) -> Any:
    raw = data if isinstance(data, bytes) else json.dumps(data).encode()
    return client.post("/api/imports", content=raw, headers={"content-type": "application/json"})


def test_an_imported_game_steps_like_a_finished_one(client: TestClient) -> None:
    data = json.loads(GAME.read_text())
    r = upload(client, data)
    assert r.status_code == 201, r.text
    made = r.json()
    final, applied, _ = replay_game(data)
    assert made["game"] == "1817" and made["ruleset"] == "1817WO"
    assert made["seq"] == applied and made["imported"] == "18xx.games"
    assert [s["name"] for s in made["seats"]] == [p["name"] for p in data["players"]]
    # the lobby's summary and the record as it came
    assert client.get(f"/api/tables/{made['id']}").json() == made
    assert client.get(f"/api/games/{made['id']}/record").json() == data
    # steps forward, back and to the end: each the engine's position at that step
    at = {}
    for n in (0, 1, 2, 40, 3, applied):
        got = client.get(f"/api/games/{made['id']}/steps/{n}")
        assert got.status_code == 200, got.text
        at[n] = got.json()
        assert at[n]["step"] == n and at[n]["total"] == applied and at[n]["game"] == "1817"
    assert "action" not in at[0]
    assert at[1]["action"]["type"] == data["actions"][0]["type"]
    assert at[1]["text"] and at[1]["action"]["player"] is not None
    assert at[applied]["view"] == final.view(None)
    assert at[applied]["view"]["game_end_reason"] == "bankrupt"
    truncated = {**data, "actions": data["actions"][:3]}
    assert at[3]["view"] == replay_game(truncated)[0].view(None)
    bad = client.get(f"/api/games/{made['id']}/steps/{applied + 1}")
    assert bad.status_code == 400 and f"0 to {applied}" in bad.json()["error"]["message"]


def test_imports_refused_with_the_reason(make_client: Any) -> None:
    client = make_client(import_bytes=50_000)
    data = json.loads(GAME.read_text())
    cases = [
        (b"not json", 400, "not JSON"),
        (b"[1, 2]", 400, "JSON object"),
        ({"title": "1830", "actions": []}, 400, "18xx.games exports of 1817"),
        (json.loads((FIXTURES / "1817NA__25363.json").read_text()), 413, "50000 bytes"),
    ]
    broken = json.loads(json.dumps(data))
    broken["actions"][5]["price"] = 3  # a bid the rules refuse
    cases.append((broken, 400, f"action {broken['actions'][5]['id']}"))
    for body, status, words in cases:
        r = upload(client, body)
        assert r.status_code == status and words in r.json()["error"]["message"], r.text
    # nothing was kept
    assert client.get("/api/games/nothing/steps/0").status_code == 404


def test_an_own_1817_game_exports_in_the_18xx_format_and_imports_back(
    client: TestClient,
) -> None:
    me = create(
        client,
        game="1817",
        seats=3,
        ruleset="1817NA",
        bots={"1": "random", "2": "random"},
        name="Ann",
    )
    table_id, token = me["table"]["id"], me["token"]
    rng = random.Random(2)
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        hello(ws, token)
        start(client, table_id, token)
        last = until(ws, "state")
        while last["status"] == "playing":  # random play ends (a bankruptcy, the last train)
            if last["legal"]:
                legal = last["legal"]
                action = legal[rng.randrange(len(legal))]
                ws.send_json({"type": "action", "seq": last["seq"], "action": action})
            last = until(ws, "state")
    assert last["status"] == "finished"
    record = client.get(f"/api/games/{table_id}/record").json()
    # the 18xx.games form: a title, players with ids, settings, numbered actions
    assert record["title"] == "1817NA"
    # players are told apart by name there: equal names are numbered by seat
    assert [p["name"] for p in record["players"]] == ["Ann", "Random bot", "Random bot 3"]
    assert [a["id"] for a in record["actions"]] == list(range(1, last["seq"] + 1))
    assert all("entity" in a and "entity_type" in a for a in record["actions"])
    replayed = replay_record(record)
    assert replayed.view(None) == last["view"]
    # the export imports back and steps to the same end
    del record["game"]  # as 18xx.games would have it
    back = upload(client, record)
    assert back.status_code == 201, back.text
    end_step = client.get(f"/api/games/{back.json()['id']}/steps/{last['seq']}").json()
    assert end_step["view"] == last["view"]
    finished = client.get("/api/games").json()["games"]
    assert [g["id"] for g in finished] == [table_id] and finished[0]["game"] == "1817"


def test_serve_open_imports_a_file(database: str, tmp_path: Path) -> None:
    settings = Settings(database=database)
    rec = import_file(GAME, settings)
    assert rec.game == "1817" and rec.actions == replay_game(json.loads(GAME.read_text()))[1]
    with pytest.raises(ValueError, match="is not JSON"):
        bad = tmp_path / "bad.json"
        bad.write_text("{")
        import_file(bad, settings)
    with pytest.raises(ValueError, match="cannot read"):
        import_file(tmp_path / "missing.json", settings)
    assert get_game("1817").imports is not None


def test_uploads_are_limited_per_address(make_client: Any) -> None:
    client = make_client(imports_per_minute=1.0)
    data = json.loads(GAME.read_text())
    for _ in range(3):  # three at once ...
        assert upload(client, data).status_code == 201
    refused = upload(client, data)  # ... then one a minute
    assert refused.status_code == 429
    assert "too many uploads: 1 a minute" in refused.json()["error"]["message"]


def _with(data: dict[str, Any], place: int, *entries: dict[str, Any]) -> dict[str, Any]:
    """``data`` with ``entries`` inserted at ``place`` in its actions."""
    actions = list(data["actions"])
    actions[place:place] = entries
    return {**data, "actions": actions}


def test_a_malformed_undo_or_redo_is_refused_naming_it(client: TestClient) -> None:
    """400 naming the entry (its id, its place) and what is wrong; never a 500. An undo
    without ``action_id`` takes back the last action, as on 18xx.games."""
    data = json.loads(GAME.read_text())
    last = data["actions"][9]
    entity = {"entity": last["entity"], "entity_type": last["entity_type"]}
    cases = [
        (
            {"type": "undo", "id": 900, "action_id": "x", **entity},
            "action_id must be an action's id, not 'x'",
        ),
        (
            {"type": "undo", "id": 900, "action_id": [3], **entity},
            "action_id must be an action's id, not [3]",
        ),
        (
            {"type": "undo", "id": 900, "action_id": 899, **entity},
            "action_id 899 names no earlier action",
        ),
        ({"type": "redo", "id": 900, **entity}, "there is nothing to redo"),
        ({"type": "undo", **entity}, 'actions[10] needs "id": an integer, got None'),
    ]
    for entry, words in cases:
        r = upload(client, _with(data, 10, entry))
        assert r.status_code == 400, r.text
        message = r.json()["error"]["message"]
        assert words in message, message
        if "id" in entry:
            assert "action 900 " in message and "at actions[10]" in message, message
    # an undo of the last action, and its redo: the same game
    undo = {"type": "undo", "id": 900, **entity}
    same = upload(client, _with(data, 10, undo, {"type": "redo", "id": 901, **entity}))
    assert same.status_code == 201 and same.json()["seq"] == replay_game(data)[1]


def _json_values() -> st.SearchStrategy[Any]:
    leaves = (
        st.none()
        | st.booleans()
        | st.integers(-(2**70), 2**70)
        | st.floats(allow_nan=False, allow_infinity=False)
        | st.text(max_size=8)
        | st.sampled_from(["undo", "redo", "message", "pass", "bid", "player", "1817"])
    )
    return st.recursive(
        leaves,
        lambda inner: (
            st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
        ),
        max_leaves=8,
    )


def _mutated(draw: Callable[..., Any], data: Any) -> Any:
    """``data`` (a copy) with one part replaced, removed or added somewhere inside."""
    data = json.loads(json.dumps(data))
    if draw(st.integers(0, 20)) == 0:
        return draw(_json_values())
    parent: Any = None
    key: Any = None
    node = data
    while isinstance(node, (dict, list)) and node and draw(st.integers(0, 3)) > 0:
        parent, key = (
            node,
            draw(st.sampled_from(list(node) if isinstance(node, dict) else range(len(node)))),
        )
        node = node[key]
    how = draw(st.sampled_from(["replace", "remove", "add"]))
    if parent is None:
        return draw(_json_values()) if how == "replace" else data
    if how == "replace":
        parent[key] = draw(_json_values())
    elif how == "remove":
        del parent[key]
    elif isinstance(parent, list):
        parent.insert(
            key,
            draw(
                _json_values()
                | st.fixed_dictionaries(
                    {
                        "type": st.sampled_from(["undo", "redo", "message", "pass"]),
                        "id": st.integers(-2, 300),
                        "entity": st.integers(0, 3),
                        "action_id": _json_values(),
                    }
                )
            ),
        )
    else:
        parent[draw(st.text(max_size=6))] = draw(_json_values())
    return data


def test_any_json_in_an_upload_is_refused_or_accepted_never_failing(
    make_client: Any,
) -> None:
    """A little fuzzing: mutations of a real export, each answered 201 or 4xx (400 with a
    reason), never a 5xx. (Uploads are lobby requests, limited to ``http_rate_per_second``
    per address: lifted, so that a fast machine does not turn the test into a rate test.)"""
    client = make_client(replay_workers=0, http_rate_per_second=1_000_000.0)
    data = json.loads(GAME.read_text())

    @settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck))
    @given(st.data())
    def check(draw: st.DataObject) -> None:
        body = _mutated(draw.draw, data)
        if draw.draw(st.booleans()):
            body = _mutated(draw.draw, body)
        r = upload(client, body)
        assert r.status_code in (201, 400), r.text
        if r.status_code == 400:
            assert r.json()["error"]["message"]

    check()


def test_stepping_costs_the_same_whatever_the_record_undid(
    make_client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Structurally: a stored record with 4,000 undo and redo entries is resolved once for
    the replay viewer; a step forward then applies one action of the game, and a step
    back replays the standing actions only (in threads here, so that they can be counted)."""
    from takeover.g1817 import importing
    from takeover.g1817.state import Game1817

    client = make_client(replay_workers=0)
    data = json.loads(GAME.read_text())
    first = data["actions"][0]
    entity = {"entity": first["entity"], "entity_type": first["entity_type"]}
    churn = []
    for i in range(2000):  # undo back to the first action, redo: nothing changes
        churn += [
            {"type": "undo", "id": 10_000 + 2 * i, "action_id": first["id"], **entity},
            {"type": "redo", "id": 10_001 + 2 * i, **entity},
        ]
    heavy = _with(data, 1, *churn)
    made = upload(client, heavy)
    assert made.status_code == 201, made.text
    standing = importing.applied_actions(data["actions"])
    assert made.json()["seq"] == len(standing)
    resolved: list[int] = []
    pushes = [0]
    resolve, push = importing.applied_actions, Game1817.push

    def counting_resolve(actions: Any) -> Any:
        resolved.append(len(actions))
        return resolve(actions)

    def counting_push(self: Game1817, action: Any) -> Any:
        pushes[0] += 1
        return push(self, action)

    monkeypatch.setattr(importing, "applied_actions", counting_resolve)
    monkeypatch.setattr(Game1817, "push", counting_push)
    import_id = made.json()["id"]

    def pushes_for(steps: range) -> int:
        return sum(1 + len(standing[i].get("auto_actions") or []) for i in steps)

    for n in range(0, 11):  # forward: one action of the game a step
        before = pushes[0]
        assert client.get(f"/api/games/{import_id}/steps/{n}").status_code == 200
        assert pushes[0] - before == (pushes_for(range(n - 1, n)) if n else 0)
    before = pushes[0]
    assert client.get(f"/api/games/{import_id}/steps/5").status_code == 200  # back: again
    assert pushes[0] - before == pushes_for(range(5))
    # the record as it came was resolved once, for the first step (the worker keeps the
    # result); each start from the beginning went over the standing actions only
    assert resolved == [len(heavy["actions"]), len(standing), len(standing)], resolved
