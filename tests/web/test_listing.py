"""A decision whose legal actions the server lists away from the table (1817's route
decision, docs/server-protocol.md "Slow listings"): the page says it is working them out,
takes the ``legal`` message that brings them (or ``legal_error`` with the quick ones),
and ignores one for an older position."""

from __future__ import annotations

from typing import Any

from . import positions1817 as P
from .fake_table import FakeTable, action_sent, table_entry

ROUTES = 213
"""A&S runs its 2 train: the engine lists running none and its router's best set."""


def pending_table(page: Any, server: Any) -> tuple[FakeTable, dict[str, Any]]:
    """The route decision's ``state`` with ``legal_pending``; the full message it stands for."""
    game, _ = P.at(ROUTES)
    full = P.state_message(game, P.seat_to_move(game))
    pending = {**full, "legal": [], "legal_text": [], "legal_pending": True}
    fake = FakeTable(
        page, pending, P.seat_to_move(game), table=table_entry(P.names(game), game="1817")
    )
    fake.open(server.url)
    page.wait_for_selector(".map svg .hex")
    return fake, full


def test_the_listing_comes_after_the_state(page: Any, server: Any) -> None:
    fake, full = pending_table(page, server)
    assert page.locator("[data-legal-pending='yes']").count() == 1
    assert "Working out your possible moves" in page.locator(".notice").inner_text()
    assert page.locator(".w-run_routes button.run-routes").count() == 0
    # a listing for another position is not this one's
    fake.send({"type": "legal", "seq": 6, "legal": full["legal"], "legal_text": full["legal_text"]})
    fake.send({"type": "legal", "seq": 7, "legal": full["legal"], "legal_text": full["legal_text"]})
    page.wait_for_selector("[data-legal-pending='no']")
    assert page.locator(".notice").inner_text().strip() == ""
    runs = [a for a in full["legal"] if a["type"] == "run_routes"]
    best = max(runs, key=lambda a: len(a["routes"]))
    assert page.locator(".map .overlay .route-line").count() == 1
    page.locator(".w-run_routes button.run-routes").click()
    assert action_sent(page, fake) == best


def test_a_listing_out_of_time_offers_the_quick_ones(page: Any, server: Any) -> None:
    fake, full = pending_table(page, server)
    listed = zip(full["legal"], full["legal_text"], strict=True)
    quick = [(a, t) for a, t in listed if a["type"] == "run_routes" and not a["routes"]]
    none, words = [a for a, _ in quick], [t for _, t in quick]
    fake.send(
        {
            "type": "legal_error",
            "seq": 7,
            "code": "timeout",
            "message": "the legal actions could not be listed within 10 s: only the quick "
            "ones are offered",
            "legal": none,
            "legal_text": words,
        }
    )
    page.wait_for_selector("[data-legal-pending='no']")
    assert "could not be listed within 10 s" in page.locator(".notice").inner_text()
    page.get_by_role("button", name="Run no train").first.click()
    assert action_sent(page, fake) == none[0]


def test_a_view_patch_gives_the_next_position(page: Any, server: Any) -> None:
    """The page asks for patches in its hello; a ``state`` with ``view_patch`` (what the
    server's diff says changed) shows the same position as the whole view would."""
    from takeover.server.patches import diff

    game, _ = P.at(ROUTES)
    seat = P.seat_to_move(game)
    first = P.state_message(game, seat)
    fake = FakeTable(page, first, seat, table=table_entry(P.names(game), game="1817"))
    fake.open(server.url)
    page.wait_for_selector(".map svg .hex")
    hello = next(m for m in fake.sent if m["type"] == "hello")
    assert hello["patches"] is True
    runs = [a for a in first["legal"] if a["type"] == "run_routes"]
    best = max(runs, key=lambda a: len(a["routes"]))
    before = game.view(seat)
    game.apply(game.action_from_dict(best), seat)
    after = P.state_message(game, seat, seq=8)
    patched = {k: v for k, v in after.items() if k != "view"}
    fake.send({**patched, "view_patch": diff(before, after["view"])})
    page.wait_for_selector("[data-seq='8']")
    shown = page.locator(".layout").inner_text()
    # a whole view of the same position, on a fresh page, shows the same
    other = page.context.new_page()
    again = FakeTable(other, after, seat, table=table_entry(P.names(game), game="1817"))
    again.open(server.url)
    other.wait_for_selector("[data-seq='8']")
    assert other.locator(".layout").inner_text() == shown
    other.close()
