"""Checking a game file against the reference's verdict and trace, with recorded traces
(no Ruby): equal games pass, and each kind of disagreement is named where it happens."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from takeover.g1817.crosscheck import (
    Divergence,
    ReferenceRun,
    check_game,
    generated_export,
    is_generated,
    parse_replay_output,
    parse_trace,
    parse_trace_output,
    summarise,
)
from takeover.g1817.fixture import replay_game
from takeover.g1817.trace import read_trace

from .games import record, trace_path

GAME = "1817WO__1817WO_game_end_bankrupt"


def recorded_run(game: str = GAME, **changes: Any) -> ReferenceRun:
    """The reference's verdict on a real game, with its recorded trace."""
    header, lines = read_trace(str(trace_path(game)))
    data = record(game)
    run = ReferenceRun(
        ok=True,
        finished=True,
        reason=data["game_end_reason"],
        exception=None,
        result_match=True,
        trace=(header, list(lines)),
    )
    return ReferenceRun(**{**run.__dict__, **changes})


def test_a_real_game_equals_its_reference_trace() -> None:
    check = check_game("g.json", record(GAME), recorded_run())
    assert check.equal, check.divergence
    assert (check.title, check.players, check.actions) == ("1817WO", 2, 168)
    assert check.compared == 139 and check.finished and check.end_reason == "bankrupt"


def test_a_changed_trace_line_is_named_with_its_action_and_field() -> None:
    run = recorded_run()
    assert run.trace is not None
    header, lines = run.trace
    lines = copy.deepcopy(lines)
    line = next(x for x in lines if x["applied"] and x["id"] >= 60)
    pid = next(iter(line["players"]))
    line["players"][pid]["cash"] += 7
    check = check_game("g.json", record(GAME), recorded_run(trace=(header, lines)))
    assert check.divergence is not None
    d = check.divergence
    assert (d.action, d.field) == (line["id"], f"player {pid} cash")
    assert d.reference == d.ours + 7
    assert check.compared == sum(1 for x in lines if x["applied"] and x["id"] < line["id"])
    assert f"at action {line['id']}: player {pid} cash: ours {d.ours}" in str(d)


def test_an_action_the_reference_refused_is_named() -> None:
    run = recorded_run()
    assert run.trace is not None
    header, lines = run.trace
    cut = next(i for i, x in enumerate(lines) if x["applied"] and x["id"] >= 100)
    refused = lines[cut]["id"]
    exc = "#<Engine::GameError: no such tile>"
    check = check_game(
        "g.json", record(GAME), recorded_run(trace=(header, lines[:cut]), exception=exc)
    )
    assert check.divergence == Divergence(refused, "action", "accepted", f"refused: {exc}")


def test_an_action_we_refuse_is_named() -> None:
    data = record(GAME)
    run = recorded_run()
    target = next(
        a for a in data["actions"] if a["type"] == "bid" and a["id"] > 20 and "price" in a
    )
    target["price"] = 10**6
    check = check_game("g.json", data, run)
    d = check.divergence
    assert d is not None and d.action == target["id"] and d.field == "action"
    assert d.ours.startswith("refused: ") and d.reference == "accepted"


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"reason": "final_phase"}, "game_end_reason"),
        ({"finished": False, "reason": None}, "finished"),
        ({"result_match": False}, "result"),
    ],
)
def test_the_end_is_compared(changes: dict[str, Any], field: str) -> None:
    check = check_game("g.json", record(GAME), recorded_run(**changes))
    assert check.divergence is not None
    assert check.divergence.action is None and check.divergence.field == field


def test_a_file_whose_result_neither_engine_gives_fails() -> None:
    data = record(GAME)
    data["result"] = {k: v + 1 for k, v in data["result"].items()}
    check = check_game("g.json", data, recorded_run(result_match=False))
    assert check.divergence is not None and check.divergence.field == "result"


def test_no_trace_is_a_divergence() -> None:
    check = check_game("g.json", record(GAME), recorded_run(trace=None, exception="boom"))
    assert check.divergence == Divergence(None, "reference trace", None, "boom")


def test_replay_without_a_trace_is_unchanged() -> None:
    game, applied, matched = replay_game(record(GAME))
    assert game.finished and applied == 139 and matched == 0


def test_the_reference_scripts_output_is_read() -> None:
    noise = "D, [2026-11-26T14:55:15.055597 #6064] DEBUG -- : Game::Base#process_action(...)\n"
    out = parse_replay_output(
        noise + "g.json ok=false finished=false reason= exc=#<Engine::GameError: Cannot lay "
        "tile 57 on F13 (hex is blocked)> actions_processed=88 raw=120 t=0.2s\n"
    )
    assert out == {
        "ok": False,
        "finished": False,
        "reason": None,
        "exception": "#<Engine::GameError: Cannot lay tile 57 on F13 (hex is blocked)>",
        "actions_processed": 88,
    }
    done = parse_replay_output(
        "x.json ok=true finished=true reason=bankrupt exc=nil actions_processed=139 raw=168 t=0.11s"
    )
    assert done["ok"] and done["reason"] == "bankrupt" and done["exception"] is None
    with pytest.raises(ValueError, match="no verdict line"):
        parse_replay_output(noise)
    assert parse_trace_output(noise + "g.json finished=true result_match=false\n") is False
    assert parse_trace_output(noise) is None


def test_a_trace_file_is_read_from_its_lines() -> None:
    header, lines = parse_trace(['{"header": true, "id": 1}', "", '{"id": 1, "applied": true}'])
    assert header["id"] == 1 and lines == [{"id": 1, "applied": True}]
    with pytest.raises(ValueError, match="header"):
        parse_trace(['{"id": 1}'])


def test_summary_per_title() -> None:
    good = check_game("a.json", record(GAME), recorded_run())
    bad = check_game("b.json", record(GAME), recorded_run(reason="final_phase"))
    [wo] = summarise([good, bad, good])
    assert (wo.title, wo.games, wo.equal, wo.finished) == ("1817WO", 3, 2, 3)
    assert wo.actions == 3 * 168 and wo.failing == [bad]
    assert wo.to_dict()["failing"] == [{"path": "b.json", "divergence": str(bad.divergence)}]
    assert bad.to_dict()["divergence"]["field"] == "game_end_reason"


def both_refuse(data: dict[str, Any]) -> tuple[int, ReferenceRun]:
    """Make a late bid of ``data`` one neither engine takes: the id, and the reference's
    verdict (its trace cut before that bid, the refusal named)."""
    run = recorded_run()
    assert run.trace is not None
    header, lines = run.trace
    target = next(a for a in data["actions"] if a["type"] == "bid" and a["id"] > 20)
    target["price"] = 10**6
    cut = next(i for i, x in enumerate(lines) if x["id"] == target["id"])
    return target["id"], recorded_run(trace=(header, lines[:cut]), exception="no")


def test_an_action_both_engines_refuse_in_a_real_file_is_named_agreement() -> None:
    """A real file whose action neither engine takes (one an older engine wrote): the
    engines agree on all of it; the check and the summary say which action both refuse."""
    data = record(GAME)
    refused, run = both_refuse(data)
    check = check_game("g.json", data, run)
    assert not check.generated and check.equal and not check.refused_by_both
    assert check.both_refused is not None and check.both_refused.startswith(f"action {refused}: ")
    [wo] = summarise([check])
    assert (wo.equal, wo.failing, wo.refused_by_both, wo.equal_on_a_refusal) == (1, [], [], [check])
    assert wo.to_dict()["equal_on_a_refusal"] == [
        {"path": "g.json", "both_refused": check.both_refused}
    ]


def test_an_action_both_engines_refuse_in_a_generated_game_is_a_divergence() -> None:
    """Our bots took that action from our engine's list, so our refusal is our bug: a
    divergence at that action, counted apart from the other differences."""
    data = generated_export(record(GAME), "seed 1, bots random, random")
    refused, run = both_refuse(data)
    check = check_game("g.json", data, run)
    assert check.generated and not check.equal and check.refused_by_both
    d = check.divergence
    assert d is not None and (d.action, d.field) == (refused, "action refused by both engines")
    assert d.ours.startswith("refused: ") and d.reference == "no"
    other = check_game("b.json", record(GAME), recorded_run(reason="final_phase"))
    [wo] = summarise([check, other])
    assert (wo.games, wo.equal, wo.failing, wo.refused_by_both) == (2, 0, [other], [check])
    assert wo.to_dict()["refused_by_both"] == [{"path": "g.json", "divergence": str(d)}]


def test_the_caller_may_call_any_file_generated() -> None:
    data = record(GAME)
    _, run = both_refuse(data)
    assert check_game("g.json", data, run, generated=True).refused_by_both
    assert check_game("g.json", data, run, generated=False).equal


def test_the_generated_export_is_the_18xx_games_form_marked() -> None:
    """What ``takeover selfplay`` writes: the export's keys (no ``game``), a description
    saying our bots played it, and the same game."""
    data = record(GAME)
    ours = {**data, "game": "1817"}
    assert is_generated(ours) and not is_generated(data)
    export = generated_export(ours, "seed 1")
    assert "game" not in export and is_generated(export)
    assert export == {**data, "description": "takeover selfplay: seed 1"}
    assert check_game("g.json", export, recorded_run()).equal
