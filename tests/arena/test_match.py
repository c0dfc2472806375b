"""One arena game: deterministic, recorded, replayable, never stalled."""

from __future__ import annotations

from takeover.acquire import replay
from takeover.arena.match import play_game


def test_same_seed_same_game_and_the_record_replays() -> None:
    specs = ["heuristic", "random", "random"]
    a = play_game(specs, [1, 2, 0], seed=4, keep_record=True)
    b = play_game(specs, [1, 2, 0], seed=4, keep_record=True)
    assert a.line()["scores"] == b.line()["scores"] and a.record == b.record
    assert a.bots == ["random", "random", "heuristic"]
    assert sum(a.illegal) == 0
    assert a.record is not None
    again = replay(a.record)
    assert again.is_terminal() and again.scores() == a.scores
    assert again.ranks() == a.ranks


def test_a_bot_that_cheats_is_refused_and_counted() -> None:
    from takeover.acquire import PlaceTile
    from takeover.bots import random_bot

    class Cheat:
        name = "cheat"

        def choose(self, obs, rng):
            return PlaceTile(-5)

    original = random_bot.RandomBot
    random_bot.RandomBot = Cheat  # type: ignore[misc,assignment]
    try:
        result = play_game(["random", "heuristic"], [0, 1], seed=2)
    finally:
        random_bot.RandomBot = original  # type: ignore[misc]
    assert result.illegal[0] > 0 and result.illegal[1] == 0
