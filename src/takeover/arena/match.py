"""Playing one arena game of any registered game: bots from specs, the engine as referee.

Only the game protocol is used: the definition sets the game up, ``pending()`` says
whose decision it is, each bot sees an :class:`Observation` and ``apply`` referees.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any

from takeover.bots import make_bot
from takeover.bots.base import Observation
from takeover.core import registry
from takeover.core.errors import IllegalAction

MAX_ACTIONS = 20_000
"""A game taking more actions than this has stalled (no legal game comes close)."""


class StalledGame(RuntimeError):
    """A game that did not end within :data:`MAX_ACTIONS` actions, or that reached a
    decision for which the engine lists no action (1817 before the map lists its
    decisions), so bots cannot finish it."""


@dataclass
class GameResult:
    """What one game produced, by seat, plus per-entrant timing."""

    index: int
    seed: int
    rotation: int
    seating: list[int]
    bots: list[str]
    """Spec of the bot in each seat."""
    scores: list[int]
    ranks: list[int]
    end_reason: str
    turns: int | None
    """Acquire's turns (``None`` for a game whose summary counts none)."""
    actions: int
    illegal: list[int]
    """Per seat, actions the engine refused (the bot then played a random legal one)."""
    think: list[float]
    """Per seat, seconds spent choosing (wall clock)."""
    cpu: list[float]
    """Per seat, CPU seconds spent choosing (this process's; the game runs in one)."""
    decisions: list[int]
    """Per seat, decisions taken (those with a single legal action included)."""
    max_think: list[float]
    max_cpu: list[float]
    kinds: list[dict[str, int]] = field(default_factory=list)
    """Per seat, how many actions of each type (the record form's ``type``) it took."""
    record: dict[str, Any] | None = field(default=None, repr=False)

    def line(self) -> dict[str, Any]:
        """The JSON line written per game (no record)."""
        return {
            "game": self.index,
            "seed": self.seed,
            "rotation": self.rotation,
            "seating": self.seating,
            "bots": self.bots,
            "scores": self.scores,
            "ranks": self.ranks,
            "end_reason": self.end_reason,
            "turns": self.turns,
            "actions": self.actions,
            "illegal": self.illegal,
            "think_s": [round(t, 4) for t in self.think],
            "cpu_s": [round(t, 4) for t in self.cpu],
            "max_cpu_s": [round(t, 4) for t in self.max_cpu],
            "decisions": self.decisions,
            "max_think_s": [round(t, 4) for t in self.max_think],
            "kinds": self.kinds,
        }


def play_game(
    specs: list[str],
    seating: list[int] | tuple[int, ...],
    seed: int,
    ruleset: Any = "standard",
    index: int = 0,
    rotation: int = 0,
    keep_record: bool = False,
    game: str = "acquire",
) -> GameResult:
    """Play one game of ``game``; ``specs[seating[seat]]`` plays ``seat``. Deterministic
    in ``seed`` (for bots bounded by iterations; a time budget depends on the machine).

    Where several seats may take a decision, the first of them does.
    """
    definition = registry.get(game)
    n = len(seating)
    bots_specs = [specs[e] for e in seating]
    bots = [make_bot(s, game) for s in bots_specs]
    names = [f"{spec} #{entrant + 1}" for spec, entrant in zip(bots_specs, seating, strict=True)]
    state = definition.new_game(names, ruleset, seed=seed)
    rngs = [random.Random(f"{seed}/{rotation}/{seat}") for seat in range(n)]
    illegal = [0] * n
    think = [0.0] * n
    max_think = [0.0] * n
    cpu = [0.0] * n
    max_cpu = [0.0] * n
    decisions = [0] * n
    kinds: list[dict[str, int]] = [{} for _ in range(n)]
    count = 0
    while (decision := state.pending()) is not None:
        count += 1
        if count > MAX_ACTIONS:
            raise StalledGame(f"game {index} (seed {seed}) passed {MAX_ACTIONS} actions")
        seat = decision.seats[0]
        obs = Observation(state, seat)
        if not obs.legal:
            raise StalledGame(
                f"game {index} (seed {seed}), action {count}: seat {seat} must "
                f"{decision.kind.replace('_', ' ')}, but the {game} engine lists no action for it"
            )
        t0, c0 = time.perf_counter(), time.process_time()
        action = bots[seat].choose(obs, rngs[seat])
        dt, dc = time.perf_counter() - t0, time.process_time() - c0
        think[seat] += dt
        max_think[seat] = max(max_think[seat], dt)
        cpu[seat] += dc
        max_cpu[seat] = max(max_cpu[seat], dc)
        decisions[seat] += 1
        try:
            state.apply(action, seat)
        except IllegalAction:
            illegal[seat] += 1
            action = obs.legal[rngs[seat].randrange(len(obs.legal))]
            state.apply(action, seat)
        kind = str(state.action_to_dict(action).get("type"))
        kinds[seat][kind] = kinds[seat].get(kind, 0) + 1
    scores, ranks = state.scores(), state.ranks()
    assert scores is not None and ranks is not None
    summary = definition.summary(state)
    return GameResult(
        index=index,
        seed=seed,
        rotation=rotation,
        seating=list(seating),
        bots=bots_specs,
        scores=scores,
        ranks=ranks,
        end_reason=str(summary.get("end_reason")),
        turns=summary.get("turn"),
        actions=count,
        illegal=illegal,
        think=think,
        decisions=decisions,
        max_think=max_think,
        cpu=cpu,
        max_cpu=max_cpu,
        kinds=kinds,
        record=state.to_record() if keep_record else None,
    )
