"""The small protocol shared by every game.

Bots, the arena, records, the server and the research adapters speak only this
protocol, so each of them serves Acquire and 1817 alike. A game provides a state
class satisfying :class:`GameState` and registers a :class:`GameDefinition` (see
:mod:`takeover.core.registry`). What is special to one game is offered through the
extension point of :mod:`takeover.core.extensions`, never by probing a state.

A type checker holds both games to it: ``tests/conformance/typing_check.py`` assigns
each game's state to a :class:`GameState` and is checked with ``mypy --strict``; the
conformance suite (``tests/conformance``) plays every registered game by it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, Self, TypeVar

from takeover.core.extensions import Extension
from takeover.core.options import RulesetSchema

E = TypeVar("E")


class Action(Protocol):
    """A complete, parameterised decision: a small frozen, hashable value.

    Its record form (``{"type": ..., **fields}``) and its words come from the state
    (:meth:`GameState.action_to_dict`, :meth:`GameState.action_text`), because they
    may depend on the game's setup (Acquire names tiles by the edition's board).
    """

    @property
    def type(self) -> str:
        """The kind of action, as in its record form (``place_tile``, ``bid``...)."""
        ...


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, for logs, the server and the browser.

    ``data`` is JSON-ready. Events that carry secret information (a drawn tile) are
    shown per seat by :meth:`GameState.event_view`, never sent as they are.
    """

    type: str
    data: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, **self.data}


@dataclass(frozen=True, slots=True)
class Decision:
    """Who must decide now, and what kind of decision it is.

    ``seats`` holds every seat that may act now, in seat order: usually one; several
    where the game lets any of them take the decision (1817's home station of a
    corporation that has no president yet). ``kind`` is a short word for the decision
    (``place_tile``, ``answer_trade``, ``buy_sell_par_shares``...), for prompts and logs.
    """

    seats: tuple[int, ...]
    kind: str


class GameState(Protocol):
    """What every game state offers.

    Seats are ``0 .. num_players - 1``. ``apply`` validates: on refusal it raises
    :class:`~takeover.core.errors.IllegalAction` naming what was wrong and leaves the
    state exactly as it was.
    """

    @property
    def game(self) -> str:
        """The registered name of the game (``acquire``, ``1817``)."""
        ...

    @property
    def num_players(self) -> int: ...

    # -- deciding ------------------------------------------------------------------------

    def pending(self) -> Decision | None:
        """The decision the game waits for, or ``None`` once it is over."""
        ...

    def legal_actions(self, seat: int) -> Sequence[Action]:
        """Every legal action of ``seat`` now (empty when it has no decision to take).

        One generator serves the engine, bots, server and browser. Open-ended offers
        (Acquire's trade proposals) are not listed: see ``TRADE_OFFERS``.
        """
        ...

    def apply(self, action: Action, seat: int) -> list[Event]:
        """Validate ``action`` by ``seat`` and apply it; the events it caused.

        Raises ``IllegalAction`` with a specific reason (not this seat's decision, not
        legal now, not this game's action...) and then changes nothing.
        """
        ...

    # -- the forms of an action -----------------------------------------------------------

    def action_from_dict(self, data: Mapping[str, Any]) -> Action:
        """An action from its record (or client) form; ``IllegalAction`` names a bad field
        (``UnknownField``, a kind of it, one that the action's kind does not have).

        Parsing does not check legality: :meth:`apply` does.
        """
        ...

    def action_to_dict(self, action: Action) -> dict[str, Any]:
        """The record form of ``action`` (read-only: copy it to add fields)."""
        ...

    def action_text(self, action: Action) -> str:
        """``action`` in a few words, e.g. ``place 6D`` or ``bid $100 on P1``."""
        ...

    def legal_forms(self, seat: int) -> tuple[list[dict[str, Any]], list[str]]:
        """``legal_actions(seat)`` in record form and in words, in the same order
        (read-only lists, possibly shared: the server sends them after every action)."""
        ...

    # -- what a seat may see --------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        """JSON-ready state as ``seat`` may see it (``None``: a spectator)."""
        ...

    def event_view(self, event: Event, seat: int | None) -> dict[str, Any] | None:
        """``event`` as ``seat`` may see it (``None`` when that seat sees nothing of it)."""
        ...

    def action_view(self, action: Action, actor: int, seat: int | None) -> dict[str, Any]:
        """``{"player", "action", "text"}``: ``actor``'s ``action`` as ``seat`` may see it
        (secret terms left out for those who may not see them)."""
        ...

    # -- the result -----------------------------------------------------------------------

    def is_terminal(self) -> bool: ...

    def scores(self) -> list[int] | None:
        """Final score per seat; ``None`` while the game runs."""
        ...

    def ranks(self) -> list[int] | None:
        """1-based place per seat, equal scores sharing a place (see :func:`ranks_of`);
        ``None`` while the game runs."""
        ...

    # -- copies, records and extensions ---------------------------------------------------

    def clone(self) -> Self:
        """An independent copy: nothing done to it changes this state."""
        ...

    def to_record(self) -> dict[str, Any]:
        """A JSON record from which the definition's ``replay`` rebuilds this state."""
        ...

    def extension(self, key: Extension[E]) -> E | None:
        """The capability ``key`` for this state, or ``None`` if the game has none."""
        ...


def ranks_of(scores: Sequence[int]) -> list[int]:
    """1-based places from scores, higher first; equal scores share a place.

    >>> ranks_of([5000, 7000, 5000, 2000])
    [2, 1, 2, 4]
    """
    return [1 + sum(1 for other in scores if other > s) for s in scores]


class NewGame(Protocol):
    """``new_game(players, ruleset=None, seed=None)``: a fresh game.

    ``players`` are the names in seat order; ``ruleset`` the record form the game's
    :class:`~takeover.core.options.RulesetSchema` reads (a preset name or ``{"preset",
    "options"}``; ``None``: the default preset); ``seed`` draws everything random
    (``None``: a random seed). Raises ``RecordError`` naming a bad ruleset or count.
    """

    def __call__(
        self, players: Sequence[str], ruleset: Any = None, seed: int | None = None
    ) -> GameState: ...


@dataclass(frozen=True, slots=True)
class ImportedStep:
    """One step of an imported record: who acted (``None``: no seat acts for the entity),
    the action, its events, and the game after it (the importer's own state, moved on at
    the next step: copy it to keep it)."""

    seat: int | None
    action: Action
    events: list[Event]
    state: GameState


class RecordImport(Protocol):
    """A record format from elsewhere that a game reads and steps through (1817's
    18xx.games exports), for imports and the replay viewer."""

    @property
    def source(self) -> str:
        """Where such records come from, for people (``18xx.games``)."""
        ...

    def accepts(self, data: Mapping[str, Any]) -> bool:
        """Whether ``data`` is a record of this format (a quick look, no replay)."""
        ...

    def describe(self, data: Mapping[str, Any]) -> tuple[str, list[str]]:
        """What the record calls the game (1817: its title, ``1817NA``) and the players'
        names in seat order."""
        ...

    def resolve(self, data: Mapping[str, Any]) -> Mapping[str, Any]:
        """The record with only the actions that stand (undone ones, and the undo and
        redo entries, left out), in one pass over it; ``RecordError`` naming a malformed
        entry. :meth:`steps` of it is :meth:`steps` of ``data``, and costs the same
        whatever ``data`` undid: a replay viewer keeps it to step through the record."""
        ...

    def start(self, data: Mapping[str, Any]) -> GameState:
        """The game before the record's first action; ``RecordError`` for a bad setup."""
        ...

    def steps(self, data: Mapping[str, Any]) -> Iterator[ImportedStep]:
        """Each action that stands in the record (undone ones left out), applied in
        order; ``RecordError`` naming the first that cannot be applied."""
        ...


@dataclass(frozen=True, eq=False)
class GameDefinition:
    """How to set up, read and replay one game; registered by name."""

    name: str
    title: str
    """The game's name for people (``Acquire``, ``1817``)."""
    schema: RulesetSchema
    """Presets (Acquire's rulesets, 1817's titles), options and player counts."""
    new_game: NewGame
    from_record: Callable[[Mapping[str, Any]], GameState]
    """A state before any of the record's actions (setup done)."""
    replay: Callable[[Mapping[str, Any]], GameState]
    """A state after all of the record's actions; raises ``RecordError``."""
    summary: Callable[[GameState], dict[str, Any]]
    """A JSON summary (what ``takeover replay`` prints); it has at least ``game``,
    ``finished``, ``scores``, ``ranks`` and ``end_reason``."""
    imports: RecordImport | None = None
    """A format from elsewhere the game reads (``None``: its own records only)."""
    rated_by_preset: bool = False
    """Whether each preset is a game of its own for ratings (1817's titles play differently
    enough to rate apart); ``False``: one rating for the game (Acquire's rulesets are
    variants of one game)."""

    @property
    def min_players(self) -> int:
        return self.schema.min_players

    @property
    def max_players(self) -> int:
        return self.schema.max_players

    @property
    def presets(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.schema.presets)
