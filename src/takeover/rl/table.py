"""The table the research environments play at: any ruleset, with trading off.

Player-to-player trades are open-ended offers (any cash and shares), which a fixed
integer action space cannot list, so the environments switch them off; every other
rule of the chosen ruleset stays as it is.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from takeover.acquire import new_game
from takeover.acquire.rules import Ruleset, ruleset_from_json
from takeover.acquire.state import AcquireState
from takeover.core.errors import RecordError
from takeover.rl.actions import ActionSpace
from takeover.rl.observation import ObservationEncoder

RulesetSpec = Ruleset | str | Mapping[str, Any] | None


def rl_ruleset(ruleset: RulesetSpec = None, hidden_holdings: bool | None = None) -> Ruleset:
    """``ruleset`` (a preset name, record form or :class:`Ruleset`) with trading off.

    ``hidden_holdings`` overrides the ruleset's switch when given. Raises
    ``RecordError`` naming a bad preset or option.
    """
    rules = ruleset_from_json(ruleset)
    changes: dict[str, Any] = {"player_trading": False}
    if hidden_holdings is not None:
        changes["hidden_holdings"] = bool(hidden_holdings)
    return dataclasses.replace(rules, **changes)


class Table:
    """What every adapter needs for one table: ruleset, seats, action space, encoder.

    Raises ``RecordError`` naming a bad ruleset or player count.
    """

    def __init__(
        self,
        players: int | Sequence[str] = 4,
        ruleset: RulesetSpec = None,
        hidden_holdings: bool | None = None,
    ) -> None:
        if isinstance(players, bool) or not isinstance(players, int | list | tuple):
            raise RecordError(f"players must be a count or a list of names, got {players!r}")
        self.ruleset = rl_ruleset(ruleset, hidden_holdings)
        probe = new_game(players, self.ruleset, seed=0)
        self.players = players
        self.num_players = probe.num_players
        self.names = probe.ctx.players
        self.tiles = probe.ctx.board.size
        self.hand_size = probe.ctx.hand_size
        self.notation = probe.ctx.notation
        self.space = ActionSpace.for_state(probe)
        self.encoder = ObservationEncoder.for_state(probe)

    def new_game(self, seed: int) -> AcquireState:
        return new_game(self.players, self.ruleset, seed=seed)
