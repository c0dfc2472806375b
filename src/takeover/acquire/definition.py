"""Acquire's entry in the game registry: its rulesets as a schema, setup and replay.

The schema is read off :class:`~takeover.acquire.rules.Ruleset` and its presets, so a
new switch there appears in the lobby by itself; only its bounds and a line of text
are written here.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from takeover.acquire.record import from_record, replay, summary
from takeover.acquire.rules import PRESETS, Ruleset, option_choices
from takeover.acquire.setup import new_game as _new_game
from takeover.acquire.state import AcquireState
from takeover.core.options import Option, OptionValue, Preset, RulesetSchema
from takeover.core.protocol import GameDefinition, GameState

_ABOUT: dict[str, tuple[str, int | None]] = {
    "player_trading": ("players may trade shares and cash before placing a tile", None),
    "hidden_holdings": ("other players' cash and shares are hidden until the end", None),
    "edition": ("board and chain names", None),
    "starting_cash": ("each player's money at the start", 100),
    "hand_size": ("tiles in a hand", 1),
    "shares_per_chain": ("shares of each chain in the bank", 1),
    "max_purchase": ("most shares bought in a turn", 0),
    "safe_size": ("size from which a chain is safe (empty: the edition's)", 2),
    "end_size": ("a chain this large lets a player end the game", 1),
    "min_players": ("fewest players", 1),
    "max_players": ("most players", 1),
    "closest_tile": ("which drawn tile is closest to 1A: by row or by column", None),
    "turn_order": ("clockwise from the first player, or in the order of the drawn tiles", None),
    "dead_replacement": ("replace dead tiles once a turn, or until none is dead", None),
    "declare_end": ("the end is declared at a turn's start, or with a purchase", None),
    "bonuses_first": ("pay every defunct chain's bonuses before any disposal", None),
    "grow_survivor_first": ("the survivor shows its merged size during the disposals", None),
    "max_trade_offers": ("trade proposals allowed per turn", 0),
}
"""Per option: a line for the lobby and, for numbers, the least value allowed."""

_PRESETS = {
    "standard": "the published rules, with trading between players",
    "tlstyer": "as acquire.tlstyer.com plays: no trading, bonuses first",
}
"""Per preset: a line for the lobby (docs/rules/acquire.md section 12)."""


def _option(f: dataclasses.Field[Any], base: Ruleset) -> Option:
    about, minimum = _ABOUT[f.name]
    default = getattr(base, f.name)
    choices = option_choices()
    if f.name in choices:
        return Option(f.name, "choice", default, about, choices=tuple(choices[f.name]))
    if isinstance(default, bool):
        return Option(f.name, "bool", default, about)
    nullable = "None" in str(f.type)  # ``int | None``: the game picks when unset
    step = 100 if f.name == "starting_cash" else None
    return Option(f.name, "int", default, about, minimum=minimum, step=step, nullable=nullable)


def _schema() -> RulesetSchema:
    base = Ruleset()
    options = tuple(_option(f, base) for f in dataclasses.fields(Ruleset) if f.name != "preset")
    presets = []
    for name, rules in PRESETS.items():
        changed: dict[str, OptionValue] = {
            o.name: getattr(rules, o.name)
            for o in options
            if getattr(rules, o.name) != getattr(base, o.name)
        }
        presets.append(
            Preset(name, rules.min_players, rules.max_players, changed, description=_PRESETS[name])
        )
    return RulesetSchema(tuple(presets), options)


SCHEMA = _schema()


def new_game(
    players: Sequence[str] | int, ruleset: Any = None, seed: int | None = None
) -> AcquireState:
    """A new game; a ruleset in record form is checked against :data:`SCHEMA` first."""
    if ruleset is None or isinstance(ruleset, str | Mapping):
        SCHEMA.read(ruleset)
    return _new_game(players, ruleset, seed=seed)


def _summary(state: GameState) -> dict[str, Any]:
    if not isinstance(state, AcquireState):
        raise TypeError(f"not an Acquire state: {state!r}")
    return summary(state)


DEFINITION = GameDefinition(
    name="acquire",
    title="Acquire",
    schema=SCHEMA,
    new_game=new_game,
    from_record=from_record,
    replay=replay,
    summary=_summary,
)
