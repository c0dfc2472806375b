"""Refusals in words, for players, bots and records.

This module decides nothing: :func:`.actions.field_refusal` and :func:`.legal.refusal`
say what is wrong (a :class:`~.refusals.Refusal`); :func:`words` only says it. Particulars
are named by their key: ``tile`` a tile id, ``chain`` and ``survivor`` chain ids,
``chains`` and ``options`` lists of chain ids, ``decision`` a decision's name.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from takeover.acquire.board import Board
from takeover.acquire.refusals import Reason, Refusal

_WORDS: dict[Reason, str] = {
    Reason.NOT_AN_ACTION: "{value!r} is not an Acquire action",
    Reason.BAD_TILE_ID: "no such tile: {value!r} (tile ids are 0 to {last})",
    Reason.BAD_CHAIN_ID: "no such chain: {value!r} (chain ids are 0 to {last})",
    Reason.BAD_PURCHASE: "a purchase is a tuple of chain ids 0 to {last}, got {value!r}",
    Reason.UNSORTED_PURCHASE: "a purchase lists its chains in increasing order",
    Reason.NOT_A_FLAG: "{field!r} must be true or false, got {value!r}",
    Reason.NOT_A_COUNT: "{field!r} must be a non-negative integer, got {value!r}",
    Reason.NOT_A_SEAT: '"to" must be a seat number, got {value!r}',
    Reason.BAD_TRADE_SIDE: 'a trade side must be {{"cash": int, "shares": {{chain: int}}}}',
    Reason.BAD_TRADE_CASH: "trade cash must be a non-negative multiple of $100, got {value!r}",
    Reason.BAD_SHARE_COUNT: "share count for {chain} must be a non-negative integer, got {value!r}",
    Reason.ZERO_SHARE_COUNT: "a side of a trade lists no zero share count (leave {chain} out)",
    Reason.REPEATED_TRADE_CHAIN: "each chain may appear only once on a side of a trade",
    Reason.GAME_OVER: "the game is over",
    Reason.NOT_YOUR_DECISION: "it is not seat {seat}'s decision: seat {decider} must {decision}",
    Reason.NOT_NOW: "not now: the decision is to {decision}",
    Reason.NOT_IN_HAND: "tile {tile} is not in your hand",
    Reason.DEAD_TILE: "tile {tile} is permanently unplayable: it would merge safe chains {chains}",
    Reason.EIGHTH_CHAIN: "tile {tile} cannot be played now: it would found an 8th chain",
    Reason.TILE_NOT_PLAYABLE: "tile {tile} cannot be played now",
    Reason.NOT_A_CHOICE: "{chain} is not a choice here (choose one of: {options})",
    Reason.ODD_TRADE: "shares are traded two for one: trade must be even, got {trade}",
    Reason.TOO_MANY_DISPOSED: "you hold {held} shares of the defunct chain, not {disposed}",
    Reason.SURVIVOR_SHORT: "only {left} {survivor} shares are left: trade at most {most}",
    Reason.PLACE_FIRST: "place a tile before buying shares",
    Reason.TOO_MANY_SHARES: "at most {limit} shares per turn, not {count}",
    Reason.NOT_ON_BOARD: "{chain} is not on the board",
    Reason.BANK_SHORT: "only {left} {chain} shares are left",
    Reason.TOO_EXPENSIVE: "the purchase costs ${cost:,} but you have ${cash:,}",
    Reason.END_ONLY_WITH_PURCHASE: (
        "this ruleset declares the end together with a purchase (end_game)"
    ),
    Reason.END_NOT_WITH_PURCHASE: (
        "this ruleset declares the end at the beginning of a turn, not with a purchase"
    ),
    Reason.END_ONLY_AT_START: "the end may only be declared at the beginning of one's turn",
    Reason.NO_CHAIN_ON_BOARD: (
        "the end cannot be declared: no chain is on the board (rule 8.1 needs at least one)"
    ),
    Reason.NO_END_CONDITION: (
        "the end cannot be declared: no chain has {end_size} tiles "
        "and not every chain on the board is safe"
    ),
    Reason.TRADING_OFF: "player-to-player trading is not enabled at this table",
    Reason.TRADING_CLOSED: (
        "trades may only be proposed by the active player before placing a tile"
    ),
    Reason.TOO_MANY_OFFERS: "at most {limit} trade offers per turn",
    Reason.NOT_ANOTHER_PLAYER: "seat {value!r} is not another player at this table",
    Reason.EMPTY_TRADE: "a trade must exchange something",
    Reason.CANNOT_GIVE_CASH: "{who} cannot give ${amount:,} (cash ${cash:,})",
    Reason.CANNOT_GIVE_SHARES: "{who} cannot give {count} {chain} (holding {held})",
    Reason.NO_TRADE_PENDING: "no trade is waiting for an answer",
}
_WHO = {"you": "you", "proposer": "the proposer"}
"""``who`` in a trade refusal: the deciding player, the proposer, or else ``seat N``."""


def words(refusal: Refusal, board: Board, chain_names: Sequence[str]) -> str:
    """``refusal`` as a sentence, with tiles and chains named as the edition names them."""
    data: dict[str, Any] = {}
    for key, value in refusal.data.items():
        if key == "tile":
            value = board.names[value]
        elif key in ("chain", "survivor"):
            value = chain_names[value]
        elif key == "chains":
            value = " and ".join(chain_names[c] for c in value)
        elif key == "options":
            value = ", ".join(chain_names[c] for c in value)
        elif key == "decision":
            value = value.replace("_", " ")
        elif key == "who":
            value = _WHO.get(value) or f"seat {refusal.data['seat']}"
        data[key] = value
    return _WORDS[refusal.reason].format(**data)
