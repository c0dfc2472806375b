"""The shape of 1817 games between bots: do they give a real game at every table size?

Run as ``takeover bench shape1817``. For each title and player count, ``--games`` games of
``--bots`` (all-heuristic by default) are played from seeds ``--seed``, ``--seed + 1``, ...
and each game is judged *real* when all of these hold:

* at least ceil(players / 2) corporations floated at some point of the game;
* at least 30 tiles were laid;
* the game reached phase 5;
* it did not end before its first operating round.

Per title and count it prints the share of real games and of each criterion, the median
tiles laid, corporations floated and actions, and how the games ended; then how often each
kind of action was taken over all games (loans, shorts, mergers, trains bought from other
corporations...). CPU seconds of the worker processes; a benchmark, not a test.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from takeover.bench.arguments import positive_int
from takeover.bench.report import print_figures
from takeover.bots import Observation, make_bot
from takeover.core import registry
from takeover.core.errors import RecordError
from takeover.g1817.data.editions import EDITIONS, PHASES
from takeover.g1817.rounds.operating import OperatingRound
from takeover.g1817.state import Game1817

MIN_TILES = 30
"""Tiles a real game lays at least."""

PHASE = PHASES.index(next(p for p in PHASES if p.name == "5"))
"""The phase a real game reaches (its index in the phase list)."""


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--titles", default="1817,1817NA,1817WO", help="titles, comma-separated")
    p.add_argument(
        "--players", default="", help="player counts, comma-separated (default: all the title's)"
    )
    p.add_argument("--games", type=positive_int, default=20, help="games per title and count (20)")
    p.add_argument("--bots", default="heuristic", help="the bot spec of every seat (heuristic)")
    p.add_argument("--seed", type=int, default=1, help="first seed (1)")
    p.add_argument("--jobs", type=positive_int, default=1, help="worker processes (1)")
    p.add_argument("--json", action="store_true", help="print the figures as JSON")


@dataclass
class Shape:
    """What one game looked like."""

    floated: int = 0
    tiles: int = 0
    phase: int = 0
    operated: bool = False
    actions: int = 0
    end: str = ""
    kinds: Counter[str] = field(default_factory=Counter)

    def real(self, players: int) -> dict[str, bool]:
        """Each criterion of a real game, by name."""
        return {
            "floated": self.floated >= math.ceil(players / 2),
            "tiles": self.tiles >= MIN_TILES,
            "phase5": self.phase >= PHASE,
            "operated": self.operated,
        }


def play(job: tuple[str, int, str, int]) -> Shape:
    """One game of ``players`` seats of ``spec`` on ``title`` from ``seed``."""
    title, players, spec, seed = job
    state = registry.get("1817").new_game([f"P{i + 1}" for i in range(players)], title, seed=seed)
    assert isinstance(state, Game1817)
    bots = [make_bot(spec, "1817") for _ in range(players)]
    rng = random.Random(seed)
    shape = Shape()
    floated: set[str] = set()
    while (decision := state.pending()) is not None:
        seat = decision.seats[0]
        obs = Observation(state, seat)
        if not obs.legal:
            shape.end = f"stalled at {decision.kind}"
            break
        action = bots[seat].choose(obs, rng)
        state.apply(action, seat)
        shape.actions += 1
        shape.kinds[action.type] += 1
        if action.type == "lay_tile":
            shape.tiles += 1
        floated.update(c.sym for c in state.corps.values() if c.floated)
        shape.phase = max(shape.phase, state.phase_index)
        shape.operated = shape.operated or isinstance(state.round, OperatingRound)
    shape.floated = len(floated)
    if not shape.end:
        shape.end = str(state.game_end_reason)
    return shape


def counts(title: str, wanted: str) -> list[int]:
    allowed = sorted(EDITIONS[title].starting_cash)
    if not wanted:
        return allowed
    chosen = [positive_int(part) for part in wanted.split(",") if part.strip()]
    bad = [n for n in chosen if n not in allowed]
    if bad:
        raise RecordError(f"--players: {title} seats {allowed[0]} to {allowed[-1]}, not {bad}")
    return chosen


def run(args: argparse.Namespace) -> int:
    titles = [t.strip() for t in args.titles.split(",") if t.strip()]
    unknown = [t for t in titles if t not in EDITIONS]
    if unknown:
        raise RecordError(f"--titles: unknown title {unknown[0]!r} (known: {', '.join(EDITIONS)})")
    jobs = [
        (title, n, args.bots, args.seed + i)
        for title in titles
        for n in counts(title, args.players)
        for i in range(args.games)
    ]
    with ProcessPoolExecutor(args.jobs) as pool:
        shapes = list(pool.map(play, jobs, chunksize=1))
    rows: dict[str, dict[str, Any]] = {}
    kinds: Counter[str] = Counter()
    for (title, n, _, _), shape in zip(jobs, shapes, strict=True):
        kinds.update(shape.kinds)
        row = rows.setdefault(f"{title} {n}p", {"n": n, "shapes": []})
        row["shapes"].append(shape)
    figures: dict[str, Any] = {}
    worst = 1.0
    for key, row in rows.items():
        got: list[Shape] = row["shapes"]
        checks = [s.real(row["n"]) for s in got]
        real = sum(all(c.values()) for c in checks) / len(got)
        worst = min(worst, real)
        figures[key] = {
            "games": len(got),
            "real": f"{100 * real:.0f}%",
            **{k: f"{100 * sum(c[k] for c in checks) / len(got):.0f}%" for k in checks[0]},
            "tiles_median": statistics.median(s.tiles for s in got),
            "floated_median": statistics.median(s.floated for s in got),
            "actions_median": statistics.median(s.actions for s in got),
            "ends": dict(Counter(s.end for s in got)),
        }
    figures["action_kinds"] = dict(kinds.most_common())
    figures["real_games_worst_count"] = f"{100 * worst:.0f}%"
    print_figures(figures, __doc__, args.json)
    return 0
