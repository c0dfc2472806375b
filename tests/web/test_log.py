"""The game log puts every kind of event the engine emits into words (no raw fields)."""

from __future__ import annotations

import random
import re
from typing import Any

from takeover.acquire import new_game

from . import positions
from .fake_table import FakeTable


def engine_events() -> list[dict[str, Any]]:
    """One example of every (event type, seat-or-spectator) pair from random games and a trade."""
    seen: dict[tuple[str, bool], dict[str, Any]] = {}
    for seed in range(6):
        for ruleset in ("standard", "tlstyer"):
            state = new_game(4, ruleset=ruleset, seed=seed)
            rng = random.Random(seed)
            while not state.is_terminal():
                for event in state.apply(rng.choice(state.legal_actions())):
                    for seat in (0, None):
                        data = state.event_view(event, seat)
                        if data is not None:
                            seen.setdefault((data["type"], seat is None), data)
    state = positions.trade_offer()
    for event in state.apply(state.action_from_dict({"type": "answer_trade", "accept": True}), 1):
        seen.setdefault((event.type, False), state.event_view(event, 0))
    return list(seen.values())


def test_every_event_in_words(page: Any, server: Any) -> None:
    events = engine_events()
    kinds = {e["type"] for e in events}
    assert {"merger", "bonuses_paid", "shares_disposed", "final_sale", "trade_answered"} <= kinds
    page.goto(server.url)
    lines = page.evaluate(
        """async (events) => {
            const { loadGame } = await import("./games/index.js");
            const game = await loadGame("acquire");
            // a line about a chain is its mark (a node) and its words: the words are checked
            const words = (l) =>
                Array.isArray(l) ? l.filter((x) => typeof x === "string").join("") : l;
            return events.map((e) => words(game.describe(e, (seat) => `P${seat}`)));
        }""",
        events,
    )
    for event, line in zip(events, lines, strict=True):
        if event["type"] == "shares_bought" and event.get("forced") and not event["shares"]:
            assert line is None  # a turn with nothing to buy says nothing
            continue
        assert line, event
        fallback = event["type"].replace("_", " ")  # what describe() says of an unknown type
        assert not line.startswith((fallback + ":", fallback + ".")), (event, line)
        for junk in ("undefined", "NaN", "[object", "{", "null"):
            assert junk not in line, (event, line)
        assert not re.search(r"\b1 (tiles|shares|moves)\b", line), (event, line)


AT_BOTTOM = "l => l.scrollTop + l.clientHeight >= l.scrollHeight - 2"


def next_state(state: Any, seq: int, seat: int = 0) -> dict[str, Any]:
    """Play one more (first legal) action and build the ``state`` message seat ``seat`` gets."""
    entry = positions.play(state, state.legal_actions()[0], seq, seat)
    message = positions.state_message(state, seat, seq=seq)
    message["last"] = {k: entry[k] for k in ("player", "action", "text")}
    message["events"] = entry["events"]
    return message


def log_seqs(page: Any) -> list[int]:
    return [
        int(s)
        for s in page.eval_on_selector_all(".log li[data-seq]", "ls => ls.map(l => l.dataset.seq)")
    ]


def test_the_log_lands_at_the_bottom_follows_and_loads_the_whole_game(
    page: Any, server: Any, artifacts: Any
) -> None:
    state, entries = positions.played(120)
    snapshot = positions.state_message(state, 0, seq=120)
    snapshot["recent"] = entries[-50:]  # what the server sends after hello
    fake = FakeTable(
        page,
        snapshot,
        0,
        history=lambda before, limit: [e for e in entries if before - limit <= e["seq"] < before],
    )
    fake.open(server.url)
    log = page.locator(".log")
    # After a (re)load the log shows the end of the game, not its top.
    page.wait_for_function("document.querySelector('.log').scrollHeight > 0")
    assert log.evaluate("l => l.scrollHeight > l.clientHeight + 50"), "the log should overflow"
    page.wait_for_function(f"({AT_BOTTOM})(document.querySelector('.log'))")
    assert log_seqs(page)[0] == 71 and log_seqs(page)[-1] == 120

    # A new action: the reader at the bottom sees it.
    fake.send(next_state(state, 121))
    page.locator(".log li[data-seq='121']").first.wait_for()
    page.wait_for_function(f"({AT_BOTTOM})(document.querySelector('.log'))")

    # The reader scrolls up to read: new actions no longer move the log under them.
    box = log.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    for _ in range(3):
        page.mouse.wheel(0, -600)
    page.wait_for_function(f"!({AT_BOTTOM})(document.querySelector('.log'))")
    page.wait_for_timeout(300)  # the wheel's smooth scrolling comes to rest
    reading = log.evaluate("l => l.scrollTop")
    fake.send(next_state(state, 122))
    page.locator(".log li[data-seq='122']").first.wait_for()
    page.wait_for_timeout(100)
    assert log.evaluate("l => l.scrollTop") == reading
    latest = page.get_by_role("button", name="Latest")
    latest.wait_for()
    page.screenshot(path=artifacts / "40-log-scrolled-up.png")
    latest.click()
    page.wait_for_function(f"({AT_BOTTOM})(document.querySelector('.log'))")

    # The earlier part of the game, asked for with the documented request.
    page.get_by_role("button", name="Load earlier moves").click()
    page.locator(".log li[data-seq='1']").first.wait_for()
    requests = [m for m in fake.sent if m["type"] == "history"]
    assert [(m["before"], m["limit"] >= 70) for m in requests] == [(71, True)]
    seqs = log_seqs(page)
    assert seqs == sorted(seqs), "the log is in the order of play"
    assert set(seqs) == set(range(1, 123)), "every action of the game is in the log"
    assert page.get_by_role("button", name="Load earlier moves").is_hidden()
    # Lines from the history read like the live ones (the same words for the same events).
    first = entries[0]["events"][0]
    # the draw for the first turn heads the log once it reaches the first action
    assert page.locator(".log > li").first.get_attribute("class") == "note opening"
    assert page.locator(".log > li").nth(1).inner_text() == f"Di placed {first['tile']}."
    page.screenshot(path=artifacts / "41-log-whole-game.png")


def test_a_server_without_history_says_so(page: Any, server: Any) -> None:
    """Today's server refuses the ``history`` request: the page says the moves are not there."""
    state, entries = positions.played(60)
    snapshot = positions.state_message(state, 0, seq=60)
    snapshot["recent"] = entries[-50:]
    fake = FakeTable(page, snapshot, 0)
    fake.open(server.url)
    page.get_by_role("button", name="Load earlier moves").click()
    request = next(m for m in fake.sent if m["type"] == "history")
    fake.send(
        {
            "type": "error",
            "code": "bad_request",
            "message": "unknown message type 'history'",
            "ref": request["ref"],
        }
    )
    page.locator(".log li.note", has_text="Earlier moves are not available").wait_for()
    assert page.get_by_role("button", name="Load earlier moves").is_hidden()
    assert page.locator(".notice .error").count() == 0  # not a page-wide error
