"""The analysis board: every decision appraised from the deciding seat's view."""

from __future__ import annotations

import random

import pytest

from takeover.acquire import DeclareEnd, from_position, new_game
from takeover.analysis import BLUNDER, document, read, report
from takeover.analysis.board import analysis_bot, analysis_spec, appraise, costliest
from takeover.bots import Observation, make_bot


def declared(winning: bool) -> dict:
    """A two-seat game in which A declares the end at once (the only chain is safe),
    ahead or just behind."""
    a, b = (7, 5) if winning else (5, 6)
    players = [
        {"name": "A", "cash": 6000, "shares": {"Tower": a}, "hand": ["12I"]},
        {"name": "B", "cash": 6000, "shares": {"Tower": b}, "hand": ["12H"]},
    ]
    board = {f"{c}A": "Tower" for c in range(1, 12)}
    bag = [f"{c}{r}" for r in "GH" for c in range(1, 13) if f"{c}{r}" != "12H"]
    state = from_position({"board": board, "players": players, "bag": bag, "current": 0})
    state.apply(DeclareEnd(), 0)
    return state.to_record()


def test_ending_the_game_behind_is_costly() -> None:
    doc = document(read(declared(winning=False)), "mcts:iterations=60")
    (entry,) = doc["decisions"]
    assert entry["step"] == 1 and entry["seat"] == 0 and entry["text"] == "declare the end"
    assert entry["after"] == 0.0  # the game ends with A second
    assert entry["loss"] >= BLUNDER and entry["costly"]
    assert entry["best"]["type"] == "place_tile"
    assert entry["seats"] == [0.0, 1.0]
    assert "costly" in report(doc) and "declare the end" in report(doc)


def test_ending_the_game_ahead_is_not() -> None:
    doc = document(read(declared(winning=True)), "mcts:iterations=60")
    (entry,) = doc["decisions"]
    assert entry["after"] == 1.0 and entry["loss"] == 0.0 and not entry["costly"]
    assert costliest(doc) == [[], []]


def test_every_move_is_streamed() -> None:
    state = new_game(3, seed=5)
    rng = random.Random(5)
    bot = make_bot("heuristic")
    for _ in range(40):
        p = state.current_player()
        state.apply(bot.choose(Observation(state, p), rng), p)
    record = state.to_record()
    seen: list[int] = []
    spec = "mcts:iterations=4,depth=2"
    doc = document(read(record), spec, progress=lambda n, _e: seen.append(n))
    assert seen == list(range(1, len(record["actions"]) + 1))
    assert doc["done"] == doc["total"] == len(record["actions"])
    assert doc["players"] == record["players"] and doc["measure"] == "win"
    for entry in doc["decisions"]:
        assert 0.0 <= entry["after"] <= entry["before"] <= 1.0
        assert len(entry["seats"]) == 3 and entry["iterations"] == 4
        assert record["actions"][entry["step"] - 1]["player"] == entry["seat"]
    # a move with a single legal action is not a decision
    assert len(doc["decisions"]) < doc["total"]


def test_the_search_sees_only_the_deciding_seat(monkeypatch) -> None:
    """The appraisal searches from an observation of the deciding seat: its samples
    re-deal every hand but that seat's."""
    state = new_game(3, seed=2)
    seen = []
    bot = analysis_bot("acquire", "mcts:iterations=3")
    original = Observation.sample

    def sample(obs: Observation, rng: random.Random):
        seen.append(obs.seat)
        return original(obs, rng)

    monkeypatch.setattr(Observation, "sample", sample)
    p = state.current_player()
    legal = state.legal_actions(p)
    assert appraise(state, p, legal[0], 1, bot, 0) is not None
    assert seen and set(seen) == {p}


def test_the_analysis_bot_is_the_strongest_level_at_the_default_time() -> None:
    assert analysis_spec("acquire").startswith("mcts:time=")
    assert analysis_spec("1817", 0.5) == "mcts:time=0.5,clock=cpu"
    with pytest.raises(TypeError, match="cannot appraise"):
        analysis_bot("acquire", "heuristic")


def test_an_appraisal_never_reads_what_the_seat_cannot_see() -> None:
    """Two games that differ only in what the deciding seat cannot see (other hands, the
    bag) get the same appraisal, under an iteration budget."""
    state = new_game(3, seed=7)
    rng = random.Random(7)
    heuristic = make_bot("heuristic")
    bot = analysis_bot("acquire", "mcts:iterations=12,depth=3")
    compared = 0
    for step in range(1, 31):
        p = state.current_player()
        action = heuristic.choose(Observation(state, p), rng)
        other = state.determinize(p, random.Random(step))
        a = appraise(state, p, action, step, bot, seed=step)
        b = appraise(other, p, action, step, bot, seed=step)
        assert a == b
        compared += a is not None
        state.apply(action, p)
    assert compared > 10
