"""Why an action is refused, as a code with its particulars (words come from :mod:`.explain`).

A refusal is data, so that one checker can serve everybody: :func:`.actions.field_refusal`
(the fields of an action, for records and for actions built in code) and
:func:`.legal.refusal` (whether an action is legal now) return one; the state, the
record reader and the server turn it into words with :func:`.explain.words`. Tile and
chain particulars are ids; the words name them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any


class Reason(StrEnum):
    """What was wrong. The values are stable codes (clients may rely on them)."""

    # The fields of an action (its form, whatever the position).
    NOT_AN_ACTION = "not_an_action"
    BAD_TILE_ID = "bad_tile_id"
    BAD_CHAIN_ID = "bad_chain_id"
    BAD_PURCHASE = "bad_purchase"
    UNSORTED_PURCHASE = "unsorted_purchase"
    NOT_A_FLAG = "not_a_flag"
    NOT_A_COUNT = "not_a_count"
    NOT_A_SEAT = "not_a_seat"
    BAD_TRADE_SIDE = "bad_trade_side"
    BAD_TRADE_CASH = "bad_trade_cash"
    BAD_SHARE_COUNT = "bad_share_count"
    ZERO_SHARE_COUNT = "zero_share_count"
    REPEATED_TRADE_CHAIN = "repeated_trade_chain"
    # Whose decision it is.
    GAME_OVER = "game_over"
    NOT_YOUR_DECISION = "not_your_decision"
    NOT_NOW = "not_now"
    # Placing (rules 2.5-2.7, 5.3).
    NOT_IN_HAND = "not_in_hand"
    DEAD_TILE = "dead_tile"
    EIGHTH_CHAIN = "eighth_chain"
    TILE_NOT_PLAYABLE = "tile_not_playable"
    # Choosing a chain (rules 5.4, 6.1, 6.2).
    NOT_A_CHOICE = "not_a_choice"
    # Disposing (rule 6.5).
    ODD_TRADE = "odd_trade"
    TOO_MANY_DISPOSED = "too_many_disposed"
    SURVIVOR_SHORT = "survivor_short"
    # Buying (rule 5.6).
    PLACE_FIRST = "place_first"
    TOO_MANY_SHARES = "too_many_shares"
    NOT_ON_BOARD = "not_on_board"
    BANK_SHORT = "bank_short"
    TOO_EXPENSIVE = "too_expensive"
    # Declaring the end (rules 8.1-8.2).
    END_ONLY_WITH_PURCHASE = "end_only_with_purchase"
    END_NOT_WITH_PURCHASE = "end_not_with_purchase"
    END_ONLY_AT_START = "end_only_at_start"
    NO_END_CONDITION = "no_end_condition"
    NO_CHAIN_ON_BOARD = "no_chain_on_board"
    # Trading (section 7).
    TRADING_OFF = "trading_off"
    TRADING_CLOSED = "trading_closed"
    TOO_MANY_OFFERS = "too_many_offers"
    NOT_ANOTHER_PLAYER = "not_another_player"
    EMPTY_TRADE = "empty_trade"
    CANNOT_GIVE_CASH = "cannot_give_cash"
    CANNOT_GIVE_SHARES = "cannot_give_shares"
    NO_TRADE_PENDING = "no_trade_pending"


@dataclass(frozen=True, slots=True)
class Refusal:
    """A reason and its particulars (ids, counts, amounts), e.g.
    ``Refusal(Reason.BANK_SHORT, {"chain": 1, "left": 2})``."""

    reason: Reason
    data: Mapping[str, Any] = field(default_factory=dict)
