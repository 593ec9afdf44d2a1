"""The `tabletop` command, driven through Typer's CliRunner with piped input.

The toy games of `toy_games.py` are put behind the registry for most tests; `kalah` is the
real one. Benchmarks are only checked for printing their figures, never for their values.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from tabletop import cli, games
from tabletop.bots import RandomBot
from tabletop.bots.solvers import yatzy_tables
from tabletop.bots.solvers.yatzy_saved import SavedRollsSolver
from tabletop.engine import State
from tabletop.games.yatzy.rules import VARIANTS
from toy_games import TOY_GAMES

RUNNER = CliRunner()


@pytest.fixture(autouse=True)
def wide_console(monkeypatch: pytest.MonkeyPatch) -> None:
    """No wrapping of long lines, so that assertions may look for whole sentences."""
    for console in (cli.console, cli.errors):
        monkeypatch.setattr(console, "width", 200)


@pytest.fixture
def toys(monkeypatch: pytest.MonkeyPatch) -> None:
    real_load = games.load
    monkeypatch.setattr(games, "load", lambda game_id: TOY_GAMES.get(game_id) or real_load(game_id))
    monkeypatch.setattr(games, "all", lambda: list(TOY_GAMES.values()))


def run(*arguments: str, answers: str | None = None) -> Result:
    return RUNNER.invoke(cli.app, list(arguments), input=answers)


# tabletop games -----------------------------------------------------------------------------


def test_games_lists_every_registered_game_with_its_options() -> None:
    result = run("games")
    assert result.exit_code == 0, result.output
    assert re.search(r"kalah\s+│\s+Kalah\s+│\s+2\s", result.output)
    assert "seeds: 1, 2, 3, 4, 5, 6 (default 4)" in result.output


def test_games_shows_options_and_kinds(toys: None) -> None:
    result = run("games")
    assert "heaps: 1-2, 3-4-5, 2-2 (default 3-4-5)" in result.output
    assert "cards: 2, 3, 4, 5, 6 (default 4)" in result.output
    assert "chance, hidden information, simultaneous turns" in result.output
    assert re.search(r"nim .*perfect information", result.output)


# tabletop play ------------------------------------------------------------------------------


def test_a_hot_seat_game_is_played_to_the_end_by_numbers_and_ids(toys: None) -> None:
    # Heaps 1 and 2. Seat 0: move 2 of [1:1, 2:1, 2:2] leaves 1, 1; seat 1 types the id 1:1;
    # seat 0 takes the last stone with move 1, the only one left.
    result = run("play", "nim", "--option", "heaps=1-2", answers="2\n1:1\n1\n")
    assert result.exit_code == 0, result.output
    assert "You (Red) to move" in result.output  # each person is "you" on their own turn
    assert "Player 2 (Blue), your move" in result.output
    assert "1. take 1 from heap 1  (1:1)" in result.output
    assert "Game over: Player 1 (Red) took the last stone" in result.output
    assert "Player 1 (Red) wins" in result.output
    assert "seat" not in result.output.lower()


def test_kalah_is_played_by_action_ids_to_the_same_end_as_the_library() -> None:
    moves, final = _random_kalah_game(seed=4)
    answers = "".join(action_id + "\n" for _, action_id in moves)
    result = run("play", "kalah", "--seed", "4", answers=answers)
    assert result.exit_code == 0, result.output
    outcome = final.outcome()
    assert outcome is not None
    for seat, (score, rank) in enumerate(zip(outcome.scores, outcome.ranks, strict=True)):
        side = ("South", "North")[seat]
        assert re.search(rf"│ Player {seat + 1} \({side}\)\s+│ {score:g}\s+│ {rank}\s+│", result.output)


def _random_kalah_game(seed: int) -> tuple[list[tuple[int, str]], State]:
    state = games.load("kalah").new_state(2, seed=seed)
    bot, moves = RandomBot(seed), []
    while movers := state.current_players():
        action = bot.choose(state, movers[0])
        moves.append((movers[0], action))
        state.apply(movers[0], action)
    return moves, state


def test_bad_moves_are_explained_and_asked_again(toys: None) -> None:
    result = run("play", "nim", "--option", "heaps=1-2", answers="9\n3:3\n\nq\n")
    assert result.exit_code == 0
    assert "there is no move 9; choose 1 to 3" in result.output
    assert "'3:3' is not a legal action for seat 0; legal: 1:1, 2:1, 2:2" in result.output
    assert "You quit. Game abandoned." in result.output


def test_input_that_ends_early_abandons_the_game_with_an_error_code(toys: None) -> None:
    result = run("play", "nim", answers="1\n")
    assert result.exit_code == 1
    assert "The input ended before the game did." in result.output


def test_playing_against_a_bot_announces_its_moves(toys: None) -> None:
    # Heaps 1 and 2, the bot moves first: 2:1 (leaving 1, 1) is its only winning move,
    # so the person's one stone is followed by the bot's last one.
    result = run(
        "play", "nim", "-o", "heaps=1-2", "--vs", "mcts#300", "--seat", "1", "--seed", "2", answers="1\n"
    )
    assert result.exit_code == 0, result.output
    assert "mcts#300 (Red) plays take 1 from heap 2" in result.output
    assert "mcts#300 (Red) wins" in result.output
    assert "Your move" in result.output


def test_a_bots_secret_choice_is_not_announced(toys: None) -> None:
    # In Goofspiel the bot bids first each round and its bid stays secret until the human bids.
    result = run("play", "goofspiel", "--vs", "random", "--seat", "1", "--seed", "1", answers="1\n2\n3\n4\n")
    assert result.exit_code == 0, result.output
    assert result.output.count("random has played") == 4
    assert "(random) plays" not in result.output


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["chess"], "no game 'chess'; known games:"),
        (["kalah", "--option", "seeds=9"], "option 'seeds' must be one of 1, 2, 3, 4, 5, 6; got '9'"),
        (["kalah", "--option", "colour=red"], "unknown option 'colour'"),
        (["kalah", "--option", "seeds"], "a table option is written NAME=VALUE; got 'seeds'"),
        (["kalah", "--players", "3"], "Kalah is played by 2 players; got 3"),
        (["kalah", "--vs", "mcts:7"], "bot levels are 1 to 5; got 7"),
        (["kalah", "--vs", "random", "--vs", "random"], "Kalah is played by 2 players; got 3"),
        (["nim", "-p", "2", "--vs", "random", "--vs", "random"], "2 bots, but 1 seat besides yours"),
        (["kalah", "--vs", "random", "--seat", "2"], "--seat must be between 0 and 1; got 2"),
    ],
)
def test_bad_tables_are_refused_with_a_clear_message(toys: None, arguments: list[str], message: str) -> None:
    result = run("play", *arguments, answers="q\n")
    assert result.exit_code == 2
    assert message in result.output


# tabletop match -----------------------------------------------------------------------------


def test_match_prints_a_result_table_per_bot(toys: None) -> None:
    result = run("match", "nim", "mcts#100", "random", "-n", "10", "--seed", "3")
    assert result.exit_code == 0, result.output
    rows = {row[0]: row[1:] for row in _table_rows(result.output)}
    assert set(rows) >= {"mcts#100", "random"}
    for bot in ("mcts#100", "random"):
        games_played, wins, draws, losses = (int(cell) for cell in rows[bot][:4])
        assert games_played == 10 == wins + draws + losses
    assert int(rows["mcts#100"][1]) == int(
        rows["random"][3]
    )  # Nim has no draws: one's win is the other's loss
    assert "10 games of Nim, seats rotating, seed 3" in result.output


def test_a_solo_match_shows_mean_scores_only(toys: None) -> None:
    result = run("match", "guess", "random", "mcts#20", "-n", "6")
    assert result.exit_code == 0, result.output
    assert "Solo scores" in result.output
    assert "win rate" not in result.output
    assert re.search(r"│ random\s+│\s+3 │\s+\d\.\d\d ± \d\.\d\d │", result.output)


def test_a_match_in_two_processes_gives_the_same_results() -> None:
    arguments = ["match", "kalah", "mcts#20", "random", "-n", "4", "--seed", "1"]
    serial, parallel = run(*arguments), run(*arguments, "--jobs", "2")
    assert serial.exit_code == parallel.exit_code == 0, serial.output + parallel.output
    assert _table_rows(serial.output) == _table_rows(parallel.output)


def test_a_match_with_a_bad_bot_is_refused() -> None:
    result = run("match", "kalah", "mcts", "genius")
    assert result.exit_code == 2
    assert "no bot 'genius'" in result.output


def _table_rows(output: str) -> list[list[str]]:
    return [
        [cell.strip() for cell in line.strip("│ ").split("│")]
        for line in output.splitlines()
        if line.startswith("│")
    ]


# tabletop bench -----------------------------------------------------------------------------


def test_bench_engine_prints_figures_per_game(toys: None) -> None:
    result = run("bench", "engine", "nim", "goofspiel", "--count", "3")
    assert result.exit_code == 0, result.output
    rows = {row[0]: row[1:] for row in _table_rows(result.output)}
    assert rows["nim"][:2] == ["2", "3"]
    assert rows["goofspiel"][:2] == ["2", "3"]
    assert rows["goofspiel"][-1] == "8.0"  # four rounds of two bids
    assert "actions/s" in result.output


def test_bench_engine_runs_every_game_for_a_time(toys: None) -> None:
    result = run("bench", "engine", "--seconds", "0.01")
    assert result.exit_code == 0, result.output
    assert {row[0] for row in _table_rows(result.output)} == set(TOY_GAMES)


def test_bench_mcts_prints_iterations_per_second(toys: None) -> None:
    result = run("bench", "mcts", "nim", "--seconds", "0.05")
    assert result.exit_code == 0, result.output
    assert re.search(r"Nim: \d+ MCTS iterations in \d\.\d\d s, [\d,]+ iterations/s", result.output)


# tabletop solve / bench solver -------------------------------------------------------------


def test_solve_yatzy_prints_the_value_of_a_card_and_where_its_table_is() -> None:
    result = run("solve", "yatzy", "--variant", "yahtzee")
    assert result.exit_code == 0, result.output
    assert "Yahtzee (forced joker): 254.5877 from the start; 1,048,576 states" in result.output
    assert "yatzy-yahtzee-forced-v1.npy" in result.output


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--variant", "poker"], "no Yatzy card 'poker'; cards: yahtzee, yahtzee14, yams, yatzy, maxi"),
        (["--joker", "wild"], "--joker is forced or free; got 'wild'"),
    ],
)
def test_solve_yatzy_refuses_what_it_cannot_solve(arguments: list[str], message: str) -> None:
    result = run("solve", "yatzy", *arguments)
    assert result.exit_code != 0 and message in result.output


def test_solve_yatzy_maxi_computes_its_layers_once_and_then_reads_them(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # The real card's layers take an hour: a three-box card with Maxi Yatzy's dice and saved
    # rolls (Y-R5) stands in for it under the same name, in a cache of its own.
    maxi = VARIANTS["maxi"]
    small = replace(
        maxi, boxes=tuple(box for box in maxi.boxes if box.id in ("sixes", "chance", "maxi_yatzy"))
    )
    monkeypatch.setitem(VARIANTS, "maxi", small)
    monkeypatch.setattr(yatzy_tables, "_saved_rolls_tables", {})
    monkeypatch.setenv("TABLETOP_CACHE_DIR", str(tmp_path))
    first = run("solve", "yatzy", "--variant", "maxi")
    assert first.exit_code == 0, first.output
    value = re.search(r"Maxi Yatzy: (\d+\.\d{4}) from the start; ([\d,]+) states", first.output)
    assert value is not None and value[2] == f"{SavedRollsSolver(small).states():,}"
    assert "yatzy-maxi-none-v1" in first.output
    directory = yatzy_tables.layers_dir("maxi")
    assert sorted(path.name for path in directory.iterdir()) == [
        "layer-00.npy",
        "layer-01.npy",
        "layer-02.npy",
    ]
    modified = {path: path.stat().st_mtime_ns for path in directory.iterdir()}
    again = run("solve", "yatzy", "--variant", "maxi")
    assert again.exit_code == 0 and value[1] in again.output
    assert {path: path.stat().st_mtime_ns for path in directory.iterdir()} == modified


def test_bench_engine_compare_needs_a_game_openspiel_has() -> None:
    result = run("bench", "engine", "yatzy", "--compare", "openspiel")
    assert result.exit_code == 2
    assert "OpenSpiel has none of these games; it has kalah" in result.output
    other = run("bench", "engine", "kalah", "--compare", "gnugo")
    assert other.exit_code == 2
    assert "--compare takes openspiel; got 'gnugo'" in other.output


# tabletop solve ----------------------------------------------------------------------------


def test_solve_kalah_prints_the_value_and_best_first_move() -> None:
    # The rules page's Kalah(6,2) with empty capture and End-B: +10, by pit 5.
    result = run("solve", "kalah", "--pits", "6", "--seeds", "2", "--empty-capture", "--openings")
    assert result.exit_code == 0, result.output
    assert "value for South (first player): +10; best first sowing: pit 5" in result.output
    assert "1: -14, 2: -8, 3: -6, 4: -14, 5: +10, 6: -2" in result.output


def test_solve_kalah_refuses_an_unknown_end_rule() -> None:
    result = run("solve", "kalah", "--pits", "2", "--seeds", "2", "--end-rule", "late")
    assert result.exit_code == 2
    assert "--end-rule is sweep or at_turn; got 'late'" in result.output
