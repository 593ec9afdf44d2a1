"""The benchmark helpers behind `tabletop match` and `tabletop bench`: seating, seeds, tallies."""

from __future__ import annotations

from collections import Counter

import pytest

from tabletop import games
from tabletop.bench import match, move_messages, solver, speed, table_memory
from tabletop.engine import Rng
from toy_games import GOOFSPIEL, GUESS, TOY_GAMES


@pytest.fixture
def toys(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(games, "load", TOY_GAMES.__getitem__)


@pytest.mark.parametrize(("bots", "players"), [(2, 2), (3, 2), (2, 4), (3, 1)])
def test_every_bot_takes_every_seat_equally_often_over_a_rotation(bots: int, players: int) -> None:
    plan = match.MatchPlan("nim", tuple(f"bot{index}" for index in range(bots)), 2 * bots, players)
    seatings = Counter(
        (seat, bot) for index in range(plan.games) for seat, bot in enumerate(plan.lineup(index))
    )
    assert set(seatings.values()) == {2}
    assert len(seatings) == bots * players


def test_the_games_of_one_rotation_share_their_seed() -> None:
    plan = match.MatchPlan("nim", ("a", "b"), 6, 2, seed=10)
    assert [plan.game_seed(index) for index in range(6)] == [10, 10, 11, 11, 12, 12]


def test_bot_seeds_differ_from_the_game_seed_and_between_seats() -> None:
    seeds = {match.bot_seed(7, seat) for seat in range(4)}
    assert len(seeds) == 4
    assert 7 not in seeds


def test_summaries_count_wins_draws_and_losses_by_bot_not_by_seat() -> None:
    plan = match.MatchPlan("nim", ("a", "b"), 3, 2)
    records = [
        match.GameRecord(0, (0, 1), (3.0, 1.0), (1, 2), 10),  # a wins from seat 0
        match.GameRecord(1, (1, 0), (2.0, 5.0), (2, 1), 12),  # a wins from seat 1
        match.GameRecord(2, (0, 1), (4.0, 4.0), (1, 1), 11),  # a draw
    ]
    a, b = match.summarize(plan, records)
    assert (a.wins, a.draws, a.losses, a.scores) == (2, 1, 0, (3.0, 5.0, 4.0))
    assert (b.wins, b.draws, b.losses, b.scores) == (0, 1, 2, (1.0, 2.0, 4.0))
    assert a.win_rate == pytest.approx(2 / 3)


def test_a_match_plays_every_game_in_order(toys: None) -> None:
    plan = match.MatchPlan("nim", ("mcts#30", "random"), 4, 2, {"heaps": "1-2"})
    seen: list[int] = []
    records = match.run(plan, on_record=lambda record: seen.append(record.index))
    assert [record.index for record in records] == seen == [0, 1, 2, 3]
    assert all(sorted(record.ranks) == [1, 2] for record in records)


def test_a_plan_is_checked_before_any_game(toys: None) -> None:
    with pytest.raises(ValueError, match="no bot 'nobody'"):
        match.MatchPlan("nim", ("random", "nobody"), 2, 2).check()


def test_random_playouts_count_games_and_actions() -> None:
    figures = speed.random_playouts(GOOFSPIEL, players=2, options={"cards": 3}, count=5)
    assert (figures.games, figures.actions, figures.mean_length) == (5, 30, 6.0)  # 3 rounds of 2 bids


def test_search_speed_reports_the_iterations_it_ran() -> None:
    figures = speed.search_speed(GUESS, seconds=0.01)
    assert figures.iterations >= 1
    assert figures.iterations_per_second > 0


def test_the_solver_benchmark_compares_the_two_runs() -> None:
    ours = solver.SolverRun("tabletop (numba)", 6.0, 254.5877, 203.0, 195.0, 3.5)
    theirs = solver.SolverRun("yatzy-solver (Rust)", 8.0, 254.5877, 95.0, 91.0)
    lines = solver.describe([ours, theirs])
    assert lines[0].startswith(
        "tabletop (numba): 6.00 s for the whole table, start value 254.5877, peak RSS 203 MB"
    )
    assert (
        "(8 MB above the 195 MB of the loaded process); kernels loaded or compiled first in 3.50 s"
        in lines[0]
    )
    assert lines[2] == "ours / theirs: 0.75 of the time"
    assert "not installed" in solver.describe([ours])[-1]


# -- OpenSpiel comparison (the optional `bench` extra) --------------------------------------


def test_openspiel_mancala_is_the_same_game_as_its_kalah_twin() -> None:
    # With the same generator both engines play move for move the same random games, so the
    # twin's options really give OpenSpiel's rules (End-B, no early finish).
    pyspiel = pytest.importorskip("pyspiel")
    name, options = speed.OPENSPIEL_TWINS["kalah"]
    twin = pyspiel.load_game(name)
    for seed in range(20):
        ours = speed.play_randomly(games.load("kalah").new_state(2, options), Rng(seed))
        state, rng, theirs = twin.new_initial_state(), Rng(seed), 0
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            theirs += 1
        assert ours == theirs


def test_compare_openspiel_times_both_engines() -> None:
    pytest.importorskip("pyspiel")
    result = speed.compare_openspiel(games.load("kalah"), seconds=0.2, rounds=2)
    assert result.ours.game_id == "kalah"
    assert result.openspiel.game_id == "openspiel:mancala"
    assert result.ours.games >= 2
    assert result.openspiel.games >= 2
    assert result.ratio == result.ours.games_per_second / result.openspiel.games_per_second


def test_compare_openspiel_refuses_a_game_it_lacks() -> None:
    with pytest.raises(ValueError, match="OpenSpiel has no twin of 'yatzy'; it has kalah"):
        speed.compare_openspiel(games.load("yatzy"))


# -- the server's memory per cached table (`tabletop bench memory`) ----------------------------


def test_a_cached_table_costs_memory_and_its_moves_cost_more() -> None:
    unplayed = table_memory.bytes_per_table("kalah", tables=5, moves=0)
    played = table_memory.bytes_per_table("kalah", tables=5, moves=30)
    assert 0 < unplayed < played


# -- a move's server CPU without the network (`tabletop bench messages`) -------------------------


def test_the_message_benchmark_plays_every_table_to_its_end_and_times_both_parts() -> None:
    cost = move_messages.move_cost("kalah", tables=3, games_each=1, seed=2)
    again = move_messages.move_cost("kalah", tables=3, games_each=1, seed=2)
    assert cost.moves == again.moves > 3 * 10  # the same random games, each some tens of moves
    assert cost.play_seconds > 0 and cost.message_seconds > 0
