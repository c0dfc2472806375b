"""The end of the game (rules 8.1-8.5): the worked scoring example of acquire-endgame.md."""

from __future__ import annotations

import random

import pytest

from takeover.acquire import DeclareEnd, new_game, replay, summary
from takeover.core.errors import IllegalAction

from .helpers import (
    act,
    chain,
    events_of,
    hand,
    kinds,
    legal_dicts,
    orphans,
    player,
    position,
    rect,
    run,
    start,
)


def scoring_position(alice_hand=("12E",), **extra_shares):
    """American 18 tiles, Continental 43, Imperial 12; the holdings and cash of the example."""
    board = {
        **chain("Continental", rect("1A", "12C"), rect("1D", "7D")),
        **chain("American", rect("1F", "12F"), rect("1G", "6G")),
        **chain("Imperial", rect("1I", "12I")),
    }
    alice = {"American": 8, "Continental": 3, "Imperial": 4, **extra_shares}
    players = [
        player("Alice", 4500, alice, hand=list(alice_hand)),
        player("Bob", 3200, {"American": 5, "Continental": 6, "Imperial": 2}, hand=["12H"]),
        player("Carol", 7100, {"American": 2, "Continental": 4, "Imperial": 5}, hand=["11H"]),
    ]
    return position(board, players, bag=["8E", "9E"], current=0)


EXPECTED = [30600, 32200, 33000]


def test_final_scoring_example_standard() -> None:
    pos = scoring_position()
    state = run(pos, [{"player": 0, "type": "declare_end"}])
    assert state.is_terminal() and state.end_reason == "declared"
    assert state.scores() == EXPECTED
    assert state.ranks() == [3, 2, 1]  # Carol wins
    out = summary(state)
    assert out["finished"] is True and out["scores"] == EXPECTED and out["end_reason"] == "declared"
    assert "next" not in out
    assert out["shares"] == [{}, {}, {}]  # every share of a chain on the board is sold


def test_final_scoring_example_events() -> None:
    state = start(scoring_position())
    assert {"type": "declare_end"} in legal_dicts(state)
    events = act(state, "declare_end")
    assert kinds(events)[:2] == ["end_declared", "game_ended"]
    bonuses = {d["chain"]: d["paid"] for d in events_of(events, "bonuses_paid")}
    assert bonuses == {
        "American": [8000, 4000, 0],
        "Continental": [0, 12000, 6000],
        "Imperial": [4500, 0, 9000],
    }
    assert {d["reason"] for d in events_of(events, "bonuses_paid")} == {"final"}
    sales = {d["player"]: d["proceeds"] for d in events_of(events, "final_sale")}
    assert sales == {
        0: {"American": 6400, "Continental": 3600, "Imperial": 3600},
        1: {"American": 4000, "Continental": 7200, "Imperial": 1800},
        2: {"American": 1600, "Continental": 4800, "Imperial": 4500},
    }
    assert events_of(events, "final_scores") == [{"scores": EXPECTED, "ranks": [3, 2, 1]}]
    # The game ends at once: no tile, purchase or draw.
    assert hand(state, 0) == ["12E"] and state.view(None)["bag"] == 2


def test_final_scoring_example_tlstyer_declares_with_the_purchase() -> None:
    pos = scoring_position(alice_hand=())
    state = start(pos, "tlstyer")
    # No playable tile (an empty hand): straight to buying, where the end may be declared.
    assert state.decision == "buy_shares"
    with pytest.raises(IllegalAction, match="together with a purchase"):
        act(state, "declare_end")
    act(state, "buy_shares", shares=[], end_game=True)
    assert state.scores() == EXPECTED
    # The same through a record.
    record = state.to_record()
    assert record["actions"] == [
        {"player": 0, "type": "buy_shares", "shares": [], "end_game": True}
    ]
    assert replay(record).scores() == EXPECTED


def test_defunct_shares_are_worthless_at_the_end() -> None:
    state = run(scoring_position(Tower=5), [{"player": 0, "type": "declare_end"}])
    assert state.scores() == EXPECTED
    assert state.shares[0][1] == 5  # still held, worth nothing


def test_declaring_is_optional() -> None:
    state = start(scoring_position())
    act(state, "place_tile", tile="12E")
    assert not state.is_terminal()
    # Only at the beginning of the turn (standard).
    with pytest.raises(IllegalAction, match="beginning"):
        act(state, "declare_end")


def test_cannot_declare_without_an_end_condition() -> None:
    board = chain("American", rect("1A", "10A"))  # 10 tiles: not safe, not 41
    state = start(position(board, [player("A", hand=["1I"]), player("B")], bag=["2I"]))
    assert {"type": "declare_end"} not in legal_dicts(state)
    with pytest.raises(IllegalAction, match="cannot be declared"):
        act(state, "declare_end")


@pytest.mark.parametrize(
    ("board", "can_end"),
    [
        ({}, False),  # no chain on the board
        (chain("Tower", rect("1A", "12C"), rect("1D", "5D")), True),  # 41 tiles
        (chain("Tower", rect("1A", "12C"), rect("1D", "4D")), True),  # 40 tiles, all safe
        (
            {**chain("Tower", rect("1A", "11A")), **chain("Luxor", rect("1C", "10C"))},
            False,  # Luxor is not safe
        ),
        (
            {**chain("Tower", rect("1A", "11A")), **chain("Luxor", rect("1C", "11C"))},
            True,  # every chain is safe
        ),
    ],
)
def test_end_conditions(board, can_end: bool) -> None:
    state = start(position(board, [player("A", hand=["12I"]), player("B")], bag=["1I"]))
    assert state.can_end() is can_end
    assert ({"type": "declare_end"} in legal_dicts(state)) is can_end


def test_tlstyer_ignores_an_end_request_without_a_condition() -> None:
    board = chain("American", "1A", "2A")
    pos = position(board, [player("A", hand=["12I"]), player("B", hand=["11I"])], bag=["1I"])
    actions = [
        {"player": 0, "type": "place_tile", "tile": "12I"},
        {"player": 0, "type": "buy_shares", "shares": ["American"], "end_game": True},
    ]
    state = run(pos, actions, "tlstyer")
    assert not state.is_terminal()
    assert state.current_player() == 1 and state.decision == "place_tile"
    assert state.to_record()["actions"] == actions
    # The standard ruleset knows no end_game flag on a purchase: an error there.
    state = start(pos)
    act(state, "place_tile", tile="12I")
    with pytest.raises(IllegalAction, match="beginning of a turn"):
        act(state, "buy_shares", shares=["American"], end_game=True)


@pytest.mark.parametrize("ruleset", ["standard", "tlstyer"])
def test_game_ends_when_every_tile_is_played(ruleset: str) -> None:
    players = [player("A", hand=["1A"]), player("B", hand=["3A"])]
    actions = [
        {"player": 0, "type": "place_tile", "tile": "1A"},
        {"player": 1, "type": "place_tile", "tile": "3A"},
    ]
    state = run(position({}, players, bag=[]), actions, ruleset)
    assert state.is_terminal() and state.end_reason == "all_tiles_played"
    assert state.scores() == [6000, 6000] and state.ranks() == [1, 1]


@pytest.mark.parametrize("ruleset", ["standard", "tlstyer"])
def test_game_ends_after_a_round_without_a_tile_placed(ruleset: str) -> None:
    # Seven chains on the board; 11I and 9I would found an 8th: nobody can place.
    board = {
        **chain("Luxor", rect("1A", "3A")),
        **chain("Tower", rect("5A", "8A")),
        **chain("Festival", rect("10A", "11A")),
        **chain("American", rect("1C", "5C")),
        **chain("Worldwide", rect("7C", "12C")),
        **chain("Continental", rect("1E", "8E")),
        **chain("Imperial", rect("1G", "7G")),
        **orphans("10I", "12I"),
    }
    players = [player("A", hand=["11I"]), player("B", hand=["9I"])]
    state = start(position(board, players, bag=[]), ruleset)
    assert legal_dicts(state)[0] == {"type": "buy_shares", "shares": []}
    act(state, "buy_shares", shares=["Tower"])
    assert not state.is_terminal()
    events = act(state, "buy_shares", shares=[])
    assert state.is_terminal() and state.end_reason == "no_tile_placed_for_a_round"
    assert events_of(events, "game_ended") == [{"reason": "no_tile_placed_for_a_round"}]
    # Final scoring: A holds the only Tower share (4 tiles, $400): $6,000 bonus + $400.
    assert state.scores() == [6000 - 400 + 6000 + 400, 6000]


def test_tlstyer_purchase_step_is_a_decision_when_the_end_may_be_declared() -> None:
    # Alice cannot buy anything (no cash), but she may end the game: not forced (rule 11.1).
    pos = scoring_position(alice_hand=())
    pos["players"][0]["cash"] = 0
    state = start(pos, "tlstyer")
    assert state.decision == "buy_shares" and state.current_player() == 0
    assert legal_dicts(state) == [
        {"type": "buy_shares", "shares": []},
        {"type": "buy_shares", "shares": [], "end_game": True},
    ]
    act(state, "buy_shares", shares=[])
    assert not state.is_terminal() and state.current_player() == 1


def test_equal_scores_share_the_place() -> None:
    board = chain("Tower", rect("1A", "11A"))  # safe: the end may be declared
    players = [
        player("A", 3000, {"Tower": 2}, hand=["12I"]),
        player("B", 3000, {"Tower": 2}, hand=["12H"]),
        player("C", 9000, {}, hand=["12G"]),
    ]
    state = run(position(board, players, bag=["1I"]), [{"player": 0, "type": "declare_end"}])
    # Tower, 11 tiles ($700): A and B split $7,000 + $3,500, then sell 2 shares each.
    assert state.scores() == [3000 + 5300 + 1400, 3000 + 5300 + 1400, 9000]
    assert state.ranks() == [1, 1, 3]
    state = run(
        position(board, [*players[:2], player("C", 9700, {}, hand=["12G"])], bag=["1I"]),
        [{"player": 0, "type": "declare_end"}],
    )
    assert state.ranks() == [1, 1, 1]


def test_scores_if_ended_now_are_the_scores_after_declaring_the_end() -> None:
    checked = 0
    for seed in range(30):
        state = new_game(3, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal() and DeclareEnd() not in state.legal_actions():
            choices = [a for a in state.legal_actions() if not isinstance(a, DeclareEnd)]
            state.apply(choices[rng.randrange(len(choices))])
        if state.is_terminal():
            continue
        before = state.to_record()
        projected = state.scores_if_ended()
        assert state.to_record() == before and not state.is_terminal()  # asking changes nothing
        state.apply(DeclareEnd())
        assert projected == state.scores() == state.scores_if_ended()
        checked += 1
    assert checked >= 10


def test_declaring_the_end_with_no_chain_on_the_board_says_a_chain_must_be_there() -> None:
    """Rule 8.1: the end needs a chain on the board; "not every chain is safe" would be
    the wrong reason when there is none."""
    state = new_game(["Ann", "Bob"], seed=1)
    assert not any(state.sizes)
    with pytest.raises(IllegalAction, match="no chain is on the board") as refused:
        state.apply(DeclareEnd(), state.current_player())
    assert "safe" not in str(refused.value)
