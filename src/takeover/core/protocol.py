"""The small protocol shared by every game.

Bots, the arena, records, the server and the research adapters speak only this
protocol, so each of them serves Acquire and 1817 alike. A game module provides
a state class satisfying :class:`GameState` and registers a :class:`GameDefinition`
(see :mod:`takeover.core.registry`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, Self, runtime_checkable


@runtime_checkable
class Action(Protocol):
    """A complete, parameterised decision (frozen, hashable).

    ``to_dict()`` gives the record form (``{"type": ..., **fields}``, without the
    seat); ``str()`` gives a short human-readable text form.
    """

    @property
    def type(self) -> str:
        """The kind of decision (read-only: a frozen dataclass field satisfies it)."""

    def to_dict(self) -> dict[str, Any]: ...


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, for logs, the server and the browser.

    ``data`` is JSON-ready. Events that carry secret information (a drawn tile)
    are redacted per seat by the game's view module before they leave the server.
    """

    type: str
    data: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, **self.data}


class GameState(Protocol):
    """What every game state offers. ``apply`` validates; the state is unchanged on error."""

    game: str
    num_players: int

    def current_player(self) -> int | None:
        """The seat that must decide now, or ``None`` once the game is over."""

    def legal_actions(self) -> Sequence[Action]:
        """Every legal action for :meth:`current_player` (one generator serves everyone)."""

    def apply(self, action: Action) -> list[Event]:
        """Validate and apply ``action``; raise ``IllegalAction`` naming what was wrong."""

    def is_terminal(self) -> bool: ...

    def scores(self) -> list[int] | None:
        """Final score per seat, ``None`` while the game runs."""

    def view(self, seat: int | None) -> dict[str, Any]:
        """JSON-ready state as ``seat`` may see it (``None``: a spectator)."""

    def event_view(self, event: Event, seat: int | None) -> dict[str, Any] | None:
        """``event`` as ``seat`` may see it (``None`` when that seat sees nothing of it)."""

    def legal_forms(self) -> tuple[list[dict[str, Any]], list[str]]:
        """:meth:`legal_actions` in record form and in words, in the same order."""

    def action_view(self, action: Action, actor: int, seat: int | None) -> dict[str, Any]:
        """``{"player", "action", "text"}``: ``actor``'s ``action`` as ``seat`` may see it
        (record form and words; secret terms left out for those who may not see them)."""

    def clone(self) -> Self: ...

    def to_record(self) -> dict[str, Any]:
        """A record from which :func:`replay` rebuilds this exact state."""


@dataclass(frozen=True)
class GameDefinition:
    """How to build, read and replay one game; registered by name."""

    name: str
    min_players: int
    max_players: int
    new_game: Callable[..., GameState]
    """``new_game(players, ruleset=None, seed=None)``: a fresh game."""
    from_record: Callable[[Mapping[str, Any]], GameState]
    """A state before any of the record's actions (setup done)."""
    replay: Callable[[Mapping[str, Any]], GameState]
    """A state after all of the record's actions; raises ``RecordError``."""
    action_from_dict: Callable[[Mapping[str, Any]], Action]
    summary: Callable[[GameState], dict[str, Any]]
    """A JSON summary (what ``takeover replay`` prints)."""
    rulesets: Sequence[str] = ()
