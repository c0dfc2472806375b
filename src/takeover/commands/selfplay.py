"""``takeover selfplay``: play a game between bots and write its record."""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

from takeover.acquire import new_game, summary
from takeover.acquire.rules import ruleset_from_json
from takeover.core.errors import RecordError


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "selfplay",
        help="play a random legal Acquire game and write its record",
        description="Play a game of random legal moves (the random bot, which declares the "
        "end when it may) and write its record; replaying the record gives the same result.",
    )
    p.add_argument("--players", type=int, default=4, help="number of players (default 4)")
    p.add_argument("--seed", type=int, default=None, help="seed for the bag and the bots")
    p.add_argument(
        "--ruleset",
        default="standard",
        help='a preset name ("standard", "tlstyer") or a JSON ruleset object',
    )
    p.add_argument("--out", type=Path, help="write the record here (default: standard output)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from takeover.bots.base import Observation
    from takeover.bots.random_bot import RandomBot

    ruleset: Any = args.ruleset
    try:
        if ruleset.lstrip().startswith("{"):
            try:
                ruleset = json.loads(ruleset)
            except json.JSONDecodeError as exc:
                raise RecordError(f"--ruleset is not valid JSON: {exc}") from None
        rules = ruleset_from_json(ruleset)
        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
        state = new_game(args.players, rules, seed=seed)
    except RecordError as exc:
        print(f"cannot start the game: {exc}", file=sys.stderr)
        return 2
    rng = random.Random(seed)
    bot = RandomBot()
    while not state.is_terminal():
        state.apply(bot.choose(Observation(state, state.current_player()), rng))
    record = state.to_record()
    text = json.dumps(record, indent=1)
    if args.out:
        args.out.write_text(text + "\n")
        json.dump(summary(state), sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(text + "\n")
    return 0
