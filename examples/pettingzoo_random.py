"""A random agent in the PettingZoo AEC Acquire environment.

python examples/pettingzoo_random.py --games 3 --players 4
"""

from __future__ import annotations

import argparse

import numpy as np

from takeover.rl import acquire_env


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=3)
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--ruleset", default="standard")
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args(argv)

    env = acquire_env(players=args.players, ruleset=args.ruleset)
    rng = np.random.default_rng(args.seed)
    for game in range(args.games):
        env.reset(seed=args.seed + game)
        returns = dict.fromkeys(env.possible_agents, 0.0)
        steps = 0
        for agent in env.agent_iter():
            observation, reward, terminated, truncated, _info = env.last()
            returns[agent] += reward
            if terminated or truncated:
                action = None  # finished agents step once more with None, then leave
            else:
                legal = np.flatnonzero(observation["action_mask"])
                action = int(rng.choice(legal))
                steps += 1
            env.step(action)
        assert env.state is not None
        print(
            f"game {game}: {steps} decisions, scores {env.state.scores()}, "
            f"returns {[round(r, 2) for r in returns.values()]}"
        )
    env.close()


if __name__ == "__main__":
    main()
