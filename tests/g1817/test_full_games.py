"""Whole games of random legal play, every title (hypothesis).

From a new game, a random action of ``legal_actions()`` is applied until the game ends:
every title, player count and option set. Each game must end (final phase, bankruptcy,
or, as on 18xx.games, at the turn limit when no one has a decision left); along the way
certificates, loans and privates stay accounted for and no corporation's cash goes
negative; the record replays to the same result. (The bank is unlimited in 1817, so
money is not a closed sum: these accounts are what stays conserved.)
"""

from __future__ import annotations

import random
import zlib
from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from takeover.g1817.fixture import replay_game
from takeover.g1817.state import Game1817

from .test_random_play import check_accounts

OPTIONS = ("short_squeeze", "five_shorts", "modern_trains")
TITLES = {"1817": (3, 12), "1817NA": (2, 6), "1817WO": (2, 5)}
"""Player ranges (the registry's presets)."""
MAX_ACTIONS = 20_000


@st.composite
def setups(draw: st.DrawFn) -> tuple[str, int, tuple[str, ...], int]:
    title = draw(st.sampled_from(sorted(TITLES)))
    low, high = TITLES[title]
    players = draw(st.integers(low, min(high, 6)))
    options = [o for o in OPTIONS if draw(st.booleans())]
    if title == "1817" and draw(st.booleans()):
        options.append("volatility")
    return title, players, tuple(options), draw(st.integers(0, 2**31 - 1))


def play(title: str, players: int, options: tuple[str, ...], seed: int) -> Game1817:
    game = Game1817(title, [(i + 1, f"P{i + 1}") for i in range(players)], seed, options)
    rng = random.Random(seed)
    for _ in range(MAX_ACTIONS):
        if game.finished:
            return game
        legal = game.legal_actions()
        assert legal, f"no legal action in {game.round.name} ({game.pending()})"
        game.apply(rng.choice(list(legal)))
        check_accounts(game)
        assert all(c.cash >= 0 for c in game.corps.values())
    raise AssertionError(f"{title} did not end within {MAX_ACTIONS} actions")


def check_game(title: str, players: int, options: tuple[str, ...], seed: int) -> None:
    game = play(title, players, options, seed)
    assert game.game_end_reason in ("final_phase", "bankrupt", "dnf")
    record = game.to_record()
    again, _, _ = replay_game({**record, "id": 1})
    assert again.finished and again.result() == game.result()


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=setups())
def test_random_legal_play_ends_and_replays(setup: tuple[str, int, tuple[str, ...], int]) -> None:
    check_game(*setup)


def every_setup() -> list[tuple[str, int, tuple[str, ...]]]:
    """Each title with each set of its optional rules once, the player counts (up to 6)
    taking turns, so that every option set and every player count of a title is played."""
    out = []
    for title, (low, high) in sorted(TITLES.items()):
        rules = OPTIONS + (("volatility",) if title == "1817" else ())
        sets = [chosen for n in range(len(rules) + 1) for chosen in combinations(rules, n)]
        span = min(high, 6) - low + 1
        out.extend((title, low + i % span, chosen) for i, chosen in enumerate(sets))
    return out


SETUPS = every_setup()


@pytest.mark.slow
@pytest.mark.parametrize(
    ("title", "players", "options"),
    SETUPS,
    ids=[f"{t}-{n}p-{'+'.join(o) or 'plain'}" for t, n, o in SETUPS],
)
def test_every_setup_ends_and_replays(title: str, players: int, options: tuple[str, ...]) -> None:
    """32 games, each with a seed of its own, about 6 CPU s (the 450 random draws this
    replaces took 48 CPU s, and need not have drawn every option set)."""
    check_game(title, players, options, zlib.crc32(f"{title}{players}{options}".encode()))


def test_every_option_set_and_player_count_is_there() -> None:
    assert len(SETUPS) == len(set(SETUPS)) == 16 + 8 + 8
    for title, (low, high) in TITLES.items():
        assert {n for t, n, _ in SETUPS if t == title} == set(range(low, min(high, 6) + 1))
        sets = {frozenset(o) for t, _, o in SETUPS if t == title}
        assert len(sets) == (16 if title == "1817" else 8)
