"""Server-side bots: seats filled by :func:`takeover.bots.make_bot`, run in worker pools.

A seat's spec is read once into a :class:`~takeover.bots.BotSpec` (checked against the
server's think time) and the parsed spec travels to the worker.

The ``random`` bot answers in microseconds and runs in a worker thread. Every
other level thinks in worker *processes*, so a searching bot never competes with
the event loop for the interpreter; the observation (a copy of the state) is
pickled across. A bot that has not answered within the think time, or fails,
plays a harmless legal action instead, so a table never hangs on a bot; specs
that ask for more think time than that are refused.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import random
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from takeover.bots import BotSpec, BotSpecError
from takeover.bots import make_bot as build
from takeover.bots.base import Observation

log = logging.getLogger("takeover.server")

LEVELS = [
    {"spec": "random", "label": "Random"},
    {"spec": "heuristic", "label": "Heuristic"},
    {"spec": "mcts:time=1", "label": "MCTS (1 s a move)"},
]
"""The bot levels offered in the lobby (any spec ``make_bot`` accepts also works)."""

THREADED = ("random",)
"""Levels cheap enough to run in a thread of the server process."""


class BadBot(ValueError):
    """A bot spec the server cannot run; the message says why."""


def make_bot(spec: str | BotSpec) -> Any:
    """Build a bot; :class:`BadBot` names a bad spec."""
    try:
        return build(spec)
    except BotSpecError as exc:
        raise BadBot(str(exc)) from None


def bot_levels() -> list[dict[str, str]]:
    levels = []
    for level in LEVELS:
        try:
            make_bot(level["spec"])
        except BadBot:
            continue
        levels.append(level)
    return levels


def bot_label(spec: str) -> str:
    for level in LEVELS:
        if level["spec"] == spec:
            return f"{level['label']} bot"
    return f"Bot ({spec})"


def fallback(legal: list[Any]) -> Any:
    """A harmless legal action: never the declaration of the end."""
    return next((a for a in legal if a.type != "declare_end"), legal[0])


_WORKER_BOTS: dict[Any, Any] = {}
"""One bot per seat inside a worker (a bot may keep state between moves)."""


def _choose(key: Any, spec: BotSpec, obs: Observation, seed: int) -> Any:
    """Runs in a worker thread or process."""
    bot = _WORKER_BOTS.get((key, spec))
    if bot is None:
        if len(_WORKER_BOTS) > 10_000:
            _WORKER_BOTS.clear()
        bot = _WORKER_BOTS[(key, spec)] = make_bot(spec)
    return bot.choose(obs, random.Random(seed))


def _spec(spec: str) -> BotSpec:
    try:
        return BotSpec.parse(spec)
    except BotSpecError as exc:
        raise BadBot(str(exc)) from None


class BotRunner:
    def __init__(self, workers: int, think_seconds: float) -> None:
        self.workers = max(1, workers)
        self.think_seconds = think_seconds
        self._threads = ThreadPoolExecutor(max_workers=self.workers, thread_name_prefix="bot")
        self._processes: ProcessPoolExecutor | None = None
        self._no_processes = False
        self._specs: dict[str, BotSpec] = {}
        """Each seat's spec, read once."""

    def check(self, spec: object) -> str:
        """``spec`` if the server can run it, else :class:`BadBot`."""
        if not isinstance(spec, str) or not spec or len(spec) > 64:
            raise BadBot(f"a bot must be named by a spec such as 'random', got {spec!r}")
        parsed = _spec(spec)
        try:
            parsed.check({"time": (None, self.think_seconds)})
        except BotSpecError:
            wanted = parsed.value("time")
            raise BadBot(
                f"a bot may think at most {self.think_seconds:g} s a move, not {wanted}"
            ) from None
        return spec

    def spec(self, spec: str) -> BotSpec:
        """``spec`` read once (a seat's spec was checked when it was seated)."""
        parsed = self._specs.get(spec)
        if parsed is None:
            if len(self._specs) > 1000:
                self._specs.clear()
            parsed = self._specs[spec] = _spec(spec)
        return parsed

    def _pool(self, spec: BotSpec) -> Executor:
        if spec.level in THREADED or self._no_processes:
            return self._threads
        if self._processes is None:
            self._processes = ProcessPoolExecutor(
                max_workers=self.workers, mp_context=multiprocessing.get_context("spawn")
            )
        return self._processes

    def _submit(self, spec: BotSpec, *args: Any) -> asyncio.Future[Any]:
        loop = asyncio.get_running_loop()
        try:
            return loop.run_in_executor(self._pool(spec), _choose, *args)
        except RuntimeError:
            # Worker processes cannot start here (e.g. a script without a main guard):
            # think in threads instead, which is slower but never blocks the loop.
            log.warning("bots cannot run in worker processes here; using threads")
            self._no_processes = True
            return loop.run_in_executor(self._threads, _choose, *args)

    async def choose(self, key: Any, spec: str, state: Any, seat: int, seed: int) -> Any:
        """The bot's action for ``seat`` (which must decide now), within the think time."""
        legal = list(state.legal_actions(seat))
        obs = Observation(state.clone(), seat, legal)
        try:
            parsed = self.spec(spec)
            job = self._submit(parsed, key, parsed, obs, seed)
            action = await asyncio.wait_for(job, self.think_seconds)
        except TimeoutError:
            log.warning(
                "bot %s took longer than %.1fs; playing a default", spec, self.think_seconds
            )
            return fallback(legal)
        except BrokenProcessPool:
            log.error("a bot worker died; starting new ones")
            self._processes = None
            return fallback(legal)
        except Exception:
            log.exception("bot %s failed; playing a default", spec)
            return fallback(legal)
        if action not in legal and action.type != "propose_trade":
            log.warning("bot %s chose %r, which is not listed as legal", spec, action)
        return action

    def close(self) -> None:
        self._threads.shutdown(wait=False, cancel_futures=True)
        if self._processes is not None:
            self._processes.shutdown(wait=False, cancel_futures=True)
