"""Chains told apart without colour vision: the board's colours checked under simulated
protanopia, deuteranopia and tritanopia, and a letter on every chain's cells, in the
chains table and in the log, live and in the replay.

The colours are read from the page's computed styles and passed through the Machado
(2009) simulation (tests/web/colour.py); two colours count as different when their
CIEDE2000 distance is at least ``THRESHOLD``. 15 is well above the 2-3 of a just
noticeable difference and the 10 often used for categorical palettes (colours that are
named apart at a glance), on tiles of about 40 px.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from . import positions
from .colour import MACHADO, distance, parse
from .fake_table import FakeTable, open_table

THRESHOLD = 15.0

KINDS = ("protanopia", "deuteranopia", "tritanopia")

BACKGROUNDS = """() => {
  const bg = (c) => getComputedStyle(c).backgroundColor;
  const out = {};
  for (const c of document.querySelectorAll('.board .cell.chain')) out[c.dataset.chain] = bg(c);
  out.orphan = bg(document.querySelector('.board .cell.orphan'));
  const empty = [...document.querySelectorAll('.board .cell')].find((c) => c.className === 'cell');
  out.empty = bg(empty);
  return out;
}"""


def test_every_chain_differs_from_the_others_under_each_deficiency(
    page: Any, server: Any, artifacts: Any
) -> None:
    open_table(page, server, positions.unplayable(), 0)
    colours = {name: parse(css) for name, css in page.evaluate(BACKGROUNDS).items()}
    assert len(colours) == 9, colours  # seven chains, an orphan, an empty cell
    too_close = [
        (kind, a, b, round(distance(colours[a], colours[b], kind), 1))
        for kind in MACHADO
        for a, b in combinations(colours, 2)
        if {a, b} != {"orphan", "empty"} and distance(colours[a], colours[b], kind) < THRESHOLD
    ]
    assert not too_close, too_close
    cdp = page.context.new_cdp_session(page)
    for kind in KINDS:  # what a person with each deficiency sees (Chromium's own filter)
        cdp.send("Emulation.setEmulatedVisionDeficiency", {"type": kind})
        page.locator(".board-box").screenshot(path=artifacts / f"60-board-{kind}.png")
    cdp.send("Emulation.setEmulatedVisionDeficiency", {"type": "none"})


def test_the_old_palette_would_fail() -> None:
    """The check can fail: the colours of issue #25 (Festival and Imperial, American and
    Continental) were too close."""
    old = {"Festival": "#27ae60", "Worldwide": "#e67e22", "Imperial": "#16a5a5"}
    worst = min(
        distance(parse(old[a]), parse(old[b]), kind)
        for kind in KINDS
        for a, b in combinations(old, 2)
    )
    assert worst < THRESHOLD


def test_each_chain_carries_its_letter_on_the_board_the_table_and_the_log(
    page: Any, server: Any, artifacts: Any
) -> None:
    state, entries = positions.buying_midgame()
    snapshot = positions.state_message(state, 0, seq=len(entries))
    snapshot["recent"] = entries[-50:]
    FakeTable(page, snapshot, 0).open(server.url)
    cells = page.locator(".board .cell.chain").evaluate_all(
        "cs => cs.map(c => [c.dataset.chain, c.innerText.trim()])"
    )
    assert len(cells) > 8
    for chain, text in cells:
        assert text == chain[0], (chain, text)
    rows = page.locator(".chains tbody tr").evaluate_all(
        "rs => rs.map(r => [r.dataset.chain, r.querySelector('.chain-mark').innerText])"
    )
    assert len(rows) == 7 and all(mark == chain[0] for chain, mark in rows)
    assert len({mark for _, mark in rows}) == 7
    marks = page.locator(".log li .chain-mark").evaluate_all(
        "ms => ms.map(m => [m.dataset.chain, m.innerText, m.parentElement.innerText])"
    )
    assert marks, "no log line marks its chain"
    for chain, mark, line in marks:
        assert mark == chain[0] and chain in line
    page.screenshot(path=artifacts / "61-chain-letters.png")


def test_the_replay_marks_chains_with_letters(page: Any, server: Any) -> None:
    game = server.bot_game(seats=3)
    step = game["actions"] // 2
    page.goto(f"{server.url}#/replay/{game['id']}/{step}")
    page.wait_for_selector(f".replay-page[data-step='{step}']")
    cells = page.locator(".board .cell.chain").evaluate_all(
        "cs => cs.map(c => [c.dataset.chain, c.innerText.trim()])"
    )
    assert cells and all(text == chain[0] for chain, text in cells)
    assert page.locator(".chains .chain-mark").count() == 7
    # a move about a chain: its line in the move's log carries the chain's mark
    n = next(
        n
        for n in range(1, game["actions"])
        if any("chain" in e for e in server.get(f"api/games/{game['id']}/steps/{n}")["events"])
    )
    page.goto(f"{server.url}#/replay/{game['id']}/{n}")
    page.wait_for_selector(f".replay-page[data-step='{n}']")
    marks = page.locator(".replay-page ol.log li .chain-mark").evaluate_all(
        "ms => ms.map(m => [m.dataset.chain, m.innerText])"
    )
    assert marks and all(mark == chain[0] for chain, mark in marks), marks
