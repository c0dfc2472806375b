"""The server serves every game through the game protocol: none of its modules imports a
game's package (what a game offers beyond the protocol goes through core/extensions.py)."""

from __future__ import annotations

import ast
from pathlib import Path

import takeover.server

SERVER = Path(takeover.server.__file__).resolve().parent
GAMES = ("takeover.acquire", "takeover.g1817")


def imported_modules(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(), str(path))
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.append(node.module)
    return names


def test_no_server_module_imports_a_game() -> None:
    modules = sorted(SERVER.rglob("*.py"))
    assert len(modules) > 20
    found = {
        str(path.relative_to(SERVER)): name
        for path in modules
        for name in imported_modules(path)
        if name.startswith(GAMES)
    }
    assert found == {}


def test_the_check_sees_an_import_of_a_game(tmp_path: Path) -> None:
    module = tmp_path / "probe.py"
    module.write_text("def f():\n    from takeover.acquire.rules import PRESETS\n")
    assert imported_modules(module) == ["takeover.acquire.rules"]
