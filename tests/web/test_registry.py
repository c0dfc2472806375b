"""The game registry: the shell picks a game's module from the table's ``game`` field
(Acquire when there is none), checks it against the contract, and says clearly when this
client cannot show a game."""

from __future__ import annotations

from typing import Any

from . import positions
from .fake_table import TABLE, FakeTable, table_entry


def test_the_registry_reads_the_game_field(page: Any, server: Any) -> None:
    page.goto(server.url)
    out = page.evaluate(
        """async () => {
            const r = await import("./games/index.js");
            const acquire = await r.loadGame("acquire");
            let unknown = null;
            const g1817 = await r.loadGame("1817");
            try { await r.loadGame("chess"); } catch (err) { unknown = err.message; }
            return {
                none: r.gameOf(undefined, {}, null),
                table: r.gameOf({ game: "1817" }, { game: "acquire" }),
                snapshot: r.gameOf(null, { game: "1817" }),
                known: r.knownGames(),
                name: acquire.name,
                name1817: g1817.name,
                problems1817: r.checkGame(g1817),
                problems: r.checkGame(acquire),
                broken: r.checkGame({ name: "x", title: "X", prompts: {} }),
                unknown,
                styled: [...document.querySelectorAll("link[rel=stylesheet]")]
                    .map((l) => new URL(l.href).pathname),
            };
        }"""
    )
    assert out["none"] == "acquire"  # today's server sends no game field: Acquire
    assert out["table"] == "1817" and out["snapshot"] == "1817"
    assert out["known"] == ["acquire", "1817"]
    assert out["name"] == "acquire" and out["problems"] == []
    assert out["name1817"] == "1817" and out["problems1817"] == []
    assert '"describe" should be a function' in out["broken"]
    assert '"createTable" should be a function' in out["broken"]
    assert "cannot show chess games" in out["unknown"]
    assert "/games/acquire/acquire.css" in out["styled"]  # loaded with its module
    assert "/games/g1817/g1817.css" in out["styled"]


def test_a_table_of_a_game_this_client_cannot_show(page: Any, server: Any) -> None:
    state = positions.buying()
    message = positions.state_message(state, 0)
    names = [p["name"] for p in message["view"]["players"]]
    FakeTable(page, message, 0, table=table_entry(names, game="chess"))
    page.goto(f"{server.url}#/table/{TABLE}")
    notice = page.locator(".notice .error")
    notice.wait_for()
    assert "This table plays chess" in notice.inner_text()
    assert "cannot show chess games" in notice.inner_text()
    assert page.locator(".prompt").count() == 0  # nothing drawn as if it were Acquire


def test_the_table_page_uses_the_module_of_the_game(page: Any, server: Any) -> None:
    state = positions.buying()
    message = positions.state_message(state, 0)
    names = [p["name"] for p in message["view"]["players"]]
    FakeTable(page, message, 0, table=table_entry(names, game="acquire")).open(server.url)
    assert page.get_attribute(".game-page", "data-game") == "acquire"
    assert page.locator(".region-main .board").count() == 1
    assert page.locator(".region-decide .prompt + * , .region-decide .chains").count() >= 1
    assert page.locator(".region-aside .log-box").count() == 1
