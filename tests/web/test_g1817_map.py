"""The 1817 map: drawn from the board view of real positions (hexes, tokens, off-board
revenues, markers), zoom and pan, and its decisions: a tile lay among the legal tiles and
rotations only, a token on a legal city, the listed routes drawn."""

from __future__ import annotations

import time
from typing import Any

import pytest

from takeover.g1817.state import Game1817

from . import positions1817 as P
from .fake_table import FakeTable, action_sent, table_entry


def open_message(page: Any, server: Any, game: Any, message: dict[str, Any]) -> FakeTable:
    table = table_entry(P.names(game), game="1817")
    fake = FakeTable(page, message, P.seat_to_move(game), table=table)
    fake.open(server.url)
    page.wait_for_selector(".map svg .hex")
    return fake


def view_box(page: Any) -> list[float]:
    return [float(v) for v in str(page.get_attribute(".map svg", "viewBox")).split()]


def test_the_map_draws_the_board(page: Any, server: Any, artifacts: Any) -> None:
    _, game = P.open_at(page, server, 1600)
    board = game.view(0)["map"]
    assert page.locator(".map .hex").count() == len(board["hexes"])
    for h in board["hexes"]:
        node = page.locator(f".map .hex[data-hex='{h['id']}']")
        for c in h["cities"]:
            for i, sym in enumerate(c["slots"]):
                slot = node.locator(f".slot[data-city='{c['id']}'][data-slot='{i}']")
                assert slot.get_attribute("data-corp") == (sym or "")
        for marker in h["markers"]:
            assert node.locator(f".marker-{marker}").count() == 1
    # a corporation's card points at its tokens on the map
    sym = next(iter(game.view(0)["corps"]))
    page.locator(f".corp-card[data-corp='{sym}']").hover()
    placed = page.locator(f".map .hexes .slot[data-corp='{sym}']")
    assert placed.count() > 0 and placed.count() == page.locator(".map .slot.highlight").count()
    chicago = page.locator(".map .hex[data-hex='D1'] .offboard-revenues")
    assert chicago.text_content() == "30506080"
    page.locator(".map").screenshot(path=artifacts / "1817-map.png")
    before = view_box(page)
    page.locator(".map-tools button[title='Zoom in']").click()
    zoomed = view_box(page)
    assert zoomed[2] < before[2]
    box = page.locator(".map svg").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 80, y + 30, steps=4)
    page.mouse.up()
    panned = view_box(page)
    assert panned[0] < zoomed[0] and panned[1] < zoomed[1]  # the map follows the drag
    page.mouse.wheel(0, 300)
    assert view_box(page)[2] > panned[2]
    page.locator(".map").screenshot(path=artifacts / "1817-map-zoomed.png")
    page.locator(".map-tools button[title='The whole map']").click()
    assert view_box(page) == before
    narrow = page.locator(".map svg").bounding_box()["width"]
    page.locator(".map-tools .map-wide-toggle").click()
    assert page.locator(".map svg").bounding_box()["width"] > narrow * 1.1
    page.screenshot(path=artifacts / "1817-map-wide.png")


def test_lay_a_tile_among_the_legal_rotations(page: Any, server: Any, artifacts: Any) -> None:
    game, _ = P.at(309)  # a corporation with three hexes to lay on; the record's lay is one
    recorded = next(a for a in P._record(P.GAME)["actions"] if a["id"] == 309)
    message = P.state_message(game, P.seat_to_move(game))
    lays = [a for a in message["legal"] if a["type"] == "lay_tile"]
    fake = open_message(page, server, game, message)
    marked = page.locator(".map .hexes .hex.legal").evaluate_all(
        "(ns) => ns.map((n) => n.dataset.hex)"
    )
    assert sorted(marked) == sorted({a["hex"] for a in lays})
    hex_id, name = recorded["hex"], recorded["tile"].rsplit("-", 1)[0]
    page.locator(f".map .hexes .hex[data-hex='{hex_id}'] .hex-id").click(force=True)
    choices = page.locator(".lay-box .tile-choice")
    keys = choices.evaluate_all("(bs) => bs.map((b) => b.dataset.tile)")
    page.keyboard.press(str(keys.index(name) + 1))  # a tile by its number key
    assert "chosen" in str(choices.nth(keys.index(name)).get_attribute("class"))
    rotations = [
        a["rotation"] for a in lays if a["hex"] == hex_id and a["tile"].startswith(name + "-")
    ]
    assert f"Rotate (1 of {len(rotations)})" in page.locator(".lay-box").inner_text()
    assert page.locator(".map .overlay .hex.preview").count() == 1
    for _ in range(rotations.index(recorded["rotation"])):
        page.keyboard.press("r")
    page.screenshot(path=artifacts / "1817-lay-tile.png")
    page.keyboard.press("Enter")
    sent = action_sent(page, fake)
    assert sent in lays
    assert {k: sent[k] for k in ("hex", "tile", "rotation")} == {
        k: recorded[k] for k in ("hex", "tile", "rotation")
    }


def test_a_private_lays_its_own_tile(page: Any, server: Any) -> None:
    game, _ = P.at(149)  # Bess may lay track, and its Major Coal Mine its mine tile on C20
    message = P.state_message(game, P.seat_to_move(game))
    mine = [a for a in message["legal"] if a.get("entity") == "MAJC"]
    assert mine and all(a["hex"] == "C20" for a in mine)
    fake = open_message(page, server, game, message)
    page.locator(".lay-box .lay-hexes button[data-hex='C20']").click()
    choice = page.locator(".lay-box .tile-choice[data-by='Major Coal Mine']").first
    choice.click()
    page.keyboard.press("Enter")
    sent = action_sent(page, fake)
    assert sent in mine


def test_a_bridge_on_a_hex(page: Any, server: Any) -> None:
    game, _ = P.at(233)  # the Ohio Bridge Company may put its bridge on a water city
    message = P.state_message(game, P.seat_to_move(game))
    bridges = [a for a in message["legal"] if a["type"] == "assign"]
    fake = open_message(page, server, game, message)
    buttons = page.locator(".w-assign button.act")
    assert buttons.count() == len(bridges)
    buttons.filter(has_text="Charleston (H9)").click()
    assert action_sent(page, fake) == next(a for a in bridges if a["target"] == "H9")


def test_place_a_token_on_a_legal_city(page: Any, server: Any) -> None:
    game, _ = P.at(318)
    message = P.state_message(game, P.seat_to_move(game))
    tokens = [a for a in message["legal"] if a["type"] == "place_token"]
    fake = open_message(page, server, game, message)
    legal = page.locator(".map .slot.legal")
    assert legal.count() == len(tokens)
    page.locator(f".map .slot.legal[data-city='{tokens[1]['city']}']").click(force=True)
    assert action_sent(page, fake) == tokens[1]


def test_give_a_token_back_after_an_acquisition(page: Any, server: Any) -> None:
    # 1817WO: A&S (2 shares) acquired Bess; each holds one of C4's two cities, so one
    # token must go first (rule 5.7)
    game, _ = P.at(304, "1817WO-4p-s8001-acquirer-gives-back-a-token.json")
    message = P.state_message(game, P.seat_to_move(game))
    removals = {}
    for action in message["legal"]:
        coord, index = game.board.city_location(action["city"])
        removals[game.board.tokens[coord][index][action["slot"]]] = action
    assert sorted(removals) == ["A&S", "Bess"]
    fake = open_message(page, server, game, message)
    assert page.get_attribute(".prompt", "data-decision") == "reduce_tokens"
    buttons = page.locator(".prompt .w-remove_token button.act")
    assert sorted(buttons.all_inner_texts()) == [
        "Remove A&S's token in NYC (C4)",
        "Remove Bess's token in NYC (C4)",
    ]
    assert page.locator(".map .slot.legal").count() == 2
    page.locator(".map .slot.legal[data-corp='Bess']").click(force=True)
    assert action_sent(page, fake) == removals["Bess"]


def test_the_listed_best_run_is_drawn_and_run(page: Any, server: Any, artifacts: Any) -> None:
    game, _ = P.at(213)  # A&S runs its 2 train: the engine lists its router's best set
    message = P.state_message(game, P.seat_to_move(game))
    runs = [a for a in message["legal"] if a["type"] == "run_routes"]
    best = max(runs, key=lambda a: len(a["routes"]))
    assert best["routes"] and any(not a["routes"] for a in runs)
    fake = open_message(page, server, game, message)
    assert page.locator(".map .overlay .route-line").count() == 1
    framed = view_box(page)
    page.locator(".map").screenshot(path=artifacts / "1817-route-framed.png")
    page.locator(".map-tools button[title='The whole map']").click()
    assert framed[2] < view_box(page)[2]  # the map showed the route close up
    hexes = best["routes"][0]["connections"][0]
    assert " → ".join(hexes) in page.locator(".w-run_routes").inner_text()
    page.locator(".w-run_routes button.run-routes").click()
    assert action_sent(page, fake) == best


def test_draw_a_route_on_the_map(page: Any, server: Any, artifacts: Any) -> None:
    game, _ = P.at(213)  # the person draws the route the record has, their own way round
    message = P.state_message(game, P.seat_to_move(game))
    fake = open_message(page, server, game, message)
    editor = page.locator(".route-editor")
    editor.get_by_role("button", name="Clear").click()
    assert "does not run" in editor.inner_text()
    assert editor.locator("button.run-routes").inner_text() == "Run no train"
    for hex_id in ("F19", "F21", "D21", "D21", "E22"):  # D21 twice: taken back
        page.locator(f".map .hexes .hex[data-hex='{hex_id}'] .hex-id").click(force=True)
    assert "F19 → F21 → E22" in editor.inner_text() and "null" not in editor.inner_text()
    assert page.locator(".map .overlay .route-line").count() == 1
    page.screenshot(path=artifacts / "1817-route.png")
    editor.locator("button.run-routes").click()
    sent = action_sent(page, fake)
    assert sent == {
        "type": "run_routes",
        "entity": "A&S",
        "entity_type": "corporation",
        "routes": [{"train": "2-0", "connections": [["F19", "F21", "E22"]]}],
    }
    # not one of the listed runs (drawn the other way round), yet the engine takes it
    assert sent not in message["legal"]
    game.apply(game.action_from_dict(sent), P.seat_to_move(game))
    assert game.view(0)["dividend"]["revenue"] == 60


def test_a_phone_lays_track_with_the_map_beside_the_prompt(
    browser: Any, server: Any, artifacts: Any
) -> None:
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    page = context.new_page()
    try:
        game, _ = P.at(309)
        message = P.state_message(game, P.seat_to_move(game))
        open_message(page, server, game, message)
        prompt = page.locator(".prompt").bounding_box()
        board = page.locator(".map-box").bounding_box()
        market = page.locator(".market-box").bounding_box()
        assert prompt and board and market
        assert prompt["y"] < board["y"] < market["y"]  # the map right after the prompt
        assert "tap a highlighted hex" in page.locator(".lay-box").inner_text()
        page.locator(".map .hexes .hex.legal .hex-id").first.tap(force=True)
        page.wait_for_selector(".map .overlay .hex.preview")
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= 390
        page.screenshot(path=artifacts / "1817-phone-lay.png", full_page=True)
    finally:
        context.close()


MEASURE = """() => {
  const rect = (n) => n.getBoundingClientRect();
  const heights = (s) =>
    [...document.querySelectorAll(s)].map((n) => rect(n).height).filter((h) => h > 0);
  const overlap = (a, b) =>
    Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 &&
    Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
  const labels = [...document.querySelectorAll(".map .hexes text")]
    .filter((n) => !n.closest(".slot"));
  const clashes = [];
  for (let i = 0; i < labels.length; i++)
    for (let j = i + 1; j < labels.length; j++)
      if (overlap(rect(labels[i]), rect(labels[j])))
        clashes.push([labels[i].textContent, labels[j].textContent]);
  const words = ".map .hexes .hex-label, .map .hexes .hex-name, .map .hexes .revenue";
  for (const label of document.querySelectorAll(words))
    for (const city of label.closest(".hex").querySelectorAll(".city"))
      if (overlap(rect(label), rect(city))) clashes.push([label.textContent, "a city"]);
  const tools = rect(document.querySelector(".map-tools"));
  const covered = [...document.querySelectorAll(".map .hexes .hex-shape")]
    .filter((n) => overlap(rect(n), tools)).map((n) => n.closest(".hex").dataset.hex);
  const area = (s) => {
    const n = document.querySelector(s);
    return n ? rect(n).width * rect(n).height : 0;
  };
  const panels = [".prompt", ".players-box", ".corps-box", ".market-box", ".log-box", ".bank-box"];
  const players = document.querySelector(".players-box");
  return {
    names: Math.min(...heights(".map .hex-name")),
    revenues: Math.min(...heights(".map .revenue text, .map .offboard-revenues text")),
    clashes, covered,
    map: area(".map-box"),
    others: Math.max(...panels.map(area)),
    playersFit: players.scrollHeight <= players.clientHeight + 1,
  };
}"""


@pytest.mark.parametrize(
    "title, players", [("1817", 4), ("1817WO", 2), ("1817", 7)], ids=["1817", "1817WO", "seven"]
)
def test_the_map_is_the_main_thing(
    page: Any, server: Any, artifacts: Any, title: str, players: int
) -> None:
    """At 1280x800 and "Fit": the map is the largest panel, every city name and revenue is
    readable, no label overlaps another or a city (New York), the zoom buttons cover no hex
    (Montréal, the Maritime Provinces), and the players panel shows every seat (it never
    scrolls inside itself)."""
    if players == 4:
        game, _ = P.at(1600)
    else:
        names = [(n + 1, f"P{n + 1}") for n in range(players)]
        game = Game1817(title, names, seed=3)
    open_message(page, server, game, P.state_message(game, P.seat_to_move(game)))
    page.locator(".map-tools button[title='The whole map']").click()
    seen = page.evaluate(MEASURE)
    page.screenshot(path=artifacts / f"1817-map-main-{title}-{players}.png")
    assert seen["map"] > seen["others"]
    assert seen["names"] >= 8 and seen["revenues"] >= 8, seen
    # known remainder: the preprinted two-city New York of 1817 at the start has no room for
    # its name clear of both cities (after its first upgrade it has one city, and does)
    crowded = [["New York", "a city"]] if (title, players) == ("1817", 7) else []
    assert seen["clashes"] in ([], crowded), seen["clashes"]
    assert seen["covered"] == []
    assert seen["playersFit"]
    assert page.locator(".players-1817 > li").count() == players


def test_rotations_that_draw_the_same_are_offered_once(page: Any, server: Any) -> None:
    """Tile 9, a straight track, draws the same turned half way round: C20 lists it at
    rotations 1 and 4, and the picker offers one."""
    game, _ = P.at(149)
    message = P.state_message(game, P.seat_to_move(game))
    nines = {
        a["rotation"]
        for a in message["legal"]
        if a["type"] == "lay_tile" and a["hex"] == "C20" and a["tile"].startswith("9-")
    }
    assert nines == {1, 4}
    open_message(page, server, game, message)
    page.locator(".lay-box .lay-hexes button[data-hex='C20']").click()
    page.locator(".lay-box .tile-choice[data-tile='9'][data-by='']").click()
    rotate = page.locator(".lay-box button.rotate")
    assert rotate.inner_text().startswith("Rotate (1 of 1)") and rotate.is_disabled()


def test_the_route_editor_restores_the_suggestion_and_runs_on_enter(page: Any, server: Any) -> None:
    """A refusal goes once a route changes; "Suggested routes" brings the router's run back
    after a train was cleared; Enter runs what is drawn."""
    game, _ = P.at(213)
    message = P.state_message(game, P.seat_to_move(game))
    best = max(
        (a for a in message["legal"] if a["type"] == "run_routes"), key=lambda a: len(a["routes"])
    )
    fake = open_message(page, server, game, message)
    editor = page.locator(".route-editor")
    drawn = editor.locator(".route-hexes").inner_text()
    editor.locator("button.run-routes").click()
    assert action_sent(page, fake) == best
    fake.send({"type": "error", "code": "illegal", "message": "a refusal"})
    page.wait_for_selector(".prompt .prompt-error")
    assert not editor.locator("button.restore-suggested").count()
    editor.get_by_role("button", name="Clear").click()
    assert not page.locator(".prompt .prompt-error").count()
    editor.locator("button.restore-suggested").click()
    assert editor.locator(".route-hexes").inner_text() == drawn
    page.keyboard.press("Enter")
    deadline = time.monotonic() + 10
    while len(fake.actions()) < 2 and time.monotonic() < deadline:
        page.wait_for_timeout(50)
    assert fake.actions()[-1]["action"] == best and len(fake.actions()) == 2
