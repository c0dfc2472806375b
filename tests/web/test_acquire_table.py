"""Acquire at the table (issue #25): a finished game replayed whole, the table's settings
in plain sight, six players without scrolling, and the smaller fixes."""

from __future__ import annotations

from typing import Any

from . import positions
from .fake_table import FakeTable, table_entry

SIX = ["Ann", "Bob", "Cy", "Di", "Eve", "Flo"]


def six_players_buying() -> tuple[Any, list[dict[str, Any]]]:
    """Six players well into a game, every one holding shares of several chains."""
    import random

    from takeover.acquire import new_game

    state = new_game(SIX, seed=5)
    rng = random.Random(5)
    entries: list[dict[str, Any]] = []
    while True:
        view = state.view(0)
        held = [len(p["shares"]) for p in view["players"]]
        decision = view["decision"] or {}
        if min(held) >= 2 and max(held) >= 4 and decision.get("player") == 0:
            return state, entries
        assert not state.is_terminal(), "no such position in this game: pick another seed"
        actions = state.legal_actions()
        buys = [a for a in actions if state.action_to_dict(a).get("shares")]
        action = rng.choice(buys or actions)
        entries.append(positions.play(state, action, len(entries) + 1, 0))


def test_six_players_fit_without_scrolling_at_1280x800(
    page: Any, server: Any, artifacts: Any
) -> None:
    state, entries = six_players_buying()
    snapshot = positions.state_message(state, 0, seq=len(entries))
    snapshot["recent"] = entries[-50:]
    FakeTable(page, snapshot, 0, table=table_entry(SIX)).open(server.url)
    page.screenshot(path=artifacts / "62-six-players-1280x800.png")
    box = page.locator(".players-box")
    scroll, client = box.evaluate("b => [b.scrollHeight, b.clientHeight]")
    assert scroll <= client, (scroll, client)
    assert page.locator(".players .player").count() == 6
    height = page.viewport_size["height"]
    for item in page.locator(".players .player").all():
        b = item.bounding_box()
        assert b is not None and b["y"] + b["height"] <= height


HIDDEN = {"preset": "standard", "options": {"hidden_holdings": True, "starting_cash": 8000}}


def test_a_finished_hidden_holdings_game_is_replayed_whole(
    page: Any, server: Any, artifacts: Any
) -> None:
    """Rule 9.3: every seat's cash and holdings at every step, not only the last."""
    game = server.bot_game(seats=3, ruleset=HIDDEN)
    step = game["actions"] // 2
    page.goto(f"{server.url}#/replay/{game['id']}/{step}")
    page.wait_for_selector(f".replay-page[data-step='{step}']")
    cash = page.locator(".players .cash").all_inner_texts()
    assert len(cash) == 3 and all(c.startswith("$") for c in cash), cash
    assert page.get_by_text("hidden").count() == 0
    assert page.locator(".players .replay-hand").count() == 3
    assert page.locator(".chains td.muted", has_text="holdings hidden").count() == 0
    page.screenshot(path=artifacts / "63-replay-hidden-holdings-whole.png")


def test_every_table_shows_its_settings(page: Any, server: Any, artifacts: Any) -> None:
    """The rules (preset and changed options), the timer, what happens on timeout and the
    bots, on the lobby row, in the waiting room, in the game's header and on finished games."""
    made = server.post(
        "api/tables",
        {
            "seats": 3,
            "name": "Ann",
            "seat": 0,
            "ruleset": HIDDEN,
            "timer": "fast",
            "on_timeout": "heuristic",
            "bots": {"2": "random"},
        },
    )
    table_id = made["table"]["id"]
    words = (
        "standard rules with hidden holdings, starting cash $8,000",
        "fast turn timer, then a heuristic bot plays for them",
        "bots: Random bot",
    )
    page.goto(server.url)
    row = page.locator(f".table-card[data-table='{table_id}'] .settings")
    row.wait_for()
    for w in words:
        assert w in row.inner_text(), (w, row.inner_text())
    page.screenshot(path=artifacts / "64-lobby-settings.png")
    page.goto(f"{server.url}#/table/{table_id}")
    page.wait_for_selector(".waiting-room .settings")
    room = page.locator(".waiting-room .settings").inner_text()
    assert all(w in room for w in words), room
    head = page.locator(".table-head .settings, header .settings").first.inner_text()
    assert all(w in head for w in words), head
    page.screenshot(path=artifacts / "65-waiting-room-settings.png")
    # the finished games' list
    game = server.bot_game(seats=2, ruleset=HIDDEN)
    page.goto(f"{server.url}#/games")
    cell = page.locator(f"tr[data-game='{game['id']}'] td.settings")
    cell.wait_for()
    text = cell.inner_text()
    assert "Acquire" in text and words[0] in text and "bots: Random bot \u00d72" in text, text


def test_the_create_form_takes_seats_once_and_checks_before_sending(
    page: Any, server: Any, artifacts: Any
) -> None:
    page.goto(server.url)
    page.wait_for_selector(".create-form")
    page.click(".create-form summary")
    options = page.locator("[data-option]").evaluate_all("es => es.map(e => e.dataset.option)")
    assert "min_players" not in options and "max_players" not in options
    assert "hidden_holdings" in options
    about = page.locator(".preset-about")
    assert "published rules" in about.inner_text()
    page.select_option("select[name=preset]", "tlstyer")
    assert "tlstyer.com" in about.inner_text()
    for option in page.locator("select[name=preset] option").all():
        assert option.get_attribute("title"), option.inner_text()  # each preset has its line
    before = server.get("api/tables")["tables"]
    page.fill(".create-form input[name=name]", "Ann")
    page.fill("input[data-option=starting_cash]", "6050")
    page.click("#create")
    problem = page.locator(".create-form .error")
    problem.wait_for()
    assert "starting cash" in problem.inner_text()
    page.screenshot(path=artifacts / "66-create-checked.png")
    assert server.get("api/tables")["tables"] == before, "a bad table was sent"


def _finished_with_a_tie() -> tuple[Any, dict[str, Any]]:
    """Ann declares the end; Ann and Bob tie for first, Cy is third."""
    tiles = positions.row("A", 1, 12) + positions.row("B", 1, 12)
    tiles += positions.row("C", 1, 12) + positions.row("D", 1, 5)
    players = [
        positions.player("Ann", ["12G"]),
        positions.player("Bob", ["10F"]),
        positions.player("Cy", ["10H"], cash=5000),
    ]
    state = positions.start(positions.board(Luxor=tiles), players)
    entry = positions.play(state, state.action_from_dict({"type": "declare_end"}), 1, 0)
    snapshot = positions.state_message(state, 0, seq=1)
    snapshot["last"] = {k: entry[k] for k in ("player", "action", "text")}
    snapshot["events"] = entry["events"]
    return state, snapshot


def test_ties_share_a_place_and_say_so(page: Any, server: Any, artifacts: Any) -> None:
    state, snapshot = _finished_with_a_tie()
    assert state.ranks() == [1, 1, 3]
    FakeTable(page, snapshot, 0).open(server.url)
    page.wait_for_selector(".scoresheet")
    places = page.locator(".scoresheet td.place").all_inner_texts()
    assert places == ["1st (tied)", "1st (tied)", "3rd"], places
    assert "1st, 1st, 3rd" in page.locator(".scoresheet .tie-rule").inner_text()
    # After the end, the hand shows no hints of what a tile would do.
    effects = page.locator(".hand .tile .effect").all_inner_texts()
    assert effects and all(e == "not placed" for e in effects), effects
    assert page.locator(".board .cell.in-hand").count() == 0
    page.screenshot(path=artifacts / "67-tied-scores.png", full_page=True)


def test_the_found_prompt_says_which_chains_are_cheap_or_dear(page: Any, server: Any) -> None:
    from .fake_table import open_table

    open_table(page, server, positions.founding(), 0)
    labels = page.locator(".chain-picker button").all_inner_texts()
    assert any("Luxor (budget: cheap)" in b for b in labels), labels
    assert any("Imperial (premium: dear)" in b for b in labels), labels
    assert any("American (standard: middle)" in b for b in labels), labels


def test_the_log_opens_with_the_draw_for_the_first_turn(page: Any, server: Any) -> None:
    from takeover.acquire import new_game

    state = new_game(["Ann", "Bob", "Cy"], seed=3)
    FakeTable(page, positions.state_message(state, 0, seq=0), 0).open(server.url)
    line = page.locator(".log li.opening")
    line.wait_for()
    assert line.inner_text() == (
        "Draw for the first turn: Ann 2F, Bob 11E, Cy 4D. 4D is closest to 1A: Cy plays first."
    )


def test_the_draw_still_heads_the_log_after_a_reload(page: Any, server: Any) -> None:
    """A page that (re)joins after some moves gets them as ``recent``: when they reach back
    to the first action, the draw heads the log again, once."""
    state, entries = positions.played(3, seat=0, seed=3, names=["Ann", "Bob", "Cy"])
    message = {**positions.state_message(state, 0, seq=3), "recent": entries}
    FakeTable(page, message, 0).open(server.url)
    page.locator(".log li.ev").first.wait_for()
    first = page.locator(".log > li").first
    assert first.get_attribute("class") == "note opening"
    assert first.inner_text().startswith("Draw for the first turn: ")
    assert page.locator(".log li.opening").count() == 1


def test_a_merger_line_names_the_tile_not_the_player(page: Any, server: Any) -> None:
    b = positions.board(American=positions.row("A", 1, 4), Festival=positions.row("A", 6, 9))
    players = [positions.player("Ann", ["5A", "1C"]), positions.player("Bob", ["3E"])]
    state = positions.start(b, players)
    entry = positions.play(
        state, state.action_from_dict({"type": "place_tile", "tile": "5A"}), 1, 0
    )
    snapshot = positions.state_message(state, 0, seq=1)
    snapshot["recent"] = [entry]
    FakeTable(page, snapshot, 0).open(server.url)
    lines = page.locator(".log li.ev").all_inner_texts()
    assert "5A merges American (4) and Festival (4)." in [x.strip() for x in lines], lines
    assert not [x for x in lines if "'s 5A" in x]


def test_the_buy_panel_counts_down_shares_left(page: Any, server: Any) -> None:
    from .fake_table import open_table

    open_table(page, server, positions.buying(), 0)
    left = page.locator(".buy-chain[data-chain=American] .left")
    start = int(left.inner_text().split()[0])
    page.locator(".buy-chain[data-chain=American]").click()
    assert left.inner_text() == f"{start - 1} left"
    page.locator(".buy-chain[data-chain=American]").click()
    assert left.inner_text() == f"{start - 2} left"


def test_the_trade_form_lines_its_fields_up(page: Any, server: Any, artifacts: Any) -> None:
    from .fake_table import open_table

    b = positions.board(American=positions.row("A", 1, 3), Festival=positions.row("C", 6, 9))
    players = [
        positions.player("Ann", ["12F"], American=3, Festival=1),
        positions.player("Bob", ["3E"], Festival=2),
    ]
    open_table(page, server, positions.start(b, players), 0)
    page.click(".trade summary")
    for side in page.locator(".trade-form fieldset").all():
        lefts = side.locator("input").evaluate_all(
            "is => is.map(i => Math.round(i.getBoundingClientRect().left))"
        )
        assert len(lefts) >= 2 and len(set(lefts)) == 1, lefts
    page.locator(".trade-box").screenshot(path=artifacts / "68-trade-form.png")
