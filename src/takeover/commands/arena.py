"""``takeover arena``: play many games between bots and measure them.

Example: ``takeover arena --players heuristic,random,random,random --games 1000 --jobs 2``;
any registered game: ``takeover arena --game 1817 --title 1817NA --players random,random``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import textwrap
import time
from pathlib import Path
from typing import Any


def level_lines() -> str:
    """Each game's bot levels, what each is and how long it thinks (the registry's words)."""
    from takeover.bots import levels
    from takeover.core import registry

    return "\n".join(
        f"  {game} {entry.level}: {entry.about()}"
        for game in registry.names()
        for entry in levels(game)
    )


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "arena",
        help="play bots against each other and report their strength",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="bot levels:\n" + level_lines(),
        description=textwrap.fill(
            "Play games between bots (seats rotated over the same tile bags, so each "
            "bot sits in each seat equally often) and print per-bot results: games, wins (ties "
            "shared), win share with a 95% interval, mean score, mean rank and an openskill "
            "rating and how often each bot took each kind of action. Bot specs: random, "
            "heuristic, heuristic:trade=0, mcts:time=0.5, mcts:iterations=200,rollout=random ..."
        ),
    )
    p.add_argument(
        "--players",
        required=True,
        help="comma-separated bot specs, one per seat, e.g. heuristic,random,random,random",
    )
    p.add_argument(
        "--games",
        type=int,
        default=100,
        help="games to play, rounded up to a multiple of the number of players (default 100)",
    )
    p.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    p.add_argument("--seed", type=int, default=None, help="seed of the run (default: random)")
    add_game_arguments(p)
    p.add_argument(
        "--out",
        type=Path,
        help="write games.jsonl (one line per game) and records/ (replayable) here",
    )
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.set_defaults(func=run)


def split_players(text: str) -> list[str]:
    """Split on commas that start a new spec (``mcts:time=1,rollout=random,random``
    is one mcts spec followed by ``random``): a part with ``=`` and no ``:`` is a
    setting of the spec before it."""
    specs: list[str] = []
    for part in text.split(","):
        part = part.strip()
        if specs and "=" in part and ":" not in part:
            specs[-1] += "," + part
        else:
            specs.append(part)
    return specs


def run(args: argparse.Namespace) -> int:
    from takeover.arena.match import StalledGame
    from takeover.arena.runner import Writer, collect, run_games
    from takeover.arena.schedule import schedule
    from takeover.arena.stats import summarise
    from takeover.bots import BotSpec, BotSpecError
    from takeover.core import registry
    from takeover.core.errors import RecordError

    specs = split_players(args.players)
    try:
        ruleset = game_ruleset(args)
        for spec in specs:
            BotSpec.parse(spec, args.game)
        # Set one game up: a bad option or player count is named before anything runs.
        registry.get(args.game).new_game([f"P{i}" for i in range(len(specs))], ruleset, seed=0)
    except (BotSpecError, RecordError) as exc:
        print(f"takeover arena: {exc}", file=sys.stderr)
        return 2
    if args.games < 1 or args.jobs < 1:
        print("takeover arena: --games and --jobs must be at least 1", file=sys.stderr)
        return 2
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    fixtures = schedule(args.games, len(specs), seed)
    writer = Writer(args.out) if args.out else None
    started = time.perf_counter()

    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    err = Console(stderr=True)
    progress = Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=err,
        transient=True,
    )
    with progress:
        task = progress.add_task("games", total=len(fixtures))

        def on_result(result: Any) -> None:
            if writer is not None:
                writer.add(result)
            progress.advance(task)

        try:
            results, interrupted = collect(
                run_games(specs, fixtures, ruleset, args.jobs, writer is not None, game=args.game),
                on_result,
            )
        except StalledGame as exc:
            print(f"takeover arena: {exc}", file=sys.stderr)
            return 1
        finally:
            if writer is not None:
                writer.close()
    rows = summarise(results, specs)
    elapsed = time.perf_counter() - started
    summary = {
        "players": specs,
        "game": args.game,
        "ruleset": ruleset,
        "seed": seed,
        "games": len(results),
        "scheduled": len(fixtures),
        "interrupted": interrupted,
        "seconds": round(elapsed, 2),
        "end_reasons": _count(r.end_reason for r in results),
        "illegal_actions": sum(sum(r.illegal) for r in results),
        "bots": [row.to_dict() for row in rows],
    }
    if args.out:
        (args.out / "summary.json").write_text(json.dumps(summary, indent=1) + "\n")
    if args.json:
        json.dump(summary, sys.stdout, indent=1)
        sys.stdout.write("\n")
    else:
        _print_table(summary, rows)
    return 130 if interrupted else 0


def _count(items: Any) -> dict[str, int]:
    out: dict[str, int] = {}
    for item in items:
        out[item] = out.get(item, 0) + 1
    return out


def _print_table(summary: dict[str, Any], rows: list[Any]) -> None:
    from rich.console import Console
    from rich.table import Table

    rules = summary["ruleset"] if summary["ruleset"] is not None else "default"
    title = f"{summary['games']} {summary['game']} games ({rules}), seed {summary['seed']}" + (
        " - interrupted" if summary["interrupted"] else ""
    )
    table = Table(title=title)
    table.add_column("bot", no_wrap=True)
    for name in ("games", "wins", "win share", "95% CI", "mean score", "mean rank"):
        table.add_column(name, justify="right", no_wrap=True)
    table.add_column("rating mu-3s (mu)", justify="right", no_wrap=True)
    table.add_column("s/decision wall, cpu", justify="right", no_wrap=True)
    table.add_column("max cpu s", justify="right", no_wrap=True)
    for row in rows:
        rating = "-" if row.rating is None else f"{row.rating:.1f} ({row.rating_mu:.1f})"
        table.add_row(
            row.bot + (f" x{row.entrants}" if row.entrants > 1 else ""),
            str(row.games),
            f"{row.wins:g}",
            f"{100 * row.win_share:.1f}%",
            f"{100 * row.ci95[0]:.1f}-{100 * row.ci95[1]:.1f}%",
            f"{row.mean_score:,.0f}",
            f"{row.mean_rank:.2f}",
            rating,
            f"{row.think_per_decision:.3f}, {row.cpu_per_decision:.3f}",
            f"{row.max_cpu:.2f}",
        )
    console = Console()
    if not console.is_terminal:
        console = Console(width=160)
    console.print(table)
    reasons = ", ".join(f"{k}: {v}" for k, v in summary["end_reasons"].items())
    console.print(f"end reasons: {reasons}; {summary['seconds']} s")
    for row in rows:
        per_game = ", ".join(f"{k} {n / max(1, row.games):.1f}" for k, n in row.kinds.items())
        console.print(f"{row.bot}, actions per game by kind: {per_game}")


def add_game_arguments(p: argparse.ArgumentParser) -> None:
    """``--game``, ``--ruleset``, ``--title`` and ``--options``: which game, set up how
    (shared by the commands that start games)."""
    from takeover.core import registry

    p.add_argument(
        "--game",
        default="acquire",
        choices=registry.names(),
        help="the game (default acquire)",
    )
    p.add_argument(
        "--ruleset",
        default=None,
        help='a preset name (Acquire: "standard", "tlstyer"; 1817: a title) or a JSON '
        'object {"preset": ..., "options": {...}} (default: the game\'s first preset)',
    )
    p.add_argument("--title", help="1817: the title, 1817, 1817NA or 1817WO (a preset)")
    p.add_argument(
        "--options",
        help="optional rules to turn on, comma-separated (1817: volatility, short_squeeze, "
        "five_shorts, modern_trains), on the --title or the game's first preset",
    )


def game_ruleset(args: argparse.Namespace) -> Any:
    """The ruleset ``--ruleset`` or ``--title`` (with ``--options``) names, in record form;
    ``RecordError`` when it is not JSON or ``--ruleset`` comes with either of the others.
    The game checks the options when it is set up."""
    from takeover.core import registry
    from takeover.core.errors import RecordError

    ruleset: Any = args.ruleset
    names = [o.strip() for o in (args.options or "").split(",") if o.strip()]
    if ruleset is not None and names:
        raise RecordError("give --options with --title (or alone), not with --ruleset")
    if args.title is not None:
        if args.game != "1817":
            raise RecordError(f"--title is for 1817; {args.game} takes --ruleset")
        if ruleset is not None:
            raise RecordError("give --title or --ruleset, not both")
        ruleset = args.title
    elif ruleset is None:
        ruleset = registry.get(args.game).presets[0]
    if names:
        return {"preset": ruleset, "options": dict.fromkeys(names, True)}
    if ruleset.lstrip().startswith("{"):
        try:
            ruleset = json.loads(ruleset)
        except json.JSONDecodeError as exc:
            raise RecordError(f"--ruleset is not valid JSON: {exc}") from None
    return ruleset
