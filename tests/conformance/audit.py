"""The checks the suite runs on a position, through the game protocol alone.

Each raises ``AssertionError`` naming the game, the position and what broke.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any

import pytest

from takeover.core.errors import IllegalAction
from takeover.core.extensions import TRADE_OFFERS, WORLD_SAMPLER
from takeover.core.protocol import Action, Event, GameState, ranks_of

from .games import GameCase


def snapshot(state: GameState) -> str:
    """Everything the protocol shows of a position, as one string: its record, every
    seat's view (and a spectator's), the pending decision, the result."""
    seats: list[int | None] = [*range(state.num_players), None]
    return json.dumps(
        {
            "record": state.to_record(),
            "views": [state.view(s) for s in seats],
            "pending": repr(state.pending()),
            "scores": state.scores(),
            "ranks": state.ranks(),
        },
        sort_keys=True,
        default=repr,
    )


def seats_of(state: GameState) -> list[int | None]:
    return [*range(state.num_players), None]


# -- deciding ----------------------------------------------------------------------------------


def check_decision(case: GameCase, state: GameState) -> None:
    """Only deciding seats have actions; forms round-trip; the result waits for the end."""
    decision = state.pending()
    assert decision is not None and not state.is_terminal()
    assert state.scores() is None and state.ranks() is None
    assert decision.seats and list(decision.seats) == sorted(set(decision.seats))
    assert all(0 <= s < state.num_players for s in decision.seats)
    for seat in range(state.num_players):
        legal = state.legal_actions(seat)
        if seat not in decision.seats:
            assert not legal, f"seat {seat} does not decide but has {len(legal)} actions"
            assert state.legal_forms(seat) == ([], [])
            continue
        forms, texts = state.legal_forms(seat)
        assert forms == [state.action_to_dict(a) for a in legal]
        assert texts == [state.action_text(a) for a in legal]
        assert len(set(legal)) == len(legal), "an action is listed twice"
        for action, form in zip(legal, forms, strict=True):
            assert form["type"] == action.type
            json.dumps(form)
            assert state.action_from_dict(json.loads(json.dumps(form))) == action


def check_over(state: GameState) -> None:
    """A finished game: no decision, no actions, a result with shared places."""
    assert state.is_terminal() and state.pending() is None
    scores, ranks = state.scores(), state.ranks()
    assert scores is not None and ranks is not None
    assert len(scores) == len(ranks) == state.num_players
    assert ranks == ranks_of(scores)
    for seat in range(state.num_players):
        assert not state.legal_actions(seat)
    before = snapshot(state)
    with pytest.raises(IllegalAction):
        state.apply(Alien(), 0)
    assert snapshot(state) == before


# -- what each seat is shown --------------------------------------------------------------------


def check_views(case: GameCase, state: GameState, known: set[str] | None = None) -> None:
    """Every seat's view is JSON and shows no secret of another (``known``: what the
    rules have revealed so far)."""
    for seat in seats_of(state):
        shown = state.view(seat)
        json.dumps(shown)
        leak = case.leak(state, seat, shown, known or set())
        assert leak is None, f"the view of seat {seat} shows {leak}"


def check_shown(
    case: GameCase,
    state: GameState,
    actor: int,
    action: Action,
    events: list[Event],
    known: set[str],
) -> None:
    """After ``actor``'s ``action``: what every seat is told of it and of its events
    is JSON and shows no secret (secrets as they stand after the action, less what its
    events reveal to everyone by rule, which joins ``known``)."""
    for event in events:
        public = state.event_view(event, None)
        if public is not None:
            known |= case.revealed(public)
    for seat in seats_of(state):
        told = state.action_view(action, actor, seat)
        assert told["player"] == actor and told["action"]["type"] == action.type
        json.dumps(told)
        leak = case.leak(state, seat, told, known)
        assert leak is None, f"seat {seat} is told of {action.type}: {leak}"
        for event in events:
            seen = state.event_view(event, seat)
            if seen is None:
                continue
            json.dumps(seen)
            leak = case.leak(state, seat, seen, known)
            assert leak is None, f"seat {seat} is told of event {event.type}: {leak}"


def check_sampled_worlds(case: GameCase, state: GameState, seat: int, rng: random.Random) -> None:
    """A seat's view is the same in every world it cannot tell from the true one, and
    so depends on nothing hidden from it."""
    sampler = state.extension(WORLD_SAMPLER)
    assert sampler is not None, f"{state.game} offers no world sampler"
    before = snapshot(state)
    world = sampler.sample(seat, rng)
    forgets = case.world_forgets(state)
    seen, true = world.view(seat), state.view(seat)
    for key in sorted(set(seen) | set(true)):
        if key not in forgets:
            assert seen.get(key) == true.get(key), f"seat {seat}'s view differs in {key}"
    assert snapshot(state) == before


# -- refusals -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Alien:
    """No game's action."""

    type: str = "place_tile"


MUTATIONS: tuple[Any, ...] = (None, "x", -1, 10**9, 2.5, [], {}, True)


def refuse(
    state: GameState, action: Any, seat: int, why: str = "", before: str | None = None
) -> str:
    """Apply what must be refused: ``IllegalAction`` with a reason, nothing changed
    (``before``: the state's snapshot, if known)."""
    before = snapshot(state) if before is None else before
    with pytest.raises(IllegalAction) as refused:
        state.apply(action, seat)
    assert str(refused.value), "a refusal must say why"
    assert snapshot(state) == before, f"a refused action ({why}) changed the state"
    return str(refused.value)


def check_refusals(
    case: GameCase, state: GameState, seen: list[Action], rng: random.Random
) -> None:
    """Refused actions leave the state as it was: another seat's action, another game's,
    one listed earlier and not now, and mutated record forms (refused or legal)."""
    decision = state.pending()
    assert decision is not None
    deciding = decision.seats[0]
    legal = state.legal_actions(deciding)
    before = snapshot(state)
    others = [s for s in range(state.num_players) if s not in decision.seats]
    if legal and others:
        seat = rng.choice(others)
        message = refuse(state, legal[0], seat, "not this seat's decision", before)
        assert "decision" in message
    refuse(state, Alien(), deciding, "another game's action", before)
    listed = set(legal)
    stale = [a for a in seen if a not in listed and case.fully_listed(state, a)]
    for action in rng.sample(stale, min(3, len(stale))):
        refuse(state, action, deciding, f"{action.type} not listed now", before)
    if legal:
        form = state.action_to_dict(rng.choice(list(legal)))
        for key in [k for k in form if k != "type"]:
            for value in rng.sample(MUTATIONS, 2):
                mutate(state, {**form, key: value}, deciding, before)
            mutate(state, {k: v for k, v in form.items() if k != key}, deciding, before)
    mutate(state, {}, deciding, before)
    mutate(state, {"type": "no_such_action"}, deciding, before)


def mutate(state: GameState, form: dict[str, Any], seat: int, before: str) -> None:
    """A bad record form: ``action_from_dict`` or ``apply`` refuses it with
    ``IllegalAction`` and changes nothing, or it is a legal action after all.
    ``before``: the state's snapshot."""
    try:
        action = state.action_from_dict(form)
    except IllegalAction as exc:
        assert str(exc)
        return
    twin = state.clone()
    try:
        twin.apply(action, seat)
    except IllegalAction:
        assert snapshot(twin) == before, f"refusing {form} changed the state"


# -- open-ended offers ------------------------------------------------------------------------


def try_offers(case: GameCase, state: GameState, seat: int, rng: random.Random) -> list[Any]:
    """Where the game lets ``seat`` make an offer, make the case's candidates: each is
    applied or refused unchanged. The (seat, action, events) applied, for the caller."""
    offers = state.extension(TRADE_OFFERS)
    if offers is None or not offers.can_propose(seat):
        return []
    for form in case.offers(state, seat, rng):
        action = state.action_from_dict(form)
        before = snapshot(state)
        try:
            events = state.apply(action, seat)
        except IllegalAction:
            assert snapshot(state) == before
            continue
        return [(seat, action, events)]
    return []


# -- random play --------------------------------------------------------------------------------

MAX_ACTIONS = 20_000


@dataclass
class Playout:
    state: GameState
    actions: list[tuple[int, Action]]
    stuck: bool
    """Stopped at a decision for which the engine lists no action (1817, stage 1)."""


def playout(
    case: GameCase,
    state: GameState,
    rng: random.Random,
    limit: int = MAX_ACTIONS,
    audit: int = 1,
) -> Playout:
    """Uniformly random legal play (with the case's offers now and then) for at most
    ``limit`` actions, auditing the position every ``audit`` actions (0: never) and
    refusals and sampled worlds every ``7 * audit``."""
    actions: list[tuple[int, Action]] = []
    seen: list[Action] = []
    known: set[str] = set()
    while (decision := state.pending()) is not None and len(actions) < limit:
        step = len(actions)
        auditing = audit and step % audit == 0
        if auditing:
            check_decision(case, state)
            check_views(case, state, known)
        seat = rng.choice(decision.seats)
        legal = state.legal_actions(seat)
        if auditing and step % (7 * audit) == 0:
            check_refusals(case, state, seen, rng)
            check_sampled_worlds(case, state, seat, rng)
        made = try_offers(case, state, seat, rng) if rng.random() < 0.3 else []
        if made:
            ((seat, action, events),) = made
        elif not legal:
            return Playout(state, actions, stuck=True)
        else:
            action = rng.choice(list(legal))
            events = state.apply(action, seat)
            seen.extend(rng.sample(list(legal), min(4, len(legal))))
        actions.append((seat, action))
        if audit:
            check_shown(case, state, seat, action, events, known)
    assert len(actions) < MAX_ACTIONS, f"{case} did not end within {MAX_ACTIONS} actions"
    return Playout(state, actions, stuck=False)


def check_clone_independent(case: GameCase, state: GameState, rng: random.Random) -> bool:
    """Playing on a clone never changes the original, nor the original the clone.
    Whether both sides moved (a position with no listed action cannot)."""
    before = snapshot(state)
    twin = state.clone()
    assert snapshot(twin) == before
    moved = playout(case, twin, rng, limit=12, audit=0).actions
    assert snapshot(state) == before, "playing on a clone changed the original"
    after = snapshot(twin)
    decision = state.pending()
    legal = state.legal_actions(decision.seats[0]) if decision is not None else []
    if legal:
        state.apply(rng.choice(list(legal)), decision.seats[0])  # type: ignore[union-attr]
        assert snapshot(twin) == after, "playing on the original changed its clone"
    return bool(moved and legal)
