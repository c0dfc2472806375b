"""``takeover selfplay``: play a game between random bots and write its record.

Any registered game (``--game``), through the game protocol only. A 1817 game stops
where the engine lists no action yet (the map's decisions, stage 2): the command says
where, writes the record so far to ``--out`` and exits with status 1.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

from takeover.commands.arena import add_game_arguments, game_ruleset
from takeover.core.errors import RecordError

MAX_ACTIONS = 100_000
"""More actions than any real game takes: the game has stalled."""


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "selfplay",
        help="play a random legal game and write its record",
        description="Play a game of random legal moves (the random bot, which takes a "
        "game's voluntary end, e.g. Acquire's declaration, when it may) and write its "
        "record; replaying the record gives the same result.",
    )
    p.add_argument("--players", type=int, default=4, help="number of players (default 4)")
    p.add_argument("--seed", type=int, default=None, help="seed for the setup and the bots")
    add_game_arguments(p)
    p.add_argument("--out", type=Path, help="write the record here (default: standard output)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from takeover.bots import Observation, make_bot
    from takeover.core import registry

    definition = registry.get(args.game)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    names = [f"Player {i + 1}" for i in range(max(0, args.players))]
    try:
        state = definition.new_game(names, game_ruleset(args), seed=seed)
    except RecordError as exc:
        print(f"cannot start the game: {exc}", file=sys.stderr)
        return 2
    rng = random.Random(seed)
    bot = make_bot("random", args.game)
    stalled = None
    count = 0
    while (decision := state.pending()) is not None:
        seat = decision.seats[0]
        obs = Observation(state, seat)
        count += 1
        if not obs.legal or count > MAX_ACTIONS:
            what = decision.kind.replace("_", " ")
            stalled = f"after {count - 1} actions seat {seat} must {what}, " + (
                f"but the {args.game} engine lists no action for it"
                if not obs.legal
                else f"and the game has passed {MAX_ACTIONS} actions"
            )
            break
        state.apply(bot.choose(obs, rng), seat)
    text = json.dumps(state.to_record(), indent=1)
    if stalled is not None:
        if args.out:
            args.out.write_text(text + "\n")
        where = f"; the record so far is in {args.out}" if args.out else ""
        print(f"takeover selfplay: {stalled}{where}", file=sys.stderr)
        return 1
    if args.out:
        args.out.write_text(text + "\n")
        json.dump(definition.summary(state), sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(text + "\n")
    return 0
