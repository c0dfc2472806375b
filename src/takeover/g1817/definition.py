"""The 1817 entry in the game registry (new game, replay, summary)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from takeover.core.protocol import GameDefinition, GameState
from takeover.g1817.actions import Action
from takeover.g1817.fixture import new_game as game_from_fixture
from takeover.g1817.fixture import replay_game, summary
from takeover.g1817.state import Game1817


def new_game(
    players: Sequence[Any], ruleset: str | None = None, seed: int | None = None
) -> Game1817:
    """A fresh game; ``ruleset`` is the title (1817, 1817NA or 1817WO), players ids or names."""
    title = ruleset or "1817"
    seats = [(p, str(p)) if isinstance(p, int) else (i + 1, str(p)) for i, p in enumerate(players)]
    return Game1817(title, seats, seed or 0)


def _summary(state: GameState) -> dict[str, Any]:
    assert isinstance(state, Game1817)
    return summary(state)


def _replay(record: Mapping[str, Any]) -> Game1817:
    return replay_game(record)[0]


DEFINITION = GameDefinition(
    name="1817",
    min_players=2,
    max_players=12,
    new_game=new_game,
    from_record=game_from_fixture,
    replay=_replay,
    action_from_dict=Action.from_dict,
    summary=_summary,
    rulesets=("1817", "1817NA", "1817WO"),
)
