"""Records and positions (docs/record-format.md): round trips, scenarios, malformed input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from takeover.acquire import from_record, new_game, replay, summary
from takeover.core import registry
from takeover.core.errors import RecordError

SCENARIOS = Path(__file__).parent / "scenarios"


def load(name: str) -> dict:
    return json.loads((SCENARIOS / f"{name}.json").read_text())


def random_game(players: int, ruleset, seed: int):
    import random

    rng = random.Random(seed)
    state = new_game(players, ruleset, seed=seed)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state


# ---------------------------------------------------------------- scenario records
@pytest.mark.parametrize("name", ["final_scoring_standard", "final_scoring_tlstyer"])
def test_final_scoring_records(name: str) -> None:
    out = summary(replay(load(name)))
    assert out["finished"] and out["end_reason"] == "declared"
    assert out["scores"] == [30600, 32200, 33000]
    assert out["ranks"] == [3, 2, 1]
    assert out["cash"] == out["scores"]
    assert out["chains"]["Continental"] == {
        "size": 43,
        "price": 1200,
        "available": 25,
        "safe": True,
    }


def test_three_chain_merger_record() -> None:
    # Tower (4, $400): Ann $4,000, Ben $2,000. Continental (3, $500): Ben $5,000, Ann $2,500.
    # Ann trades 2 Tower for 1 American, keeps her Continental share, buys 2 American at
    # $800 (American now 14 tiles); Ben sells 1 Tower, then sells 1 and trades 2 Continental.
    out = summary(replay(load("three_chain_merger")))
    assert out["cash"] == [6000 + 4000 + 2500 - 1600, 6000 + 2000 + 400 + 5000 + 500, 6000]
    assert out["shares"] == [{"American": 3, "Continental": 1}, {"American": 2}, {}]
    assert out["chains"]["American"] == {"size": 14, "price": 800, "available": 20, "safe": True}
    assert out["chains"]["Tower"]["size"] == 0 and out["chains"]["Tower"]["available"] == 25
    assert out["chains"]["Continental"]["available"] == 24
    assert out["next"] == {"player": 1, "decision": "place_tile"}
    assert not out["finished"] and out["scores"] is None


@pytest.mark.parametrize("name", ["final_scoring_standard", "three_chain_merger"])
def test_scenario_records_round_trip(name: str) -> None:
    record = load(name)
    assert replay(record).to_record() == record


# ---------------------------------------------------------------- round trips
@pytest.mark.parametrize(
    ("players", "ruleset", "seed"),
    [(2, "standard", 1), (4, "standard", 2), (6, "tlstyer", 3), (1, "tlstyer", 4)],
)
def test_record_replays_to_the_same_game(players: int, ruleset: str, seed: int) -> None:
    state = random_game(players, ruleset, seed)
    record = json.loads(json.dumps(state.to_record()))
    assert record["seed"] == seed and len(record["tile_bag"]) == 108
    again = replay(record)
    assert summary(again) == summary(state)
    assert again.to_record() == record
    # The seed alone gives the same bag.
    del record["tile_bag"]
    assert summary(replay(record)) == summary(state)


def test_from_record_applies_no_action() -> None:
    state = random_game(3, "standard", 8)
    start = from_record(state.to_record())
    assert start.turn_number == 1 and not start.actions()


def test_registry_replays_by_game_name() -> None:
    state = random_game(2, "standard", 5)
    assert registry.replay_record(state.to_record()).scores() == state.scores()
    with pytest.raises(RecordError, match='"game"'):
        registry.replay_record({"players": ["A", "B"], "seed": 1})
    with pytest.raises(RecordError, match="unknown game"):
        registry.replay_record({"game": "monopoly"})


# ---------------------------------------------------------------- malformed input
BASE = {"game": "acquire", "players": ["A", "B"], "seed": 1}
POS = {
    "board": {},
    "players": [{"name": "A", "hand": ["1A"]}, {"name": "B"}],
    "bag": [],
    "current": 0,
}


def with_start(**changes):
    return {**BASE, "start": {**POS, **changes}}


BAD_HEADERS = [
    ([], "JSON object"),
    ({**BASE, "game": "chess"}, "not an Acquire record"),
    ({**BASE, "players": "AB"}, '"players"'),
    ({**BASE, "players": [1, 2]}, '"players"'),
    ({**BASE, "players": ["A"]}, "2 to 6 players"),
    ({"game": "acquire", "players": ["A", "B"]}, '"tile_bag".*or an integer "seed"'),
    ({**BASE, "seed": 1.5}, '"seed"'),
    ({**BASE, "seed": True}, '"seed"'),
    ({"game": "acquire", "players": ["A", "B"], "tile_bag": "1A"}, '"tile_bag" must be a list'),
    ({"game": "acquire", "players": ["A", "B"], "tile_bag": ["1A", "XX"]}, "unknown tile 'XX'"),
    ({"game": "acquire", "players": ["A", "B"], "tile_bag": ["1A", "1A"]}, "twice"),
    ({**BASE, "ruleset": []}, "preset name"),
    ({**BASE, "ruleset": "chess"}, "unknown ruleset"),
    ({**BASE, "actions": "x"}, '"actions" must be a list'),
    ({**BASE, "start": "x"}, "position must be a JSON object"),
    (with_start(players=["A", "B"]), "player 0 must be an object"),
    (with_start(players=[]), '"players"'),
    (with_start(board=[]), '"board" must be an object'),
    (with_start(board={"ZZ": None}), "unknown tile 'ZZ'"),
    (with_start(board={"1B": "Hilton", "2B": "Hilton"}), "unknown chain 'Hilton'"),
    (with_start(board={"1A": None}), "1A appears twice"),
    (with_start(board={"5A": "Tower"}), "single tile"),
    (with_start(board={"5A": "Tower", "6A": "Tower", "8A": "Tower"}), "not all connected"),
    (with_start(board={"5A": "Tower", "6A": "Tower", "7A": None}), "touches 7A"),
    (with_start(board={"5A": "Tower", "6A": "Tower", "5B": "Luxor", "6B": "Luxor"}), "touches"),
    (with_start(players=[{"cash": "x"}, {}]), "cash must be"),
    (with_start(players=[{"cash": 150}, {}]), "multiple of \\$100"),
    (with_start(players=[{"cash": -100}, {}]), "cash must be"),
    (with_start(players=[{"shares": []}, {}]), "shares must be an object"),
    (with_start(players=[{"shares": {"Tower": -1}}, {}]), "Tower count"),
    (with_start(players=[{"shares": {"Tower": 20}}, {"shares": {"Tower": 6}}]), "only 25"),
    (with_start(players=[{"hand": "1A"}, {}]), "hand must be a list"),
    (with_start(order=[0, "a"]), '"order"'),
    (with_start(order=[0, 0]), '"order"'),
    (with_start(current=5), '"current"'),
    (with_start(removed="1A"), "removed must be a list"),
    (with_start(bag=["1A"]), "1A appears twice"),
]


@pytest.mark.parametrize(("record", "why"), BAD_HEADERS)
def test_malformed_records_and_positions(record, why: str) -> None:
    with pytest.raises(RecordError, match=why) as err:
        replay(record)
    assert err.value.index is None


def first_seat() -> int:
    return from_record(BASE).current_player()


NO_SEAT = [
    ([1], "must be an object"),
    ({"type": "place_tile", "tile": "1A"}, '"player"'),
    ({"player": "0", "type": "place_tile", "tile": "1A"}, '"player"'),
    ({"player": True, "type": "place_tile", "tile": "1A"}, '"player"'),
]
BAD_ACTIONS = [
    ({"type": "fly"}, "unknown action type 'fly'"),
    ({"type": "place_tile"}, "needs a 'tile'"),
    ({"type": "place_tile", "tile": 5}, "unknown tile 5"),
    ({"type": "place_tile", "tile": "13A"}, "unknown tile"),
    ({"type": "buy_shares", "shares": "Tower"}, "list of chain names"),
    ({"type": "buy_shares", "shares": [[1]]}, "unknown chain"),
    ({"type": "buy_shares", "shares": [], "end_game": "yes"}, "true or false"),
    ({"type": "dispose_shares", "sell": "1"}, "'sell' must be a non-negative integer"),
    ({"type": "dispose_shares", "sell": 0, "trade": -2}, "'trade' must be"),
    ({"type": "propose_trade", "to": "1"}, '"to" must be a seat'),
    ({"type": "propose_trade", "to": 1, "give": []}, "a trade side must be"),
    ({"type": "propose_trade", "to": 1, "give": {"cash": 50}}, "multiple of \\$100"),
    ({"type": "propose_trade", "to": 1, "give": {"shares": {"Tower": -1}}}, "non-negative"),
    ({"type": "answer_trade", "accept": "yes"}, "true or false"),
    ({"type": "answer_trade"}, "needs a 'accept'"),
    ({"type": "found_chain", "chain": "Tower"}, "not now"),
    ({"type": "declare_end"}, "cannot be declared"),
]


def check_second_action_refused(raw, why: str) -> None:
    """A good first action, then ``raw``: the error names index 1, the action and why."""
    state = from_record(BASE)
    good = state.legal_actions()[0]
    first = {"player": state.current_player(), **state.action_to_dict(good)}
    with pytest.raises(RecordError, match=why) as err:
        replay({**BASE, "actions": [first, raw]})
    assert err.value.index == 1 and err.value.action == raw
    assert str(err.value).startswith("action 1 ")


@pytest.mark.parametrize(("raw", "why"), NO_SEAT)
def test_actions_without_a_seat(raw, why: str) -> None:
    check_second_action_refused(raw, why)


@pytest.mark.parametrize(("raw", "why"), BAD_ACTIONS)
def test_malformed_actions_name_their_index(raw, why: str) -> None:
    state = from_record(BASE)
    state.apply(state.legal_actions()[0])
    check_second_action_refused({"player": state.current_player(), **raw}, why)


def test_wrong_seat_names_the_seat() -> None:
    seat = first_seat()
    other = (seat + 1) % 2
    tile = from_record(BASE).action_to_dict(from_record(BASE).legal_actions()[0])["tile"]
    with pytest.raises(RecordError, match=f"not seat {other}'s decision") as err:
        replay({**BASE, "actions": [{"player": other, "type": "place_tile", "tile": tile}]})
    assert err.value.index == 0


def test_action_after_the_end_is_refused() -> None:
    state = random_game(2, "standard", 11)
    record = state.to_record()
    record["actions"].append(record["actions"][-1])
    with pytest.raises(RecordError, match="the game is over") as err:
        replay(record)
    assert err.value.index == len(record["actions"]) - 1


def test_the_documented_example_replays_as_documented() -> None:
    doc = (Path(__file__).parents[2] / "docs" / "record-format.md").read_text()
    blocks = [b.split("```", 1)[0] for b in doc.split("```json\n")[1:]]
    (record,) = [json.loads(b) for b in blocks if '"start"' in b]
    out = summary(replay(record))
    assert out["cash"] == [5000, 5400]
    assert out["shares"] == [{"American": 4}, {"American": 3}]
    assert out["chains"]["American"] == {"size": 4, "price": 500, "available": 18, "safe": False}
    assert out["next"] == {"player": 1, "decision": "place_tile"}
    (position,) = [json.loads(b) for b in blocks if b.lstrip().startswith('{\n  "board"')]
    assert position == record["start"]
