"""What a player sees at once: the table page at 1280x800, the board's legend and the colour
of hand tiles, and the prompt's words on a touch screen."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from takeover.acquire.data import CHAIN_COLOURS

from . import positions
from .fake_table import FakeTable, open_table


def within_viewport(page: Any, selector: str) -> None:
    box = page.locator(selector).bounding_box()
    height = page.viewport_size["height"]
    assert box is not None, f"{selector} is not shown"
    assert box["y"] >= 0 and box["y"] + box["height"] <= height, (selector, box, height)


def test_buying_at_1280x800_shows_prices_beside_the_prompt(
    page: Any, server: Any, artifacts: Any
) -> None:
    state, entries = positions.buying_midgame()
    snapshot = positions.state_message(state, 0, seq=len(entries))
    snapshot["recent"] = entries[-50:]
    FakeTable(page, snapshot, 0).open(server.url)
    assert page.get_attribute(".prompt", "data-decision") == "buy_shares"
    assert page.viewport_size == {"width": 1280, "height": 800}
    assert page.evaluate("window.scrollY") == 0
    page.screenshot(path=artifacts / "42-buying-1280x800.png")
    # What a purchase needs, seen with the prompt: sizes, prices, shares left, who holds what.
    within_viewport(page, ".prompt")
    within_viewport(page, ".chains")
    within_viewport(page, ".players-box")
    # ... and the table's talk.
    within_viewport(page, ".log-box")
    within_viewport(page, ".chat")
    assert page.locator(".chains tbody tr").count() == 7


def test_the_board_has_a_legend_drawn_with_its_own_styles(page: Any, server: Any) -> None:
    open_table(page, server, positions.dead_tile(), 0)
    legend = page.locator(".board-box .legend")
    kinds = legend.locator("li").evaluate_all("ls => ls.map(l => l.dataset.kind)")
    assert set(kinds) >= {"placeable", "in-hand", "in-hand-unplayable", "dead", "orphan", "last"}
    for text in legend.locator("li").all_inner_texts():
        assert len(text.strip()) > 5
    # Each sample looks like the board's cell of that kind.
    style = (
        "e => { const s = getComputedStyle(e); return [s.backgroundImage, s.backgroundColor,"
        " s.borderTopStyle, s.borderTopColor, s.boxShadow]; }"
    )
    samples = {
        "dead": ".board .cell.dead",
        "orphan": ".board .cell.orphan",
        "placeable": ".board .cell.placeable",
        "in-hand-unplayable": ".board .cell.in-hand.unplayable",
    }
    for kind, cell in samples.items():
        sample = legend.locator(f"li[data-kind='{kind}'] .sample")
        assert sample.evaluate(style) == page.locator(cell).first.evaluate(style), kind
    assert "dashed" in legend.locator("li[data-kind='in-hand'] .sample").evaluate(style)


def rgb(css: str) -> tuple[int, int, int]:
    parts = css[css.index("(") + 1 : css.index(")")].split(",")
    r, g, b = (int(float(p)) for p in parts[:3])
    return r, g, b


def distance(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    return float(sum((x - y) ** 2 for x, y in zip(a, b, strict=True)) ** 0.5)


def test_hand_tiles_are_outlined_in_a_colour_no_chain_uses(page: Any, server: Any) -> None:
    open_table(page, server, positions.dead_tile(), 0)
    chains = {
        name: rgb(f"rgb({int(c[1:3], 16)},{int(c[3:5], 16)},{int(c[5:], 16)})")
        for name, c in CHAIN_COLOURS.items()
    }
    drawn = page.evaluate(
        "() => Object.fromEntries([...document.querySelectorAll('.board .cell.chain')]"
        ".map(c => [c.title.split(': ')[1], getComputedStyle(c).backgroundColor]))"
    )
    assert {name: rgb(c) for name, c in drawn.items()} == {n: chains[n] for n in drawn}, (
        "the chains' colours are those of the view"
    )
    outlines = {
        "a tile to place, on the board": ".board .cell.placeable",
        "a tile to place, in the hand": ".hand .tile.legal",
    }
    for what, selector in outlines.items():
        colour = rgb(
            page.locator(selector).first.evaluate("e => getComputedStyle(e).borderTopColor")
        )
        for name, chain in chains.items():
            assert distance(colour, chain) > 100, f"{what} is outlined like {name}: {colour}"


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    """A phone: a narrow touch screen, no keyboard."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    context.set_default_timeout(20_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page
    context.close()
    assert not errors, errors


KEY_WORDS = ("Backspace", "Enter", "press", "key", "Escape")


def test_a_phone_gets_touch_words(phone: Any, server: Any, artifacts: Any) -> None:
    fake = open_table(phone, server, positions.buying(), 0)
    prompt = phone.locator(".prompt")
    text = prompt.inner_text()
    assert "tap" in text
    for word in KEY_WORDS:
        assert word not in text, (word, text)
    assert prompt.locator("kbd:visible").count() == 0
    phone.screenshot(path=artifacts / "43-phone-buy.png", full_page=True)
    phone.locator(".buy-chain[data-chain=American]").tap()
    phone.locator(".prompt button.act").tap()
    assert fake.actions()[0]["action"] == {"type": "buy_shares", "shares": ["American"]}


def test_a_phone_places_tiles_by_tapping(phone: Any, server: Any) -> None:
    open_table(phone, server, positions.unplayable(), 0)
    text = phone.locator(".prompt").inner_text()
    assert "tap" in text
    for word in KEY_WORDS:
        assert word not in text, (word, text)
    assert phone.locator(".hand .tile .key").count() == 0
    for title in phone.locator(".hand .tile").evaluate_all("ts => ts.map(t => t.title)"):
        assert "key" not in title


def test_a_keyboard_gets_key_words(page: Any, server: Any) -> None:
    open_table(page, server, positions.buying(), 0)
    text = page.locator(".prompt").inner_text()
    assert "Backspace" in text and "Enter" in text
    assert page.locator(".prompt kbd:visible").count() > 0
