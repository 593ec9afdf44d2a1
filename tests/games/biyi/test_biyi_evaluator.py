"""The Biyi heuristic: bounded, symmetric, and it prefers the player nearer the other bird."""

from __future__ import annotations

from biyi_positions import DARK, LIGHT, play, position

from tabletop.bots import MctsBot
from tabletop.engine import Rng
from tabletop.games.biyi import GAME


def test_values_stay_in_range_and_sum_to_zero_all_game_long() -> None:
    state, rng = GAME.new_state(seed=4), Rng(4)
    while not state.is_over():
        light, dark = GAME.evaluate(state) or (9.0, 9.0)
        assert -1 <= light <= 1 and light == -dark
        state.apply(
            state.current_players()[0], rng.choice(state.legal_action_ids(state.current_players()[0]))
        )


def test_a_finished_game_is_judged_by_its_result() -> None:
    won = play(position({"c6": "L", "a6": "D"}), "c6c7")
    assert GAME.evaluate(won) == (1.0, -1.0)
    drawn = play(position({"b2": "L", "d6": "D"}, turns_played=119), "b2b3")
    assert GAME.evaluate(drawn) == (0.0, 0.0)


def test_the_mirror_image_swaps_the_values() -> None:
    light_view = GAME.evaluate(position({"b3": "L", "d6": "D", "a2": "LDL"}, LIGHT))
    dark_view = GAME.evaluate(position({"b5": "D", "d2": "L", "a6": "DLD"}, DARK))
    assert light_view is not None and dark_view is not None
    assert abs(light_view[0] - dark_view[1]) < 1e-12


def test_the_token_nearer_the_bird_is_ahead() -> None:
    # Light three steps from c7, Dark five from c1: Light leads even with Dark to move.
    value = GAME.evaluate(position({"c4": "L", "c6": "D"}, DARK))
    assert value is not None and value[0] > 0


def test_prisoners_count_for_the_jailer() -> None:
    free = GAME.evaluate(position({"b2": "L", "d2": "L", "b6": "D", "d6": "D"}))
    holding = GAME.evaluate(position({"b2": "DL", "d2": "L", "b6": "D", "d6": "D"}))
    assert free is not None and holding is not None and holding[0] > free[0]


def test_dragons_weigh_against_their_owner() -> None:
    calm = GAME.evaluate(position({"a2": "LLL", "c2": "LLL", "b6": "D"}))
    trouble = GAME.evaluate(position({"a2": "LLL", "b2": "LLL", "b6": "D"}))
    assert calm is not None and trouble is not None and trouble[0] < calm[0]


def test_mcts_takes_the_bird_when_it_can() -> None:
    # R30: one step from c7; the search with the evaluator plays it.
    state = position({"c6": "L", "a2": "L", "a6": "D", "e6": "D"})
    assert MctsBot.at_level(1, seed=1).choose(state, LIGHT) == "c6c7"
