"""Property-based tests over many random games (both presets, every player count).

Each game is played by a random policy (with random trade offers where trading is
open). After every action the state must keep the game's invariants, and what the
events say happened must account exactly for every change of cash and shares. At
sampled moments every legal action must apply, a batch of illegal ones must be refused
without any change, and no view or event may show a seat what it may not see. At the
end the record must replay to the same game, through ``apply`` and through ``play``.
"""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from takeover.acquire import (
    AcquireState,
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
    from_record,
    new_game,
    replay,
    summary,
)
from takeover.acquire.constants import BUY, DEAD, NO_CHAIN, PLACE
from takeover.core.errors import IllegalAction
from takeover.core.protocol import Event

MAX_STEPS = 20_000


# ---------------------------------------------------------------- strategies
@st.composite
def tables(draw: st.DrawFn) -> tuple[int, Any]:
    """A player count and a ruleset: a preset, sometimes with options."""
    preset = draw(st.sampled_from(["standard", "tlstyer"]))
    players = draw(st.integers(1 if preset == "tlstyer" else 2, 6))
    options: dict[str, Any] = {}
    if draw(st.booleans()):
        options["hidden_holdings"] = True
    edition = draw(st.sampled_from(["classic", "classic", "2008", "2016"]))
    if edition != "classic":
        options["edition"] = edition
    if draw(st.integers(0, 3)) == 0:
        options["starting_cash"] = draw(st.sampled_from([2000, 6000, 10000]))
        options["hand_size"] = draw(st.integers(3, 7))
        options["shares_per_chain"] = draw(st.sampled_from([5, 12, 25]))
        options["max_purchase"] = draw(st.integers(1, 4))
        options["safe_size"] = draw(st.integers(6, 13))
        options["end_size"] = draw(st.integers(20, 45))
    if preset == "tlstyer" and players > 1 and draw(st.booleans()):
        options["player_trading"] = True
    if draw(st.integers(0, 3)) == 0:  # the other preset's merger order (rules 6.7, 6.8)
        options["bonuses_first"] = preset == "standard"
        options["grow_survivor_first"] = preset == "standard"
    ruleset = {"preset": preset, "options": options} if options else preset
    return players, ruleset


# ---------------------------------------------------------------- invariants
def check_invariants(state: AcquireState) -> None:
    ctx = state.ctx
    n, size = state.num_players, ctx.board.size
    total = ctx.shares_per_chain
    for c in range(7):
        assert state.bank[c] + sum(s[c] for s in state.shares) == total
        assert state.bank[c] >= 0 and all(s[c] >= 0 for s in state.shares)
    for cash in state.cash:
        assert cash >= 0 and cash % 100 == 0
    view = state.view(None)
    board = view["board"]
    hands = [t for p in range(n) for t in state.hands[p]]
    assert len(hands) == len(set(hands))
    names = ctx.board.names
    assert not {names[t] for t in hands} & set(board)
    assert not set(view["dead"]) & set(board)
    assert len(board) + len(view["dead"]) + len(hands) + view["bag"] == size
    # Chain sizes match the board; the board is one that play can reach. Once a survivor
    # has taken over the merger's tiles (rule 6.8), the defunct chains keep their sizes
    # until the merger is complete, with no tile left on the board.
    ids = {name: i for i, name in enumerate(names)}
    decision = view["decision"] or {}
    merging = view["last_tile"] if "merger" in decision else None
    grown = merging is not None and board.get(merging) is not None
    if grown:
        assert ctx.ruleset.grow_survivor_first
        assert board[merging] == decision["merger"]["survivor"]
    for c, chain_name in enumerate(ctx.chain_names):
        count = sum(1 for label in board.values() if label == chain_name)
        if grown and chain_name in decision["merger"]["chains"] and count == 0:
            assert state.sizes[c] >= 2 and chain_name != decision["merger"]["survivor"]
        else:
            assert state.sizes[c] == count and count != 1
    if merging is not None:
        survivor = decision["merger"]["survivor"]
        if survivor is not None:
            assert state.merged_size() >= state.sizes[ctx.notation.chain(survivor)]
    for name, label in board.items():
        if name == merging:
            continue  # placed, joining the survivor when the merger is resolved
        for nb in ctx.board.neighbours[ids[name]]:
            if names[nb] == merging:
                continue
            other = board.get(names[nb], "empty")
            assert other in ("empty", label), f"{name} ({label}) touches {names[nb]} ({other})"
    # The shortcuts of the per-turn lists agree with the rules worked out afresh.
    if state.phase == PLACE:
        active = state.hands[state.active]
        fresh = sorted(t for t in active if state.classify(t)[0] not in (DEAD, NO_CHAIN))
        assert [a.tile for a in state.legal_actions() if isinstance(a, PlaceTile)] == fresh
    if state.phase == BUY:
        assert state.legal_actions() == state._buy_options()


def flows(state: AcquireState, events: list[Event]) -> tuple[list[int], list[list[int]], bool]:
    """Cash and share changes per seat that ``events`` account for; whether the game ended."""
    n = state.num_players
    chain = state.ctx.notation.chain
    cash = [0] * n
    shares = [[0] * 7 for _ in range(n)]
    ended = False
    for e in events:
        d = e.data
        if e.type == "shares_bought":
            cash[d["player"]] -= d["cost"]
            for name, k in d["shares"].items():
                shares[d["player"]][chain(name)] += k
        elif e.type == "chain_founded" and d["founder_share"]:
            shares[d["player"]][chain(d["chain"])] += 1
        elif e.type == "bonuses_paid":
            for seat, amount in enumerate(d["paid"]):
                cash[seat] += amount
        elif e.type == "shares_disposed":
            p = d["player"]
            cash[p] += d["proceeds"]
            shares[p][chain(d["chain"])] -= d["sold"] + d["traded"]
            shares[p][chain(d["survivor"])] += d["received"]
            assert d["received"] * 2 == d["traded"]
        elif e.type == "trade_answered" and d["accepted"]:
            a, b = d["from"], d["to"]
            cash[a] += d["get"]["cash"] - d["give"]["cash"]
            cash[b] += d["give"]["cash"] - d["get"]["cash"]
            for name, k in d["give"]["shares"].items():
                shares[a][chain(name)] -= k
                shares[b][chain(name)] += k
            for name, k in d["get"]["shares"].items():
                shares[b][chain(name)] -= k
                shares[a][chain(name)] += k
        elif e.type == "final_sale":
            cash[d["player"]] += sum(d["proceeds"].values())
        elif e.type == "game_ended":
            ended = True
    return cash, shares, ended


def check_flows(before: AcquireState, after: AcquireState, events: list[Event]) -> None:
    cash, shares, ended = flows(after, events)
    assert [a - b for a, b in zip(after.cash, before.cash, strict=True)] == cash
    for seat in range(after.num_players):
        for c in range(7):
            delta = after.shares[seat][c] - before.shares[seat][c]
            if ended and after.sizes[c]:
                assert after.shares[seat][c] == 0  # sold at the end
            else:
                assert delta == shares[seat][c]
    if ended:
        assert after.is_terminal() and after.scores() == after.cash


# ---------------------------------------------------------------- information
def strings(data: Any) -> set[str]:
    if isinstance(data, str):
        return {data}
    if isinstance(data, dict):
        return set().union(set(), *(strings(k) | strings(v) for k, v in data.items()))
    if isinstance(data, list | tuple):
        return set().union(set(), *(strings(v) for v in data))
    return set()


def secrets(state: AcquireState, seat: int | None) -> set[str]:
    """Every tile ``seat`` may not see: not on the board, not dead, not in its own hand
    (so: other players' hands and the bag)."""
    names = state.ctx.board.names
    view = state.view(None)
    known = set(view["board"]) | set(view["dead"])
    if seat is not None:
        known |= {names[t] for t in state.hands[seat]}
    return set(names) - known


def seats(state: AcquireState) -> list[int | None]:
    return [*range(state.num_players), None]


def check_views(state: AcquireState) -> None:
    hidden = state.ctx.ruleset.hidden_holdings and not state.is_terminal()
    for seat in seats(state):
        view = state.view(seat)
        json.dumps(view)
        assert not strings(view) & secrets(state, seat)
        assert ("hand" in view) is (seat is not None)
        for p in view["players"]:
            assert ("cash" in p) is (not hidden or p["seat"] == seat)
            assert ("shares" in p) is (not hidden or p["seat"] == seat)


def check_events_hidden(state: AcquireState, events: list[Event]) -> None:
    hidden = state.ctx.ruleset.hidden_holdings
    for seat in seats(state):
        secret = secrets(state, seat)
        for e in events:
            seen = state.event_view(e, seat)
            if seen is None or e.type == "hand_revealed":
                continue
            assert not strings(seen) & secret, (e, seat)
            if hidden and e.type.startswith("trade_") and seat not in (seen["from"], seen["to"]):
                assert "give" not in seen and "get" not in seen


# ---------------------------------------------------------------- illegal actions
def fingerprint(state: AcquireState) -> tuple:
    """A cheap summary of everything an action changes (checked after each refusal)."""
    return (
        list(state.cash),
        [list(s) for s in state.shares],
        list(state.bank),
        list(state.sizes),
        list(state.hands),
        state.decision,
        state.current_player(),
        len(state.actions()),
        state.view(None)["board"],
    )


def snapshot(state: AcquireState) -> str:
    return json.dumps(
        [summary(state), state.to_record(), [state.view(s) for s in seats(state)]],
        sort_keys=True,
    )


def illegal_candidates(state: AcquireState, rng: random.Random) -> list[object]:
    size = state.ctx.board.size
    hand = state.hands[state.active]
    out: list[object] = [
        PlaceTile(rng.randrange(size)),
        PlaceTile(rng.choice([-1, size, size + 7])),
        *[PlaceTile(t) for t in hand],
        FoundChain(rng.randrange(-1, 8)),
        ChooseSurvivor(rng.randrange(-1, 8)),
        ChooseDefunct(rng.randrange(-1, 8)),
        DisposeShares(rng.randrange(-2, 30), rng.randrange(-2, 30)),
        DeclareEnd(),
        AnswerTrade(rng.random() < 0.5),
        BuyShares(tuple(sorted(rng.randrange(8) for _ in range(rng.randrange(5))))),
        BuyShares((rng.randrange(7),) * 4),
        BuyShares((3, 1)),
        ProposeTrade(state.active, Offer(cash=100)),
        ProposeTrade(rng.randrange(state.num_players), Offer(cash=-100)),
        ProposeTrade(
            (state.active + 1) % state.num_players, Offer(cash=state.cash[state.active] + 100)
        ),
        "place 6D",
        None,
    ]
    if rng.random() < 0.5:
        out.append(BuyShares((), True))
    return out


def check_illegal(state: AcquireState, rng: random.Random) -> None:
    legal = set(state.legal_actions())
    tlstyer_end = state.ctx.ruleset.declare_end == "with_purchase"
    before, cheap = snapshot(state), fingerprint(state)
    for action in illegal_candidates(state, rng):
        if action in legal:
            continue
        if (
            isinstance(action, BuyShares)
            and action.end_game
            and tlstyer_end
            and not state.can_end()
            and BuyShares(action.shares) in legal
        ):
            continue  # tlstyer ignores the request (rule 8.2): legal
        try:
            state.apply(action)  # type: ignore[arg-type]
        except IllegalAction as exc:
            assert str(exc)
        else:
            raise AssertionError(f"{action!r} was accepted in {state!r}")
        assert fingerprint(state) == cheap, f"{action!r} was refused but changed the state"
    # The right action from the wrong seat.
    if legal and state.num_players > 1:
        wrong = (state.current_player() + 1) % state.num_players
        try:
            state.apply(next(iter(legal)), wrong)
        except IllegalAction as exc:
            assert f"seat {wrong}" in str(exc)
        else:
            raise AssertionError("an action from the wrong seat was accepted")
        assert snapshot(state) == before


def check_every_legal_action_applies(state: AcquireState, rng: random.Random) -> None:
    before = snapshot(state)
    legal = state.legal_actions()
    for action in rng.sample(legal, min(len(legal), 25)):
        as_json = json.loads(json.dumps(state.action_to_dict(action)))
        assert state.action_from_dict(as_json) == action
        assert state.text(action)
        copy = state.clone()
        copy.apply(action)
        check_invariants(copy)
    assert snapshot(state) == before  # clones are independent


# ---------------------------------------------------------------- the policy
def random_trade(state: AcquireState, rng: random.Random) -> ProposeTrade:
    me = state.active
    to = rng.choice([p for p in range(state.num_players) if p != me])

    def side(seat: int, known: bool) -> Offer:
        cash = rng.randrange(state.cash[seat] // 100 + 1) * 100 if known else 100 * rng.randrange(5)
        held = [(c, n) for c, n in enumerate(state.shares[seat]) if n] if known else []
        if not known:
            held = [(rng.randrange(7), rng.randrange(1, 4))]
        picks = rng.sample(held, rng.randrange(len(held) + 1))
        return Offer(cash, tuple(sorted((c, rng.randrange(1, n + 1)) for c, n in picks)))

    give = side(me, True)
    get = side(to, not state.ctx.ruleset.hidden_holdings)
    if give.is_empty() and get.is_empty():
        give = Offer(0, ((0, 1),)) if state.shares[me][0] else Offer(100)
    return ProposeTrade(to, give, get)


def choose(state: AcquireState, rng: random.Random) -> object:
    if state.trading_open() and rng.random() < 0.15:
        offer = random_trade(state, rng)
        if state.is_legal(offer):
            return offer
    legal = state.legal_actions()
    return legal[rng.randrange(len(legal))]


def play_checked(players: int, ruleset: Any, seed: int, every: int) -> AcquireState:
    """A random game with every check; the heavy ones each ``every`` steps."""
    rng = random.Random(seed)
    state = new_game(players, ruleset, seed=seed)
    check_invariants(state)
    for step in range(MAX_STEPS):
        if state.is_terminal():
            break
        if step % every == 0:
            check_views(state)
            check_illegal(state, rng)
            check_every_legal_action_applies(state, rng)
        before = state.clone()
        events = state.apply(choose(state, rng))  # type: ignore[arg-type]
        check_invariants(state)
        check_flows(before, state, events)
        check_events_hidden(state, events)
    assert state.is_terminal(), "the game did not end"
    check_views(state)
    return state


def check_replays(state: AcquireState) -> None:
    record = json.loads(json.dumps(state.to_record()))
    again = replay(record)
    assert summary(again) == summary(state)
    assert again.to_record() == record
    fast = from_record(record)
    for _, action in state.actions():
        fast.play(action)
    assert summary(fast) == summary(state)


# ---------------------------------------------------------------- the tests
@settings(max_examples=120)
@given(table=tables(), seed=st.integers(0, 2**32 - 1))
def test_random_games_keep_every_invariant(table: tuple[int, Any], seed: int) -> None:
    players, ruleset = table
    state = play_checked(players, ruleset, seed, every=23)
    check_replays(state)


@settings(max_examples=1200)
@given(
    preset=st.sampled_from(["standard", "tlstyer"]),
    players=st.integers(1, 6),
    seed=st.integers(0, 2**32 - 1),
)
def test_many_games_end_conserve_and_replay(preset: str, players: int, seed: int) -> None:
    """Many plain games: they end, conserve shares and tiles, and replay exactly."""
    if preset == "standard" and players == 1:
        players = 2
    rng = random.Random(seed)
    state = new_game(players, preset, seed=seed)
    for _ in range(MAX_STEPS):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    assert state.is_terminal()
    assert state.end_reason in ("declared", "all_tiles_played", "no_tile_placed_for_a_round")
    check_invariants(state)
    record = state.to_record()
    assert summary(replay(record)) == summary(state)
