"""Random playouts of Acquire through OpenSpiel, chance nodes (tile draws) included.

python examples/openspiel_random.py --games 2 --players 3
"""

from __future__ import annotations

import argparse
import random

import pyspiel

import takeover.rl.openspiel  # noqa: F401  (registers python_takeover_acquire)


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=2)
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--ruleset", default="standard")
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args(argv)

    game = pyspiel.load_game(
        "python_takeover_acquire", {"players": args.players, "ruleset": args.ruleset}
    )
    print(game, "-", game.num_distinct_actions(), "actions,", game.max_chance_outcomes(), "tiles")
    rng = random.Random(args.seed)
    for g in range(args.games):
        state = game.new_initial_state()
        draws = decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                tiles, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(tiles, probs)[0])
                draws += 1
            else:
                player = state.current_player()
                state.observation_tensor(player)  # what a learner would read
                action = rng.choice(state.legal_actions())
                if decisions < 3 and g == 0:
                    print(f"  player {player}: {state.action_to_string(player, action)}")
                state.apply_action(action)
                decisions += 1
        print(f"game {g}: {draws} draws, {decisions} decisions, returns {state.returns()}")


if __name__ == "__main__":
    main()
