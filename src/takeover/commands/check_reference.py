"""``takeover check-reference GAMES...``: does the reference engine agree with ours?

For each 1817 game file (18xx.games format: ``takeover selfplay --game 1817`` writes
them), run the reference implementation (18xx.games' Ruby engine, through the scripts
``replay.rb`` and ``trace.rb`` of a reference folder) in strict mode, then replay the file
here and compare: the verdict (finished, end reason, result) and the state after every
action, reporting the first divergence (:mod:`takeover.g1817.crosscheck`). An action
both engines refuse is a divergence in a game our bots played (``takeover selfplay`` marks
its files; ``--generated`` says so of every file), agreement in a real one, named. The
reference is not part of this package: the scripts' folder comes from ``--reference`` or
``TAKEOVER_18XX_REFERENCE``, the engine (a folder holding the ``lib/`` of ``tobymao/18xx``)
from ``--engine`` or ``ENGINE18XX``.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from takeover.g1817.crosscheck import GameCheck

REFERENCE_ENV = "TAKEOVER_18XX_REFERENCE"
ENGINE_ENV = "ENGINE18XX"
SCRIPTS = ("replay.rb", "trace.rb")
RUBY_TIMEOUT_S = 600
"""A reference run taking longer than this has hung (the longest real game takes ~2 s)."""


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "check-reference",
        help="replay 1817 game files in the reference engine and compare, action by action",
        description="Run the reference engine (18xx.games, Ruby) on 1817 game files in "
        "strict mode and compare with this engine: whether each file replays to the "
        "same end and result, and the state after every action (the first divergence: "
        "action id, field, our value, the reference's). Prints failing games and a "
        "summary per title; exit status 1 when any game differs. An action both engines "
        "refuse is a divergence in a game our bots played (counted apart), agreement "
        "(named) in a real game file.",
    )
    p.add_argument("games", nargs="+", type=Path, help="game files, or folders of *.json files")
    p.add_argument(
        "--reference",
        type=Path,
        default=os.environ.get(REFERENCE_ENV),
        help=f"folder with the reference scripts replay.rb and trace.rb (default: "
        f"${REFERENCE_ENV})",
    )
    p.add_argument(
        "--engine",
        type=Path,
        default=os.environ.get(ENGINE_ENV),
        help=f"folder holding lib/ of the tobymao/18xx repository (default: ${ENGINE_ENV})",
    )
    p.add_argument("--jobs", type=int, default=2, help="games checked at once (default 2)")
    p.add_argument("--keep-traces", type=Path, help="write the reference's trace of each game here")
    p.add_argument("--verbose", action="store_true", help="print a line for every game")
    p.add_argument(
        "--generated",
        action="store_true",
        help="every file is a game our bots played, marked or not: an action both engines "
        "refuse is a divergence (default: files whose description starts with "
        "'takeover selfplay', or that carry a top-level 'game' key)",
    )
    p.add_argument("--json", type=Path, help="also write every game's check and the summary here")
    p.set_defaults(func=run)


class SetupError(Exception):
    """Something the check needs is missing; the message says what to install or give."""


def find_tools(reference: Path | None, engine: Path | None) -> tuple[str, Path, Path]:
    """Ruby, the scripts' folder and the engine folder, or a :class:`SetupError` naming
    what is missing and how to get it."""
    ruby = shutil.which("ruby")
    if ruby is None:
        raise SetupError("ruby is not installed (apt-get install -y ruby)")
    if reference is None:
        raise SetupError(
            f"give the folder of the reference scripts ({', '.join(SCRIPTS)}) with "
            f"--reference or ${REFERENCE_ENV}"
        )
    missing = [s for s in SCRIPTS if not (reference / s).is_file()]
    if missing:
        raise SetupError(f"{reference} has no {', '.join(missing)} (--reference, ${REFERENCE_ENV})")
    if engine is None:
        raise SetupError(
            f"give the reference engine with --engine or ${ENGINE_ENV}: a folder holding "
            "lib/ of github.com/tobymao/18xx (git archive HEAD lib | tar -x -C FOLDER)"
        )
    if not (engine / "lib" / "engine" / "game" / "g_1817").is_dir():
        raise SetupError(
            f"{engine} does not hold the reference engine (no lib/engine/game/g_1817): "
            "put lib/ of github.com/tobymao/18xx there (--engine, $ENGINE18XX)"
        )
    return ruby, reference.resolve(), engine.resolve()


def game_files(paths: list[Path]) -> list[Path]:
    """The files named, and the ``*.json`` files of the folders named, sorted per folder."""
    out: list[Path] = []
    for path in paths:
        if path.is_dir():
            out.extend(sorted(path.glob("*.json")))
        else:
            out.append(path)
    return out


def run(args: argparse.Namespace) -> int:
    from takeover.g1817.crosscheck import summarise

    try:
        ruby, reference, engine = find_tools(args.reference, args.engine)
    except SetupError as exc:
        print(f"takeover check-reference: {exc}", file=sys.stderr)
        return 2
    files = game_files(args.games)
    missing = [str(f) for f in files if not f.is_file()]
    problem = (
        "--jobs must be at least 1"
        if args.jobs < 1
        else f"no such file: {', '.join(missing)}"
        if missing
        else "no game files (*.json) found"
        if not files
        else None
    )
    if problem is not None:
        print(f"takeover check-reference: {problem}", file=sys.stderr)
        return 2
    if args.keep_traces:
        args.keep_traces.mkdir(parents=True, exist_ok=True)
    tools = (ruby, str(reference), str(engine), str(args.keep_traces or ""))
    checks = []
    generated = [True if args.generated else None] * len(files)
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for check in pool.map(
            _check_file, [str(f) for f in files], [tools] * len(files), generated
        ):
            checks.append(check)
            if args.verbose or not check.equal or check.both_refused:
                print(_game_line(check), flush=True)
    summaries = summarise(checks)
    for s in summaries:
        print(
            f"{s.title}: {s.games} games ({s.finished} finished, {s.actions} actions), "
            f"{s.equal} equal to the reference, {len(s.failing)} differ, "
            f"{len(s.refused_by_both)} generated with an action both refuse"
        )
        for check in s.equal_on_a_refusal:
            print(f"  equal, but both refuse {check.both_refused}: {check.path} (a real file)")
    if args.json:
        args.json.write_text(
            json.dumps(
                {
                    "summary": [s.to_dict() for s in summaries],
                    "games": [c.to_dict() for c in checks],
                },
                indent=1,
                default=str,
            )
            + "\n"
        )
    return 0 if all(c.equal for c in checks) else 1


def _game_line(check: GameCheck) -> str:
    head = f"{check.path} ({check.title}, {check.players} players, {check.actions} actions"
    if check.equal:
        end = check.end_reason or ("finished" if check.finished else "unfinished")
        line = f"{head}, {end}): equal, {check.compared} actions compared"
        return line + (f"; both refuse {check.both_refused}" if check.both_refused else "")
    line = f"{head}): {check.compared} actions equal, then {check.divergence}"
    return line + (" (a generated game: our bug)" if check.refused_by_both else "")


def _check_file(path: str, tools: tuple[str, str, str, str], generated: bool | None) -> GameCheck:
    """Run the reference on one file and compare (in a worker process); a failure of
    the check itself is reported as the game's divergence, so the others still run."""
    from takeover.g1817.crosscheck import Divergence, GameCheck

    try:
        return _check(path, tools, generated)
    except Exception as exc:  # one game's failure must not stop the run
        failed = Divergence(None, "check failed", f"{type(exc).__name__}: {exc}", None)
        return GameCheck(path, "?", 0, (), 0, 0, False, None, failed)


def _check(path: str, tools: tuple[str, str, str, str], generated: bool | None) -> GameCheck:
    from takeover.g1817.crosscheck import (
        Divergence,
        GameCheck,
        ReferenceRun,
        check_game,
        parse_replay_output,
        parse_trace,
        parse_trace_output,
    )

    ruby, reference, engine, keep = tools
    try:
        data = json.loads(Path(path).read_text())
        if not isinstance(data, dict):
            raise ValueError("not a JSON object")
    except (OSError, ValueError) as exc:
        return GameCheck(
            path, "?", 0, (), 0, 0, False, None, Divergence(None, "file", str(exc), None)
        )
    env = {**os.environ, ENGINE_ENV: engine}
    verdict = _ruby([ruby, f"{reference}/replay.rb", path], env)
    try:
        replay = parse_replay_output(verdict.stdout)
    except ValueError as exc:
        error = _last_line(verdict.stderr) or str(exc)
        ref = ReferenceRun(False, False, None, f"replay.rb failed: {error}")
        return check_game(path, data, ref, generated)
    with tempfile.TemporaryDirectory(prefix="takeover-ref-") as tmp:
        out = Path(keep or tmp) / (Path(path).stem + ".trace.jsonl")
        traced = _ruby([ruby, f"{reference}/trace.rb", path, str(out)], env)
        trace = None
        if out.is_file():
            try:
                trace = parse_trace(out.read_text().splitlines())
            except ValueError:
                trace = None
    exception = replay["exception"]
    if exception is None and traced.returncode != 0:
        exception = f"trace.rb failed: {_last_line(traced.stderr)}"
    ref = ReferenceRun(
        ok=replay["ok"],
        finished=replay["finished"],
        reason=replay["reason"],
        exception=exception,
        result_match=parse_trace_output(traced.stdout),
        trace=trace,
    )
    return check_game(path, data, ref, generated)


def _ruby(cmd: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    try:
        return subprocess.run(
            cmd, env=env, capture_output=True, text=True, timeout=RUBY_TIMEOUT_S, check=False
        )
    except subprocess.TimeoutExpired:
        return subprocess.CompletedProcess(cmd, 124, "", f"timed out after {RUBY_TIMEOUT_S} s")


def _last_line(text: str) -> str:
    lines = [line for line in text.splitlines() if line.strip()]
    return lines[-1][:300] if lines else ""
