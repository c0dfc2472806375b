"""Arena statistics per bot: wins (ties shared), win share with a 95% interval,
mean score and rank, and an openskill rating.

Entrants with the same spec are pooled into one row (``heuristic,random,random,
random`` gives two rows); ratings are kept per entrant, in game order, so a
run's table does not depend on which worker finished first, then averaged.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from takeover.arena.match import GameResult

Z95 = 1.959963984540054


@dataclass
class BotStats:
    bot: str
    entrants: int
    games: int
    wins: float
    win_share: float
    ci95: tuple[float, float]
    mean_score: float
    mean_rank: float
    rating_mu: float | None
    rating_sigma: float | None
    rating: float | None
    """openskill's ordinal (mu - 3 sigma), ``None`` when openskill is not installed."""
    think_per_decision: float
    """Wall-clock seconds per decision (single-action decisions included)."""
    max_think: float
    cpu_per_decision: float
    max_cpu: float
    kinds: dict[str, int]
    """Actions the bot took, by type (the record form's ``type``), most used first: whether
    a bot ever borrows, shorts, merges or buys a train from another corporation."""

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["ci95"] = list(self.ci95)
        return d


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion (ties count fractionally).

    >>> [round(x, 3) for x in wilson(90, 100)]
    [0.826, 0.945]
    """
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def win_credit(ranks: Sequence[int]) -> list[float]:
    """Per seat, the share of the win: 1 for a sole winner, 1/k among k tied winners.

    >>> win_credit([1, 2, 1, 4])
    [0.5, 0.0, 0.5, 0.0]
    """
    winners = sum(1 for r in ranks if r == 1)
    return [1.0 / winners if r == 1 else 0.0 for r in ranks]


def _ratings(results: Sequence[GameResult], entrants: int) -> list[tuple[float, float]] | None:
    try:
        from openskill.models import PlackettLuce
    except ImportError:  # pragma: no cover - openskill is in the arena extra
        return None
    model = PlackettLuce()
    ratings = [model.rating(name=str(e)) for e in range(entrants)]
    for r in sorted(results, key=lambda r: r.index):
        teams = [[ratings[e]] for e in r.seating]
        rated = model.rate(teams, ranks=list(r.ranks))
        for seat, e in enumerate(r.seating):
            ratings[e] = rated[seat][0]
    return [(x.mu, x.sigma) for x in ratings]


def summarise(results: Iterable[GameResult], specs: Sequence[str]) -> list[BotStats]:
    """One row per distinct spec, in the order the specs first appear."""
    results = list(results)
    ratings = _ratings(results, len(specs))
    rows = []
    for bot in dict.fromkeys(specs):
        members = [e for e, s in enumerate(specs) if s == bot]
        games = 0
        wins = score = rank = think = 0.0
        decisions = 0
        max_think = cpu = max_cpu = 0.0
        kinds: dict[str, int] = {}
        for r in results:
            credit = win_credit(r.ranks)
            for seat, e in enumerate(r.seating):
                if e in members:
                    games += 1
                    wins += credit[seat]
                    score += r.scores[seat]
                    rank += r.ranks[seat]
                    think += r.think[seat]
                    decisions += r.decisions[seat]
                    max_think = max(max_think, r.max_think[seat])
                    cpu += r.cpu[seat]
                    max_cpu = max(max_cpu, r.max_cpu[seat])
                    for kind, n in (r.kinds[seat] if r.kinds else {}).items():
                        kinds[kind] = kinds.get(kind, 0) + n
        mu = sigma = ordinal = None
        if ratings is not None:
            mu = sum(ratings[e][0] for e in members) / len(members)
            sigma = sum(ratings[e][1] for e in members) / len(members)
            ordinal = mu - 3 * sigma
        rows.append(
            BotStats(
                bot=bot,
                entrants=len(members),
                games=games,
                wins=wins,
                win_share=wins / games if games else 0.0,
                ci95=wilson(wins, games),
                mean_score=score / games if games else 0.0,
                mean_rank=rank / games if games else 0.0,
                rating_mu=mu,
                rating_sigma=sigma,
                rating=ordinal,
                think_per_decision=think / decisions if decisions else 0.0,
                max_think=max_think,
                cpu_per_decision=cpu / decisions if decisions else 0.0,
                max_cpu=max_cpu,
                kinds=dict(sorted(kinds.items(), key=lambda kv: (-kv[1], kv[0]))),
            )
        )
    return rows
