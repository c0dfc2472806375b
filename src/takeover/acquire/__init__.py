"""Acquire: the rules engine (pure, deterministic, no I/O).

>>> from takeover.acquire import new_game
>>> game = new_game(["Ann", "Bob", "Cy"], seed=7)
>>> game.current_player() in (0, 1, 2), game.decision
(True, 'place_tile')
"""

from takeover.acquire.actions import (
    AnswerTrade,
    BuyShares,
    ChooseDefunct,
    ChooseSurvivor,
    DeclareEnd,
    DisposeShares,
    FoundChain,
    Offer,
    PlaceTile,
    ProposeTrade,
)
from takeover.acquire.constants import (
    ANSWER,
    BUY,
    DEFUNCT,
    DISPOSE,
    EMPTY,
    FOUND,
    ORPHAN,
    OVER,
    PHASE_NAMES,
    PLACE,
    SURVIVOR,
)
from takeover.acquire.definition import DEFINITION
from takeover.acquire.record import from_record, replay, summary, to_record
from takeover.acquire.rules import PRESETS, Ruleset, ruleset_from_json
from takeover.acquire.setup import from_position, new_game
from takeover.acquire.state import AcquireState
from takeover.core.registry import register

register(DEFINITION)

__all__ = [
    "ANSWER",
    "BUY",
    "DEFINITION",
    "DEFUNCT",
    "DISPOSE",
    "EMPTY",
    "FOUND",
    "ORPHAN",
    "OVER",
    "PHASE_NAMES",
    "PLACE",
    "PRESETS",
    "SURVIVOR",
    "AcquireState",
    "AnswerTrade",
    "BuyShares",
    "ChooseDefunct",
    "ChooseSurvivor",
    "DeclareEnd",
    "DisposeShares",
    "FoundChain",
    "Offer",
    "PlaceTile",
    "ProposeTrade",
    "Ruleset",
    "from_position",
    "from_record",
    "new_game",
    "replay",
    "ruleset_from_json",
    "summary",
    "to_record",
]
