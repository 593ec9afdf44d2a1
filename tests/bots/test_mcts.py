"""MCTS on the toy games: it finds winning moves, is reproducible, sees no more than its seat
may, never plays an illegal action, and beats the random bot.

Where a test names the right move, the move comes from game theory, not from the search:
Bouton's theorem for Nim (a move is winning when it leaves a nim-sum of zero), or a
position worked out by hand in the comment.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import reduce
from operator import xor

import pytest

from tabletop import bots
from tabletop.bots import MctsBot, RandomBot
from tabletop.bots.base import Bot
from tabletop.bots.mcts import LEVELS, Budget
from tabletop.engine import Game, Rng, State
from toy_games import GOOFSPIEL, GUESS, NIM, NimGame, NimState


def nim(heaps: Sequence[int], players: int = 2, game: NimGame = NIM) -> NimState:
    return NimState(game, players, list(heaps))


def winning_nim_moves(heaps: Sequence[int]) -> set[str]:
    """Bouton: take from a heap so that the exclusive-or of all heaps becomes zero."""
    total = reduce(xor, heaps)
    return {f"{heap + 1}:{size - (size ^ total)}" for heap, size in enumerate(heaps) if size ^ total < size}


class PerfectNim(NimGame):
    """Nim whose evaluator knows the theory: the seat to move wins exactly when the nim-sum is not zero."""

    def evaluate(self, state: State) -> Sequence[float] | None:
        assert isinstance(state, NimState)
        mover_wins = reduce(xor, state.heaps) != 0
        return [1.0 if (seat == state.to_move) == mover_wins else -1.0 for seat in range(state.players)]


def play_out(game: Game, seats: Sequence[Bot], seed: int, players: int = 2) -> State:
    """A whole game with `seats[s]` choosing for seat s, each choice checked to be legal."""
    state = game.new_state(players, seed=seed)
    while movers := state.current_players():
        seat = movers[0]
        action = seats[seat].choose(state, seat)
        assert action in state.legal_action_ids(seat)
        state.apply(seat, action)
    return state


# Finding the right move ---------------------------------------------------------------------


@pytest.mark.parametrize(("heaps", "iterations"), [((1, 2, 4), 1000), ((3, 5), 2000)])
@pytest.mark.parametrize("seed", range(3))
def test_finds_the_only_winning_nim_move(heaps: tuple[int, ...], iterations: int, seed: int) -> None:
    (winning,) = winning_nim_moves(heaps)
    assert MctsBot(iterations=iterations, seed=seed).choose(nim(heaps), 0) == winning


@pytest.mark.parametrize("seed", range(3))
def test_finds_the_winning_move_of_three_player_nim(seed: int) -> None:
    # Heaps 1, 1, 2 with three seats: taking 1 from heap 3 leaves 1, 1, 1, which seats 1 and
    # 2 must reduce one stone each, so seat 0 takes the last. Every other move lets seat 1 or
    # seat 2 take the last stone: 1:1 or 2:1 leave 1, 2 for seat 1, who can never win but
    # leaves the last stone to seat 2 or 0; 3:2 leaves 1, 1 and seat 2 takes the last.
    assert MctsBot(iterations=300, seed=seed).choose(nim((1, 1, 2), players=3), 0) == "3:1"


@pytest.mark.parametrize("seed", range(3))
def test_uses_the_games_evaluator(seed: int) -> None:
    # Heaps 2, 5, 6 defeat plain UCT at this budget; an exact evaluator at the leaves solves them.
    (winning,) = winning_nim_moves((2, 5, 6))
    bot = MctsBot(iterations=100, seed=seed, evaluation_depth=0)
    assert bot.choose(nim((2, 5, 6), game=PerfectNim()), 0) == winning


def test_one_legal_action_is_played_without_searching() -> None:
    result = MctsBot(iterations=100).search(nim((0, 1)), 0)
    assert (result.action, result.iterations) == ("2:1", 0)


# Reproducible, within its budget ------------------------------------------------------------


def test_the_same_seed_gives_the_same_search() -> None:
    state = GOOFSPIEL.new_state(2, seed=3)
    first, second = (MctsBot(iterations=300, seed=11).search(state, 0) for _ in range(2))
    assert (first.action, first.visits, first.values) == (second.action, second.visits, second.values)


def test_the_same_seeds_replay_the_same_game() -> None:
    def final_position() -> dict[str, object]:
        seats = [MctsBot(iterations=40, seed=1), MctsBot(iterations=40, seed=2)]
        return play_out(GOOFSPIEL, seats, seed=5).to_json()

    assert final_position() == final_position()


def test_an_iteration_budget_is_exact() -> None:
    assert MctsBot(iterations=37).search(nim((3, 4, 5)), 0).iterations == 37


def test_a_time_budget_runs_at_least_one_iteration() -> None:
    assert MctsBot(seconds=1e-9).search(nim((3, 4, 5)), 0).iterations >= 1


def test_levels_and_specs_give_their_budgets() -> None:
    assert bots.make("mcts", level=1).budget == LEVELS[1] == Budget(iterations=50)
    assert bots.from_spec("mcts:5").budget == LEVELS[5]
    assert bots.from_spec("mcts@0.2s").budget == Budget(seconds=0.2)
    assert bots.from_spec("MCTS#400").budget == Budget(iterations=400)
    assert MctsBot(iterations=10, seconds=2.0).budget == Budget(10, 2.0)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("mcts:0", "bot levels are 1 to 5"),
        ("alphazero", "no bot 'alphazero'; known bots:"),
        ("alphazero#40", "no bot 'alphazero'"),
        ("random#40", "bot 'random' takes a level"),
        ("mcts#0", "at least one iteration"),
        ("mcts@0s", "positive thinking time"),
        ("mcts:3@1s", "bad bot spec"),
    ],
)
def test_bad_specs_say_what_is_wrong(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        bots.from_spec(spec)


def test_a_budget_needs_a_positive_limit() -> None:
    for bad in ({}, {"iterations": 0}, {"seconds": 0.0}):
        with pytest.raises(ValueError, match=r"budget|iteration|seconds"):
            Budget(**bad)  # type: ignore[arg-type]


# Seeing no more than its seat ---------------------------------------------------------------


def test_the_search_leaves_the_state_unchanged() -> None:
    state = GOOFSPIEL.new_state(2, seed=4)
    before = state.to_json()
    MctsBot(iterations=200).search(state, 1)
    assert state.to_json() == before


def test_cannot_see_a_secret_bid() -> None:
    one, four = GOOFSPIEL.new_state(2, seed=8), GOOFSPIEL.new_state(2, seed=8)
    one.apply(0, "1")
    four.apply(0, "4")
    assert one.view(1) == four.view(1)
    searches = [MctsBot(iterations=300, seed=2).search(state, 1) for state in (one, four)]
    assert searches[0].visits == searches[1].visits


def test_cannot_foresee_the_dice() -> None:
    # Two games whose generators will roll different dice look the same before the guess,
    # so the searches must be the same; and each guess is right about half of the time.
    rolled_high, rolled_low = _guess_states_rolling_high_and_low()
    searches = [MctsBot(iterations=400, seed=3).search(state, 0) for state in (rolled_high, rolled_low)]
    assert searches[0].values == searches[1].values
    assert all(0.3 < value < 0.7 for value in searches[0].values.values())


def _guess_states_rolling_high_and_low() -> tuple[State, State]:
    by_die: dict[bool, State] = {}
    for seed in range(20):
        probe = GUESS.new_state(seed=seed)
        probe.apply(0, "high")
        by_die.setdefault(probe.view(0)["die"] >= 4, GUESS.new_state(seed=seed))
    return by_die[True], by_die[False]


def test_determinize_gives_a_chance_game_new_dice_and_leaves_the_original() -> None:
    state = GUESS.new_state(seed=1)
    before = state.to_json()
    dice = set()
    for seed in range(20):
        copy = state.determinize(0, Rng(seed))
        copy.apply(0, "low")
        dice.add(copy.view(0)["die"])
    assert len(dice) > 1
    assert state.to_json() == before


# Legal play, simultaneous turns, strength ---------------------------------------------------


@pytest.mark.parametrize(("game", "players"), [(NIM, 3), (GOOFSPIEL, 2), (GUESS, 1)])
@pytest.mark.parametrize("seed", range(3))
def test_never_returns_an_illegal_action(game: Game, players: int, seed: int) -> None:
    seats = [MctsBot(iterations=25, seed=seed * 10 + seat) for seat in range(players)]
    assert play_out(game, seats, seed, players).is_over()


def test_chooses_for_either_seat_of_a_simultaneous_turn() -> None:
    state = GOOFSPIEL.new_state(2, seed=6)
    assert state.current_players() == (0, 1)
    assert MctsBot(iterations=100).choose(state, 1) in state.legal_action_ids(1)


def test_a_seat_that_may_not_act_is_refused() -> None:
    state = GOOFSPIEL.new_state(2, seed=6)
    state.apply(0, "2")
    with pytest.raises(ValueError, match="seat 0 has no legal action"):
        MctsBot(iterations=10).choose(state, 0)


def test_beats_the_random_bot_at_goofspiel() -> None:
    wins = losses = 0
    for game in range(30):
        mcts_seat = game % 2
        seats: list[Bot] = [RandomBot(2000 + game), RandomBot(2000 + game)]
        seats[mcts_seat] = MctsBot(iterations=200, seed=1000 + game)
        outcome = play_out(GOOFSPIEL, seats, seed=game).outcome()
        assert outcome is not None
        if outcome.winners() == (mcts_seat,):
            wins += 1
        elif mcts_seat not in outcome.winners():
            losses += 1
    # A floor, not a measurement: random against random wins about as often as it loses.
    assert wins >= 15
    assert wins > 3 * losses
