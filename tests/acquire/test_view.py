"""Secret information (section 9 of the rules): what each seat's view and events contain."""

from __future__ import annotations

import json
from typing import Any

from takeover.acquire import new_game
from takeover.core.extensions import OPEN_VIEW, VOLUNTARY_END

from .helpers import act, chain, player, position, rect, start

HIDDEN = {"preset": "standard", "options": {"hidden_holdings": True}}


def strings(data: Any) -> set[str]:
    """Every string (keys and values) anywhere in a JSON-like value."""
    if isinstance(data, str):
        return {data}
    if isinstance(data, dict):
        return set().union(*(strings(k) | strings(v) for k, v in data.items()), set())
    if isinstance(data, list | tuple):
        return set().union(*(strings(v) for v in data), set())
    return set()


def secret_tiles(state, seat) -> set[str]:
    """Tiles in other players' hands or in the bag: not on the board, dead or held."""
    names = state.ctx.board.names
    view = state.view(None)
    known = set(view["board"]) | set(view["dead"])
    if seat is not None:
        known |= {names[t] for t in state.hands[seat]}
    return set(names) - known


def test_a_seat_sees_its_own_hand_only() -> None:
    state = new_game(4, seed=3)
    for seat in (0, 1, 2, 3, None):
        view = state.view(seat)
        json.dumps(view)  # JSON-ready
        assert not strings(view) & secret_tiles(state, seat)
        if seat is None:
            assert "hand" not in view
        else:
            names = state.ctx.board.names
            assert [h["tile"] for h in view["hand"]] == [
                names[t] for t in sorted(state.hands[seat])
            ]
        assert [p["tiles"] for p in view["players"]] == [6, 6, 6, 6]
        assert view["bag"] == 108 - 4 - 24


def scoring_like():
    board = {**chain("Tower", rect("1A", "11A")), **chain("Imperial", rect("1C", "11C"))}
    players = [
        player("A", 1000, {"Tower": 3}, hand=["12I"]),
        player("B", 2000, {"Imperial": 4}, hand=["12H"]),
        player("C", 3000, {}, hand=["12G"]),
    ]
    return position(board, players, bag=["1I", "2I", "3I", "4I", "5I", "6I", "7I"])


def test_holdings_are_public_by_default() -> None:
    view = start(scoring_like()).view(2)
    assert [p["cash"] for p in view["players"]] == [1000, 2000, 3000]
    assert view["players"][0]["shares"] == {"Tower": 3}
    tower = next(c for c in view["chains"] if c["name"] == "Tower")
    assert tower["bonuses"] == [10500, 0, 0]  # 11 tiles, budget: $7,000 + $3,500


def test_hidden_holdings_hide_other_players_cash_and_shares() -> None:
    state = start(scoring_like(), HIDDEN)
    for seat in (0, 1, 2, None):
        view = state.view(seat)
        for p in view["players"]:
            assert ("cash" in p) is (p["seat"] == seat)
            assert ("shares" in p) is (p["seat"] == seat)
        for c in view["chains"]:
            assert "bonuses" not in c
        # The bank's remaining shares stay public.
        tower = next(c for c in view["chains"] if c["name"] == "Tower")
        assert tower["available"] == 22
        assert view["scores"] is None
    assert state.view(0)["players"][0]["cash"] == 1000


def test_hidden_holdings_revealed_at_the_end() -> None:
    state = start(scoring_like(), HIDDEN)
    act(state, "declare_end")
    view = state.view(2)
    assert all("cash" in p for p in view["players"])
    assert view["scores"] == state.scores()


def test_drawn_tiles_are_hidden_from_others() -> None:
    state = start(scoring_like())
    act(state, "place_tile", tile="12I")
    events = act(state, "buy_shares", shares=[])
    (drawn,) = [e for e in events if e.type == "tiles_drawn"]
    assert state.event_view(drawn, 0)["tiles"] == ["1I", "2I", "3I", "4I", "5I", "6I"]
    for seat in (1, 2, None):
        seen = state.event_view(drawn, seat)
        assert "tiles" not in seen and seen["count"] == 6
    for seat in (1, 2, None):
        for e in events:
            assert not strings(state.event_view(e, seat)) & secret_tiles(state, seat)


def test_dead_tiles_are_revealed_but_their_replacements_are_not() -> None:
    board = {
        **chain("Continental", rect("1A", "5C")),  # 15 tiles, safe
        **chain("Imperial", rect("7A", "11C")),  # 15 tiles, safe
    }
    players = [player("A", hand=["6B", "12I"]), player("B", hand=["12H"])]
    state = start(position(board, players, bag=["1I", "2I", "3I", "4I", "5I", "7I"]))
    act(state, "place_tile", tile="12I")
    events = act(state, "buy_shares", shares=[])
    (dead,) = [e for e in events if e.type == "dead_tiles_replaced"]
    assert state.event_view(dead, 0)["tiles"] == ["7I"]
    other = state.event_view(dead, 1)
    assert other["dead"] == ["6B"] and other["count"] == 1 and "tiles" not in other
    assert state.view(1)["dead"] == ["6B"]


def test_trade_terms_hidden_from_third_parties_with_hidden_holdings() -> None:
    for ruleset, third_sees in (("standard", True), (HIDDEN, False)):
        state = start(scoring_like(), ruleset)
        events = act(
            state,
            "propose_trade",
            to=1,
            give={"cash": 500, "shares": {"Tower": 1}},
            get={"cash": 0, "shares": {}},
        )
        for seat, sees in ((0, True), (1, True), (2, third_sees), (None, third_sees)):
            assert ("trade" in state.view(seat)["decision"]) is sees
            assert ("give" in state.event_view(events[0], seat)) is sees
        events = act(state, "answer_trade", accept=True)
        assert ("give" in state.event_view(events[0], 2)) is third_sees


def test_the_open_view_shows_everything_but_hands_for_a_replay() -> None:
    """Rule 9.3: a finished game's replay shows every seat's holdings and trade terms at
    every step (``OPEN_VIEW``), though the live views at that step hid them."""
    state = start(scoring_like(), HIDDEN)
    events = act(
        state,
        "propose_trade",
        to=1,
        give={"cash": 500, "shares": {}},
        get={"cash": 0, "shares": {}},
    )
    whole = state.extension(OPEN_VIEW)
    assert whole is not None
    view = whole.view()
    assert [p["cash"] for p in view["players"]] == [1000, 2000, 3000]
    assert view["players"][0]["shares"] == {"Tower": 3}
    assert "bonuses" in next(c for c in view["chains"] if c["name"] == "Tower")
    assert view["decision"]["trade"]["give"] == {"cash": 500, "shares": {}}
    assert "hand" not in view
    assert whole.event_view(events[0])["give"] == {"cash": 500, "shares": {}}
    assert "give" not in state.event_view(events[0], None)  # the live one stays secret
    assert "cash" not in state.view(None)["players"][0]


def test_trade_terms_are_shown_to_all_once_the_game_is_over() -> None:
    state = start(scoring_like(), HIDDEN)
    proposal = act(
        state,
        "propose_trade",
        to=1,
        give={"cash": 500, "shares": {}},
        get={"cash": 0, "shares": {}},
    )
    act(state, "answer_trade", accept=False)
    offer = state.actions()[-2][1]
    assert "give" not in state.action_view(offer, 0, 2)["action"]
    assert "give" not in state.event_view(proposal[0], 2)
    ends = state.extension(VOLUNTARY_END)
    assert ends is not None
    while not state.is_terminal():
        legal = state.legal_actions()
        ending = [a for a in legal if ends.ends_game(a)]
        state.apply(ending[0] if ending else legal[0])
    assert state.action_view(offer, 0, 2)["action"]["give"] == {"cash": 500, "shares": {}}
    assert state.event_view(proposal[0], 2)["give"] == {"cash": 500, "shares": {}}


def test_no_stale_survivor_while_the_survivor_is_chosen() -> None:
    # Ann's 6A merges Tower into American; then Bob's 5C ties Festival and Worldwide. While Bob
    # chooses, the view must not still name American (the last merger's survivor).
    board = {
        **chain("American", rect("1A", "5A")),
        **chain("Tower", rect("7A", "9A")),
        **chain("Festival", rect("1C", "4C")),
        **chain("Worldwide", rect("6C", "9C")),
    }
    players = [player("Ann", hand=["6A"]), player("Bob", hand=["5C"])]
    state = start(position(board, players, bag=["12I", "11I", "10I"]))
    act(state, "place_tile", tile="6A")
    act(state, "buy_shares", shares=[])
    act(state, "place_tile", tile="5C")
    assert state.decision == "choose_survivor"
    assert state.view(1)["decision"]["merger"]["survivor"] is None
