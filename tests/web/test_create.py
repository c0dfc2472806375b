"""The create form draws each game's seats range, presets and options from the server's
per-game options schema (docs/web-client.md): a schema of every kind of option, and the
real server's answer, in which 1817's titles have their own seats and options."""

from __future__ import annotations

import json
from typing import Any

OPTIONS_1817 = {
    "name": "1817",
    "title": "1817",
    "seats": {"min": 3, "max": 7, "default": 5},
    "options": [
        {
            "name": "optional_companies",
            "label": "optional companies",
            "type": "bool",
            "default": False,
        },
        {"name": "map", "type": "choice", "values": ["standard", "short"], "default": "standard"},
        {
            "name": "bank",
            "type": "int",
            "min": 1000,
            "max": 99999,
            "default": None,
            "nullable": True,
            "help": "the bank's size; empty for the rules' own",
        },
    ],
    "bots": [{"spec": "random", "label": "Random"}],
}


def several_games(today: dict[str, Any]) -> dict[str, Any]:
    """The multi-game answer: Acquire from today's answer, in the new shape, and 1817."""
    presets = today["presets"]
    first = presets[next(iter(presets))]
    options = []
    for key, value in first.items():
        if isinstance(value, bool):
            options.append({"name": key, "type": "bool", "default": value})
        elif isinstance(value, str):
            options.append(
                {"name": key, "type": "choice", "values": today["choices"][key], "default": value}
            )
        else:
            options.append({"name": key, "type": "int", "default": value, "nullable": True})
    acquire = {
        "name": "acquire",
        "title": "Acquire",
        "seats": {**today["seats"], "default": 4},
        "presets": presets,
        "default_preset": "standard",
        "options": options,
        "bots": today["bots"],
    }
    return {"games": [acquire, OPTIONS_1817], "limits": today["limits"]}


def test_the_form_follows_the_chosen_game(page: Any, server: Any, artifacts: Any) -> None:
    answer = several_games(server.get("api/options"))
    sent: list[dict[str, Any]] = []
    page.route(
        "**/api/options",
        lambda route: route.fulfill(json=answer),
    )

    def capture(route: Any) -> None:
        if route.request.method != "POST":
            route.continue_()
            return
        sent.append(json.loads(route.request.post_data))
        route.fulfill(
            status=409, json={"error": {"code": "conflict", "message": "not made in this test"}}
        )

    page.route("**/api/tables", capture)
    page.goto(server.url)
    page.fill(".create-form input[name=name]", "Ann")
    games = page.locator("select[name=game] option").all_inner_texts()
    assert games == ["Acquire", "1817"]

    page.select_option("select[name=game]", "1817")
    seats = page.locator("select[name=seats] option").all_inner_texts()
    assert seats == [f"{n} seats" for n in range(3, 8)]
    assert page.locator("select[name=seats]").input_value() == "5"
    assert page.locator("select[name=preset]").is_hidden()  # 1817 has no presets
    page.click(".create-form summary")
    options = page.locator("[data-option]").evaluate_all("es => es.map(e => e.dataset.option)")
    assert options == ["optional_companies", "map", "bank"]
    assert page.locator("[data-option=bank]").get_attribute("placeholder") == "default"
    assert page.locator("[data-option=bank]").get_attribute("min") == "1000"
    assert page.locator("select[name=seat-1] option").all_inner_texts() == [
        "Me",
        "Open for a person",
        "Bot: Random",
    ]
    page.select_option("[data-option=map]", "short")
    page.check("[data-option=optional_companies]")
    page.screenshot(path=artifacts / "47-create-1817.png")
    page.click("#create")
    page.locator(".create-form .error", has_text="not made in this test").wait_for()
    assert sent[-1] == {
        "game": "1817",
        "seats": 5,
        "bots": {str(n): "random" for n in range(1, 5)},
        "ruleset": {"options": {"optional_companies": True, "map": "short"}},
        "name": "Ann",
        "seat": 0,
    }

    # Back to Acquire: its own seats range, presets and options.
    page.select_option("select[name=game]", "acquire")
    seats = page.locator("select[name=seats] option").all_inner_texts()
    low, high = answer["games"][0]["seats"]["min"], answer["games"][0]["seats"]["max"]
    assert seats == [f"{n} seat{'s' if n > 1 else ''}" for n in range(low, high + 1)]
    page.select_option("select[name=seats]", "3")
    page.select_option("select[name=preset]", "tlstyer")
    page.uncheck("input[data-option=bonuses_first]")
    page.click("#create")
    page.wait_for_function("() => document.querySelector('.create-form .error')")
    page.wait_for_timeout(100)
    assert sent[-1]["game"] == "acquire"
    assert sent[-1]["seats"] == 3
    assert sent[-1]["ruleset"] == {"preset": "tlstyer", "options": {"bonuses_first": False}}


def test_1817_titles_have_their_own_seats_and_options(
    page: Any, server: Any, artifacts: Any
) -> None:
    """The real server's answer: 1817 3 to 12 seats with volatility, 1817NA 2 to 6 and
    1817WO 2 to 5 without it (from the game's definition), bots from the registry."""
    sent: list[dict[str, Any]] = []

    def capture(route: Any) -> None:
        if route.request.method != "POST":
            route.continue_()
            return
        sent.append(json.loads(route.request.post_data))
        route.fulfill(
            status=409, json={"error": {"code": "conflict", "message": "not made in this test"}}
        )

    page.route("**/api/tables", capture)
    page.goto(server.url)
    page.fill(".create-form input[name=name]", "Ann")
    page.select_option("select[name=game]", "1817")
    titles = page.locator("select[name=preset] option").evaluate_all("es => es.map(e => e.value)")
    assert titles == ["1817", "1817NA", "1817WO"]
    counts = page.locator("select[name=seats] option").all_inner_texts()
    assert counts == [f"{n} seats" for n in range(3, 13)]
    assert page.locator("select[name=seats]").input_value() == "4"
    page.click(".create-form summary")
    shown = page.locator("[data-option]").evaluate_all("es => es.map(e => e.dataset.option)")
    assert shown == ["volatility", "short_squeeze", "five_shorts", "modern_trains"]
    bots = page.locator("select[name=seat-1] option").all_inner_texts()
    assert "Bot: Random" in bots
    # each level says what it is and how long it thinks (issue #22)
    levels = page.locator(".create-form .bot-levels li").all_inner_texts()
    assert any(t.startswith("Heuristic: ") and "ms a decision" in t for t in levels), levels
    assert any(t.startswith("MCTS") and "s a decision here" in t for t in levels), levels
    mcts = page.locator("select[name=seat-1] option[value^='bot:mcts']")
    assert "s a decision here" in (mcts.get_attribute("title") or "")

    page.select_option("select[name=preset]", "1817WO")
    counts = page.locator("select[name=seats] option").all_inner_texts()
    assert counts == [f"{n} seats" for n in range(2, 6)]
    assert page.locator("select[name=seats]").input_value() == "4"  # still fits
    shown = page.locator("[data-option]").evaluate_all("es => es.map(e => e.dataset.option)")
    assert shown == ["short_squeeze", "five_shorts", "modern_trains"]

    page.select_option("select[name=preset]", "1817")
    page.select_option("select[name=seats]", "9")
    page.select_option("select[name=preset]", "1817NA")
    assert page.locator("select[name=seats]").input_value() == "4"  # 9 does not fit: usual
    page.check("[data-option=short_squeeze]")
    page.select_option("select[name=seat-1]", "open")
    page.screenshot(path=artifacts / "48-create-1817NA.png")
    page.click("#create")
    page.locator(".create-form .error", has_text="not made in this test").wait_for()
    assert sent[-1] == {
        "game": "1817",
        "seats": 4,
        "bots": {"2": "random", "3": "random"},
        "ruleset": {"preset": "1817NA", "options": {"short_squeeze": True}},
        "name": "Ann",
        "seat": 0,
    }
