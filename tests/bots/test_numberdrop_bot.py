"""The Number Drop bot: obvious choices on concrete positions, legal play, and a solo score floor.

Rules cited are those of docs/rules/numberdrop.md.
"""

from __future__ import annotations

import statistics

from tabletop import bots
from tabletop.bots.solvers.numberdrop import NumberDropBot
from tabletop.games.numberdrop import GAME
from tabletop.games.numberdrop.board import CIRCLED, OPEN
from tabletop.games.numberdrop.state import NumberDropState

SOLO_FLOOR = 25
"""The bot averages about 34 in solo (random play: about -5.5)."""


def _position(**parts: object) -> NumberDropState:
    return NumberDropState.from_position(GAME, **parts)  # type: ignore[arg-type]


def test_it_is_offered_at_number_drop_tables_only() -> None:
    assert "numberdrop" in bots.names("numberdrop")
    assert "numberdrop" not in bots.names("kalah")


def test_it_scores_the_combination_it_has() -> None:
    # R20, R26: four 7s in a row are worth 4 at once
    state = _position(players=2, grids={0: ["777...."]}, roll=(7, 1, 2, 1, "I"))
    bot = NumberDropBot(1)
    drop = bot.choose(state, 0)
    state.apply(0, drop)
    choice = bot.choose(state, 0)
    assert choice.startswith("same:") and choice.count("-") >= 2


def test_it_drops_flat_on_a_flat_grid() -> None:
    # R5: an O on an empty row leaves no hole wherever it goes; an I lies down
    state = _position(players=2, grids={0: ["1357135"]}, roll=(1, 2, 3, 5, "I"))
    choice = NumberDropBot(1).choose(state, 0)
    assert choice.startswith("I0@")


def test_it_slides_a_harmless_tile_first() -> None:
    # R42: tile B's letter is circled, so B reaching GO! costs nothing
    letters = {0: [OPEN, CIRCLED, OPEN, OPEN, OPEN]}
    state = _position(players=1, blocks=list("IOTLS"), letters=letters, roll=(1, 2, 3, 5, "O"))
    assert NumberDropBot(1).choose(state, 0) == "slide:B"


def test_it_plays_legal_moves_to_the_end_with_others() -> None:
    for players in (2, 6):
        state = GAME.new_state(players, None, players)
        bot = NumberDropBot(players)
        while not state.is_over():
            for seat in state.current_players():
                action = bot.choose(state, seat)
                assert action in state.legal_action_ids(seat)
                state.apply(seat, action)
        assert state.outcome() is not None


def test_its_solo_mean_is_far_above_random() -> None:
    bot = NumberDropBot(3)
    scores = []
    for seed in range(12):
        state = GAME.new_state(1, None, 500 + seed)
        while not state.is_over():
            state.apply(0, bot.choose(state, 0))
        scores.append(state.outcome().scores[0])  # type: ignore[union-attr]
    assert statistics.mean(scores) >= SOLO_FLOOR
