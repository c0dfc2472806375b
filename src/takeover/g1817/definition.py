"""The 1817 entry in the game registry: titles and options, new game, replay, summary.

The titles and their player ranges, and the optional rules each title offers, are those
of the reference implementation (18xx.games); see ``docs/1817.md``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from takeover.core.errors import RecordError
from takeover.core.options import Option, Preset, RulesetSchema
from takeover.core.protocol import GameDefinition, GameState, RecordImport
from takeover.g1817.fixture import new_game as game_from_fixture
from takeover.g1817.fixture import replay_game, summary
from takeover.g1817.state import Game1817

_COMMON = ("short_squeeze", "five_shorts", "modern_trains")

SCHEMA = RulesetSchema(
    presets=(
        Preset("1817", 3, 12, offers=("volatility", *_COMMON), description="the original"),
        Preset("1817NA", 2, 6, offers=_COMMON, description="North America"),
        Preset("1817WO", 2, 5, offers=_COMMON, description="the world"),
    ),
    options=(
        Option("volatility", "bool", False, "13 more private companies, a modified auction"),
        Option(
            "short_squeeze",
            "bool",
            False,
            "a corporation more than 100% owned by players moves up again at the stock round's end",
        ),
        Option("five_shorts", "bool", False, "at most 5 shorts of a 10-share corporation"),
        Option(
            "modern_trains",
            "bool",
            False,
            "7 and 8 trains earn $10 and $20 more per station of their corporation",
        ),
    ),
)
"""The titles (as presets) and optional rules; an option is on when ``true``."""


def new_game(players: Sequence[Any], ruleset: Any = None, seed: int | None = None) -> Game1817:
    """A fresh game. ``ruleset``: a title (``1817``, ``1817NA``, ``1817WO``) or
    ``{"preset": title, "options": {"volatility": true, ...}}``; ``players``: names, or
    18xx.games ids (ints)."""
    preset, options = SCHEMA.read(ruleset)
    if not preset.min_players <= len(players) <= preset.max_players:
        raise RecordError(
            f"{preset.name} takes {preset.min_players} to {preset.max_players} players, "
            f"got {len(players)}"
        )
    seats = [(p, str(p)) if isinstance(p, int) else (i + 1, str(p)) for i, p in enumerate(players)]
    rules = tuple(name for name, on in options.items() if on)
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    return Game1817(preset.name, seats, seed, rules)


def _summary(state: GameState) -> dict[str, Any]:
    if not isinstance(state, Game1817):
        raise TypeError(f"not a 1817 state: {state!r}")
    out = summary(state)
    out.update(end_reason=state.game_end_reason, scores=state.scores(), ranks=state.ranks())
    return out


def _from_record(record: Mapping[str, Any]) -> Game1817:
    try:
        return game_from_fixture(record)
    except (KeyError, TypeError, ValueError) as exc:
        raise RecordError(f"not a 1817 record: {type(exc).__name__} {exc}") from None


def _replay(record: Mapping[str, Any]) -> Game1817:
    return replay_game(record)[0]


def _imports() -> RecordImport:
    from takeover.g1817.importing import IMPORTS

    return IMPORTS


DEFINITION = GameDefinition(
    name="1817",
    title="1817",
    schema=SCHEMA,
    new_game=new_game,
    from_record=_from_record,
    replay=_replay,
    summary=_summary,
    imports=_imports(),
    rated_by_preset=True,
)
