"""The README's library example runs as written, and its games table is the registry."""

from __future__ import annotations

import doctest
from pathlib import Path

from tabletop import games

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
RULES = ROOT / "docs" / "rules"


def test_the_readme_example_runs() -> None:
    result = doctest.testfile(str(README), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 5 and result.failed == 0


def _games_table() -> dict[str, list[str]]:
    """The README's "Games" table: game id -> the other cells of its row."""
    section = README.read_text().split("## Games", 1)[1].split("\n## ", 1)[0]
    rows = [line.strip("|").split("|") for line in section.splitlines() if line.startswith("| `")]
    return {cells[0].strip().strip("`"): [cell.strip() for cell in cells[1:]] for cells in rows}


def test_the_readme_games_table_is_the_registry() -> None:
    table = _games_table()
    assert sorted(table) == sorted(games.ids())
    for game in games.all():
        _title, players, options = table[game.id]
        assert players == game.player_range(), game.id
        for name in game.options:
            assert f"`{name}`" in options, f"{game.id}: option {name} missing from the README"
        assert game.options or options == "—", game.id
        assert (RULES / f"{game.id}.md").is_file(), f"{game.id} has no docs/rules/{game.id}.md"
