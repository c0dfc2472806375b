"""1817 bot speed: heuristic decisions on real positions, whole heuristic games, mcts.

Run as ``takeover bench bots1817 [games dir]``. A benchmark, not a test; CPU seconds of
this single-threaded process (other load on the machine disturbs them little).

1. Every (``--every``-th) position of the ten real games (``tests/data/1817``; ``--real
   N``: the first N, of which the two shortest are first, for the tests' quick run) where
   a seat has more than one legal action is given to the ``heuristic`` bot (a live copy:
   no record hints), and each ``choose`` is timed: decisions, mean, p95 and worst ms, and
   the kinds of the five slowest decisions.
2. ``--games`` four-player games of four heuristic bots are played from seeds 1, 2...:
   CPU seconds per game, actions, and how each ended. While the engine does not list the
   map's decisions a game stops at the first one (reported as ``stopped at KIND``): its
   time is then that of the game's first part only.
3. ``mcts:iterations=N`` searches on ``--mcts`` of those positions: iterations per second.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from pathlib import Path

from takeover.bench.arguments import positive_int
from takeover.bench.g1817 import GAMES, default_dir
from takeover.bench.report import print_figures
from takeover.bots import Observation, make_bot
from takeover.core import registry
from takeover.g1817.fixture import applied_actions, expand, new_game
from takeover.g1817.state import Game1817


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("games_dir", nargs="?", type=Path, default=default_dir())
    p.add_argument("--every", type=positive_int, default=1, help="time every Nth position (1)")
    p.add_argument(
        "--real", type=positive_int, default=len(GAMES), help=f"real games used ({len(GAMES)})"
    )
    p.add_argument("--games", type=positive_int, default=4, help="heuristic games (4)")
    p.add_argument("--mcts", type=positive_int, default=10, help="positions searched (10)")
    p.add_argument("--iterations", type=positive_int, default=50, help="per search (50)")
    p.add_argument("--json", action="store_true", help="print the figures as JSON")


def real_positions(
    games_dir: Path, every: int = 1, games: int = len(GAMES)
) -> list[tuple[Game1817, int]]:
    """Live copies of every ``every``-th position of the first ``games`` real games where
    a seat has a choice."""
    out = []
    seen = 0
    for name in GAMES[:games]:
        base = games_dir / "fixtures"
        path = base / f"{name}.revenue.json"
        data = json.loads((path if path.exists() else base / f"{name}.json").read_text())
        state = new_game(data)
        actions = [a for raw in applied_actions(data["actions"]) for a in expand(raw)]
        for action in actions:
            if state.finished:
                break
            decision = state.pending()
            if decision is not None and len(state.legal_actions(decision.seats[0])) > 1:
                seen += 1
                if seen % every == 0:
                    copy = state.clone()
                    out.append((copy, decision.seats[0]))
            state.push(action)
    return out


def play(seed: int) -> tuple[float, int, str]:
    """One four-player heuristic game: CPU seconds, actions, how it ended."""
    state = registry.get("1817").new_game([f"P{i}" for i in range(4)], "1817", seed=seed)
    bots = [make_bot("heuristic", "1817") for _ in range(4)]
    rng = random.Random(seed)
    start, actions = time.process_time(), 0
    while (decision := state.pending()) is not None:
        seat = decision.seats[0]
        obs = Observation(state, seat)
        if not obs.legal:
            return time.process_time() - start, actions, f"stopped at {decision.kind}"
        state.apply(bots[seat].choose(obs, rng), seat)
        actions += 1
    summary = registry.get("1817").summary(state)
    return time.process_time() - start, actions, str(summary.get("end_reason"))


def run(args: argparse.Namespace) -> int:
    if not (args.games_dir / "fixtures").is_dir():
        print(f"no 1817 games in {args.games_dir} (give the folder that holds fixtures/)")
        return 1
    kept = real_positions(args.games_dir, args.every, args.real)
    bot = make_bot("heuristic", "1817")
    timed = []
    for i, (state, seat) in enumerate(kept):
        obs = Observation(state, seat)
        t0 = time.process_time()
        bot.choose(obs, random.Random(i))
        timed.append((time.process_time() - t0, obs.kind or ""))
    timed.sort()
    times = [t for t, _ in timed]
    games = [play(seed) for seed in range(1, args.games + 1)]
    search = make_bot(f"mcts:iterations={args.iterations}", "1817")
    step = max(1, len(kept) // args.mcts)
    t0 = time.process_time()
    searched = 0
    for state, seat in kept[::step][: args.mcts]:
        search.choose(Observation(state, seat), random.Random(searched))
        searched += 1
    spent = time.process_time() - t0
    figures = {
        "machine": f"{platform.machine()}, {platform.processor() or 'cpu'}",
        "python": f"{platform.python_implementation()} {sys.version.split()[0]}",
        "heuristic_decisions": len(times),
        "heuristic_ms_mean": round(1000 * sum(times) / len(times), 2),
        "heuristic_ms_p95": round(1000 * times[int(0.95 * (len(times) - 1))], 2),
        "heuristic_ms_worst": round(1000 * times[-1], 2),
        "heuristic_worst_kinds": [kind for _, kind in timed[-5:]],
        "game_cpu_s": [round(g[0], 2) for g in games],
        "game_actions": [g[1] for g in games],
        "game_ends": sorted({g[2] for g in games}),
        "mcts_iterations_per_s": round(searched * args.iterations / spent, 1),
    }
    print_figures(figures, __doc__, args.json)
    return 0
