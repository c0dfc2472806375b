"""View patches (RFC 6902) from one view to the next, checked against an independent
implementation (``jsonpatch``): applied, they give the new view exactly."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import jsonpatch
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from takeover.core.extensions import SHARED_VIEW
from takeover.core.registry import get as get_game
from takeover.server.patches import diff

from .helpers import create, hello, join, pick, start, until

SQLITE = pytest.mark.parametrize("database", ["sqlite"], indirect=True)

KEYS = st.sampled_from(["a", "b", "c/d", "e~f", "0", ""])
JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.text("xy", max_size=2),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(KEYS, inner, max_size=4),
    max_leaves=20,
)


def applied(text: str, ops: list[dict[str, Any]]) -> Any:
    """``ops`` applied to the value of the JSON ``text``, as a client has it (views share
    parts, such as one empty dict for every player's shares; JSON text does not)."""
    return jsonpatch.apply_patch(json.loads(text), ops)


@settings(max_examples=200, deadline=None)
@given(JSON, JSON)
def test_a_patch_turns_the_old_value_into_the_new(old: Any, new: Any) -> None:
    assert applied(json.dumps(old), diff(old, new)) == new


@given(JSON)
def test_no_change_no_patch(value: Any) -> None:
    assert diff(value, copy.deepcopy(value)) == []


def test_patches_along_whole_games_give_each_view() -> None:
    """Each action's patch of every seat's view, along random games of both games (1817's
    shared hexes and Acquire's hidden hands), gives that seat's next view; 1817's patches
    are far smaller than its views."""
    import msgspec

    for game, seats, moves in (("1817", 4, 150), ("acquire", 4, 80)):
        state = get_game(game).new_game([f"P{n}" for n in range(seats)], None, seed=5)
        shared = state.extension(SHARED_VIEW) is not None
        rng = random.Random(5)
        looked = range(1) if shared else range(seats)  # (1817: one view for all)
        views = [state.view(n) for n in looked]
        sent = [json.dumps(v) for v in views]  # as the client got them then
        patch_bytes = view_bytes = 0
        for _ in range(moves):
            decision = state.pending()
            if decision is None:
                break
            seat = decision.seats[0]
            legal = state.legal_actions(seat)
            state.apply(legal[rng.randrange(len(legal))], seat)
            for n in looked:
                new = state.view(n)
                ops = diff(views[n], new)  # against the view kept (as the server does)
                assert applied(sent[n], ops) == new
                sent[n] = json.dumps(new)
                patch_bytes += len(msgspec.json.encode(ops))
                view_bytes += len(msgspec.json.encode(new))
                views[n] = new
        if shared:
            assert patch_bytes * 10 < view_bytes, (patch_bytes, view_bytes)


@SQLITE
def test_a_client_taking_patches_has_the_same_views(client: TestClient) -> None:
    """Two connections of one seat, one taking patches: after every action the patched view
    is the whole one, and it is a patch (not the whole view) that was sent."""
    made = create(client, seats=2, name="Ann")
    table_id, ann = made["table"]["id"], made["token"]
    bob = join(client, table_id, "Bob")["token"]
    rng = random.Random(4)
    with (
        client.websocket_connect(f"/ws/tables/{table_id}") as plain,
        client.websocket_connect(f"/ws/tables/{table_id}") as patched,
        client.websocket_connect(f"/ws/tables/{table_id}") as other,
    ):
        hello(plain, ann)
        patched.send_json({"type": "hello", "token": ann, "patches": True})
        until(patched, "welcome")
        hello(other, bob)
        start(client, table_id, ann)
        view: Any = None
        patches = 0
        for _ in range(25):
            whole, mine, theirs = (
                until(plain, "state"),
                until(patched, "state"),
                until(other, "state"),
            )
            if "view_patch" in mine:
                patches += 1
                assert "view" not in mine
                view = applied(json.dumps(view), mine["view_patch"])
            else:
                view = mine["view"]
            assert view == whole["view"] and mine["seq"] == whole["seq"]
            if whole["status"] != "playing":
                break
            acting, message = (plain, whole) if whole["legal"] else (other, theirs)
            acting.send_json(
                {"type": "action", "seq": message["seq"], "action": pick(message, rng)}
            )
        assert patches >= 20
