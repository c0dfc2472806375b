"""Bot speed: heuristic decisions and mcts iterations per CPU second.

Method: plays ``--games`` 4-player heuristic self-play games (standard ruleset)
in one process and keeps every 8th position where a seat must decide; then
times, in CPU seconds of this single-threaded process (so other processes on
the machine disturb it little), (1) the heuristic bot's ``choose`` on each kept
position, and (2) an ``mcts:iterations=N`` search on the first ``--mcts``
kept positions with more than one legal action. Reported: heuristic decisions
per second, mean and worst milliseconds per decision, mcts iterations per second.
"""

from __future__ import annotations

import argparse
import random
import time

from takeover.acquire import AcquireState, new_game
from takeover.bench.arguments import positive_int
from takeover.bench.report import print_figures
from takeover.bots import Observation, make_bot


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--games", type=positive_int, default=6, help="self-play games for positions (6)"
    )
    p.add_argument("--mcts", type=positive_int, default=10, help="positions searched by mcts (10)")
    p.add_argument(
        "--iterations", type=positive_int, default=100, help="mcts iterations each (100)"
    )
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", action="store_true", help="print the figures as JSON")


def positions(games: int, seed: int) -> list[tuple[AcquireState, int]]:
    """Every 8th position of ``games`` heuristic self-play games, with its deciding seat."""
    bot = make_bot("heuristic")
    out = []
    for g in range(games):
        state = new_game(4, "standard", seed=seed + g)
        rng = random.Random(g)
        k = 0
        while (decision := state.pending()) is not None:
            (seat,) = decision.seats
            if k % 8 == 0:
                out.append((state.clone(), seat))
            k += 1
            state.apply(bot.choose(Observation(state, seat), rng), seat)
    return out


def run(args: argparse.Namespace) -> int:
    kept = positions(args.games, args.seed)
    bot = make_bot("heuristic")
    times = []
    for i, (state, seat) in enumerate(kept):
        obs = Observation(state, seat)
        t0 = time.process_time()
        bot.choose(obs, random.Random(i))
        times.append(time.process_time() - t0)
    searched = [(s, seat) for s, seat in kept if len(s.legal_actions(seat)) > 1][: args.mcts]
    mcts = make_bot(f"mcts:iterations={args.iterations}")
    t0 = time.process_time()
    for i, (state, seat) in enumerate(searched):
        mcts.choose(Observation(state, seat), random.Random(i))
    mcts_s = time.process_time() - t0
    figures = {
        "positions": len(kept),
        "heuristic_decisions_per_s": round(len(times) / sum(times), 1),
        "heuristic_ms_mean": round(1000 * sum(times) / len(times), 3),
        "heuristic_ms_max": round(1000 * max(times), 2),
        "mcts_positions": len(searched),
        "mcts_iterations_per_s": round(len(searched) * args.iterations / mcts_s, 1),
        "mcts_s_per_decision": round(mcts_s / max(1, len(searched)), 3),
    }
    print_figures(figures, None, args.json)
    return 0
