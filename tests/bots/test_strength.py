"""Small, seeded versions of the strength benchmarks in ``docs/bots.md``.

They are deterministic (fixed seeds, iteration budgets rather than time), so a
change that makes a bot much weaker fails here; the full figures are measured
with ``takeover arena`` and recorded in the docs.
"""

from __future__ import annotations

from takeover.arena.runner import run_games
from takeover.arena.schedule import schedule
from takeover.arena.stats import summarise


def share(specs: list[str], games: int, seed: int, ruleset: str = "standard") -> float:
    results = list(run_games(specs, schedule(games, len(specs), seed), ruleset))
    return summarise(results, specs)[0].win_share


def test_heuristic_beats_three_random() -> None:
    # Full benchmark: >= 90% over 1,000 games; 25% would be parity.
    assert share(["heuristic", "random", "random", "random"], 24, seed=1) >= 0.8


def test_heuristic_beats_three_random_in_tlstyer() -> None:
    assert share(["heuristic", "random", "random", "random"], 12, seed=2, ruleset="tlstyer") >= 0.75


def test_mcts_beats_three_random() -> None:
    specs = ["mcts:iterations=12,depth=4", "random", "random", "random"]
    assert share(specs, 4, seed=3) >= 0.75
