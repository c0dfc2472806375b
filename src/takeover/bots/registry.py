"""Which bots play which game: a registry from (game, level) to a class and its settings.

The ``random`` level plays any game (through the game protocol alone, with the game's
``VOLUNTARY_END`` extension as its one bias); 1817 has its own ``random`` (it runs the
best listed routes), ``heuristic`` and ``mcts`` (:mod:`takeover.bots.g1817`), Acquire its
``heuristic`` and ``mcts``.
A level names its class as ``module:Class``, imported only when a bot is built, so
reading specs never loads a search bot. A game's own bots register here too
(:func:`register`).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING

from takeover.bots.spec import BotSpec, BotSpecError, Setting
from takeover.kernel import available

if TYPE_CHECKING:
    from takeover.bots.base import Bot


@dataclass(frozen=True)
class BotLevel:
    """A bot level: the games it plays (``None``: all), its class and its settings."""

    level: str
    games: tuple[str, ...] | None
    factory: str
    """``module:Class``; the class takes the settings as keyword arguments."""
    settings: tuple[Setting, ...] = ()
    doc: str = ""
    thinks: str = ""
    """How long it thinks a decision, in words (measured: docs/bots.md), for the lobby,
    the command line's help and the docs."""
    extra: str = ""
    """The optional extra (``takeover[extra]``) the level needs, if any; without it the
    level is not offered, and asking for it says what to install."""

    def installed(self) -> bool:
        return not self.extra or _EXTRAS[self.extra]()

    def about(self) -> str:
        """What the level is and how long it thinks, in one line."""
        return f"{self.doc}; {self.thinks}" if self.thinks else self.doc


_MCTS_SETTINGS = (
    Setting("time", "float", 0.5, 0.001, 600.0, unless="iterations", doc="s/decision"),
    Setting("clock", "choice", "wall", choices=("wall", "cpu")),
    Setting("iterations", "int", None, 1, 10**7, doc="a cap; alone: deterministic"),
    Setting("rollout", "choice", "heuristic", choices=("heuristic", "random")),
    Setting("depth", "int", 8, 0, 1000, doc="rollout length in decisions"),
    Setting("c", "float", 0.7, 0.0, 100.0, doc="exploration constant"),
    Setting("width", "int", 6, 1, 1000, doc="options searched at wide decisions"),
)

_MCTS_1817_SETTINGS = (
    *_MCTS_SETTINGS,
    Setting(
        "margin",
        "float",
        0.05,
        0.0,
        1.0,
        doc="mean reward by which the search must beat the heuristic's choice",
    ),
)

_LEVELS: list[BotLevel] = [
    BotLevel(
        "random",
        ("1817",),
        "takeover.bots.g1817.random_bot:Random1817",
        doc="uniform over the legal actions; runs the best listed routes",
        thinks="instant",
    ),
    BotLevel(
        "heuristic",
        ("1817",),
        "takeover.bots.g1817.heuristic:Heuristic1817",
        doc="small named policies for each part of 1817",
        thinks="about 1 ms a decision",
    ),
    BotLevel(
        "mcts",
        ("1817",),
        "takeover.bots.g1817.mcts:Mcts1817",
        _MCTS_1817_SETTINGS,
        doc="UCT over the heuristic's options with heuristic rollouts",
        thinks="time=S seconds a decision (0.5 by default)",
    ),
    BotLevel(
        "random",
        None,
        "takeover.bots.random_bot:RandomBot",
        doc="uniform over the legal actions; takes a game's voluntary end when it may",
        thinks="instant",
    ),
    BotLevel(
        "heuristic",
        ("acquire",),
        "takeover.bots.heuristic:HeuristicBot",
        (Setting("trade", "bool", True, doc="propose trades where the table allows"),),
        doc="a hand-written club player's strategy",
        thinks="about 1 ms a decision",
    ),
    BotLevel(
        "mcts",
        ("acquire",),
        "takeover.bots.mcts:MctsBot",
        _MCTS_SETTINGS,
        doc="information-set Monte Carlo tree search",
        thinks="time=S seconds a decision (0.5 by default)",
    ),
]


_PIMC_SETTINGS = (
    *_MCTS_SETTINGS[:3],
    Setting("depth", "int", 24, 0, 200, doc="playout length in decisions"),
    Setting("rollouts", "int", 8, 1, 64, doc="playouts per option per world"),
    Setting("width", "int", 6, 1, 1000, doc="options searched at wide decisions"),
)

_LEVELS.append(
    BotLevel(
        "pimc",
        ("acquire",),
        "takeover.bots.pimc:PimcBot",
        _PIMC_SETTINGS,
        doc="determinised Monte Carlo with compiled playouts (the strongest)",
        thinks="time=S seconds a decision (0.5 by default)",
        extra="fast",
    )
)
_EXTRAS = {"fast": available}
"""Each optional extra a level may need, and how to tell whether it is installed."""


def register(level: BotLevel) -> None:
    """Add a level (a game's own bot); a later entry for the same (game, level) wins."""
    _LEVELS.insert(0, level)


def levels(game: str) -> list[BotLevel]:
    """The levels that play ``game``, each once, in registration order."""
    seen: dict[str, BotLevel] = {}
    for entry in _LEVELS:
        playable = entry.games is None or game in entry.games
        if playable and entry.level not in seen and entry.installed():
            seen[entry.level] = entry
    return list(seen.values())


def level_of(game: str, name: str) -> BotLevel:
    for entry in _LEVELS:
        if entry.level == name and (entry.games is None or game in entry.games):
            if not entry.installed():
                raise BotSpecError(
                    f"the {name} bot needs the {entry.extra} extra: "
                    f"pip install 'takeover[{entry.extra}]'"
                )
            return entry
    offered = ", ".join(e.level for e in levels(game)) or "none"
    if any(e.level == name for e in _LEVELS):
        raise BotSpecError(f"there is no {name} bot for {game} (levels: {offered})")
    raise BotSpecError(f"unknown bot level {name!r} (levels: {offered})")


def make_bot(spec: str | BotSpec, game: str = "acquire") -> Bot:
    """A bot from a spec such as ``heuristic`` or ``mcts:time=0.5,rollout=heuristic``.

    Raises :class:`BotSpecError` naming what was wrong.

    >>> make_bot("mcts:iterations=50").name
    'mcts:iterations=50'
    """
    parsed = BotSpec.parse(spec, game)
    entry = level_of(parsed.game, parsed.level)
    module, _, name = entry.factory.partition(":")
    cls = getattr(importlib.import_module(module), name)
    bot: Bot = cls(**parsed.given())
    return bot
