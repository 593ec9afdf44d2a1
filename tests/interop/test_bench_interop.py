"""`tabletop bench interop`: the three ways of playing random games, side by side."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

from tabletop import games
from tabletop.bench import interop
from tabletop.cli import app


def test_each_adapter_plays_whole_random_games() -> None:
    for game in (games.load("kalah"), games.load("rolltothetop")):
        for playouts in (interop.openspiel_playouts, interop.pettingzoo_playouts):
            figures = playouts(game, 2, seconds=0.0, count=2, seed=1)
            assert figures.games == 2 and figures.actions >= 2 and figures.seconds > 0


def test_the_command_prints_a_row_per_game() -> None:
    result = CliRunner().invoke(app, ["bench", "interop", "kalah", "tuned", "--count", "1"])
    assert result.exit_code == 0, result.output
    assert "OpenSpiel" in result.output and "PettingZoo" in result.output
    assert "kalah" in result.output and "tuned" in result.output


def test_a_bad_player_count_is_refused_clearly() -> None:
    result = CliRunner().invoke(app, ["bench", "interop", "kalah", "--players", "3", "--count", "1"])
    assert result.exit_code != 0 and "players" in result.output
