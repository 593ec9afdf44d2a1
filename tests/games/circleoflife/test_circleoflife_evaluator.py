"""The bots' heuristic: devouring chances, safe critters, material, and its use by MCTS."""

from __future__ import annotations

from circleoflife_reference import Reference, name, parse, position

from tabletop.bots.mcts import MctsBot
from tabletop.engine import Rng
from tabletop.games.circleoflife import GAME
from tabletop.games.circleoflife.board import cell_name, cells_of
from tabletop.games.circleoflife.evaluator import evaluate, meals
from tabletop.games.circleoflife.state import CircleOfLifeState

BLACK, WHITE = 0, 1


def reference_meals(state: CircleOfLifeState, seat: int) -> tuple[int, set[str]]:
    """By brute force in the reference: play every legal cell and see what goes."""
    reference = Reference()
    for critter in state.view(None)["critters"]:
        for cell in critter["cells"]:
            reference.owner[parse(cell)] = critter["seat"]
    best, edible = 0, set()
    for cell in reference.legal(seat):
        trial = reference.copy()
        before = {c for c, owner in trial.owner.items() if owner != seat}
        trial.play(seat, cell)
        eaten = {name(c) for c in before if c not in trial.owner}
        best, edible = max(best, len(eaten)), edible | eaten
    return best, edible


def test_meals_are_every_stone_one_placement_can_eat() -> None:
    # R6 from both sides, on positions of seeded random games, against brute force
    rng = Rng(5)
    for seed in range(6):
        state = GAME.new_state(2, None, seed)
        assert isinstance(state, CircleOfLifeState)
        for _ in range(35):
            if state.is_over():
                break
            for seat in (BLACK, WHITE):
                best, edible = meals(state, seat)
                assert (best, {cell_name(cell) for cell in cells_of(edible)}) == reference_meals(state, seat)
            state.apply(state.to_move, rng.choice(state.legal_action_ids(state.to_move)))


def test_a_finished_game_is_valued_exactly() -> None:
    state = position(black=["E6"], white=["E4"], eaten=(19, 0))
    state.apply(BLACK, "E5")
    assert evaluate(state) == [1.0, -1.0] and GAME.evaluate(state) == [1.0, -1.0]


def test_the_start_is_even_and_values_are_opposite() -> None:
    assert evaluate(position()) == [0.0, 0.0]
    values = evaluate(position(black=["E3", "E5"], white=["C0", "C1", "D2", "C3", "C4", "D5"]))
    assert -1 <= values[0] <= 1 and values[0] == -values[1]


def test_a_meal_within_reach_is_good_for_the_mover() -> None:
    # scenario 4 of the rules: E4 eats six stones; without the black stones there is no meal
    with_meal = evaluate(position(black=["E3", "E5"], white=["C0", "C1", "D2", "C3", "C4", "D5", "A4"]))
    without = evaluate(position(black=["I4", "I8"], white=["C0", "C1", "D2", "C3", "C4", "D5", "A4"]))
    assert with_meal[BLACK] > without[BLACK] and with_meal[BLACK] > 0.5


def test_a_meal_that_reaches_the_target_is_a_sure_win() -> None:
    # R9: 18 eaten and a 3-line to eat: the mover wins next move
    state = position(black=["B2", "C2"], white=["A0", "A1", "A2"], eaten=(18, 0))
    assert evaluate(state)[BLACK] == 1.0


def test_critters_safe_from_predators_are_worth_more() -> None:
    # White to move. Black's singleton E4 either sits next to White's singleton E6 (White's
    # E5 makes a pair that eats it) or far from any white stone: the safe one is better for Black
    threatened = position(black=["E4", "A0"], white=["E6", "I8"], to_move=WHITE)
    safe = position(black=["C2", "A0"], white=["E6", "I8"], to_move=WHITE)
    assert meals(threatened, WHITE)[0] == 1 and meals(safe, WHITE)[0] == 0
    assert evaluate(safe)[BLACK] > evaluate(threatened)[BLACK]


def test_mcts_with_the_evaluator_takes_the_winning_meal() -> None:
    # R9: with 18 eaten, B1 makes the triangle that eats the 3-line A0-A2 and wins
    state = position(black=["B2", "C2", "H4"], white=["A0", "A1", "A2", "G7"], eaten=(18, 5))
    assert MctsBot(iterations=300, seed=3).choose(state, BLACK) == "B1"
