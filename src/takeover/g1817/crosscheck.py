"""Checking a game file against the reference engine's verdict on it (pure: no I/O).

The reference engine (18xx.games' Ruby code, run by the scripts ``replay.rb`` and
``trace.rb``; ``takeover check-reference`` runs them) says of a game file whether it
replays in strict mode to the file's result, why it ended, which action it refused if any,
and its state after every action. :func:`check_game` replays the same file here and names
the first place where the two engines disagree: an action one refused and the other
accepted, a field of the state after an action (the trace comparison of
:mod:`takeover.g1817.trace`), or the end (finished, end reason, result).

An action both engines refuse ends the comparison. In a real game file (one an older
18xx.games engine wrote) that is agreement, named as such; in a game this project's bots
played (:func:`is_generated`) our engine listed and took that action, so it is our bug: a
divergence, counted apart.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from takeover.core.errors import RecordError, TakeoverError
from takeover.g1817.fixture import TraceDivergence, expand, replay_game
from takeover.g1817.state import Game1817

_REPLAY_LINE = re.compile(
    r" ok=(?P<ok>\S+) finished=(?P<finished>\S+) reason=(?P<reason>\S*) exc=(?P<exc>.*?)"
    r" actions_processed=(?P<processed>\d+) raw=(?P<raw>\d+)"
)
_TRACE_LINE = re.compile(r" finished=(?P<finished>\S+) result_match=(?P<match>\S+)\s*$")

GENERATED_BY = "takeover selfplay"
"""How the ``description`` of a game our bots played begins. 18xx.games exports carry a
``description`` (the real games' is empty) and the reference ignores it, so the file stays
exactly the export form while saying where it came from."""


def generated_export(record: Mapping[str, Any], how: str) -> dict[str, Any]:
    """Our record of a 1817 game (``Game1817.to_record``) as an 18xx.games export marked as
    generated: without the top-level ``game`` key exports lack, with a ``description``
    saying who played it (``how``: seed and bots).

    >>> generated_export({"game": "1817", "id": 3, "title": "1817"}, "seed 3")
    {'id': 3, 'description': 'takeover selfplay: seed 3', 'title': '1817'}
    """
    rest = {key: value for key, value in record.items() if key not in ("game", "id", "description")}
    return {"id": record.get("id"), "description": f"{GENERATED_BY}: {how}", **rest}


def is_generated(data: Mapping[str, Any]) -> bool:
    """Whether this project's bots played the game file ``data``: its description says so
    (:func:`generated_export`), or it has the top-level ``game`` key of older selfplay files.

    >>> is_generated({"description": ""}), is_generated({"game": "1817"})
    (False, True)
    """
    description = data.get("description")
    marked = isinstance(description, str) and description.startswith(GENERATED_BY)
    return marked or "game" in data


@dataclass(frozen=True)
class ReferenceRun:
    """What the reference engine said about one game file."""

    ok: bool
    """The game finished and its result equals the file's ``result``."""
    finished: bool
    reason: str | None
    """Its ``game_end_reason`` (``None`` while the game goes on)."""
    exception: str | None
    """The refusal that stopped the replay (strict mode), if any."""
    result_match: bool | None = None
    """Whether the result, finished or not, equals the file's (``None``: not known)."""
    trace: tuple[dict[str, Any], list[dict[str, Any]]] | None = None
    """The trace: header and a line per raw action up to the refused one (exclusive)."""


def parse_replay_output(stdout: str) -> dict[str, Any]:
    """The verdict line ``replay.rb`` prints among the engine's debug output.

    >>> parse_replay_output("g.json ok=false finished=false reason= exc=nil "
    ...     "actions_processed=43 raw=43 t=0.03s")["finished"]
    False
    """
    for line in reversed(stdout.splitlines()):
        m = _REPLAY_LINE.search(line)
        if m:
            exc = m["exc"].strip()
            return {
                "ok": m["ok"] == "true",
                "finished": m["finished"] == "true",
                "reason": m["reason"] or None,
                "exception": None if exc in ("", "nil") else exc,
                "actions_processed": int(m["processed"]),
            }
    raise ValueError("the reference's replay printed no verdict line (' ok=...')")


def parse_trace_output(stdout: str) -> bool | None:
    """``result_match`` from the last line ``trace.rb`` prints (``None`` if it died first)."""
    for line in reversed(stdout.splitlines()):
        m = _TRACE_LINE.search(line)
        if m:
            return m["match"] == "true"
    return None


def parse_trace(lines: Iterable[str]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A trace file's text lines as its header and its action lines."""
    rows = [json.loads(line) for line in lines if line.strip()]
    if not rows or not rows[0].get("header"):
        raise ValueError("a trace starts with its header line")
    return rows[0], rows[1:]


@dataclass(frozen=True)
class Divergence:
    """Where our engine and the reference first disagree on a game."""

    action: int | None
    """The action id (``None``: the game's setup or its end)."""
    field: str
    ours: Any
    reference: Any

    def __str__(self) -> str:
        where = "at the end" if self.action is None else f"at action {self.action}"
        return f"{where}: {self.field}: ours {self.ours!r}, reference {self.reference!r}"


@dataclass(frozen=True)
class GameCheck:
    """One game file checked: what it is, how far the engines agreed, where they split."""

    path: str
    title: str
    players: int
    options: tuple[str, ...]
    actions: int
    """Raw actions in the file."""
    compared: int
    """Applied actions whose state equalled the reference's trace line."""
    finished: bool
    end_reason: str | None
    divergence: Divergence | None = None
    both_refused: str | None = None
    """An action both engines refuse, and why we do (the comparison stops there)."""
    generated: bool = False
    """Our bots played the file (:func:`is_generated`): a refusal by both is a divergence."""

    @property
    def equal(self) -> bool:
        return self.divergence is None

    @property
    def refused_by_both(self) -> bool:
        """A generated game with an action both engines refuse (our bug, counted apart)."""
        return self.both_refused is not None and self.divergence is not None

    def to_dict(self) -> dict[str, Any]:
        d = self.divergence
        return {
            "path": self.path,
            "title": self.title,
            "players": self.players,
            "options": list(self.options),
            "actions": self.actions,
            "compared": self.compared,
            "finished": self.finished,
            "end_reason": self.end_reason,
            "equal": self.equal,
            "generated": self.generated,
            "both_refused": self.both_refused,
            "divergence": None
            if d is None
            else {"action": d.action, "field": d.field, "ours": d.ours, "reference": d.reference},
        }


def check_game(
    path: str, data: Mapping[str, Any], ref: ReferenceRun, generated: bool | None = None
) -> GameCheck:
    """Replay ``data`` here against the reference's trace and verdict; the first split.
    ``generated``: whether our bots played it (``None``: :func:`is_generated` says)."""
    settings = data.get("settings") or {}
    raw_actions: list[Mapping[str, Any]] = list(data.get("actions") or [])
    head = GameCheck(
        path=path,
        title=str(data.get("title")),
        players=len(data.get("players") or []),
        options=tuple(r for r in settings.get("optional_rules") or [] if r),
        actions=len(raw_actions),
        compared=0,
        finished=False,
        end_reason=None,
        generated=is_generated(data) if generated is None else generated,
    )
    if ref.trace is None:
        split = Divergence(None, "reference trace", None, ref.exception or "none")
        return replace(head, divergence=split)
    header, lines = ref.trace
    traced = {line["id"] for line in lines}
    refused = next((a["id"] for a in raw_actions if a.get("id") not in traced), None)
    try:
        game, _, compared = replay_game(data, (header, lines), before=refused)
    except TraceDivergence as exc:
        diff = exc.difference
        split = Divergence(exc.index, diff.field, diff.ours, diff.reference)
        return replace(head, compared=_applied_before(lines, exc.index), divergence=split)
    except RecordError as exc:
        if exc.index is None:
            split = Divergence(None, "setup", exc.reason, "accepted")
        else:
            split = Divergence(exc.index, "action", f"refused: {exc.reason}", "accepted")
        return replace(head, compared=_applied_before(lines, exc.index), divergence=split)
    except TakeoverError as exc:
        return replace(head, divergence=Divergence(None, "record", str(exc), "accepted"))
    head = replace(head, compared=compared, finished=game.finished, end_reason=game.game_end_reason)
    if refused is not None:
        ours = _our_refusal(game, next(a for a in raw_actions if a.get("id") == refused))
        if ours is not None:
            head = replace(head, both_refused=f"action {refused}: {ours}")
            if not head.generated:  # an older engine's file: the engines agree on all of it
                return head
            split = Divergence(
                refused, "action refused by both engines", f"refused: {ours}", ref.exception
            )
            return replace(head, divergence=split)
        split = Divergence(refused, "action", "accepted", f"refused: {ref.exception}")
        return replace(head, divergence=split)
    return replace(head, divergence=_end_divergence(data, ref, game))


def _our_refusal(game: Game1817, raw: Mapping[str, Any]) -> str | None:
    """Why our engine refuses the record entry ``raw`` now, or ``None`` if it takes it."""
    try:
        for action in expand(raw):
            game.push(action)
    except TakeoverError as exc:
        return str(exc)
    return None


def _applied_before(lines: Sequence[Mapping[str, Any]], action: int | None) -> int:
    return sum(
        1 for line in lines if line.get("applied") and (action is None or line["id"] < action)
    )


def _end_divergence(
    data: Mapping[str, Any], ref: ReferenceRun, game: Game1817
) -> Divergence | None:
    """Finished, end reason and result, once every action agreed. The reference tells
    only whether its result equals the file's, so a file whose ``result`` neither engine
    gives counts as a divergence too (the check needs the file's result)."""
    if game.finished != ref.finished:
        return Divergence(None, "finished", game.finished, ref.finished)
    if game.game_end_reason != ref.reason:
        return Divergence(None, "game_end_reason", game.game_end_reason, ref.reason)
    stored = data.get("result")
    ours = game.result()
    ours_match = isinstance(stored, Mapping) and {str(k): v for k, v in stored.items()} == ours
    theirs_match = ref.result_match if ref.result_match is not None else ref.ok
    if ours_match and theirs_match:
        return None
    return Divergence(
        None,
        "result",
        ours if ours_match else f"{ours} (not the file's)",
        "the file's result" if theirs_match else "not the file's result",
    )


@dataclass
class TitleSummary:
    """The checks of one title."""

    title: str
    games: int = 0
    equal: int = 0
    finished: int = 0
    actions: int = 0
    failing: list[GameCheck] = field(default_factory=list)
    """Games that differ (generated games with an action both refuse are not among them)."""
    refused_by_both: list[GameCheck] = field(default_factory=list)
    """Generated games with an action both engines refuse: our bug, counted apart."""
    equal_on_a_refusal: list[GameCheck] = field(default_factory=list)
    """Real files counted equal though both engines refuse one of their actions."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "games": self.games,
            "equal": self.equal,
            "finished": self.finished,
            "actions": self.actions,
            "failing": [{"path": c.path, "divergence": str(c.divergence)} for c in self.failing],
            "refused_by_both": [
                {"path": c.path, "divergence": str(c.divergence)} for c in self.refused_by_both
            ],
            "equal_on_a_refusal": [
                {"path": c.path, "both_refused": c.both_refused} for c in self.equal_on_a_refusal
            ],
        }


def summarise(checks: Iterable[GameCheck]) -> list[TitleSummary]:
    """Per title (in title order): games checked, equal (real files equal on a refusal
    named), finished, actions, failing games, generated games refused by both."""
    by_title: dict[str, TitleSummary] = {}
    for check in checks:
        s = by_title.setdefault(check.title, TitleSummary(check.title))
        s.games += 1
        s.actions += check.actions
        s.finished += check.finished
        if check.equal:
            s.equal += 1
            if check.both_refused is not None:
                s.equal_on_a_refusal.append(check)
        elif check.refused_by_both:
            s.refused_by_both.append(check)
        else:
            s.failing.append(check)
    return [by_title[t] for t in sorted(by_title)]
