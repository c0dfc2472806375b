"""What a searching bot says of one decision: the analysis board's view of a move.

A bot that can appraise (:class:`Appraiser`) runs its own search from the seat's
observation, with the action actually taken among the root's options whatever its
pruning would keep, and reports the value of its own choice, the value of the action
taken, and what each seat may expect after the action taken. Values are the bot's search
rewards in [0, 1] for the deciding seat (Acquire: a win probability, 1817: an expected
place, 1 first and 0 last), as that seat could see the game: the search determinises
what the seat could not see, as a bot's does.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from takeover.bots.base import Observation
from takeover.core.protocol import Action


@dataclass(frozen=True, slots=True)
class Appraisal:
    """One decision, as the search saw it."""

    best: Action
    """The bot's own choice."""
    best_value: float
    taken_value: float
    """The mean reward of the action taken (the decider's)."""
    seats: tuple[float, ...]
    """Each seat's mean reward after the action taken."""
    iterations: int
    taken_visits: int


@runtime_checkable
class Appraiser(Protocol):
    """A bot that can appraise a decision (the analysis board's bot)."""

    name: str

    def appraise(self, obs: Observation, taken: Action, rng: random.Random) -> Appraisal: ...


class RootChild(Protocol):
    """A root child of a search tree: its visits, the decider's reward and every seat's."""

    visits: int
    reward: float
    seats: list[float] | None


SHARE = 4
"""The action taken gets at least one iteration in ``SHARE`` (the first included), so
that its value is measured even where the search would not look at it."""


def due(children: Mapping[Any, RootChild], taken: Action) -> bool:
    """Whether the next iteration goes to the action taken, for its share."""
    held = children.get(taken)
    if held is None:
        return True
    total = sum(c.visits for c in children.values())
    return held.visits * SHARE < total


def most_visited(
    children: Mapping[Any, RootChild], options: Sequence[Action], taken: Action, forced: int
) -> Action:
    """The search's choice among ``options``: the most visited, not counting the
    ``forced`` visits the action taken had for its share."""
    best, most = taken, -1
    for action in options:
        child = children.get(action)
        if child is None:
            continue
        visits = child.visits - forced if action == taken else child.visits
        if visits > most:
            best, most = action, visits
    return best


def add_seats(child: RootChild, result: Sequence[float]) -> None:
    """Count one result for every seat at a root child (called once per iteration)."""
    if child.seats is None:
        child.seats = [0.0] * len(result)
    for i, r in enumerate(result):
        child.seats[i] += r


def appraisal(
    children: Mapping[Any, RootChild], best: Action, taken: Action, seats: int, iterations: int
) -> Appraisal:
    """The appraisal from a finished search's root children (an action never tried is
    worth nothing: a budget of one iteration appraises one action only)."""

    def mean(action: Action) -> float:
        child = children.get(action)
        return child.reward / child.visits if child is not None and child.visits else 0.0

    held = children.get(taken)
    after = (
        tuple(s / held.visits for s in held.seats)
        if held is not None and held.visits and held.seats is not None
        else (0.0,) * seats
    )
    return Appraisal(
        best, mean(best), mean(taken), after, iterations, held.visits if held is not None else 0
    )
