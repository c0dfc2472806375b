"""Engine positions for each kind of decision, turned into the server's ``state`` message.

The messages are built from the engine's own view and legal actions, exactly as the server
builds them, so the prompt tests see what a real table would send.
"""

from __future__ import annotations

from typing import Any

from takeover.acquire import AcquireState, from_position


def row(letter: str, first: int, last: int) -> list[str]:
    return [f"{c}{letter}" for c in range(first, last + 1)]


def board(**chains: list[str]) -> dict[str, str | None]:
    out: dict[str, str | None] = {}
    for name, tiles in chains.items():
        out.update(dict.fromkeys(tiles, name))
    return out


def player(name: str, hand: list[str], cash: int = 6000, **shares: int) -> dict[str, Any]:
    return {"name": name, "cash": cash, "shares": shares, "hand": hand}


def start(
    b: dict[str, str | None],
    players: list[dict[str, Any]],
    ruleset: Any = "standard",
    removed: list[str] | None = None,
) -> AcquireState:
    bag = ["12I", "11I", "10I", "9I", "8I", "7I"]
    position = {"board": b, "players": players, "bag": bag, "current": 0}
    if removed:
        position["removed"] = removed
    return from_position(position, ruleset)


def act(state: AcquireState, kind: str, **fields: Any) -> AcquireState:
    state.apply(state.action_from_dict({"type": kind, **fields}), state.current_player())
    return state


def founding() -> AcquireState:
    """Seat 0 has placed 6E beside the orphan 6D: which chain to found."""
    s = start({"6D": None}, [player("Ann", ["6E", "1A"]), player("Bob", ["3C"])])
    return act(s, "place_tile", tile="6E")


def merger_tie(festival: int = 5) -> AcquireState:
    """5A joins American (1A-4A) and Festival (6A-9A), four tiles each: Ann chooses."""
    b = board(American=row("A", 1, 4), Festival=row("A", 6, 9))
    players = [player("Ann", ["5A", "1C"], Festival=festival), player("Bob", ["3E"], American=2)]
    return act(start(b, players), "place_tile", tile="5A")


def disposing(festival: int = 5) -> AcquireState:
    """After American survives, Ann disposes of her ``festival`` Festival shares."""
    return act(merger_tie(festival), "choose_survivor", chain="American")


def buying(ruleset: Any = "standard", cash: int = 6000) -> AcquireState:
    """Ann has placed a lone tile; American and Festival are on the board."""
    b = board(American=row("A", 1, 3), Festival=row("C", 6, 9))
    ann = player("Ann", ["12F", "1G"], cash=cash)
    s = start(b, [ann, player("Bob", ["3E"], Festival=1)], ruleset)
    return act(s, "place_tile", tile="12F")


def unplayable() -> AcquireState:
    """Ann's hand: 1B (would merge two safe chains), 10G (would found an 8th chain), 12I."""
    b = board(
        Luxor=row("A", 1, 11),
        Tower=row("C", 1, 11),
        American=row("E", 1, 2),
        Festival=row("E", 4, 5),
        Worldwide=row("E", 7, 8),
        Continental=row("G", 1, 2),
        Imperial=row("G", 4, 5),
    )
    b["11G"] = None
    return start(b, [player("Ann", ["1B", "10G", "12H"]), player("Bob", ["3I"])])


def dead_tile() -> AcquireState:
    """Ann's turn with every kind of cell: chains, an orphan, a dead tile (2B, between the safe
    Luxor and Tower), tiles to place, and hand tiles she cannot place now."""
    b = board(Luxor=row("A", 1, 11), Tower=row("C", 1, 11), American=row("E", 1, 2))
    b["8G"] = None
    players = [player("Ann", ["1B", "10G", "5F"]), player("Bob", ["3I"])]
    return start(b, players, removed=["2B"])


def buying_midgame(seed: int = 3) -> tuple[AcquireState, list[dict[str, Any]]]:
    """Four players well into a game, Ann (seat 0) to buy with several chains on the board;
    with the actions so far as Ann saw them."""
    import random

    from takeover.acquire import new_game

    state = new_game(["Ann", "Bob", "Cy", "Di"], seed=seed)
    rng = random.Random(seed)
    entries: list[dict[str, Any]] = []
    while True:
        view = state.view(0)
        on_board = [c for c in view["chains"] if c["size"]]
        decision = view["decision"] or {}
        if (
            len(entries) > 40
            and len(on_board) >= 4
            and decision.get("player") == 0
            and decision.get("kind") == "buy_shares"
            and len(state.legal_actions()) > 10
        ):
            return state, entries
        assert not state.is_terminal(), "no such position in this game: pick another seed"
        entries.append(play(state, rng.choice(state.legal_actions()), len(entries) + 1, 0))


def endable(ruleset: Any = "standard") -> AcquireState:
    """Luxor has 41 tiles: Ann may declare the end (at the start of her turn in standard)."""
    tiles = row("A", 1, 12) + row("B", 1, 12) + row("C", 1, 12) + row("D", 1, 5)
    players = [player("Ann", ["12G"], Luxor=3), player("Bob", ["10F"])]
    return start(board(Luxor=tiles), players, ruleset)


def end_with_purchase() -> AcquireState:
    """tlstyer: Ann has placed her tile and may end the game together with her purchase."""
    return act(endable("tlstyer"), "place_tile", tile="12G")


def trade_offer() -> AcquireState:
    """Ann offers Bob $500 and 2 American for 1 Festival: Bob answers."""
    b = board(American=row("A", 1, 3), Festival=row("C", 6, 9))
    players = [player("Ann", ["12F"], American=3), player("Bob", ["3E"], Festival=2)]
    s = start(b, players)
    offer = {"give": {"cash": 500, "shares": {"American": 2}}, "get": {"shares": {"Festival": 1}}}
    return act(s, "propose_trade", to=1, **offer)


def state_message(state: AcquireState, seat: int, seq: int = 7) -> dict[str, Any]:
    """The server's ``state`` message for ``seat`` (what takeover.server.messages builds)."""
    mine = state.current_player() == seat
    legal = state.legal_actions() if mine else []
    return {
        "type": "state",
        "seq": seq,
        "status": "finished" if state.is_terminal() else "playing",
        "view": state.view(seat),
        "legal": [state.action_to_dict(a) for a in legal],
        "legal_text": [state.text(a) for a in legal],
        "trading_open": bool(mine and state.trading_open()),
        "last": None,
        "events": [],
    }


def played(
    moves: int, seat: int = 0, seed: int = 3, names: list[str] | None = None
) -> tuple[AcquireState, list[dict[str, Any]]]:
    """A random game's first ``moves`` actions, each as ``seat`` saw it live (the server's
    ``recent`` and ``history`` entries: ``{seq, player, action, text, events}``)."""
    import random

    from takeover.acquire import new_game

    state = new_game(names or ["Ann", "Bob", "Cy", "Di"], seed=seed)
    rng = random.Random(seed)
    entries = []
    for seq in range(1, moves + 1):
        assert not state.is_terminal(), "the game ended early: pick another seed"
        entries.append(play(state, rng.choice(state.legal_actions()), seq, seat))
    return state, entries


def play(state: AcquireState, action: Any, seq: int, seat: int | None) -> dict[str, Any]:
    """Apply ``action`` (number ``seq``); returns it as ``seat`` saw it live (a ``recent``
    entry: ``{seq, player, action, text, events}``)."""
    actor = state.current_player()
    events = state.apply(action, actor)
    seen = [state.event_view(e, seat) for e in events]
    return {
        "seq": seq,
        **state.action_view(action, actor, seat),
        "events": [e for e in seen if e is not None],
    }
