"""Server-side bots: seats filled by :func:`takeover.bots.make_bot`, run in worker pools.

A seat's spec is read once into a :class:`~takeover.bots.BotSpec`, checked against the
server's bounds (think time, iterations, depth, width: ``Settings.bot_bounds``), and the
parsed spec travels to the worker.

The ``random`` bot answers in microseconds and runs in a worker thread. Every
other level thinks in the server's fixed set of worker *processes*
(:mod:`takeover.server.workers`), shared fairly between creators and tables, so a
searching bot never competes with the event loop for the interpreter and no table
can starve the others; the observation (a copy of the state) is pickled across. A bot
that has not answered within the think time, or fails, plays a harmless legal action
instead (its worker is killed and replaced), so a table never hangs on a bot.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Hashable, Mapping
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from takeover.bots import BotSpec, BotSpecError
from takeover.bots import make_bot as build
from takeover.bots.base import Observation
from takeover.server.workers import NoWorkers, Overran, WorkerPool

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


WARM = ("takeover.acquire", "takeover.bots.heuristic", "takeover.bots.mcts")
"""Modules a worker imports before it says it is ready (their import is no one's think
time)."""


class BotRunner:
    def __init__(
        self,
        workers: int,
        think_seconds: float,
        bounds: Mapping[str, tuple[float | None, float | None]] | None = None,
    ) -> None:
        self.workers = max(1, workers)
        self.think_seconds = think_seconds
        self.bounds = dict(bounds or {"time": (None, think_seconds)})
        self._threads = ThreadPoolExecutor(max_workers=self.workers, thread_name_prefix="bot")
        self.pool = WorkerPool(self.workers, think_seconds, "takeover.server.bots:_choose", WARM)
        self._no_processes = False
        self._specs: dict[str, BotSpec] = {}
        """Each seat's spec, read once."""

    def check(self, spec: object) -> str:
        """``spec`` if the server can run it (within its bounds), else :class:`BadBot`."""
        if not isinstance(spec, str) or not spec or len(spec) > 64:
            raise BadBot(f"a bot must be named by a spec such as 'random', got {spec!r}")
        parsed = _spec(spec)
        try:
            parsed.check(self.bounds)
        except BotSpecError as exc:
            wanted = parsed.value("time")
            if "time" in str(exc):
                raise BadBot(
                    f"a bot may think at most {self.think_seconds:g} s a move, not {wanted}"
                ) from None
            raise BadBot(str(exc)) from None
        return spec

    def spec(self, spec: str) -> BotSpec:
        """``spec`` read once (a seat's spec was checked when it was seated)."""
        parsed = self._specs.get(spec)
        if parsed is None:
            if len(self._specs) > 1000:
                self._specs.clear()
            parsed = self._specs[spec] = _spec(spec)
        return parsed

    async def _think(self, group: Hashable, key: Any, spec: BotSpec, *args: Any) -> Any:
        """The decision, from a thread (cheap levels) or the worker processes' fair queue."""
        if spec.level not in THREADED and not self._no_processes:
            try:
                return await self.pool.run(group, key[0], key, spec, *args)
            except NoWorkers:
                # Worker processes cannot start here (e.g. a script without a main guard):
                # think in threads instead, which is slower and cannot stop an overrun.
                log.warning("bots cannot run in worker processes here; using threads")
                self._no_processes = True
        job = asyncio.get_running_loop().run_in_executor(self._threads, _choose, key, spec, *args)
        return await asyncio.wait_for(job, self.think_seconds)

    async def choose(
        self, key: Any, spec: str, state: Any, seat: int, seed: int, group: Hashable = None
    ) -> Any:
        """The bot's action for ``seat`` (which must decide now), within the think time.

        ``key`` is ``(table id, seat)``; ``group`` whom the table counts against in the
        fair queue (its creator)."""
        legal = list(state.legal_actions(seat))
        obs = Observation(state.clone(), seat, legal)
        try:
            action = await self._think(group, key, self.spec(spec), obs, seed)
        except (TimeoutError, Overran):
            log.warning(
                "bot %s took longer than %.1fs; playing a default", spec, self.think_seconds
            )
            return fallback(legal)
        except Exception:
            log.exception("bot %s failed; playing a default", spec)
            return fallback(legal)
        if action not in legal and action.type != "propose_trade":
            log.warning("bot %s chose %r, which is not listed as legal", spec, action)
        return action

    def close(self) -> None:
        self._threads.shutdown(wait=False, cancel_futures=True)
        self.pool.close()
