"""What an action did, as events for the log: the money it moved, and what followed from it.

An action's own event says only what was decided; the game log also wants what came of it
(an auction won and its price, a par, price moves, a new phase, rusted and exported trains,
a closed corporation, the next round). Rather than have every rule report what it does,
the position is summed up before the action (:func:`summary`, cheap: numbers and ids) and
compared after it (:func:`consequences`), so the log's facts come from the engine itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from takeover.core.protocol import Event
from takeover.g1817.data.editions import MARKET_PRICES

if TYPE_CHECKING:
    from takeover.g1817.actions import Action
    from takeover.g1817.state import Game1817

Summary = dict[str, Any]


def cash(game: Game1817) -> dict[str, int]:
    """Each player's (by id) and started corporation's cash."""
    out = {str(p.id): p.cash for p in game.players}
    for c in game.corps.values():
        if c.price_index is not None:
            out[c.sym] = c.cash
    return out


def summary(game: Game1817) -> Summary:
    """The facts :func:`consequences` compares: cash, prices, trains, owners, the round.
    Taken before every action, so kept to copies of numbers and references (the depot's
    trains are compared only when it has fewer)."""
    rnd = game.round
    return {
        "round": (rnd.name, game.turn, rnd.round_num),
        "phase": game.phase,
        "cash": cash(game),
        "prices": {c.sym: c.price_index for c in game.corps.values()},
        "trains": {t.id: (c.sym, t.obsolete) for c in game.corps.values() for t in c.trains},
        "depot": game.depot[:],
        "companies": dict(game.company_owner),
        "bankrupt": {p.id for p in game.players if p.bankrupt},
        "finished": game.finished,
    }


def cash_moves(before: Summary, game: Game1817) -> dict[str, int]:
    """Each player's (by id) and corporation's change of cash since ``before``."""
    after = cash(game)
    return {
        k: int(after.get(k, 0) - before["cash"].get(k, 0))
        for k in sorted(set(after) | set(before["cash"]))
        if after.get(k, 0) != before["cash"].get(k, 0)
    }


def action_details(before: Summary, game: Game1817, action: Action) -> dict[str, Any]:
    """What the action's own event carries besides its entity: ``cash`` (every change of
    cash it made), for a run its revenue, for a dividend the revenue and the amount per
    share, for a train bought its seller (a corporation, or ``depot``)."""
    action_type = action.type
    out: dict[str, Any] = {"cash": cash_moves(before, game)}
    corp = game.corps.get(str(action.entity))
    if action_type in ("convert", "merge") and corp is not None:
        out["size"] = corp.total_shares
    if action_type == "buy_train":
        held = before["trains"].get(str(action.get("train")))
        out["seller"] = held[0] if held else "depot"
    revenue = getattr(game.round, "revenue", None)
    if action_type == "run_routes" and isinstance(revenue, int):
        out["revenue"] = revenue
    if action_type == "dividend" and game.last_dividend is not None:
        out.update(game.last_dividend)
    return out


def consequences(
    before: Summary, game: Game1817, started: list[tuple[str, int, int]]
) -> list[Event]:
    """The events that followed from an action, in the order a reader wants them;
    ``started``: the rounds begun after it (name, turn, number), each a heading."""
    events: list[Event] = []
    moves = cash_moves(before, game)
    for sym, owner in game.company_owner.items():
        was = before["companies"].get(sym)
        if owner != was and owner is not None:
            price = -moves.get(str(owner), 0)
            events.append(
                Event("company_won", {"company": sym, "owner": owner, "from": was, "price": price})
            )
    for sym, corp in game.corps.items():
        was_index = before["prices"].get(sym)
        now = corp.price_index
        if was_index is None and now is not None:
            events.append(
                Event(
                    "par",
                    {
                        "corporation": sym,
                        "price": MARKET_PRICES[now],
                        "size": corp.total_shares,
                        "owner": corp.owner,
                    },
                )
            )
        elif was_index is not None and now is not None and was_index != now:
            events.append(
                Event(
                    "price_move",
                    {
                        "corporation": sym,
                        "from": MARKET_PRICES[was_index],
                        "to": MARKET_PRICES[now],
                    },
                )
            )
    if game.phase != before["phase"]:
        events.append(Event("phase_change", {"phase": game.phase}))
    now_trains = {t.id: (c.sym, t.obsolete) for c in game.corps.values() for t in c.trains}
    discarded = {t.id for t in game.discarded}
    for tid, (sym, obsolete) in before["trains"].items():
        if tid not in now_trains and tid not in discarded:
            events.append(Event("train_rusted", {"train": tid, "corporation": sym}))
        elif tid in now_trains and now_trains[tid][1] and not obsolete:
            events.append(Event("train_obsolete", {"train": tid, "corporation": sym}))
    if len(before["depot"]) != len(game.depot):
        depot = {t.id for t in game.depot}
        for tid in (t.id for t in before["depot"]):
            if tid not in depot and tid not in now_trains and tid not in discarded:
                events.append(Event("train_exported", {"train": tid}))
    for sym, was_index in before["prices"].items():
        gone = game.corps.get(sym)
        if was_index is not None and (gone is None or gone.price_index is None):
            events.append(Event("corporation_closed", {"corporation": sym}))
    for p in game.players:
        if p.bankrupt and p.id not in before["bankrupt"]:
            events.append(Event("player_bankrupt", {"player": p.id}))
    if game.finished and not before["finished"]:
        events.append(Event("game_end", {"reason": game.game_end_reason}))
    for name, turn, number in started:
        if not game.finished:
            events.append(Event("round_start", {"round": name, "turn": turn, "round_num": number}))
    return events
