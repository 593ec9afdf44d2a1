"""Post-game analysis: moves valued from the mover's side, classed, and printed by `tabletop analyse`.

Nim on heaps 1 and 2 is small enough that MCTS's values are exact: the first player wins by
taking one stone from the second heap (leaving 1–1) and loses by taking both.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sqlalchemy import text
from typer.testing import CliRunner

from tabletop import cli, games
from tabletop.analysis import GameRecord, MctsAnalyst, Valuation, Verdict, review, verdict
from tabletop.analysis.stored import analyst_key, save_moves, stored_moves, stored_review
from tabletop.engine import Seat, State
from tabletop.store import NewTable, SeatSpec, Store, database_url
from toy_games import GOOFSPIEL, NIM, TOY_GAMES

WINNING = GameRecord("nim", 2, {"heaps": "1-2"}, 0, ((0, "2:1"), (1, "1:1"), (0, "2:1")))
THROWN_AWAY = GameRecord("nim", 2, {"heaps": "1-2"}, 0, ((0, "2:2"), (1, "1:1")))


@pytest.fixture
def toys(monkeypatch: pytest.MonkeyPatch) -> None:
    real_load = games.load
    monkeypatch.setattr(games, "load", lambda game_id: TOY_GAMES.get(game_id) or real_load(game_id))


def test_the_winning_move_is_best_and_keeps_the_win() -> None:
    first = review(NIM, WINNING, MctsAnalyst(2, iterations=300)).moves[0]
    assert (first.seat, first.played, first.best, first.verdict) == (0, "2:1", "2:1", Verdict.BEST)
    assert first.value_before == pytest.approx(1.0) and first.value_after == pytest.approx(1.0)


def test_taking_the_whole_heap_throws_the_game_away() -> None:
    first = review(NIM, THROWN_AWAY, MctsAnalyst(2, iterations=300)).moves[0]
    assert first.best == "2:1" and first.verdict == Verdict.BLUNDER
    assert first.loss == pytest.approx(1.0)
    assert first.best_label != first.label


def test_a_forced_move_loses_nothing_and_the_tally_counts_by_seat() -> None:
    reviewed = review(NIM, THROWN_AWAY, MctsAnalyst(2, iterations=300))
    forced = reviewed.moves[1]  # heaps 1-0: seat 1 must take the last stone, and wins
    assert (forced.seat, forced.verdict, forced.value_after) == (1, Verdict.BEST, 1.0)
    assert reviewed.counts(0)[Verdict.BLUNDER] == 1 and reviewed.counts(1)[Verdict.BEST] == 1
    assert reviewed.mean_loss(0) == pytest.approx(1.0) and reviewed.mean_loss(1) == 0.0


def test_the_same_record_reviews_the_same_way_twice() -> None:
    record = GameRecord("nim", 2, {"heaps": "3-4-5"}, 0, ((0, "3:5"), (1, "2:4"), (0, "1:3")))
    first, second = (review(NIM, record, MctsAnalyst(2, iterations=60)) for _ in range(2))
    assert first == second


class _Spy:
    """An analyst that records whose view each position was valued from."""

    name, kind = "spy", "win"

    def __init__(self) -> None:
        self.viewers: list[Seat] = []

    def value(self, state: State, viewer: Seat) -> Valuation:
        self.viewers.append(viewer)
        return Valuation(tuple(0.5 for _ in range(state.players)), None)


def test_with_hidden_information_each_move_is_valued_only_from_its_movers_view() -> None:
    state = GOOFSPIEL.new_state(2, {"cards": 3}, 4)
    moves = []
    while not state.is_over():
        for seat in state.current_players():
            action = state.legal_action_ids(seat)[0]
            moves.append((seat, action))
            state.apply(seat, action)
    spy = _Spy()
    reviewed = review(GOOFSPIEL, GameRecord("goofspiel", 2, {"cards": 3}, 4, tuple(moves)), spy)
    assert set(spy.viewers) == {0, 1}
    assert len(spy.viewers) == 2 * len(
        moves
    ) - sum(  # before and after, shared only by a seat's own next move
        1 for index in range(1, len(moves)) if moves[index][0] == moves[index - 1][0]
    )
    assert all(move.verdict == Verdict.BEST for move in reviewed.moves)


def test_without_hidden_information_each_position_is_valued_once() -> None:
    spy = _Spy()
    review(NIM, WINNING, spy)
    assert spy.viewers == [0, 1, 0, 0]  # positions 0..3, the last for its mover


@pytest.mark.parametrize(
    ("kind", "loss", "before", "expected"),
    [
        ("win", 0.0, 0.5, Verdict.BEST),
        ("win", 0.049, 0.5, Verdict.GOOD),
        ("win", 0.05, 0.5, Verdict.INACCURACY),
        ("win", 0.19, 0.5, Verdict.MISTAKE),
        ("win", 0.2, 0.5, Verdict.BLUNDER),
        ("score", 0.4, 250.0, Verdict.GOOD),
        ("score", 2.4, 250.0, Verdict.GOOD),
        ("score", 2.5, 250.0, Verdict.INACCURACY),
        ("score", 10.0, 250.0, Verdict.MISTAKE),
        ("score", 15.0, 250.0, Verdict.BLUNDER),
        ("score", 3.0, 30.0, Verdict.BLUNDER),
    ],
)
def test_verdict_thresholds(kind: str, loss: float, before: float, expected: Verdict) -> None:
    assert verdict(kind, loss, before, is_best=False) == expected


def test_the_analysts_own_move_is_best_whatever_the_noise() -> None:
    assert verdict("win", 0.3, 0.5, is_best=True) == Verdict.BEST


def test_a_game_file_must_hold_a_whole_record() -> None:
    with pytest.raises(ValueError, match="game, players, seed and moves"):
        GameRecord.from_json({"game": "nim", "players": 2})
    assert GameRecord.from_json(WINNING.to_json()) == WINNING


def test_the_command_reviews_a_game_file(toys: None, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(THROWN_AWAY.to_json()))
    result = CliRunner().invoke(cli.app, ["analyse", str(path), "--json", "-i", "200"])
    assert result.exit_code == 0, result.output
    printed = json.loads(result.output)
    assert [move["verdict"] for move in printed["moves"]] == ["blunder", "best"]
    assert printed["analyst"] == "mcts#200" and printed["kind"] == "win"


def test_the_command_reviews_a_table_of_the_sites_database(toys: None, tmp_path: Path) -> None:
    store = Store.open(database_url(tmp_path))
    ann, bob = store.create_guest("Ann"), store.create_guest("Bob")
    seats = (SeatSpec(player_id=ann.id), SeatSpec(player_id=bob.id))
    table = store.create_table(NewTable("nim", {"heaps": "1-2"}, 0, seats))
    for seq, (seat, action) in enumerate(THROWN_AWAY.moves, start=1):
        store.append_move(table.id, seq, seat, action)
    store.close()
    result = CliRunner().invoke(cli.app, ["analyse", table.id, "--data-dir", str(tmp_path), "-i", "200"])
    assert result.exit_code == 0, result.output
    assert "Ann: 1 blunder; mean loss 100%" in result.output
    assert "Bob: 1 best; mean loss 0%" in result.output


def test_the_command_refuses_what_is_neither_a_file_nor_a_table(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli.app, ["analyse", str(tmp_path / "missing.json")])
    assert result.exit_code == 2 and "neither a file nor a table id" in result.output


def test_the_command_stores_a_tables_review_and_reuses_it(toys: None, tmp_path: Path) -> None:
    store = Store.open(database_url(tmp_path))
    ann, bob = store.create_guest("Ann"), store.create_guest("Bob")
    table = store.create_table(NewTable("nim", {"heaps": "1-2"}, 0, (SeatSpec(ann.id), SeatSpec(bob.id))))
    for seq, (seat, action) in enumerate(THROWN_AWAY.moves, start=1):
        store.append_move(table.id, seq, seat, action)
    arguments = ["analyse", table.id, "--data-dir", str(tmp_path), "-i", "200"]
    first = CliRunner().invoke(cli.app, arguments)
    assert store.move_analyses(table.id, analyst_key(MctsAnalyst(2, 200)))[0].verdict == "blunder"
    with store.engine.begin() as connection:  # a stored verdict changed by hand shows it is read back
        connection.execute(text("UPDATE move_analyses SET verdict = 'mistake' WHERE move_index = 1"))
    store.close()
    second = CliRunner().invoke(cli.app, arguments)
    assert "Reusing the review stored" not in first.output and "Reusing the review stored" in second.output
    assert "Bob: 1 mistake" in second.output
    assert "Reusing" not in CliRunner().invoke(cli.app, [*arguments[:-1], "300"]).output


def test_a_stored_review_stops_where_the_record_differs(toys: None) -> None:
    store = Store.memory()
    seats = (SeatSpec(bot="random"), SeatSpec(bot="random"))
    table = store.create_table(NewTable("nim", {"heaps": "1-2"}, 0, seats)).id
    analyst = MctsAnalyst(2, 100)
    save_moves(store, table, analyst, review(NIM, WINNING, analyst).moves)
    assert len(stored_moves(store, table, WINNING, analyst)) == 3
    other = GameRecord("nim", 2, {"heaps": "1-2"}, 0, ((0, "2:1"), (1, "2:1")))
    assert [move.played for move in stored_moves(store, table, other, analyst)] == ["2:1"]
    assert stored_review(store, table, other, analyst) is None


def test_a_game_begun_from_a_position_is_reviewed_from_that_position() -> None:
    # Heaps 1-0 with seat 1 to move: from the game's own start seat 1 could not move at all.
    position = NIM.new_state(2, {"heaps": "1-2"}, 0)
    position.apply(0, "2:2")
    record = GameRecord("nim", 2, {"heaps": "1-2"}, 0, ((1, "1:1"),), position.start_here(seed=1).to_json())
    only = review(NIM, record, MctsAnalyst(2, iterations=60)).moves[0]
    assert (only.seat, only.played, only.verdict, only.value_after) == (1, "1:1", Verdict.BEST, 1.0)
