"""``takeover analyse RECORD.json``: appraise every decision of a finished game."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from takeover.core.errors import RecordError


def add_parser(sub: Any) -> None:
    from takeover.analysis.board import BLUNDER, SECONDS

    defaults = ", ".join(f"{game} {s:g} s" for game, s in SECONDS.items())
    p = sub.add_parser(
        "analyse",
        help="appraise every decision of a finished game with the strongest bot",
        description="Search every decision of a finished game (an Acquire record or a 1817 "
        "game file, 18xx.games exports included) from the deciding seat's view with the "
        "game's strongest bot: the seat's win probability (1817: expected place, 1 first "
        f"and 0 last) before and after, the bot's own choice, and a costly mark from a loss "
        f"of {BLUNDER:g}. Prints each player's costliest decisions; progress, one line a "
        "decision, on standard error.",
    )
    p.add_argument("record", type=Path, help="the record (JSON)")
    p.add_argument(
        "--time",
        type=float,
        default=None,
        metavar="S",
        help=f"CPU seconds of search per decision (default: {defaults})",
    )
    p.add_argument("--json", type=Path, metavar="FILE", help="write the analysis (JSON) here")
    p.add_argument("--seed", type=int, default=0, help="seed of the searches (default 0)")
    p.add_argument("--quiet", action="store_true", help="no progress lines")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from takeover.analysis import document, read, report
    from takeover.analysis.board import analysis_spec

    if args.time is not None and not 0.001 <= args.time <= 600:
        print("--time must be 0.001 to 600 seconds", file=sys.stderr)
        return 2
    try:
        data = json.loads(args.record.read_text())
    except OSError as exc:
        print(f"cannot read {args.record}: {exc.strerror}", file=sys.stderr)
        return 1
    except json.JSONDecodeError as exc:
        print(f"{args.record} is not valid JSON: {exc}", file=sys.stderr)
        return 1
    started = time.process_time()

    def progress(step: int, entry: dict[str, Any] | None) -> None:
        if args.quiet or entry is None:
            return
        mark = " costly" if entry["costly"] else ""
        print(
            f"{step}/{game.total} seat {entry['seat']} {entry['text']}: "
            f"{entry['before']:.2f} -> {entry['after']:.2f}{mark}",
            file=sys.stderr,
            flush=True,
        )

    try:
        game = read(data)
        doc = document(game, analysis_spec(game.game, args.time), args.seed, progress)
    except RecordError as exc:
        print(f"{args.record}: {exc}", file=sys.stderr)
        return 1
    doc["cpu_seconds"] = round(time.process_time() - started, 1)
    if args.json is not None:
        args.json.write_text(json.dumps(doc, indent=1) + "\n")
    print(report(doc))
    print(f"{doc['cpu_seconds']:g} CPU seconds")
    return 0
