"""1817 at a real table: a person and three bots, created from the lobby, through the
private auction into the stock round in the browser; a reload keeps the seat and the log,
and so does a restart of the server.

The engine does not list map decisions yet, so the game stops at the first home station;
until then everything the person decides goes through the 1817 prompts and the server."""

from __future__ import annotations

from typing import Any

from .driver import PROMPT, READY


def wait_for_change(page: Any, seq: str | None) -> None:
    page.wait_for_function(
        """([selector, seq]) => { const p = document.querySelector(selector);
            return p && (p.dataset.seq !== seq || p.dataset.mode !== 'yours'
              || p.querySelector('.prompt-error')); }""",
        arg=[PROMPT, seq],
        timeout=20_000,
    )
    error = page.locator(".prompt .prompt-error")
    assert not error.count(), f"the server refused a UI choice: {error.all_inner_texts()}"


def test_a_person_and_three_bots_at_a_1817_table(page: Any, server: Any, artifacts: Any) -> None:
    page.goto(server.url)
    page.select_option(".create-form select[name=game]", "1817")
    page.select_option(".create-form select[name=preset]", "1817NA")
    page.fill(".create-form input[name=name]", "Ann")
    page.select_option(".create-form select[name=seats]", "4")
    for n in (1, 2, 3):
        page.select_option(f".create-form select[name=seat-{n}]", "bot:random")
    page.click("#create")
    page.wait_for_selector(".waiting-room #start")
    table_id = page.get_attribute(".game-page", "data-table")
    assert server.get(f"api/tables/{table_id}")["game"] == "1817"
    page.click("#start")

    kinds: list[str] = []
    bid = False
    while len(kinds) < 12:
        # (nobody can decide at the first home station until the engine lists it)
        page.wait_for_selector(f"{READY}, .prompt[data-decision=home_token]")
        if page.get_attribute(PROMPT, "data-mode") != "yours":
            break
        prompt = page.locator(PROMPT)
        seq = prompt.get_attribute("data-seq")
        kind = str(prompt.get_attribute("data-decision"))
        if not bid and page.locator(".bid-box").count():
            page.screenshot(path=artifacts / "1817-live-auction.png")
            page.locator(".bid-box input.bid-amount").press("Enter")  # the lowest legal bid
            bid = True
        elif page.locator(".prompt .w-pass button.act").count():
            page.locator(".prompt .w-pass button.act").click()
        else:  # a home station: the first city offered
            page.locator(".prompt button.act").first.click()
        wait_for_change(page, seq)
        kinds.append(kind)
        if kind == "buy_sell_par_shares" and len(kinds) >= 3:
            break
    assert bid and kinds and kinds[0] == "selection_auction"
    assert page.get_attribute(".game-page", "data-game") == "1817"
    lines = page.locator(".log li").all_inner_texts()
    assert any(" bids $" in line for line in lines)
    assert any(line.startswith("Ann ") for line in lines)
    assert "— Stock round 1 —" in lines  # the round's start, seen live
    page.screenshot(path=artifacts / "1817-live.png")
    page.reload()
    page.wait_for_selector(".prompt[data-mode]")
    label = page.locator(".players-1817 .player-row").first.inner_text()
    assert "Ann" in label and "you" in label
    # the actions come back from the server, round headings with them (they are events)
    after = page.locator(".log li").all_inner_texts()
    assert after[-5:] == lines[-5:]
    assert "— Stock round 1 —" in after

    # the server stops and starts again on the same database: the seat resumes there
    seq = page.get_attribute(PROMPT, "data-seq")
    page.evaluate("document.querySelector('.map').dataset.before = 'restart'")
    server.stop()
    page.locator("#banner").wait_for(state="visible")
    server.start()
    page.evaluate("document.querySelector('#banner:not([hidden]) button')?.click()")
    page.locator("#banner").wait_for(state="hidden")
    page.wait_for_function(
        "([seq]) => { const p = document.querySelector('.prompt');"
        " return p && p.dataset.seq === seq && p.dataset.mode === 'yours'; }",
        arg=[seq],
    )
    assert page.get_attribute(".game-page", "data-game") == "1817"
    assert "you" in page.locator(".players-1817 .player-row").first.inner_text()
    page.locator(".prompt button.act").first.click()  # and play goes on
    page.wait_for_function(
        "([seq]) => document.querySelector('.prompt').dataset.seq !== seq", arg=[seq]
    )


def test_ending_by_agreement_from_the_table(page: Any, server: Any) -> None:
    """A person proposes ending with the table's button; the bots agree, so the game ends
    (docs/server-protocol.md, "end_vote")."""
    page.goto(server.url)
    page.select_option(".create-form select[name=game]", "1817")
    page.select_option(".create-form select[name=preset]", "1817NA")
    page.fill(".create-form input[name=name]", "Ann")
    page.select_option(".create-form select[name=seats]", "3")
    for n in (1, 2):
        page.select_option(f".create-form select[name=seat-{n}]", "bot:random")
    page.click("#create")
    page.wait_for_selector(".waiting-room #start")
    table_id = page.get_attribute(".game-page", "data-table")
    page.click("#start")
    page.click(".end-vote button.end-propose")
    page.wait_for_selector(".game-page[data-status=finished]", timeout=20_000)
    assert server.get(f"api/tables/{table_id}")["status"] == "finished"
    assert not page.locator(".end-vote button").count()
