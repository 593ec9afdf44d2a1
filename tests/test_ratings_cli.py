"""`tabletop ratings rebuild` and `tabletop ratings calibrate`, and the shipped calibration data."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sqlalchemy import text
from typer.testing import CliRunner

from tabletop import bots, cli
from tabletop.bench import calibration
from tabletop.bench import match as matches
from tabletop.bots import calibration as bot_ratings
from tabletop.engine import Outcome
from tabletop.store import NewTable, SeatSpec, Store, database_url
from tabletop.store.ratings import Skill, rate

RUNNER = CliRunner()


@pytest.fixture(autouse=True)
def wide_console(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli.console, "width", 200)
    monkeypatch.delenv("TABLETOP_DATABASE_URL", raising=False)


def _rated_games(store: Store) -> list[int]:
    people = [store.create_guest(name).id for name in ("Ann", "Bob", "Cy")]
    lineups = [((0, 1), (1, 2)), ((1, 2), (2, 1)), ((0, 1, 2), (1, 3, 2)), ((2, 0), (1, 1))]
    for seats, ranks in lineups:
        specs = tuple(SeatSpec(player_id=people[seat]) for seat in seats)
        table_id = store.create_table(NewTable("kalah", {}, 1, specs, rated=True)).id
        store.append_move(table_id, 1, 0, "1", Outcome(tuple(float(-rank) for rank in ranks), ranks, "test"))
    return people


def test_rebuild_reproduces_the_stored_ratings_and_repairs_a_drifted_one(tmp_path: Path) -> None:
    store = Store.open(database_url(tmp_path))
    people = _rated_games(store)
    stored = [store.ratings_of(person) for person in people]
    with store._transaction() as session:
        session.execute(text("UPDATE ratings SET sigma = 1 WHERE player_id = :id"), {"id": people[2]})
    store.close()
    result = RUNNER.invoke(cli.app, ["ratings", "rebuild", "--data-dir", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "4 rated tables replayed; 3 ratings written, 1 differed from the stored ones" in result.output
    again = RUNNER.invoke(cli.app, ["ratings", "rebuild", "--data-dir", str(tmp_path)])
    assert "0 differed" in again.output
    reopened = Store.open(database_url(tmp_path))
    assert [reopened.ratings_of(person) for person in people] == stored
    reopened.close()


def test_calibrate_prints_the_bots_ratings_and_writes_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data_file = tmp_path / "ratings.json"
    monkeypatch.setattr(bot_ratings, "RATINGS_FILE", data_file)
    real_save = bot_ratings.save
    monkeypatch.setattr(bot_ratings, "save", lambda found: real_save(found, data_file))
    result = RUNNER.invoke(cli.app, ["ratings", "calibrate", "kalah", "-n", "2", "--levels", "1"])
    assert result.exit_code == 0, result.output
    assert "2 games of Kalah, 2 per pair, seed 0" in result.output
    [kalah] = bot_ratings.load(data_file).values()
    assert (kalah.game_id, kalah.games, sorted(kalah.ratings)) == ("kalah", 2, ["mcts:1", "random:1"])
    assert json.loads(data_file.read_text())["kalah"]["players"] == 2


def test_the_round_robin_rates_its_games_with_the_sites_model() -> None:
    """Two games of mcts:1 against random: replaying their ranks through the model gives the result."""
    found = calibration.round_robin("kalah", ["mcts:1", "random:1"], 2, seed=5)
    plan = matches.MatchPlan("kalah", ("mcts:1", "random:1"), 2, 2, {}, 5)
    beliefs = {"mcts:1": Skill.new(), "random:1": Skill.new()}
    for record in matches.run(plan):
        seated = [plan.specs[bot] for bot in record.lineup]
        for spec, skill in zip(seated, rate([beliefs[s] for s in seated], record.ranks), strict=True):
            beliefs[spec] = skill
    assert found.ratings == {spec: (skill.mu, skill.sigma) for spec, skill in beliefs.items()}


def test_the_shipped_calibration_covers_real_bots_at_real_levels() -> None:
    shipped = bot_ratings.load()
    assert {"kalah", "mammalath", "tuned"} <= set(shipped)
    for game_id, found in shipped.items():
        for participant in found.ratings:
            name, level = participant.split(":")
            assert bots.can_play(name, game_id) and 1 <= int(level) <= 5
