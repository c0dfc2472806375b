"""Server-side bots: seats filled by :func:`takeover.bots.make_bot`, run in worker pools.

A seat's spec is read once into a :class:`~takeover.bots.BotSpec`, checked against the
server's bounds (think time, iterations, depth, width: ``Settings.bot_bounds``), and the
parsed spec travels to the worker.

The ``random`` bot answers in microseconds and runs in a worker thread. Every
other level thinks in the server's fixed set of worker *processes*
(:mod:`takeover.server.workers`), shared fairly between creators and tables (one
creator's tables hold at most a share of them), so a searching bot never competes
with the event loop for the interpreter and no table or creator can starve the
others; the observation (a copy of the state) is pickled across. A bot that has not
answered within the think time, or fails, plays a harmless legal action instead (its
worker is killed and replaced), so a table never hangs on a bot.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from takeover.bots import BotLevel, BotSpec, BotSpecError, levels
from takeover.bots import make_bot as build
from takeover.bots.base import Observation
from takeover.core.extensions import TRADE_OFFERS, VOLUNTARY_END
from takeover.core.protocol import Action, GameState
from takeover.server.workers import NotSent, NoWorkers, Overran, WorkerPool

log = logging.getLogger("takeover.server")

OFFERED = {
    "random": ("random", "Random"),
    "heuristic": ("heuristic", "Heuristic"),
    "mcts": ("mcts:time=1", "MCTS (1 s a move)"),
}
"""How the lobby offers a bot level: the spec it seats and its label. Which levels a
game has comes from the bot registry (:func:`takeover.bots.levels`); a level not named
here is offered by its name (any spec the registry accepts also works)."""

THREADED = ("random",)
"""Levels cheap enough to run in a thread of the server process."""

ANALYSIS = "analysis"
"""The fair queue's group of every analysis (:meth:`BotRunner.appraise`): together they hold
at most one creator's share of the bot workers."""


class BadBot(ValueError):
    """A bot spec the server cannot run; the message says why."""


def make_bot(spec: str | BotSpec, game: str = "acquire") -> Any:
    """Build a bot for ``game``; :class:`BadBot` names a bad spec."""
    try:
        return build(spec, game)
    except BotSpecError as exc:
        raise BadBot(str(exc)) from None


def _offer(entry: BotLevel, game: str) -> dict[str, str]:
    level = entry.level
    spec, label = OFFERED.get(level, (level, level.replace("_", " ").capitalize()))
    try:
        parsed = BotSpec.parse(spec, game)
    except BotSpecError:  # the game's level has other settings: seat it as it comes
        spec, parsed = level, None
    seconds = parsed.given().get("time") if parsed is not None else None
    thinks = f"{seconds:g} s a decision here" if isinstance(seconds, float | int) else entry.thinks
    return {"spec": spec, "label": label, "about": f"{entry.doc}; {thinks}"}


def bot_levels(game: str = "acquire") -> list[dict[str, str]]:
    """The levels the lobby offers for ``game`` (``spec`` and ``label``), from the registry."""
    return [_offer(entry, game) for entry in levels(game)]


def bot_label(spec: str, game: str = "acquire") -> str:
    for level in bot_levels(game):
        if level["spec"] == spec:
            return f"{level['label']} bot"
    return f"Bot ({spec})"


def fallback(state: GameState, legal: Sequence[Action]) -> Action:
    """A harmless legal action: never one that ends the game by choice (the game's
    ``VOLUNTARY_END``, such as Acquire's declaration of the end)."""
    ending = state.extension(VOLUNTARY_END)
    if ending is None:
        return legal[0]
    return next((a for a in legal if not ending.ends_game(a)), legal[0])


_WORKER_BOTS: dict[Any, Any] = {}
"""One bot per seat inside a worker (a bot may keep state between moves)."""


def _choose(key: Any, spec: BotSpec, obs: Observation, seed: int) -> Any:
    """Runs in a worker thread or process."""
    bot = _WORKER_BOTS.get((key, spec))
    if bot is None:
        if len(_WORKER_BOTS) > 10_000:
            _WORKER_BOTS.clear()
        bot = _WORKER_BOTS[(key, spec)] = make_bot(spec, spec.game)
    return bot.choose(obs, random.Random(seed))


_WORKER_APPRAISERS: dict[str, Any] = {}
"""The analysis bot of each spec inside a worker."""


def _appraise(
    spec: str, game: str, state: GameState, seat: int, action: Action, step: int, seed: int
) -> dict[str, Any] | None:
    """One decision of a finished game appraised (:func:`takeover.analysis.appraise`);
    runs in a worker."""
    from takeover.analysis.board import analysis_bot, appraise

    bot = _WORKER_APPRAISERS.get(spec)
    if bot is None:
        bot = _WORKER_APPRAISERS[spec] = analysis_bot(game, spec)
    return appraise(state, seat, action, step, bot, seed)


_JOBS: dict[str, Callable[..., Any]] = {"choose": _choose, "appraise": _appraise}


def _work(job: str, *args: Any) -> Any:
    """What a bot worker runs: a bot's decision, or a decision appraised."""
    return _JOBS[job](*args)


def _spec(spec: str, game: str) -> BotSpec:
    try:
        return BotSpec.parse(spec, game)
    except BotSpecError as exc:
        raise BadBot(str(exc)) from None


WARM = (
    "takeover.acquire",
    "takeover.g1817",
    "takeover.bots.heuristic",
    "takeover.bots.mcts",
    "takeover.analysis",
)
"""Modules a worker imports before it says it is ready (their import is no one's think
time)."""


class BotRunner:
    def __init__(
        self,
        workers: int,
        think_seconds: float,
        bounds: Mapping[str, tuple[float | None, float | None]] | None = None,
        per_address: int = 0,
    ) -> None:
        """``workers`` processes, of which one creator's tables hold at most
        ``per_address`` at once (0: no limit)."""
        self.workers = max(1, workers)
        self.think_seconds = think_seconds
        self.bounds = dict(bounds or {"time": (None, think_seconds)})
        self._threads = ThreadPoolExecutor(max_workers=self.workers, thread_name_prefix="bot")
        self.pool = WorkerPool(
            self.workers, think_seconds, "takeover.server.bots:_work", WARM, per_address
        )
        self._no_processes = False
        self._specs: dict[tuple[str, str], BotSpec] = {}
        """Each seat's spec, read once."""

    def check(self, spec: object, game: str = "acquire") -> str:
        """``spec`` if the server can run it for ``game`` (within its bounds), else
        :class:`BadBot`."""
        if not isinstance(spec, str) or not spec or len(spec) > 64:
            raise BadBot(f"a bot must be named by a spec such as 'random', got {spec!r}")
        parsed = _spec(spec, game)
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

    def spec(self, spec: str, game: str = "acquire") -> BotSpec:
        """``spec`` for ``game``, read once (a seat's spec was checked when it was seated)."""
        parsed = self._specs.get((spec, game))
        if parsed is None:
            if len(self._specs) > 1000:
                self._specs.clear()
            parsed = self._specs[(spec, game)] = _spec(spec, game)
        return parsed

    async def _think(self, group: Hashable, key: Any, spec: BotSpec, *args: Any) -> Any:
        """The decision, from a thread (cheap levels) or the worker processes' fair queue."""
        if spec.level not in THREADED and not self._no_processes:
            try:
                return await self.pool.run(group, key[0], "choose", key, spec, *args)
            except NoWorkers:
                # Worker processes cannot start here (e.g. a script without a main guard):
                # think in threads instead, which is slower and cannot stop an overrun.
                log.warning("bots cannot run in worker processes here; using threads")
                self._no_processes = True
            except NotSent as exc:
                # This position cannot travel to a worker (a game state that does not
                # pickle): this decision is thought in a thread instead.
                log.warning("a bot's position cannot go to a worker (%s); using a thread", exc)
        job = asyncio.get_running_loop().run_in_executor(self._threads, _choose, key, spec, *args)
        return await asyncio.wait_for(job, self.think_seconds)

    async def choose(
        self,
        key: Any,
        spec: str,
        state: GameState,
        seat: int,
        seed: int,
        group: Hashable = None,
        legal: Sequence[Action] | None = None,
    ) -> Action:
        """The bot's action for ``seat`` (which must decide now), within the think time.

        ``key`` is ``(table id, seat)``; ``group`` whom the table counts against in the
        fair queue (its creator); ``legal`` the seat's legal actions where the server
        listed them already (away from the event loop, where that is slow)."""
        legal = list(state.legal_actions(seat) if legal is None else legal)
        obs = Observation(state.clone(), seat, legal)
        try:
            action: Action = await self._think(group, key, self.spec(spec, state.game), obs, seed)
        except (TimeoutError, Overran):
            log.warning(
                "bot %s took longer than %.1fs; playing a default", spec, self.think_seconds
            )
            return fallback(state, legal)
        except Exception:
            log.exception("bot %s failed; playing a default", spec)
            return fallback(state, legal)
        if action not in legal:
            offers = state.extension(TRADE_OFFERS)
            if offers is None or not offers.can_propose(seat):
                log.warning("bot %s chose %r, which is not listed as legal", spec, action)
        return action

    async def suggest(
        self,
        key: Any,
        spec: str,
        state: GameState,
        seat: int,
        seed: int,
        group: Hashable = None,
    ) -> Action:
        """What the bot ``spec`` would play for ``seat`` (a hint): like :meth:`choose`,
        but a bot past the think time is refused (``MasterError`` ``timeout``) rather than
        replaced by a default."""
        from takeover.server.errors import MasterError

        obs = Observation(state.clone(), seat, list(state.legal_actions(seat)))
        try:
            action: Action = await self._think(group, key, self.spec(spec, state.game), obs, seed)
        except (TimeoutError, Overran):
            raise MasterError("timeout", "the bot took too long over the hint: ask again") from None
        return action

    async def appraise(
        self, table_id: str, spec: str, state: GameState, seat: int, action: Action, step: int
    ) -> dict[str, Any] | None:
        """Move ``step`` of finished game ``table_id`` appraised by the analysis bot
        ``spec`` in the bot workers, as one group of the fair queue (:data:`ANALYSIS`), so
        that analyses hold at most a creator's share of the workers; ``None`` where there
        was nothing to decide, or the appraisal ran past the think time or failed."""
        args = ("appraise", spec, state.game, state.clone(), seat, action, step, step)
        try:
            if not self._no_processes:
                try:
                    found: dict[str, Any] | None = await self.pool.run(ANALYSIS, table_id, *args)
                    return found
                except NoWorkers:
                    log.warning("bots cannot run in worker processes here; using threads")
                    self._no_processes = True
                except NotSent as exc:
                    log.warning("a position cannot go to a worker (%s); using a thread", exc)
            job = asyncio.get_running_loop().run_in_executor(self._threads, _work, *args)
            return await asyncio.wait_for(job, self.think_seconds)
        except (TimeoutError, Overran):
            log.warning("appraising move %d of %s took too long; skipped", step, table_id)
        except Exception:
            log.exception("appraising move %d of %s failed; skipped", step, table_id)
        return None

    def close(self) -> None:
        self._threads.shutdown(wait=False, cancel_futures=True)
        self.pool.close()
