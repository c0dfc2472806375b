"""OpenSpiel's ISMCTS (or MCTS) bot playing Acquire against takeover's own bots.

The OpenSpiel bot is wrapped as a takeover bot (:class:`takeover.rl.spiel_bot.SpielBot`):
at each decision it searches a position sampled from what its seat knows, with
the future tile draws as chance nodes. The loop below is the arena's: bots see an
``Observation`` of their seat, the engine referees every move. Nothing is trained.

    python examples/openspiel_vs_takeover_bots.py --bot ismcts --simulations 30 \\
        --opponents heuristic random --games 2
"""

from __future__ import annotations

import argparse
import random
import time

from takeover.acquire import new_game
from takeover.bots import make_bot
from takeover.bots.base import Observation
from takeover.rl.spiel_bot import SpielBot


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--bot", choices=["ismcts", "mcts"], default="ismcts")
    p.add_argument("--simulations", type=int, default=30)
    p.add_argument("--opponents", nargs="+", default=["heuristic", "random"])
    p.add_argument("--games", type=int, default=2)
    p.add_argument("--ruleset", default="standard")
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args(argv)

    make_spiel = SpielBot.ismcts if args.bot == "ismcts" else SpielBot.mcts
    entrants = [make_spiel(simulations=args.simulations, seed=args.seed)]
    entrants += [make_bot(spec) for spec in args.opponents]
    n = len(entrants)
    wins = [0.0] * n
    for g in range(args.games):
        seating = [(e + g) % n for e in range(n)]  # rotate seats: entrant seating[s] plays s
        state = new_game([entrants[e].name for e in seating], args.ruleset, seed=args.seed + g)
        rngs = [random.Random(f"{args.seed}/{g}/{s}") for s in range(n)]
        start = time.perf_counter()
        while not state.is_terminal():
            seat = state.current_player()
            assert seat is not None
            action = entrants[seating[seat]].choose(Observation(state, seat), rngs[seat])
            state.apply(action, seat)
        scores, ranks = state.scores(), state.ranks()
        assert scores is not None
        for seat, rank in enumerate(ranks):
            if rank == 1:
                wins[seating[seat]] += 1 / ranks.count(1)
        table = ", ".join(
            f"{entrants[e].name} ${s:,}" for e, s in zip(seating, scores, strict=True)
        )
        print(f"game {g} ({time.perf_counter() - start:.1f}s): {table}")
    for entrant, w in zip(entrants, wins, strict=True):
        print(f"{entrant.name:24} wins {w:.1f} of {args.games}")


if __name__ == "__main__":
    main()
