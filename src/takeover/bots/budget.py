"""A searching bot's budget per decision: seconds on a clock, or a number of iterations.

Every game's ``mcts`` level reads the same settings (``time``, ``iterations``,
``clock``) and spends them the same way, so the budget lives here once.
"""

from __future__ import annotations

import time as _time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class SearchBudget:
    """``time`` seconds per decision on the ``clock`` (``wall``, or ``cpu``: this
    process's CPU seconds, fair on a busy machine), ``iterations`` a cap (alone, it
    makes a search deterministic).

    >>> SearchBudget.of(None, None).label("mcts")
    'mcts:time=0.5'
    >>> SearchBudget.of(0.25, 100, "cpu").label("mcts")
    'mcts:time=0.25,clock=cpu,iterations=100'
    """

    time: float | None
    iterations: int | None
    clock: str = "wall"

    @classmethod
    def of(cls, time: float | None, iterations: int | None, clock: str = "wall") -> SearchBudget:
        """The budget the settings ask for; with neither a time nor a cap, half a second."""
        return cls(0.5 if time is None and iterations is None else time, iterations, clock)

    def label(self, level: str) -> str:
        """The bot's name: its level and the settings that bound it."""
        parts = []
        if self.time is not None:
            parts.append(f"time={self.time:g}")
            if self.clock != "wall":
                parts.append(f"clock={self.clock}")
        if self.iterations is not None:
            parts.append(f"iterations={self.iterations}")
        return f"{level}:" + ",".join(parts)

    def now(self) -> float:
        """The budget's clock."""
        return _time.process_time() if self.clock == "cpu" else _time.perf_counter()

    def spend(self, iterate: Callable[[], None], started: float | None = None) -> int:
        """Call ``iterate`` until the budget is spent; how many times it ran.

        With a time budget (counted from ``started``, default now), the search stops
        before an iteration as long as the longest so far would overrun it, so that a
        decision stays within ``time``. At least one iteration always runs.

        >>> SearchBudget.of(None, 3).spend(lambda: None)
        3
        """
        begin = self.now()
        deadline = (
            None if self.time is None else (begin if started is None else started) + self.time
        )
        done, last, longest = 0, begin, 0.0
        while self.iterations is None or done < self.iterations:
            if deadline is not None and done:
                now = self.now()
                longest = max(longest, now - last)
                last = now
                if now + longest >= deadline:
                    break
            iterate()
            done += 1
        return done
