"""1817 replay and clone speed: the ten real games, best of several runs.

Run as ``takeover bench 1817 [games dir]`` (or ``python -m takeover.bench.g1817``).

A benchmark, not a test: each game is replayed ``--repeat`` times from its parsed JSON
(file reading and JSON parsing excluded, undo filtering and action parsing included) and
the best time is reported, which filters out other load on the machine. Then each game
is replayed through ``apply`` (the checked protocol path live play takes) instead of
``push``, and the position halfway through each game (by recorded actions) is cloned
``--clones`` times, best of ``--repeat``: what a search pays for each position it tries.
"""

from __future__ import annotations

import argparse
import json
import platform
import time
from pathlib import Path
from typing import Any

from takeover.bench.arguments import positive_int
from takeover.g1817.fixture import applied_actions, expand, new_game, replay_fixture, replay_game

GAMES = (
    "1817WO__1817WO_game_end_bankrupt",
    "1817__20758",
    "1817__16281",
    "1817__15528",
    "1817NA__20584",
    "1817NA__25351",
    "1817__1817_game_end_bankrupt",
    "1817__16852",
    "1817NA__25363",
    "1817WO__19926",
)


def default_dir() -> Path:
    """The real games the tests use, in a checkout of the repository (``tests/data/1817``)."""
    return Path(__file__).resolve().parents[3] / "tests" / "data" / "1817"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("games_dir", nargs="?", type=Path, default=default_dir())
    parser.add_argument("--repeat", type=positive_int, default=5)
    parser.add_argument("--clones", type=positive_int, default=200)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    add_arguments(parser)
    return run(parser.parse_args(argv))


def run(args: argparse.Namespace) -> int:
    if not (args.games_dir / "fixtures").is_dir():
        print(f"no 1817 games in {args.games_dir} (give the folder that holds fixtures/)")
        return 1
    total = 0.0
    print(f"python {platform.python_version()} on {platform.machine()}, best of {args.repeat}")
    for game in GAMES:
        data = load(args.games_dir, game)
        best = float("inf")
        for _ in range(args.repeat):
            start = time.perf_counter()
            summary = replay_fixture(data)
            best = min(best, time.perf_counter() - start)
        total += best
        ok = "result ok" if summary.get("matches_stored_result") else "RESULT DIFFERS"
        print(f"{game:36} {len(data['actions']):5} actions {best * 1000:8.1f} ms  {ok}")
    print(f"{f'all {len(GAMES)}':36} {'':13} {total * 1000:8.1f} ms")
    print(f"replay through apply, best of {args.repeat}")
    total = 0.0
    for game in GAMES:
        data = load(args.games_dir, game)
        best = float("inf")
        for _ in range(args.repeat):
            best = min(best, replay_by_apply(data))
        total += best
        print(f"{game:36} {len(data['actions']):5} actions {best * 1000:8.1f} ms")
    print(f"{f'all {len(GAMES)}':36} {'':13} {total * 1000:8.1f} ms")
    print(f"clone of the position halfway through, best of {args.repeat} x {args.clones}")
    for game in GAMES:
        data = load(args.games_dir, game)
        half = {**data, "actions": data["actions"][: len(data["actions"]) // 2]}
        state = replay_game(half)[0]
        best = float("inf")
        for _ in range(args.repeat):
            start = time.perf_counter()
            for _ in range(args.clones):
                state.clone()
            best = min(best, (time.perf_counter() - start) / args.clones)
        print(f"{game:36} {len(half['actions']):5} actions {best * 1000:8.3f} ms")
    return 0


def replay_by_apply(data: dict[str, Any]) -> float:
    """Seconds to apply every recorded action (undo filtering and parsing done first)."""
    state = new_game(data)
    flat = [a for raw in applied_actions(data["actions"]) for a in expand(raw)]
    start = time.perf_counter()
    for action in flat:
        if not (state.finished and action.type == "message"):
            state.apply(action)
    return time.perf_counter() - start


def load(games_dir: Path, game: str) -> dict[str, Any]:
    base = games_dir / "fixtures"
    path = base / f"{game}.revenue.json"
    if not path.exists():
        path = base / f"{game}.json"
    data: dict[str, Any] = json.loads(path.read_text())
    return data


if __name__ == "__main__":
    raise SystemExit(main())
