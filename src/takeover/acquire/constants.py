"""Constants of the Acquire state: cell labels, phases, tile classes, end reasons."""

from __future__ import annotations

from takeover.acquire.actions import (
    AnswerTrade,
    ChooseDefunct,
    ChooseSurvivor,
    DeclareEnd,
    FoundChain,
    PlaceTile,
)
from takeover.acquire.data import NUM_CHAINS

EMPTY = -1
ORPHAN = NUM_CHAINS
"""Board cell labels: ``EMPTY``, a chain index 0..6, or ``ORPHAN``."""

CHAINS = range(NUM_CHAINS)

# Phases: what kind of decision is pending (``AcquireState.phase``; public, exported by the
# package, as are the cell labels).
PLACE, FOUND, SURVIVOR, DEFUNCT, DISPOSE, BUY, ANSWER, OVER = range(8)
PHASE_NAMES = (
    "place_tile",
    "found_chain",
    "choose_survivor",
    "choose_defunct",
    "dispose_shares",
    "buy_shares",
    "answer_trade",
    "game_over",
)

# Tile classes (rules 2.1-2.7).
LONE, FOUNDING, GROWTH, MERGER, DEAD, NO_CHAIN = range(6)

_PLACE = tuple(PlaceTile(t) for t in range(256))
"""Shared ``PlaceTile`` actions (immutable), so listing them allocates nothing."""
_FOUND = tuple(FoundChain(c) for c in range(NUM_CHAINS))
_SURVIVOR = tuple(ChooseSurvivor(c) for c in range(NUM_CHAINS))
_DEFUNCT = tuple(ChooseDefunct(c) for c in range(NUM_CHAINS))
_DECLARE = DECLARE_END = DeclareEnd()
_ANSWER = (AnswerTrade(False), AnswerTrade(True))
"""The other listed actions, shared likewise (the server caches their forms by identity;
a playout may test ``action is DECLARE_END``)."""

END_DECLARED = "declared"
END_ALL_TILES = "all_tiles_played"
END_NO_PLACEMENT = "no_tile_placed_for_a_round"
