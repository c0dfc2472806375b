"""1817 costs shown before they are paid, from the engine: a lay's terrain and the second
lay's fee (and who pays)."""

from __future__ import annotations

import re
from typing import Any

from . import positions1817 as P
from .fake_table import FakeTable, table_entry


def _open(page: Any, server: Any, action_id: int) -> tuple[FakeTable, Any]:
    game, _ = P.at(action_id)
    message = P.state_message(game, P.seat_to_move(game))
    fake = FakeTable(
        page, message, P.seat_to_move(game), table=table_entry(P.names(game), game="1817")
    )
    fake.open(server.url)
    page.wait_for_selector(".map svg .hex")
    return fake, game


def test_a_second_lay_on_terrain_says_both_fees(page: Any, server: Any, artifacts: Any) -> None:
    # Belt's second lay, on F11 (hills, $10): the record charged $30
    _, game = _open(page, server, 220)
    assert game.view(0)["lay_costs"]["fee"] == 20
    page.locator(".map .hexes .hex[data-hex='F11'] .hex-id").click(force=True)
    hint = page.locator(".lay-box .lay-cost").inner_text()
    assert "(Belt pays $30: terrain $10 + second lay $20)" in hint, hint
    page.screenshot(path=artifacts / "1817-lay-cost.png")


def test_a_first_lay_on_terrain_says_the_terrain(page: Any, server: Any) -> None:
    _open(page, server, 226)  # Bess lays on D19 (water, $15)
    page.locator(".map .hexes .hex[data-hex='D19'] .hex-id").click(force=True)
    hint = page.locator(".lay-box .lay-cost").inner_text()
    assert "(Bess pays $15: terrain $15)" in hint, hint


def test_an_acquisition_bid_says_which_corporation_pays(page: Any, server: Any) -> None:
    # GT is liquidated; Cy bids with a corporation's money, not their own cash
    _, game = P.open_at(page, server, 613)
    buyers = game.view(0)["acquisition"]["buyers"]["655"]
    means = page.locator(".bid-box .bid-means").inner_text()
    expected = ", ".join(f"{sym} up to ${n}" for sym, n in buyers.items())
    assert means == f"Your corporation pays, not you: {expected}.", means
    assert "You have" not in means


def test_a_conversion_says_the_token_it_buys(page: Any, server: Any) -> None:
    _, game = P.open_at(page, server, 197)  # A&S may convert to 5 shares
    assert game.view(0)["conversion_costs"] == {"A&S": {"tokens": 1, "cost": 50}}
    button = page.locator(".prompt button", has_text="Convert").first
    words = " ".join(button.inner_text().split())
    assert "A&S to 5 shares: A&S then buys 1 token for $50" in words, words


def test_privates_have_cards_with_their_powers(page: Any, server: Any, artifacts: Any) -> None:
    _, game = P.open_at(page, server, 613)
    page.locator(".bank-box details.privates summary").click()
    cards = page.locator(".private-card")
    names = cards.locator("strong").all_inner_texts()
    numbers = [int(n.split()[0][1:]) for n in names]
    assert numbers == sorted(numbers) and len(numbers) == len(game.view(0)["companies"])
    me = page.locator(".private-card[data-company='ME']")
    assert "P3 Mountain Engineers" in me.inner_text()
    assert "+$20 for a tile laid on a printed mountain hex." in me.locator(".power").inner_text()
    page.locator(".bank-box").screenshot(path=artifacts / "1817-privates.png")
    # the depot says what buying the first train of a type rusts
    four = page.locator(".depot tr[data-train='4'] .rusts").inner_text()
    assert four == "2, 2+ obsolete", four
    # a corporation's privates, in number order, with their powers on hover
    titles = page.locator(".corp-privates .private").evaluate_all("(ns) => ns.map((n) => n.title)")
    assert titles and all(": " in t for t in titles), titles


def test_share_buttons_say_the_price_in_words(page: Any, server: Any) -> None:
    P.open_at(page, server, 302)  # a stock round turn
    titles = page.locator(".prompt button.buy-share, .prompt button.sell").evaluate_all(
        "(bs) => bs.map((b) => b.title)"
    )
    assert titles, "no share to buy or sell here"
    for title in titles:
        assert "{" not in title and "_" not in title, title
        assert re.fullmatch(
            r"(buy one \S+ share( from the \w+)? for|sell .+ at) \$\d+( each)?", title
        ), title


def test_two_cities_in_one_hex_are_told_apart(page: Any, server: Any) -> None:
    # a home token may go in either of New York's two cities (E22)
    P.open_at(page, server, 86)
    buttons = page.locator(".w-place_token button").all_inner_texts()
    york = [" ".join(b.split()) for b in buttons if "E22" in b]
    assert len(york) == 2 and len(set(york)) == 2, york
    assert any(b.endswith("city 2") for b in york), york
