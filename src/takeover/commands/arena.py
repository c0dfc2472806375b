"""``takeover arena``: play many games between bots and measure them.

Example: ``takeover arena --players heuristic,random,random,random --games 1000 --jobs 2``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "arena",
        help="play bots against each other and report their strength",
        description="Play games between bots (seats rotated over the same tile bags, so each "
        "bot sits in each seat equally often) and print per-bot results: games, wins (ties "
        "shared), win share with a 95%% interval, mean score, mean rank and an openskill "
        "rating. Bot specs: random, heuristic, heuristic:trade=0, mcts:time=0.5, "
        "mcts:iterations=200,rollout=random ...",
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
    p.add_argument(
        "--ruleset",
        default="standard",
        help='a preset name ("standard", "tlstyer") or a JSON ruleset object',
    )
    p.add_argument(
        "--out",
        type=Path,
        help="write games.jsonl (one line per game) and records/ (replayable) here",
    )
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.set_defaults(func=run)


def _split_players(text: str) -> list[str]:
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
    from takeover.acquire.rules import ruleset_from_json
    from takeover.arena.runner import Writer, collect, run_games
    from takeover.arena.schedule import schedule
    from takeover.arena.stats import summarise
    from takeover.bots import BotSpecError, make_bot
    from takeover.core.errors import RecordError

    specs = _split_players(args.players)
    ruleset: Any = args.ruleset
    try:
        for spec in specs:
            make_bot(spec)
        if ruleset.lstrip().startswith("{"):
            ruleset = json.loads(ruleset)
        rules = ruleset_from_json(ruleset)
    except (BotSpecError, RecordError, json.JSONDecodeError) as exc:
        print(f"takeover arena: {exc}", file=sys.stderr)
        return 2
    if not rules.min_players <= len(specs) <= rules.max_players:
        print(
            f"takeover arena: the {rules.preset} ruleset takes {rules.min_players} to "
            f"{rules.max_players} players, got {len(specs)}",
            file=sys.stderr,
        )
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

        results, interrupted = collect(
            run_games(specs, fixtures, rules, args.jobs, keep_records=writer is not None),
            on_result,
        )
    if writer is not None:
        writer.close()
    rows = summarise(results, specs)
    elapsed = time.perf_counter() - started
    summary = {
        "players": specs,
        "ruleset": rules.to_json(),
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

    title = f"{summary['games']} games ({summary['ruleset']}), seed {summary['seed']}" + (
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
