"""1817 route decisions: legal_actions() at every route decision of game files.

Run as ``takeover bench routes GAMES...`` (or ``python -m takeover.bench.routes``): each
argument is an 18xx.games 1817 game file (1817, 1817NA or 1817WO, as ``takeover
selfplay --game 1817`` writes them) or a folder searched for them (``*.json``, every
level down; other JSON files there are passed over).

A benchmark, not a test. Each game is replayed (``push``, the recorded actions); at every
route decision (the operating corporation's route step, with a train) the listing of the
legal actions, ``legal_actions()``, is timed in CPU time (``time.process_time``: the
process's own time, whatever else the machine runs), with the router's caches emptied
first, so each decision pays for its whole search (as the first time a position is
asked: a search bot's later copies of the position find it kept). ``--repeat N`` times
each decision N times (each cold) and keeps the best, which filters out the moments
another process takes the core's caches. Printed: the games, the five slowest decisions,
and, last, one line: ``route decisions N: p50 X ms, p95 Y ms, max Z ms (GAME, action
ID)``, where the action id is the recorded action that follows the decision.
"""

from __future__ import annotations

import argparse
import json
import platform
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from takeover.bench.arguments import positive_int
from takeover.core.errors import RecordError
from takeover.g1817.fixture import applied_actions, expand, is_fixture, new_game
from takeover.g1817.map.router import clear_caches
from takeover.g1817.rounds.operating import OperatingRound
from takeover.g1817.rounds.turn import Route
from takeover.g1817.state import Game1817


def existing_path(text: str) -> Path:
    """A file or folder that exists (the parser names any that does not)."""
    path = Path(text)
    if not path.exists():
        raise argparse.ArgumentTypeError(f"no such file or folder: {text}")
    return path


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "games", nargs="+", type=existing_path, metavar="GAMES",
        help="1817 game files, or folders holding them",
    )  # fmt: skip
    parser.add_argument(
        "--repeat", type=positive_int, default=1,
        help="time each decision this many times, keep the best (default 1)",
    )  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    add_arguments(parser)
    return run(parser.parse_args(argv))


def _read(path: Path) -> dict[str, Any] | None:
    try:
        data = json.loads(path.read_text())
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return None
    return data if isinstance(data, dict) and is_fixture(data) else None


def game_files(paths: list[Path]) -> list[tuple[Path, dict[str, Any]]]:
    """The games the arguments name, in order (a folder's in name order). A file that is
    not a 1817 game, or a folder holding none, is refused, naming it."""
    out: list[tuple[Path, dict[str, Any]]] = []
    for path in paths:
        if path.is_dir():
            found = [(p, d) for p in sorted(path.rglob("*.json")) if (d := _read(p)) is not None]
            if not found:
                raise RecordError(f"no 1817 game files in {path}")
            out.extend(found)
            continue
        data = _read(path)
        if data is None:
            raise RecordError(f"not a 1817 game file: {path}")
        out.append((path, data))
    return out


def route_decisions(data: dict[str, Any]) -> Iterator[tuple[int, Game1817]]:
    """Each route decision of a game (the operating corporation's route step, with a
    train): the id of the recorded action that follows it and the position (the same
    object throughout: use it before the next)."""
    state = new_game(data)
    for raw in applied_actions(data["actions"]):
        if state.finished:
            return
        rnd = state.round
        if (
            isinstance(rnd, OperatingRound)
            and not rnd.finished
            and isinstance(rnd.turn_step, Route)
            and rnd.corp.trains
        ):
            yield int(raw["id"]), state
        for action in expand(raw):
            if not state.finished:
                state.push(action)


def cold_time(state: Game1817, repeat: int) -> float:
    """The best CPU seconds of ``repeat`` listings of the legal actions, the router's
    caches emptied before each."""
    best = float("inf")
    for _ in range(repeat):
        clear_caches()
        start = time.process_time()
        state.legal_actions()
        best = min(best, time.process_time() - start)
    return best


def quantile(ordered: list[float], q: float) -> float:
    """The value at quantile ``q`` of sorted values (nearest rank)."""
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def run(args: argparse.Namespace) -> int:
    games = game_files(args.games)
    print(
        f"python {platform.python_version()} on {platform.machine()}: legal_actions() at "
        f"every route decision, CPU time (time.process_time), router caches emptied, "
        f"best of {args.repeat}"
    )
    timed: list[tuple[float, str, int]] = []
    for path, data in games:
        start = len(timed)
        for action_id, state in route_decisions(data):
            timed.append((cold_time(state, args.repeat), path.name, action_id))
        mine = sorted(t for t, _, _ in timed[start:])
        worst = f", max {mine[-1] * 1000:.1f} ms" if mine else ""
        print(f"{path}: {len(mine)} route decisions{worst}")
    if not timed:
        print("route decisions 0")
        return 1
    slowest = sorted(timed, reverse=True)
    for t, name, action_id in slowest[:5]:
        print(f"  {t * 1000:8.1f} ms  {name}, action {action_id}")
    ordered = sorted(t for t, _, _ in timed)
    worst_t, worst_game, worst_id = slowest[0]
    print(
        f"route decisions {len(ordered)}: p50 {quantile(ordered, 0.5) * 1000:.2f} ms, "
        f"p95 {quantile(ordered, 0.95) * 1000:.2f} ms, max {worst_t * 1000:.2f} ms "
        f"({worst_game}, action {worst_id})"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
