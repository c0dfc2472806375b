"""Server-side bots: seats filled by :func:`takeover.bots.make_bot`, run in a worker pool.

A bot decides in a worker thread on a copy of the state, so the event loop never
waits on it; a bot that has not answered within the think time (or fails) plays
a harmless legal action instead, so a table never hangs on a bot.
"""

from __future__ import annotations

import asyncio
import logging
import random
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from takeover.bots.base import Observation

log = logging.getLogger("takeover.server")

LEVELS = [
    {"spec": "random", "label": "Random"},
    {"spec": "heuristic", "label": "Heuristic"},
    {"spec": "mcts:time=1", "label": "MCTS (1 s a move)"},
]
"""The bot levels offered in the lobby (any spec ``make_bot`` accepts also works)."""


class BadBot(ValueError):
    """A bot spec the server cannot run; the message says why."""


def make_bot(spec: str) -> Any:
    """Build a bot, through :func:`takeover.bots.make_bot` when it is there."""
    try:
        from takeover.bots import make_bot as build
    except ImportError:  # the bots package predates make_bot: only the random bot
        from takeover.bots.random_bot import RandomBot

        if spec != "random":
            raise BadBot(f"unknown bot {spec!r} (bots: random)") from None
        return RandomBot()
    try:
        return build(spec)
    except Exception as exc:  # BotSpecError and friends: the message names the problem
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


class BotRunner:
    def __init__(self, workers: int, think_seconds: float) -> None:
        self.think_seconds = think_seconds
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="takeover-bot")
        self._bots: dict[Any, Any] = {}
        """One bot per seat (keyed by the caller), since a bot may keep state between moves."""

    def check(self, spec: object) -> str:
        """``spec`` if the server can run it, else :class:`BadBot`."""
        if not isinstance(spec, str) or not spec or len(spec) > 64:
            raise BadBot(f"a bot must be named by a spec such as 'random', got {spec!r}")
        make_bot(spec)
        return spec

    def _bot(self, key: Any, spec: str) -> Any:
        bot = self._bots.get((key, spec))
        if bot is None:
            if len(self._bots) > 10_000:
                self._bots.clear()
            bot = self._bots[(key, spec)] = make_bot(spec)
        return bot

    async def choose(self, key: Any, spec: str, state: Any, seat: int, seed: int) -> Any:
        """The bot's action for ``seat`` (which must decide now), within the think time."""
        legal = list(state.legal_actions())
        obs = Observation(state.clone(), seat, legal)
        rng = random.Random(seed)
        try:
            bot = self._bot(key, spec)
            loop = asyncio.get_running_loop()
            job = loop.run_in_executor(self._pool, bot.choose, obs, rng)
            action = await asyncio.wait_for(job, self.think_seconds)
        except TimeoutError:
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
        self._pool.shutdown(wait=False, cancel_futures=True)
