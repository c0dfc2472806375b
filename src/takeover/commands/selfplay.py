"""``takeover selfplay``: play games between bots and write their records.

Any registered game (``--game``), through the game protocol only. ``--players`` is a
number of random bots or one bot spec per seat (``random,heuristic,mcts:iterations=50``);
``--games N`` plays N games with seeds ``--seed``, ``--seed`` + 1, ... and writes each
record into the ``--out`` folder. A 1817 record is an 18xx.games export, exactly (no
top-level ``game`` key; its ``description`` says our bots played it, which makes
``takeover check-reference`` count an action both engines refuse as a divergence), which
the reference engine and ``takeover replay --trace`` replay. A game that stops where the
engine lists no action (or refuses the action a bot took from the list) is reported with
where it stopped, its record so far is written, and the exit status is 1.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from takeover.commands.arena import add_game_arguments, game_ruleset, split_players
from takeover.core.errors import IllegalAction, RecordError

MAX_ACTIONS = 100_000
"""More actions than any real game takes: the game has stalled."""


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "selfplay",
        help="play games between bots and write their records",
        description="Play games of legal moves between bots (by default random ones, which "
        "take a game's voluntary end, e.g. Acquire's declaration, when they may) and write "
        "their records; replaying a record gives the same result.",
    )
    p.add_argument(
        "--players",
        default="4",
        help="a number of random bots (default 4), or one bot spec per seat, "
        "comma-separated: random,heuristic,mcts:iterations=50",
    )
    p.add_argument("--seed", type=int, default=None, help="seed for the setup and the bots")
    p.add_argument(
        "--games",
        type=int,
        default=1,
        help="games to play, with seeds --seed, --seed + 1, ...; with more than one, "
        "--out is a folder that receives a record per game (default 1)",
    )
    p.add_argument("--jobs", type=int, default=1, help="worker processes for --games")
    add_game_arguments(p)
    p.add_argument(
        "--out",
        type=Path,
        help="write the record here (default: standard output); a folder with --games",
    )
    p.set_defaults(func=run)


@dataclass(frozen=True)
class Played:
    """One game played: its record, and why it stopped early (``None``: it ended)."""

    seed: int
    record: dict[str, Any]
    summary: dict[str, Any] | None
    stalled: str | None


def bot_specs(players: str) -> list[str]:
    """``--players``: ``"4"`` is four random bots, else one spec per seat.

    >>> bot_specs("3"), bot_specs("random,mcts:iterations=9,rollout=random,heuristic")
    (['random', 'random', 'random'], ['random', 'mcts:iterations=9,rollout=random', 'heuristic'])
    """
    text = players.strip()
    if text.isdigit():
        return ["random"] * int(text)
    return split_players(text)


def play(game: str, specs: list[str], ruleset: Any, seed: int) -> Played:
    """Play one game; ``RecordError`` or ``BotSpecError`` when it cannot be set up."""
    from takeover.bots import Observation, make_bot
    from takeover.core import registry

    definition = registry.get(game)
    bots = [make_bot(spec, game) for spec in specs]
    names = [f"Player {i + 1}" for i in range(len(specs))]
    state = definition.new_game(names, ruleset, seed=seed)
    rng = random.Random(seed)
    stalled = None
    count = 0
    while (decision := state.pending()) is not None:
        count += 1
        if not decision.seats:
            what = decision.kind.replace("_", " ")
            stalled = f"after {count - 1} actions the game waits to {what}, but for no seat"
            break
        seat = decision.seats[0]
        obs = Observation(state, seat)
        if not obs.legal or count > MAX_ACTIONS:
            what = decision.kind.replace("_", " ")
            stalled = f"after {count - 1} actions seat {seat} must {what}, " + (
                f"but the {game} engine lists no action for it"
                if not obs.legal
                else f"and the game has passed {MAX_ACTIONS} actions"
            )
            break
        action = None
        try:
            action = bots[seat].choose(obs, rng)
            state.apply(action, seat)
        except IllegalAction as exc:
            assert action is not None
            stalled = (
                f"after {count - 1} actions the {game} engine refused seat {seat}'s "
                f"{state.action_text(action)} ({specs[seat]} bot): {exc}"
            )
            break
        except Exception as exc:  # a bug, reported with the record so far
            what = "bot" if action is None else "engine"
            stalled = f"after {count - 1} actions the {what} failed: {type(exc).__name__}: {exc}"
            break
    summary = None if stalled is not None else definition.summary(state)
    record = state.to_record()
    if game == "1817":
        from takeover.g1817.crosscheck import generated_export

        record = generated_export(record, f"seed {seed}, bots {', '.join(specs)}")
    return Played(seed, record, summary, stalled)


def _play_one(job: tuple[str, list[str], Any, int]) -> Played:
    return play(*job)


def run(args: argparse.Namespace) -> int:
    from takeover.bots import BotSpecError

    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    specs = bot_specs(args.players)
    if args.games < 1 or args.jobs < 1:
        print("takeover selfplay: --games and --jobs must be at least 1", file=sys.stderr)
        return 2
    if args.games > 1 and args.out is None:
        print("takeover selfplay: --games needs --out FOLDER for the records", file=sys.stderr)
        return 2
    try:
        ruleset = game_ruleset(args)
        first = play(args.game, specs, ruleset, seed)
    except (RecordError, BotSpecError) as exc:
        print(f"cannot start the game: {exc}", file=sys.stderr)
        return 2
    if args.games == 1:
        return _write_one(first, args.out)
    return _write_many(args, first, specs, ruleset)


def _write_one(played: Played, out: Path | None) -> int:
    text = json.dumps(played.record, indent=1)
    if played.stalled is not None:
        if out:
            out.write_text(text + "\n")
        where = f"; the record so far is in {out}" if out else ""
        print(f"takeover selfplay: {played.stalled}{where}", file=sys.stderr)
        return 1
    if out:
        out.write_text(text + "\n")
        json.dump(played.summary, sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(text + "\n")
    return 0


def record_name(record: dict[str, Any], seed: int) -> str:
    """A record's file name in a ``--games`` folder: what it is and its seed.

    >>> record_name({"title": "1817NA", "players": [1, 2, 3],
    ...              "settings": {"optional_rules": ["five_shorts"]}}, 12)
    '1817NA-3p-five_shorts-s12.json'
    """
    title = str(record.get("title") or record.get("game") or "game")
    settings = record.get("settings")
    options = settings.get("optional_rules") if isinstance(settings, dict) else None
    parts = [title, f"{len(record.get('players') or [])}p", *sorted(options or []), f"s{seed}"]
    return "-".join(parts) + ".json"


def _write_many(args: argparse.Namespace, first: Played, specs: list[str], ruleset: Any) -> int:
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    jobs = [(args.game, specs, ruleset, first.seed + i) for i in range(1, args.games)]
    stalled: list[dict[str, Any]] = []
    reasons: dict[str, int] = {}

    def keep(played: Played) -> None:
        path = out / record_name(played.record, played.seed)
        path.write_text(json.dumps(played.record, indent=1) + "\n")
        if played.stalled is not None:
            stalled.append({"record": str(path), "stalled": played.stalled})
            print(f"takeover selfplay: {path}: {played.stalled}", file=sys.stderr)
        else:
            assert played.summary is not None
            reason = str(played.summary.get("end_reason"))
            reasons[reason] = reasons.get(reason, 0) + 1

    keep(first)
    if args.jobs > 1:
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            for played in pool.map(_play_one, jobs):
                keep(played)
    else:
        for job in jobs:
            keep(_play_one(job))
    summary = {
        "games": args.games,
        "seeds": [first.seed, first.seed + args.games - 1],
        "players": specs,
        "ruleset": ruleset,
        "out": str(out),
        "ended": args.games - len(stalled),
        "end_reasons": reasons,
        "stalled": stalled,
    }
    json.dump(summary, sys.stdout, indent=2)
    sys.stdout.write("\n")
    return 1 if stalled else 0
