"""A random learner in the Gymnasium wrapper: one seat against takeover bots.

python examples/gymnasium_random.py --opponents heuristic random random
"""

from __future__ import annotations

import argparse

import gymnasium
import numpy as np

import takeover.rl  # registers takeover/Acquire-v0


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--episodes", type=int, default=3)
    p.add_argument("--opponents", nargs="+", default=["random", "random", "random"])
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args(argv)

    env = gymnasium.make(takeover.rl.ENV_ID, opponents=args.opponents, seat=None)
    rng = np.random.default_rng(args.seed)
    total = 0.0
    for episode in range(args.episodes):
        obs, info = env.reset(seed=args.seed + episode)
        done, steps, reward = False, 0, 0.0
        while not done:
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            obs, reward, terminated, truncated, info = env.step(action)
            done = terminated or truncated
            steps += 1
        total += float(reward)
        print(
            f"episode {episode}: seat {info['seat']}, {steps} steps, "
            f"scores {info['scores']}, reward {reward:+.2f}"
        )
    print(f"mean reward {total / args.episodes:+.3f} against {', '.join(args.opponents)}")
    env.close()


if __name__ == "__main__":
    main()
