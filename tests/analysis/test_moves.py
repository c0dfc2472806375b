"""Reading a finished game's moves: Acquire records and 18xx.games exports of 1817."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from takeover.analysis import document, read
from takeover.core.errors import RecordError

FIXTURE = Path(__file__).parents[1] / "data" / "1817" / "fixtures" / "1817__20758.json"


def opening(actions: int) -> dict:
    """The first ``actions`` entries of a real 1817 game from 18xx.games."""
    data = json.loads(FIXTURE.read_text())
    return {**data, "actions": data["actions"][:actions]}


def test_an_18xx_export_is_walked_with_the_seat_that_decided() -> None:
    game = read(opening(40))
    assert game.game == "1817" and game.total == 40 and len(game.players) >= 3
    moves = list(game.moves)
    assert [m.step for m in moves] == list(range(1, 41))
    for move in moves[:10]:  # the private auction: every move is a player's
        assert move.seat is not None
        assert move.seat in move.before.pending().seats


def test_a_1817_opening_is_appraised_as_expected_places() -> None:
    doc = document(read(opening(25)), "mcts:iterations=2,depth=2")
    assert doc["measure"] == "rank" and doc["done"] == 25
    assert doc["decisions"], "the private auction has choices"
    for entry in doc["decisions"]:
        assert len(entry["seats"]) == len(doc["players"])
        assert 0.0 <= entry["after"] <= entry["before"] <= 1.0


@pytest.mark.parametrize(
    ("record", "words"),
    [
        ([], "JSON object"),
        ({"actions": []}, '"game"'),
        ({"game": "chess"}, "unknown game"),
        ({"game": "acquire", "players": ["a", "b"], "seed": 1, "actions": [{}]}, '"player"'),
    ],
)
def test_a_bad_record_is_refused_naming_what_is_wrong(record: object, words: str) -> None:
    with pytest.raises(RecordError, match=words):
        list(read(record).moves)


def test_an_illegal_action_is_refused_with_its_index() -> None:
    record = {
        "game": "acquire",
        "players": ["a", "b"],
        "seed": 1,
        "actions": [{"player": 1, "type": "place_tile", "tile": "1A"}],
    }
    with pytest.raises(RecordError) as caught:
        list(read(record).moves)
    assert caught.value.index == 0
