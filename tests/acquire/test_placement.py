"""Tile placement (rules 1.1-2.7, 5.4, 5.8): the examples of acquire-chains.md."""

from __future__ import annotations

import pytest

from takeover.core.errors import IllegalAction

from .helpers import (
    act,
    bank,
    blob,
    chain,
    events_of,
    hand,
    held,
    legal_dicts,
    orphans,
    player,
    position,
    rect,
    size,
    start,
)

BAG = ["1I", "2I", "3I", "4I", "5I", "6I", "7I", "8I"]
CHAINS = ["Luxor", "Tower", "American", "Festival", "Worldwide", "Continental", "Imperial"]


def test_founding_example() -> None:
    # 6C is an orphan; placing 6D founds a chain; the player picks American and gets a share.
    state = start(position(orphans("6C"), [player("A", hand=["6D"]), player("B")], bag=BAG))
    act(state, "place_tile", tile="6D")
    assert state.decision == "found_chain" and state.current_player() == 0
    assert sorted(d["chain"] for d in legal_dicts(state)) == sorted(CHAINS)
    events = act(state, "found_chain", chain="American")
    assert events_of(events, "chain_founded") == [
        {
            "player": 0,
            "chain": "American",
            "size": 2,
            "founder_share": True,
            "forced": False,
        }
    ]
    assert size(state, "American") == 2 and held(state, 0, "American") == 1
    assert bank(state, "American") == 24 and state.cash[0] == 6000
    assert state.price(2) == 300
    assert state.decision == "buy_shares"


def test_founding_absorbs_every_connected_orphan() -> None:
    board = orphans("6C", "6B", "7D", "8D")
    state = start(position(board, [player("A", hand=["6D"]), player("B")], bag=BAG))
    act(state, "place_tile", tile="6D")
    act(state, "found_chain", chain="Tower")
    assert size(state, "Tower") == 5


def test_lone_tile_stays_an_orphan() -> None:
    state = start(position(orphans("1A"), [player("A", hand=["6D"]), player("B")], bag=BAG))
    events = act(state, "place_tile", tile="6D")
    assert state.view(None)["board"]["6D"] is None
    assert sum(state.sizes) == 0 and "chain_founded" not in [e.type for e in events]


def test_simple_growth() -> None:
    board = chain("American", "6C", "6D")
    state = start(position(board, [player("A", hand=["7D"]), player("B")], bag=BAG))
    events = act(state, "place_tile", tile="7D")
    assert events_of(events, "chain_grew") == [{"chain": "American", "size": 3}]


def test_growth_adopts_orphans() -> None:
    # 6C orphan, American on 7D and 7E; placing 6D: American grows from 2 to 4 tiles.
    board = {**orphans("6C"), **chain("American", "7D", "7E")}
    state = start(position(board, [player("A", hand=["6D"]), player("B")], bag=BAG))
    events = act(state, "place_tile", tile="6D")
    assert events_of(events, "chain_grew") == [{"chain": "American", "size": 4}]
    assert state.view(None)["board"]["6C"] == "American"


def test_founding_is_forced_when_one_chain_is_left() -> None:
    board = {
        **chain("Luxor", "1A", "2A"),
        **chain("Tower", "4A", "5A"),
        **chain("American", "7A", "8A"),
        **chain("Festival", "10A", "11A"),
        **chain("Worldwide", "1C", "2C"),
        **chain("Continental", "4C", "5C"),
        **orphans("9E"),
    }
    state = start(position(board, [player("A", hand=["9F"]), player("B")], bag=BAG))
    events = act(state, "place_tile", tile="9F")
    assert events_of(events, "chain_founded")[0]["chain"] == "Imperial"
    assert events_of(events, "chain_founded")[0]["forced"] is True
    assert [a["type"] for a in state.to_record()["actions"]] == ["place_tile"]


def test_no_founders_share_when_none_left() -> None:
    # All 25 Tower shares are held (defunct Tower): founding Tower gives no share, no cash.
    players = [player("A", shares={"Tower": 20}, hand=["6D"]), player("B", shares={"Tower": 5})]
    state = start(position(orphans("6C"), players, bag=BAG))
    act(state, "place_tile", tile="6D")
    events = act(state, "found_chain", chain="Tower")
    assert events_of(events, "chain_founded")[0]["founder_share"] is False
    assert held(state, 0, "Tower") == 20 and bank(state, "Tower") == 0
    assert state.cash == [6000, 6000]


# ---------------------------------------------------------------- safe + safe (rules 2.5, 5.8)
def safe_position(hand_tiles, bag, **kw):
    """Continental (12, safe) left of column 6 and Imperial (11, safe) right of it: 6C, 6D
    and 6E would merge them."""
    board = {
        **chain("Continental", blob("5D", 12, rect("1A", "5I"))),
        **chain("Imperial", blob("7D", 11, rect("7A", "12I"))),
    }
    return position(board, [player("A", hand=hand_tiles), player("B", hand=["12I"])], bag, **kw)


SAFE_BAG = ["1I", "2I", "3I", "4I", "5I", "8I", "9I"]


def test_safe_plus_safe_tile_is_dead_and_refused() -> None:
    state = start(safe_position(["6D", "6I"], bag=SAFE_BAG))
    # Every chain on the board is safe, so the end may also be declared.
    assert legal_dicts(state) == [{"type": "declare_end"}, {"type": "place_tile", "tile": "6I"}]
    before = state.to_record(), state.view(0)
    with pytest.raises(IllegalAction) as err:
        act(state, "place_tile", tile="6D")
    assert "permanently unplayable" in str(err.value)
    assert "Continental" in str(err.value) and "Imperial" in str(err.value)
    assert (state.to_record(), state.view(0)) == before
    view = state.view(0)
    (entry,) = [h for h in view["hand"] if h["tile"] == "6D"]
    assert entry["playable"] is False and "permanently" in entry["why"]


def test_dead_tile_removed_and_replaced_at_end_of_turn() -> None:
    state = start(safe_position(["6D", "6I"], bag=SAFE_BAG))
    act(state, "place_tile", tile="6I")
    events = act(state, "buy_shares", shares=[])
    drawn = events_of(events, "tiles_drawn")[0]["tiles"]
    assert drawn == SAFE_BAG[:5]
    assert events_of(events, "dead_tiles_replaced") == [
        {"player": 0, "dead": ["6D"], "tiles": [SAFE_BAG[5]]}
    ]
    assert "6D" not in hand(state, 0) and len(hand(state, 0)) == 6
    assert state.view(None)["dead"] == ["6D"]
    assert "6D" not in state.view(None)["board"]


@pytest.mark.parametrize("ruleset", ["standard", "tlstyer"])
def test_dead_replacement_once_or_repeated(ruleset: str) -> None:
    # The replacement for 6D is 6C, itself dead; after it comes 6E (dead) then 1I.
    bag = ["1G", "2G", "3G", "4G", "5H", "6C", "6E", "1I", "2I"]
    state = start(safe_position(["6D", "6I"], bag=bag), ruleset)
    act(state, "place_tile", tile="6I")
    events = act(state, "buy_shares", shares=[])
    replaced = events_of(events, "dead_tiles_replaced")
    if ruleset == "standard":
        # Once per turn: 6C waits in the hand for the player's next turn.
        assert replaced == [{"player": 0, "dead": ["6D"], "tiles": ["6C"]}]
        assert "6C" in hand(state, 0)
        assert state.view(None)["dead"] == ["6D"]
    else:
        assert replaced == [
            {"player": 0, "dead": ["6D"], "tiles": ["6C"]},
            {"player": 0, "dead": ["6C"], "tiles": ["6E"]},
            {"player": 0, "dead": ["6E"], "tiles": ["1I"]},
        ]
        assert "6C" not in hand(state, 0) and "1I" in hand(state, 0)
        assert state.view(None)["dead"] == ["6D", "6C", "6E"]
    assert len(hand(state, 0)) == 6


@pytest.mark.parametrize("ruleset", ["standard", "tlstyer"])
def test_dead_tiles_removed_even_with_an_empty_bag(ruleset: str) -> None:
    state = start(safe_position(["6D", "6C", "6I"], bag=[]), ruleset)
    act(state, "place_tile", tile="6I")
    events = act(state, "buy_shares", shares=[])
    assert events_of(events, "dead_tiles_replaced") == [
        {"player": 0, "dead": ["6D", "6C"], "tiles": []}
    ]
    assert hand(state, 0) == []


# ---------------------------------------------------------------- 8th chain (rule 2.6)
def seven_chains():
    """acquire-chains.md: seven chains on the board, and orphans 10I and 12I."""
    return {
        **chain("Luxor", rect("1A", "3A")),
        **chain("Tower", rect("5A", "8A")),
        **chain("Festival", rect("10A", "11A")),
        **chain("American", rect("1C", "5C")),
        **chain("Worldwide", rect("7C", "12C")),
        **chain("Continental", rect("1E", "8E")),
        **chain("Imperial", rect("1G", "7G")),
        **orphans("10I", "12I"),
    }


def test_eighth_chain_tile_is_temporarily_unplayable() -> None:
    players = [player("A", hand=["11I", "12E"]), player("B", hand=["2B"])]
    state = start(position(seven_chains(), players, bag=BAG))
    assert legal_dicts(state) == [{"type": "place_tile", "tile": "12E"}]
    with pytest.raises(IllegalAction, match="8th chain"):
        act(state, "place_tile", tile="11I")
    (entry,) = [h for h in state.view(0)["hand"] if h["tile"] == "11I"]
    assert entry["playable"] is False and "temporarily" in entry["why"]
    act(state, "place_tile", tile="12E")
    events = act(state, "buy_shares", shares=[])
    # Not replaced at the end of the turn: it stays in the hand.
    assert events_of(events, "dead_tiles_replaced") == []
    assert "11I" in hand(state, 0)
    # Seat 1 merges Luxor (3) into American (5) with 2B: a chain leaves the board.
    act(state, "place_tile", tile="2B")
    act(state, "buy_shares", shares=[])
    assert size(state, "Luxor") == 0
    assert {"type": "place_tile", "tile": "11I"} in legal_dicts(state)
    act(state, "place_tile", tile="11I")
    assert state.decision == "buy_shares"
    assert size(state, "Luxor") == 3  # forced: the only chain off the board


def test_board_names_and_adjacency() -> None:
    state = start(position({}, [player("A", hand=["1A"]), player("B")], bag=BAG))
    board = state.ctx.board
    assert board.size == 108 and board.names[0] == "1A" and board.names[-1] == "12I"
    assert sorted(board.names[n] for n in board.neighbours[board.tile("6D")]) == [
        "5D",
        "6C",
        "6E",
        "7D",
    ]
    assert sorted(board.names[n] for n in board.neighbours[board.tile("12I")]) == ["11I", "12H"]
    with pytest.raises(IllegalAction, match="unknown tile"):
        board.tile("13A")
    with pytest.raises(IllegalAction, match="unknown tile"):
        board.tile("1J")
