"""1817 map speed: a replay computing every route, the router, and legal actions at a lay.

Run as ``takeover bench map1817 [games dir]`` (or ``python -m takeover.bench.map1817``).

A benchmark, not a test. Three figures, each the best of ``--repeat`` runs per item
(which filters out other load on the machine):

* the replay of ``1817__15528`` from its original file (routes recorded as connections:
  every route's revenue is computed from the map), through ``push``; with ``ENGINE18XX``
  set (a folder with the ``lib/`` of tobymao/18xx) and Ruby installed, the reference
  engine's replay of the same file in the same run, as the baseline (its own timing of
  the replay, process start and code loading excluded);
* the auto-router at every route decision of the seven games with map traces (the
  corporation's trains as they were), as p50 / p95 / max, and the same over decisions
  of corporations with three trains or more in phase 5 or later;
* ``legal_actions()`` at every tile-lay decision of those games, p50 / p95 / max.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import platform
import re
import statistics
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from takeover.bench.arguments import positive_int
from takeover.bench.g1817 import GAMES
from takeover.g1817.fixture import applied_actions, expand, new_game, replay_game
from takeover.g1817.map.router import best_routes
from takeover.g1817.rounds.operating import OperatingRound
from takeover.g1817.rounds.turn import Route, Track
from takeover.g1817.state import Game1817

LONGEST = "1817__15528"
MAPPED = GAMES[:7]
"""The seven games with map traces (the first seven of the replay benchmark's ten)."""
REFERENCE_ENV = "TAKEOVER_18XX_REFERENCE"
"""The folder of the reference's scripts, as for ``takeover check-reference``."""


def reference_script() -> Path | None:
    """The reference's ``replay.rb`` from ``$TAKEOVER_18XX_REFERENCE``, if set."""
    folder = os.environ.get(REFERENCE_ENV)
    return Path(folder) / "replay.rb" if folder else None


def default_dir() -> Path:
    """The real games the tests use, in a checkout of the repository (``tests/data/1817``)."""
    return Path(__file__).resolve().parents[3] / "tests" / "data" / "1817"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("games_dir", nargs="?", type=Path, default=default_dir())
    parser.add_argument("--repeat", type=positive_int, default=3)
    parser.add_argument(
        "--reference-script",
        type=Path,
        default=reference_script(),
        help="the reference's replay.rb (with ENGINE18XX set) for the baseline "
        f"(default: replay.rb in ${REFERENCE_ENV})",
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    add_arguments(parser)
    return run(parser.parse_args(argv))


def best(repeat: int, work: Callable[[], Any]) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def positions(data: dict[str, Any]) -> Iterator[Game1817]:
    """Each position of a game before its next recorded action (the same object)."""
    state = new_game(data)
    for raw in applied_actions(data["actions"]):
        if state.finished:
            return
        yield state
        for action in expand(raw):
            if not state.finished:
                state.push(action)


def quantiles(values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    med = statistics.median(ordered)
    return f"p50 {med * 1000:.2f} ms, p95 {p95 * 1000:.2f} ms, max {ordered[-1] * 1000:.2f} ms"


def reference_seconds(script: Path | None, path: Path) -> float | None:
    """The reference engine's own timing of its replay of ``path`` (``None`` without it)."""
    if script is None or not os.environ.get("ENGINE18XX") or not script.exists():
        return None
    try:
        out = subprocess.run(
            ["ruby", str(script), str(path)], capture_output=True, text=True, timeout=600
        ).stdout
    except (OSError, subprocess.TimeoutExpired):
        return None
    found = re.search(r" ok=\S+ .* t=([0-9.]+)s", out)
    return float(found.group(1)) if found else None


def run(args: argparse.Namespace) -> int:
    fixtures = args.games_dir / "fixtures"
    if not fixtures.is_dir():
        print(f"no 1817 games in {args.games_dir} (give the folder that holds fixtures/)")
        return 1
    print(f"python {platform.python_version()} on {platform.machine()}, best of {args.repeat}")
    original = fixtures / f"{LONGEST}.json"
    data = json.loads(original.read_text())
    ours = best(args.repeat, lambda: replay_game(data))
    print(f"replay of {LONGEST} (original file, every route computed): {ours * 1000:.0f} ms")
    ref = [reference_seconds(args.reference_script, original) for _ in range(args.repeat)]
    known = [t for t in ref if t is not None]
    if known:
        print(f"  baseline, the reference engine on the same file: {min(known) * 1000:.0f} ms")
    routes: list[float] = []
    late3: list[float] = []
    lays: list[float] = []
    for game in MAPPED:
        record = json.loads((fixtures / f"{game}.json").read_text())
        for state in positions(record):
            rnd = state.round
            if not isinstance(rnd, OperatingRound) or rnd.finished:
                continue
            corp = rnd.corp
            if isinstance(rnd.turn_step, Route) and corp.trains:
                distances = [int(t.name.rstrip("+")) for t in corp.trains]
                colors = state.phase_colors
                job = functools.partial(best_routes, state.board, corp.sym, distances, colors)
                t = best(args.repeat, job)
                routes.append(t)
                if len(distances) >= 3 and state.phase_index >= 4:
                    late3.append(t)
            elif isinstance(rnd.turn_step, Track):
                lays.append(best(args.repeat, state.legal_actions))
    print(f"router, {len(routes)} route decisions: {quantiles(routes)}")
    if late3:
        print(f"router, {len(late3)} with 3+ trains in phase 5+: {quantiles(late3)}")
    print(f"legal_actions at {len(lays)} tile-lay decisions: {quantiles(lays)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
