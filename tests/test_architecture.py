"""The layers of DESIGN.md, beyond what import-linter's layers contract says.

import-linter checks the order of the layers; these tests add the rules it cannot say
without naming every game: a game package imports only the engine (and itself), and the
engine, bots, store and server import no game package (the registry `tabletop.games`
itself is allowed: it imports games by name at run time). A bot's own solver module is the
one exception DESIGN.md grants.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import grimp
import pytest

ROOT = Path(__file__).resolve().parents[1]
GRAPH = grimp.build_graph("tabletop")
GAME_PACKAGES = sorted(GRAPH.find_children("tabletop.games"))
LAYERS_WITHOUT_GAMES = [
    layer
    for layer in (
        "tabletop.engine",
        "tabletop.bots",
        "tabletop.store",
        "tabletop.analysis",
        "tabletop.server",
        "tabletop.interop",
    )
    if layer in GRAPH.modules
]


def _imports_of(package: str) -> set[tuple[str, str]]:
    modules = {package} | GRAPH.find_descendants(package)
    return {
        (module, imported)
        for module in modules
        for imported in GRAPH.find_modules_directly_imported_by(module)
    }


def _game_of(module: str) -> str | None:
    parts = module.split(".")
    if len(parts) >= 3 and parts[:2] == ["tabletop", "games"]:
        return ".".join(parts[:3])
    return None


@pytest.mark.parametrize("game_package", GAME_PACKAGES)
def test_a_game_imports_only_the_engine_and_itself(game_package: str) -> None:
    outside = {
        (module, imported)
        for module, imported in _imports_of(game_package)
        if imported.startswith("tabletop.")
        and not imported.startswith("tabletop.engine")
        and _game_of(imported) != game_package
    }
    assert outside == set()


@pytest.mark.parametrize("layer", LAYERS_WITHOUT_GAMES)
def test_no_layer_but_the_games_imports_a_game(layer: str) -> None:
    offending = {
        (module, imported)
        for module, imported in _imports_of(layer)
        if _game_of(imported) is not None and not module.startswith("tabletop.bots.solvers.")
    }
    assert offending == set()


def test_a_solver_imports_only_its_own_game() -> None:
    solvers = "tabletop.bots.solvers"
    games_used: dict[str, set[str]] = {}
    for module, imported in _imports_of(solvers):
        game = _game_of(imported)
        if game is not None:
            games_used.setdefault(module, set()).add(game)
    assert all(len(games) == 1 for games in games_used.values())


STANDARD_MODULES = ("game", "state", "rules", "board", "drawing", "evaluator")
"""The modules every game package has (docs/adding-a-game.md, "One layout")."""


@pytest.mark.parametrize("game_package", GAME_PACKAGES)
def test_a_game_package_has_the_standard_layout(game_package: str) -> None:
    children = {module.rsplit(".", 1)[1] for module in GRAPH.find_children(game_package)}
    assert set(STANDARD_MODULES) <= children, f"missing: {set(STANDARD_MODULES) - children}"


@pytest.mark.parametrize("game_package", GAME_PACKAGES)
def test_no_module_of_a_game_imports_its_own_package(game_package: str) -> None:
    """`GAME` is made by `__init__`; a module importing it back would be a cycle in disguise."""
    importers = {
        module
        for module in GRAPH.find_descendants(game_package)
        if game_package in GRAPH.find_modules_directly_imported_by(module)
    }
    assert importers == set()


def test_game_and_engine_tests_load_neither_the_server_nor_playwright() -> None:
    """The fast loop (`make check`) must not pay for the server's or the browser's imports."""
    probe = (
        "import sys, pytest\n"
        "args = ['--collect-only', '-q', '-p', 'no:cacheprovider', 'tests/games', 'tests/engine']\n"
        "code = pytest.main(args)\n"
        "heavy = sorted(m for m in sys.modules if m.split('.')[0] in {'playwright', 'uvicorn', 'fastapi'}"
        " or m.startswith('tabletop.server'))\n"
        "print('HEAVY', heavy)\n"
        "sys.exit(code)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=300, check=False
    )
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    assert "HEAVY []" in result.stdout
