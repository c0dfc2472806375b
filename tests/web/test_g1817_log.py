"""The 1817 log as its players read it: what each action did (auction results, pars,
prices paid, revenue, dividends per share and the price move, phases, rusting, exported
trains, round headings that come back on a reload), from a real game's events."""

from __future__ import annotations

import re
from typing import Any

from . import positions1817 as P
from .fake_table import FakeTable, table_entry


def _open_with_log(page: Any, server: Any, action_id: int, length: int) -> list[str]:
    """The table before ``action_id`` with the last ``length`` actions in ``recent``, as a
    reload gets them; the log's lines."""
    game, entries = P.at(action_id)
    seat = P.seat_to_move(game)
    message = P.state_message(game, seat, seq=len(entries), recent=entries[-length:])
    FakeTable(page, message, seat, table=table_entry(P.names(game), game="1817")).open(server.url)
    page.locator(".log li").first.wait_for()
    return [str(line) for line in page.locator(".log li").all_inner_texts()]


def test_the_log_says_what_came_of_each_action(page: Any, server: Any, artifacts: Any) -> None:
    lines = _open_with_log(page, server, 300, 300)
    text = "\n".join(lines)
    page.screenshot(path=artifacts / "1817-log-history.png")
    # round headings, from the events (a reload shows them), each set's rounds numbered
    for heading in (
        "Operating round 1.1",
        "Merger and conversion round 1.1",
        "Operating round 1.2",
    ):
        assert f"— {heading} —" in lines, heading
    assert "— Merger and conversion round 1 —" not in lines
    # dividends with the amount per share, and where the price went
    assert re.search(r"^A&S pays out \$60: \$30 a share\.$", text, re.M), text
    assert re.search(r"^H's share price rises from \$65 to \$70\.$", text, re.M), text
    assert re.search(r"^Bess withholds \$60\.$", text, re.M)
    # the interest paid at the end of a corporation's turn, and a lay's terrain fee
    assert re.search(r"^A&S buys no more trains and pays \$15 interest\.$", text, re.M)
    assert re.search(r"^Bess lays tile \S+ on .*, paying \$15\.$", text, re.M), text
    assert re.search(r"^Belt pays half \$60: \$15 a share\.$", text, re.M)
    # revenue of a run, trains with their seller and price, phases, rusting, exports
    assert re.search(r"runs 1 train for \$\d+ \(2: [^)]*\$\d+\)\.$", text, re.M), text
    assert re.search(r"buys a \d\+? train from the depot for \$\d+\.$", text, re.M)
    assert "Phase 2+ begins." in lines and "Phase 3 begins." in lines
    assert any(re.fullmatch(r"A \d\+? train is exported\.", line) for line in lines)
    # loans with their money; no pass without saying what was passed
    assert re.search(r"takes a loan for \$100\.$", text, re.M)
    assert "passes." not in text.replace("passes in the stock round.", "")


def test_the_log_says_who_won_the_auction_and_the_pars(page: Any, server: Any) -> None:
    lines = _open_with_log(page, server, 140, 140)
    text = "\n".join(lines)
    # P3 Mountain Engineers is a private; ME (Morristown & Erie) a corporation
    assert re.search(r"^\S+ wins Mountain Engineers for \$35\.$", text, re.M), text
    assert re.search(r"^\S+ pars \S+ at \$\d+ \(2 shares\)\.$", text, re.M), text
    assert re.search(r"^\S+ buys Ohio Bridge Company from \S+ for \$40\.$", text, re.M), text
    assert "— Stock round 1 —" in lines


def test_the_log_says_what_rusts_and_what_converts(page: Any, server: Any) -> None:
    lines = _open_with_log(page, server, 613, 150)
    text = "\n".join(lines)
    assert "Bess buys a 4 train from the depot for $400." in lines
    assert "A&S's 2 train rusts." in lines
    assert any(re.fullmatch(r"\S+'s 2\+ train is obsolete\.", line) for line in lines), text
    assert re.search(r"^GT converts to 5 shares\.$", text, re.M), text
    assert re.search(r"^WT merges with J\.$", text, re.M), text
    assert re.search(r"^Di shorts NYSW for \$70\.$", text, re.M), text


def test_the_spreadsheet(page: Any, server: Any, artifacts: Any) -> None:
    fake, game = P.open_at(page, server, 613)
    view = game.view(0)
    page.locator(".spreadsheet summary").click()
    sheet = page.locator(".spreadsheet")
    for pid, p in view["players"].items():
        row = sheet.locator(f".sheet-players tr[data-player='{pid}']")
        assert row.locator(".cash").inner_text() == f"${p['cash']:,}"
        assert row.locator(".worth").inner_text() == f"${p['value']:,}"
    # Di is short one NYSW share: the NYSW column
    nysw = list(sheet.locator(".sheet-players thead th").all_inner_texts()).index("NYSW")
    di = sheet.locator(".sheet-players tr[data-player='1594'] > *").nth(nysw)
    assert di.inner_text() == "\u22121"
    for sym, c in view["corps"].items():
        row = sheet.locator(f".sheet-corps tr[data-corp='{sym}']")
        assert row.locator(".treasury").inner_text() == f"${c['cash']:,}"
        assert row.locator(".loans").inner_text() == str(c["loans"])
        assert row.locator(".tokens").inner_text() == str(c["tokens"] - c["tokens_placed"])
        revenues = [t for t in row.locator(".revenue").all_inner_texts() if t]
        assert revenues == [f"${r:,}" for r in c["revenues"].values()], (sym, revenues)
    assert view["corps"]["A&S"]["revenues"]["1.2"] == 60
    # the first set's first round paid nothing: no corporation had a train
    assert sheet.locator("thead th.revenue").first.inner_text() == "OR 1.2"
    sheet.screenshot(path=artifacts / "1817-spreadsheet.png")
    # it stays open across an update
    page.evaluate("() => { document.querySelector('.spreadsheet').dataset.old = '1'; }")
    fake.send(P.state_message(game, P.seat_to_move(game), seq=8))
    page.wait_for_function("() => !document.querySelector('.spreadsheet').dataset.old")
    assert page.locator(".spreadsheet[open]").count() == 1


def test_the_log_filtered_by_corporation_or_player(page: Any, server: Any, artifacts: Any) -> None:
    lines = _open_with_log(page, server, 613, 120)
    page.locator(".log-filter").select_option("NYSW")
    shown = [li for li in page.locator(".log li:not([hidden])").all_inner_texts() if li]
    assert 0 < len(shown) < len(lines)
    for line in shown:
        assert "NYSW" in line or line.startswith("— "), line
    page.screenshot(path=artifacts / "1817-log-filter.png")
    page.locator(".log-filter").select_option("Di")
    shown = page.locator(".log li:not([hidden])").all_inner_texts()
    assert any(line.startswith("Di ") for line in shown)
    assert all("Di" in line or line.startswith("— ") for line in shown), shown
    page.locator(".log-filter").select_option("")
    assert page.locator(".log li:not([hidden])").count() == len(lines)


def test_the_first_round_has_its_heading(page: Any, server: Any) -> None:
    """No event starts the first round (the game begins in it): its heading opens the log."""
    from takeover.g1817.state import Game1817

    game = Game1817("1817NA", [(1, "Ann"), (2, "Bob")], seed=1)
    message = P.state_message(game, 0, seq=0)
    FakeTable(page, message, 0, table=table_entry(P.names(game), game="1817")).open(server.url)
    page.wait_for_selector(".log li.opening")
    assert page.locator(".log li").first.inner_text() == "— Private auction 1 —"
