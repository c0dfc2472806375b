"""The lobby and the waiting room: table options, bots in chosen seats, joining by the invite
link, chat as plain text, starting, watching; and bad input refused with a clear message."""

from __future__ import annotations

from typing import Any

import pytest

from .driver import decide


@pytest.fixture
def second(browser: Any) -> Any:
    """Another person: a separate browser context (own localStorage), on a narrow screen."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.set_default_timeout(20_000)
    yield context.new_page()
    context.close()


def test_create_join_chat_start(page: Any, second: Any, server: Any, artifacts: Any) -> None:
    page.goto(server.url)
    page.fill(".create-form input[name=name]", "Ann")
    page.select_option("select[name=seats]", "3")
    page.select_option("select[name=preset]", "tlstyer")
    page.select_option("select[name=seat-1]", "open")
    page.select_option("select[name=seat-2]", "bot:heuristic")
    page.click(".create-form summary")
    page.uncheck("input[data-option=bonuses_first]")
    # Word-valued options offer every value the server lists, even one no preset uses.
    editions = page.locator("select[data-option=edition] option").all_inner_texts()
    assert set(editions) == {"classic", "2008", "2016"}
    page.screenshot(path=artifacts / "10-create-options.png")
    page.click("#create")
    page.wait_for_selector(".waiting-room #start")
    table_id = page.get_attribute(".game-page", "data-table")
    table = server.get(f"api/tables/{table_id}")
    assert [(s["kind"], s["bot"]) for s in table["seats"]] == [
        ("human", None),
        ("empty", None),
        ("bot", "heuristic"),
    ]
    assert table["ruleset"] == {"preset": "tlstyer", "options": {"bonuses_first": False}}

    # Bob follows the invite link, picks a name and the empty seat.
    link = page.locator(".invite-link").input_value()
    second.goto(link)
    second.wait_for_selector(".waiting-room li[data-seat='1'] button")
    second.fill(".waiting-room input[name=name]", "Bob")
    second.click(".waiting-room li[data-seat='1'] button")
    second.wait_for_selector(".waiting-room #start")
    # Ann's waiting room hears about Bob at once.
    page.wait_for_selector(".waiting-room li[data-seat='1'] strong:text('Bob')")

    # Chat is plain text: markup typed by a person stays text.
    evil = '<b>hi</b> & <img src=x onerror="window.pwned=1">'
    second.fill(".chat input[name=chat]", evil)
    second.press(".chat input[name=chat]", "Enter")
    line = page.locator(".chat-list li").last
    line.wait_for()
    page.wait_for_function("document.querySelector('.chat-list li:last-child span').textContent")
    assert line.locator("span").inner_text() == evil
    assert page.locator(".chat-list img, .chat-list b").count() == 0
    assert page.evaluate("window.pwned") is None

    page.click("#start")
    for p in (page, second):
        p.wait_for_selector(".prompt[data-mode]")
        assert p.locator(".board .cell").count() == 12 * 9
        assert p.locator(".hand .tile").count() == 6
    page.screenshot(path=artifacts / "11-three-seats.png")
    second.screenshot(path=artifacts / "12-narrow.png", full_page=True)
    assert second.locator(".player.me strong").inner_text() == "Bob"

    # A visitor with no seat watches: the public view, no hand, no prompt of their own.
    watcher = second.context.browser.new_page()
    try:
        watcher.goto(link)
        watcher.wait_for_selector(".prompt[data-mode]")
        assert watcher.locator(".hand .tile").count() == 0
        assert watcher.get_attribute(".prompt", "data-mode") != "yours"
        assert "watching" in watcher.locator(".hand-box").inner_text()
    finally:
        watcher.close()

    # Ann and Bob play the game to its end, each in their own browser, the bot between them.
    players = (page, second)
    decisions = 0
    while not all(p.get_attribute(".prompt", "data-mode") == "over" for p in players):
        mover = next(
            (p for p in players if p.get_attribute(".prompt", "data-mode") == "yours"), None
        )
        if mover is None:
            page.wait_for_timeout(20)  # the bot is thinking
            continue
        decide(mover, decisions)
        decisions += 1
        assert decisions < 600, "the game does not end"
    scores = {g["id"]: g for g in server.get("api/games")["games"]}[table_id]["scores"]
    for p in players:
        p.locator(".scoresheet").wait_for()
        assert p.locator(".scoresheet .winner").inner_text().endswith(f"${max(scores):,}.")
    second.screenshot(path=artifacts / "13-two-people-score-sheet.png", full_page=True)


def test_the_invite_link_is_copied_with_one_click(page: Any, server: Any) -> None:
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url)
    page.goto(server.url)
    page.fill(".create-form input[name=name]", "Ann")
    page.click("#create")
    page.wait_for_selector(".waiting-room #start")
    link = page.locator(".invite-link").input_value()
    page.get_by_role("button", name="Copy invite link").click()
    page.get_by_role("button", name="Copied!").wait_for()
    assert page.evaluate("navigator.clipboard.readText()") == link


def test_bad_name_is_refused_with_a_message(page: Any, server: Any) -> None:
    before = len(server.get("api/tables")["tables"])
    page.goto(server.url)
    page.fill(".create-form input[name=name]", "<script>")
    page.click("#create")
    error = page.locator(".create-form .error")
    error.wait_for()
    assert "name" in error.inner_text().lower()
    assert len(server.get("api/tables")["tables"]) == before
    assert page.locator(".lobby-page").count() == 1


@pytest.fixture
def crowded(tmp_path: Any) -> Any:
    """A server of its own, with more tables than one page of the lobby shows."""
    from .process import Server

    srv = Server(tmp_path / "takeover.db", tmp_path / "serve.log")
    srv.start()
    yield srv
    srv.stop()


def test_the_lobby_shows_pages_joinable_tables_first(
    page: Any, crowded: Any, artifacts: Any
) -> None:
    playing = []
    for n in range(2):
        made = crowded.post("api/tables", {"seats": 2, "name": f"Early{n}"})
        crowded.post(
            f"api/tables/{made['table']['id']}/start", {"token": made["token"], "fill": "random"}
        )
        playing.append(made["table"]["id"])
    joinable = [
        crowded.post("api/tables", {"seats": 3, "name": f"P{n}"})["table"]["id"] for n in range(24)
    ]
    page.goto(crowded.url)
    pager = page.locator(".pager .page-of")
    pager.wait_for()
    assert pager.inner_text() == "Tables 1\u201320 of 26 (24 to join)"
    cards = page.locator(".table-card")
    assert cards.count() == 20
    shown = cards.evaluate_all("cs => cs.map(c => c.dataset.table)")
    assert shown == joinable[::-1][:20]  # the newest joinable tables first
    assert cards.get_by_role("link", name="Join").count() == 20
    assert page.locator(".pager button.prev").is_disabled()
    page.screenshot(path=artifacts / "14-lobby-page-1.png", full_page=True)

    page.click(".pager button.next")
    page.locator(".pager .page-of", has_text="Tables 21\u201326 of 26").wait_for()
    shown = cards.evaluate_all("cs => cs.map(c => c.dataset.table)")
    assert shown == joinable[::-1][20:] + playing[::-1]  # then the games being played
    assert cards.get_by_role("link", name="Watch").count() == 2
    assert page.locator(".pager button.next").is_disabled()
    page.click(".pager button.prev")
    page.locator(".pager .page-of", has_text="Tables 1\u201320 of 26").wait_for()


def test_a_correspondence_table_is_made_and_listed_apart(
    page: Any, crowded: Any, artifacts: Any
) -> None:
    live = crowded.post("api/tables", {"seats": 2, "name": "Bea", "timer": "normal"})
    page.goto(crowded.url)
    page.fill(".create-form input[name=name]", "Ann")
    page.select_option("select[name=seats]", "2")
    page.select_option("select[name=seat-1]", "open")
    assert page.locator("input[name=move_hours]").is_hidden()
    page.select_option("select[name=pace]", "correspondence")
    assert page.locator("select[name=timer]").is_hidden()
    page.fill("input[name=move_hours]", "999")
    page.click("#create")
    assert "Hours a move" in page.locator(".create-form .error").inner_text()
    page.fill("input[name=move_hours]", "48")
    page.select_option("select[name=on_timeout]", "random")
    page.click("#create")
    page.wait_for_selector(".waiting-room #start")
    table_id = page.get_attribute(".game-page", "data-table")
    table = crowded.get(f"api/tables/{table_id}")
    assert (table["timer"], table["move_hours"], table["on_timeout"]) == (
        "correspondence",
        48,
        "random",
    )
    page.goto(crowded.url)
    slow = page.locator(".correspondence-tables .table-card")
    slow.first.wait_for()
    assert slow.evaluate_all("cs => cs.map(c => c.dataset.table)") == [table_id]
    words = slow.first.locator(".settings").inner_text()
    assert "correspondence, 2 days a move, then a random bot plays for them" in words
    livecards = page.locator(".live-tables .table-card")
    assert livecards.evaluate_all("cs => cs.map(c => c.dataset.table)") == [live["table"]["id"]]
    page.screenshot(path=artifacts / "17-lobby-correspondence.png", full_page=True)
