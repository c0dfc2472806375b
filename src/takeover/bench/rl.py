"""Research adapters' speed: environment steps per second through each adapter.

Method: complete 4-player games (standard ruleset, trading off), every decision
uniform over the legal actions, in one single-threaded process; rates are steps
per CPU second of that process (``time.process_time``).

- ``engine``: the bare engine with the same policy (``legal_actions()`` + ``play()``),
  the floor under every adapter.
- ``pettingzoo_aec``: the usual AEC loop, ``agent_iter()`` + ``last()`` (observation
  tensor and mask for the deciding agent) + ``step()``; the action is drawn from the
  mask's nonzero entries. A step is one agent decision.
- ``gymnasium``: the single-agent wrapper, seat 0 learning against ``random`` bots;
  a step is one ``step()`` call (the learner's decision plus the bots' moves until
  its next decision), and ``decisions`` counts every seat's.
- ``openspiel``: ``pyspiel`` random playouts through the Python game: ``legal_actions()``
  + ``apply_action()`` at decisions, ``chance_outcomes()`` + ``apply_action()`` at
  draws (each draw is a step); ``+tensor`` also reads the decider's observation tensor.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

from takeover.bench.arguments import positive_int
from takeover.bench.report import print_figures


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--games", type=positive_int, default=100, help="games per adapter (default 100)"
    )
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--ruleset", default="standard")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", action="store_true", help="print the figures as JSON")


def _timed(fn: Callable[[], dict[str, int]]) -> tuple[dict[str, int], float]:
    t0 = time.process_time()
    counts = fn()
    return counts, time.process_time() - t0


def bench_engine(games: int, players: int, ruleset: str, seed: int) -> dict[str, int]:
    from takeover.rl.table import Table

    table = Table(players, ruleset)
    steps = 0
    for g in range(games):
        state = table.new_game(seed + g)
        rng = random.Random(seed + g)
        while state.decider is not None:
            legal = state.legal_actions()
            state.play(legal[rng.randrange(len(legal))])
            steps += 1
    return {"steps": steps}


def bench_aec(games: int, players: int, ruleset: str, seed: int) -> dict[str, int]:
    import numpy as np

    from takeover.rl import acquire_env

    env = acquire_env(players=players, ruleset=ruleset)
    rng = random.Random(seed)
    steps = 0
    for g in range(games):
        env.reset(seed=seed + g)
        for _agent in env.agent_iter():
            obs, _reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
    return {"steps": steps}


def bench_gym(games: int, players: int, ruleset: str, seed: int) -> dict[str, int]:
    import numpy as np

    from takeover.rl import AcquireGymEnv

    env = AcquireGymEnv(opponents=["random"] * (players - 1), ruleset=ruleset)
    rng = random.Random(seed)
    steps = decisions = 0
    for g in range(games):
        obs, _info = env.reset(seed=seed + g)
        done = False
        while not done:
            legal = np.flatnonzero(obs["action_mask"])
            obs, _r, done, _t, _info = env.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
        assert env.state is not None
        decisions += len(env.state.actions())
    return {"steps": steps, "decisions": decisions}


def bench_openspiel(
    games: int, players: int, ruleset: str, seed: int, tensor: bool = False
) -> dict[str, int]:
    import pyspiel

    import takeover.rl.openspiel  # noqa: F401  (registers the game)

    game = pyspiel.load_game(f"python_takeover_acquire(players={players},ruleset={ruleset})")
    rng = random.Random(seed)
    steps = decisions = 0
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                if tensor:
                    state.observation_tensor(state.current_player())
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                decisions += 1
            steps += 1
    return {"steps": steps, "decisions": decisions}


def run(args: argparse.Namespace) -> int:
    a = (args.games, args.players, args.ruleset, args.seed)
    benches: list[tuple[str, Callable[[], dict[str, int]]]] = [
        ("engine", lambda: bench_engine(*a)),
        ("pettingzoo_aec", lambda: bench_aec(*a)),
        ("gymnasium", lambda: bench_gym(*a)),
        ("openspiel", lambda: bench_openspiel(*a)),
        ("openspiel+tensor", lambda: bench_openspiel(*a, tensor=True)),
    ]
    bench_aec(1, args.players, args.ruleset, 0)  # warm imports and caches
    figures: dict[str, Any] = {"games": args.games, "players": args.players}
    figures["ruleset"] = args.ruleset
    for name, fn in benches:
        counts, cpu = _timed(fn)
        figures[f"{name}_steps_per_second"] = round(counts["steps"] / cpu)
        if "decisions" in counts:
            figures[f"{name}_decisions_per_second"] = round(counts["decisions"] / cpu)
    print_figures(figures, __doc__, args.json)
    return 0
