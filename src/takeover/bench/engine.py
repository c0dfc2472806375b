"""Acquire engine speed: random games per second, legal-action calls, clone time.

Method: plays complete 4-player games (standard ruleset, all rules, no events)
in one process, each decision uniform over ``legal_actions()`` except that the
end is declared as soon as it may be (the ``random`` bot's policy), applied
with the unchecked ``play()`` that search uses. Games per second per core is
games / CPU seconds of this single-threaded process (CPU time, so other
processes on the machine disturb it little). Legal-action calls and clones are
timed the same way over positions sampled every 16th decision of 20 games.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from takeover.acquire import new_game
from takeover.acquire.actions import BuyShares
from takeover.acquire.constants import DECLARE_END
from takeover.acquire.state import AcquireState
from takeover.bench.arguments import positive_int
from takeover.bench.report import print_figures


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--games", type=positive_int, default=2000, help="games to play (default 2000)")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--ruleset", default="standard")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", action="store_true", help="print the figures as JSON")


def random_game(
    seed: int,
    players: int,
    ruleset: str,
    samples: list[AcquireState] | None = None,
    rng: random.Random | None = None,
) -> int:
    """Play one random game with the unchecked fast path; return the decisions made.

    The game is set up from ``seed``; its decisions are drawn from ``rng`` (default:
    a generator seeded with ``seed``; a run shares one, seeded once, since seeding
    a Mersenne Twister for every game is not free). Uniform choice is
    ``int(random() * n)``: one C call per decision instead of ``randrange``'s
    several Python ones (its bias, at most n / 2**53, is nil here). With
    ``samples``, a clone of every 16th position is appended to it.
    """
    state = new_game(players, ruleset, seed=seed)
    rnd = (rng or random.Random(seed)).random
    legal_actions, play = state.legal_actions, state.play
    with_purchase = state.ctx.end_with_purchase  # tlstyer: the end comes with a purchase
    declare = DECLARE_END  # listed first whenever the end may be declared
    decisions = 0
    while state.decider is not None:
        if samples is not None and decisions % 16 == 0:
            samples.append(state.clone())
        legal = legal_actions()
        action = legal[0]
        if action is not declare:
            action = legal[-1]
            if not (with_purchase and type(action) is BuyShares and action.end_game):
                action = legal[int(rnd() * len(legal))]
        play(action)
        decisions += 1
    return decisions


def run(args: argparse.Namespace) -> int:
    random_game(0, args.players, args.ruleset)  # warm caches
    rng = random.Random(args.seed)
    t0 = time.process_time()
    decisions = 0
    for g in range(args.games):
        decisions += random_game(args.seed + g, args.players, args.ruleset, rng=rng)
    games_cpu = time.process_time() - t0
    samples: list[Any] = []
    for g in range(20):
        random_game(10_000 + g, args.players, args.ruleset, samples)
    t0 = time.process_time()
    reps = 20
    for _ in range(reps):
        for s in samples:
            s.legal_actions()
    legal_rate = reps * len(samples) / (time.process_time() - t0)
    t0 = time.process_time()
    for _ in range(reps):
        for s in samples:
            s.clone()
    clone_us = (time.process_time() - t0) / (reps * len(samples)) * 1e6
    figures = {
        "games": args.games,
        "players": args.players,
        "ruleset": args.ruleset,
        "games_per_second_per_core": round(args.games / games_cpu, 1),
        "decisions_per_game": round(decisions / args.games, 1),
        "legal_action_calls_per_second": round(legal_rate),
        "clone_microseconds": round(clone_us, 2),
    }
    print_figures(figures, __doc__, args.json)
    return 0
