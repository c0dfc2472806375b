"""Compiled Acquire kernel speed: random games against the reference engine, batched steps.

Method: both engines play complete games of the same seeds in one process, one
after the other, under the ``random`` bot's policy (the end declared as soon as it
may be, else uniform over the legal actions): the reference engine with its
unchecked ``play()`` (as ``takeover bench engine``), the kernel in one compiled loop.
Games per CPU second each, and their ratio. The kernel's first call (numba compiling
it, or loading it from its cache) is timed apart; ``--cold`` compiles into a fresh
cache to time compilation itself. The batched mode steps ``--envs`` games at once
in ``takeover.rl.vector.AcquireVectorEnv``, each taking a uniformly random legal
action (drawn with numpy from the listed actions), and counts environment steps
per CPU second, auto-resets included. ``--check N`` first plays N games of each
ruleset (standard, tlstyer) and player count (2 to 6) in both engines under a
seeded policy and counts those identical in every action and score.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from typing import Any

from takeover.bench.arguments import positive_int
from takeover.bench.engine import random_game
from takeover.bench.report import print_figures
from takeover.kernel import available


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--games", type=positive_int, default=20000, help="kernel games (20000)")
    p.add_argument(
        "--reference-games", type=positive_int, default=400, help="reference games (400)"
    )
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--ruleset", default="standard")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--envs", type=positive_int, default=1024, help="batched games (1024)")
    p.add_argument("--steps", type=positive_int, default=500, help="batched steps (500)")
    p.add_argument("--check", type=int, default=0, help="differential games per setting")
    p.add_argument("--cold", action="store_true", help="compile into a fresh cache")
    p.add_argument("--json", action="store_true", help="print the figures as JSON")


def run(args: argparse.Namespace) -> int:
    if not available():
        print("takeover bench kernel needs the compiled kernel: pip install 'takeover[fast]'")
        return 2
    if args.cold:
        os.environ["NUMBA_CACHE_DIR"] = tempfile.mkdtemp(prefix="takeover-numba-")
    t0 = time.process_time()
    from takeover.kernel import bridge
    from takeover.kernel import compiled as k

    tables = bridge.tables_of(args.ruleset)
    k.random_games(tables.cfg, tables.nb, tables.prices, args.players, 0, 1)
    first_call = time.process_time() - t0
    figures: dict[str, Any] = {
        "players": args.players,
        "ruleset": args.ruleset,
        "first_call_cpu_seconds": round(first_call, 2),
        "first_call_is": "compiling" if args.cold else "compiling or loading the cache",
    }
    if args.check:
        figures.update(_check(args.check))
    random_game(0, args.players, args.ruleset)  # warm the reference's caches
    import random

    rng = random.Random(args.seed)
    t0 = time.process_time()
    for g in range(args.reference_games):
        random_game(args.seed + g, args.players, args.ruleset, rng=rng)
    reference = args.reference_games / (time.process_time() - t0)
    t0 = time.process_time()
    decisions = k.random_games(
        tables.cfg, tables.nb, tables.prices, args.players, args.seed, args.games
    )
    kernel = args.games / (time.process_time() - t0)
    figures.update(
        {
            "reference_games": args.reference_games,
            "reference_games_per_cpu_second": round(reference, 1),
            "kernel_games": args.games,
            "kernel_games_per_cpu_second": round(kernel, 1),
            "kernel_decisions_per_game": round(decisions / args.games, 1),
            "ratio": round(kernel / reference, 1),
        }
    )
    figures.update(_batched(args))
    print_figures(figures, __doc__, args.json)
    return 0


def _batched(args: argparse.Namespace) -> dict[str, Any]:
    import numpy as np

    from takeover.rl.vector import AcquireVectorEnv

    env = AcquireVectorEnv(args.envs, players=args.players, ruleset=args.ruleset, seed=args.seed)
    rng = np.random.default_rng(args.seed)
    rows = np.arange(args.envs)
    batch = env.reset()
    env.step(batch.listed[rows, (rng.random(args.envs) * batch.counts).astype(np.int64)])
    games = 0
    t0 = time.process_time()
    for _ in range(args.steps):
        choice = (rng.random(args.envs) * batch.counts).astype(np.int64)
        batch = env.step(batch.listed[rows, choice])
        games += int(batch.done.sum())
    cpu = time.process_time() - t0
    return {
        "batched_envs": args.envs,
        "batched_steps": args.envs * args.steps,
        "batched_games_finished": games,
        "batched_env_steps_per_cpu_second": round(args.envs * args.steps / cpu),
    }


def _check(games: int) -> dict[str, Any]:
    from takeover.kernel import bridge

    same = total = 0
    t0 = time.process_time()
    for ruleset in ("standard", "tlstyer"):
        for players in range(2, 7):
            for seed in range(games):
                key = seed * 7919 + players
                total += 1
                same += bridge.kernel_game(players, ruleset, seed, key) == bridge.reference_game(
                    players, ruleset, seed, key
                )
    return {
        "check_games": total,
        "check_identical": same,
        "check_cpu_seconds": round(time.process_time() - t0, 1),
    }
