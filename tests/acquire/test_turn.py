"""A turn (rules 5.1-5.9, 11.1): placing, no playable tile, buying, drawing, forced decisions."""

from __future__ import annotations

import pytest

from takeover.core.errors import IllegalAction

from .helpers import (
    act,
    bank,
    chain,
    events_of,
    hand,
    held,
    kinds,
    legal_dicts,
    orphans,
    player,
    position,
    rect,
    start,
)

BAG = ["1I", "2I", "3I", "4I", "5I", "6I", "7I", "8I", "9I", "10I"]


def seven_chains():
    """Seven chains on the board; 11G, 10F and 12F would found an 8th (orphans 11F, 12G)."""
    return {
        **chain("Luxor", rect("1A", "3A")),
        **chain("Tower", rect("5A", "8A")),
        **chain("Festival", rect("10A", "11A")),
        **chain("American", rect("1C", "5C")),
        **chain("Worldwide", rect("7C", "12C")),
        **chain("Continental", rect("1E", "8E")),
        **chain("Imperial", rect("1G", "7G")),
        **orphans("11F", "12G"),
    }


# ---------------------------------------------------------------- placing (rule 5.3)
def test_placing_is_mandatory_and_explicit_even_with_one_playable_tile() -> None:
    state = start(position({}, [player("A", hand=["6D"]), player("B")], bag=BAG))
    assert legal_dicts(state) == [{"type": "place_tile", "tile": "6D"}]
    assert state.decision == "place_tile"
    with pytest.raises(IllegalAction, match="place a tile before buying"):
        act(state, "buy_shares", shares=[])
    with pytest.raises(IllegalAction, match="not in your hand"):
        act(state, "place_tile", tile="7D")
    events = act(state, "place_tile", tile="6D")
    assert state.to_record()["actions"] == [{"player": 0, "type": "place_tile", "tile": "6D"}]
    assert events_of(events, "tile_placed") == [{"player": 0, "tile": "6D"}]


@pytest.mark.parametrize("ruleset", ["standard", "tlstyer"])
def test_no_playable_tile_reveals_the_hand_and_goes_to_buy(ruleset: str) -> None:
    players = [player("A", hand=["12I"]), player("B", hand=["11G", "10F"])]
    state = start(position(seven_chains(), players, bag=BAG), ruleset)
    act(state, "place_tile", tile="12I")
    events = act(state, "buy_shares", shares=[])
    assert events_of(events, "hand_revealed") == [
        {"player": 1, "tiles": ["10F", "11G"], "reason": "no playable tile"}
    ]
    assert state.current_player() == 1
    assert all(d["type"] == "buy_shares" for d in legal_dicts(state))
    # The decision is what to buy; in standard, trading stays open until the purchase.
    assert state.decision == "buy_shares"
    assert state.trading_open() == (ruleset == "standard")
    with pytest.raises(IllegalAction, match=r"8th chain|not now"):
        act(state, "place_tile", tile="11G")
    events = act(state, "buy_shares", shares=["Tower", "Tower"])
    assert "tile_placed" not in kinds(events)
    assert held(state, 1, "Tower") == 2 and state.cash[1] == 6000 - 800
    assert hand(state, 1) == sorted(["10F", "11G", *BAG[6:10]])  # drew up to 6


@pytest.mark.parametrize("ruleset", ["standard", "tlstyer"])
def test_no_playable_tile_and_nothing_to_buy(ruleset: str) -> None:
    # B holds only an unplayable tile and has no cash: tlstyer (no trading) passes the turn
    # by itself, nothing recorded; standard waits, since B may still trade first.
    players = [
        player("A", hand=["12I"]),
        player("B", cash=0, hand=["11G"]),
        player("C", hand=["9H"]),
    ]
    state = start(position(seven_chains(), players, bag=BAG), ruleset)
    act(state, "place_tile", tile="12I")
    events = act(state, "buy_shares", shares=[])
    assert events_of(events, "hand_revealed")[0]["player"] == 1
    if ruleset == "tlstyer":
        assert {"player": 1, "shares": {}, "cost": 0, "forced": True} in events_of(
            events, "shares_bought"
        )
        assert state.current_player() == 2
        assert len(state.to_record()["actions"]) == 2
    else:
        assert state.current_player() == 1
        assert legal_dicts(state) == [{"type": "buy_shares", "shares": []}]
        assert state.trading_open()
        act(state, "buy_shares", shares=[])
        assert state.current_player() == 2


# ---------------------------------------------------------------- buying (rule 5.6)
def buy_position(cash=6000, shares=None, ruleset="standard"):
    board = {**chain("Tower", "1A", "2A"), **chain("Imperial", "1C", "2C", "3C")}
    players = [player("A", cash=cash, shares=shares, hand=["12I"]), player("B", hand=["12H"])]
    state = start(position(board, players, bag=BAG), ruleset)
    act(state, "place_tile", tile="12I")
    return state


def test_buy_up_to_three_shares_at_current_prices() -> None:
    state = buy_position()
    events = act(state, "buy_shares", shares=["Tower", "Imperial", "Tower"])
    assert events_of(events, "shares_bought") == [
        {"player": 0, "shares": {"Tower": 2, "Imperial": 1}, "cost": 900, "forced": False}
    ]
    assert state.cash[0] == 5100
    assert held(state, 0, "Tower") == 2 and bank(state, "Tower") == 23
    assert state.to_record()["actions"][-1] == {
        "player": 0,
        "type": "buy_shares",
        "shares": ["Tower", "Tower", "Imperial"],
    }


@pytest.mark.parametrize(
    ("shares", "why"),
    [
        (["Tower"] * 4, "at most 3"),
        (["Luxor"], "not on the board"),
        (["Imperial", "Imperial", "Imperial"], "costs"),
    ],
)
def test_illegal_purchases(shares: list[str], why: str) -> None:
    state = buy_position(cash=1400)
    before = state.view(0), state.to_record()
    with pytest.raises(IllegalAction, match=why):
        act(state, "buy_shares", shares=shares)
    assert (state.view(0), state.to_record()) == before


def test_purchase_limited_by_the_bank() -> None:
    state = buy_position(shares={"Tower": 24})
    legal = [tuple(d["shares"]) for d in legal_dicts(state)]
    assert ("Tower",) in legal and ("Tower", "Tower") not in legal
    with pytest.raises(IllegalAction, match="only 1 Tower"):
        act(state, "buy_shares", shares=["Tower", "Tower"])


def test_purchase_price_after_this_turns_tile() -> None:
    board = {**chain("Tower", "1A", "2A")}
    players = [player("A", hand=["3A"]), player("B", hand=["12H"])]
    state = start(position(board, players, bag=BAG))
    act(state, "place_tile", tile="3A")  # Tower grows to 3: $300
    act(state, "buy_shares", shares=["Tower"])
    assert state.cash[0] == 5700


def test_founders_share_is_not_part_of_the_purchase() -> None:
    state = start(position(orphans("6C"), [player("A", hand=["6D"]), player("B")], bag=BAG))
    act(state, "place_tile", tile="6D")
    act(state, "found_chain", chain="Luxor")
    act(state, "buy_shares", shares=["Luxor"] * 3)
    assert held(state, 0, "Luxor") == 4 and state.cash[0] == 5400


def test_buying_is_forced_when_nothing_can_be_bought() -> None:
    # No chain on the board: nothing can be bought, the turn passes at once (rule 11.1).
    players = [player("A", hand=["6D"]), player("B", hand=["1A"])]
    state = start(position({}, players, bag=BAG))
    events = act(state, "place_tile", tile="6D")
    assert events_of(events, "shares_bought") == [
        {"player": 0, "shares": {}, "cost": 0, "forced": True}
    ]
    assert state.current_player() == 1 and state.decision == "place_tile"
    assert [a["type"] for a in state.to_record()["actions"]] == ["place_tile"]


def test_buying_is_forced_without_cash() -> None:
    state = buy_position(cash=100)
    assert state.current_player() == 1  # nothing affordable: the turn passed


def test_buying_nothing_is_an_explicit_choice() -> None:
    state = buy_position()
    assert state.decision == "buy_shares"
    assert {"type": "buy_shares", "shares": []} in legal_dicts(state)
    act(state, "buy_shares", shares=[])
    assert state.to_record()["actions"][-1] == {"player": 0, "type": "buy_shares", "shares": []}


# ---------------------------------------------------------------- drawing (rule 5.7)
def test_draw_back_up_to_six() -> None:
    state = buy_position()
    events = act(state, "buy_shares", shares=[])
    assert events_of(events, "tiles_drawn") == [{"player": 0, "tiles": BAG[:6]}]
    assert len(hand(state, 0)) == 6


def test_nothing_drawn_from_an_empty_bag() -> None:
    players = [player("A", hand=["6D", "1A"]), player("B", hand=["12I"])]
    state = start(position({}, players, bag=[]))
    events = act(state, "place_tile", tile="6D")
    assert events_of(events, "tiles_drawn") == []
    assert hand(state, 0) == ["1A"]


# ---------------------------------------------------------------- turn order
def test_turns_follow_the_order() -> None:
    players = [player(n, hand=[t]) for n, t in zip("ABC", ["1A", "5A", "9A"], strict=True)]
    state = start(position({}, players, bag=BAG, current=1, order=[2, 0, 1]))
    seen = []
    for _ in range(3):
        seen.append(state.current_player())
        (tile,) = hand(state, state.current_player())
        act(state, "place_tile", tile=tile)
    assert seen == [1, 2, 0]
