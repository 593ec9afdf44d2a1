"""The fit table that move generation reads (`fitting`), against the rules and against itself.

The fit table answers "which numbers fit which cells" for a whole garden at once, and the
state keeps one per garden, updated a row and a column at a time. These tests hold it to the
pairwise INV check of `luckynumbers_positions` (written from the rules file alone), and hold
the update to a computation from scratch, on gardens reached in seeded random games.
"""

from __future__ import annotations

from collections.abc import Iterator

from luckynumbers_positions import is_ordered

from tabletop.engine import Rng
from tabletop.games.luckynumbers import GAME
from tabletop.games.luckynumbers.fitting import FIELD_WIDTH, fit_table, garden_fits, refit
from tabletop.games.luckynumbers.state import LuckyNumbersState
from tabletop.games.luckynumbers.tiles import NO_TILE, NUMBER_OF


def _random_games(games: int) -> Iterator[tuple[LuckyNumbersState, int, str]]:
    """Every (state before the move, mover, move) of seeded random games of 2-4 players, each
    setup, and tournaments (whose new rounds lay new gardens)."""
    for seed in range(games):
        players = 2 + seed % 3
        options = {"setup": "michael" if seed % 2 else "sorted", "tournament": seed % 5 in (2, 3)}
        state = GAME.new_state(players, options, seed)
        assert isinstance(state, LuckyNumbersState)
        chooser = Rng(seed)
        while seats := state.current_players():
            action_id = chooser.choice(state.legal_action_ids(seats[0]))
            yield state, seats[0], action_id
            state.apply(seats[0], action_id)


def _reference_fits(numbers: list[int | None], number: int, cell: int) -> bool:
    # R4: the number goes on the cell (replacing what is there, never by the same number) and
    # the garden must still be in order (INV), checked pair by pair.
    changed = list(numbers)
    changed[cell] = number
    return numbers[cell] != number and is_ordered(changed)


def test_the_fit_table_says_what_the_rules_say_for_every_cell_and_number() -> None:
    # INV, R4: checked on every 7th garden to move of 12 random games (2 to 4 players).
    checked = 0
    for step, (state, seat, _) in enumerate(_random_games(12)):
        if step % 7:
            continue
        garden = state.gardens[seat]
        numbers = [None if tile == NO_TILE else NUMBER_OF[tile] for tile in garden]
        table = fit_table(garden_fits(tuple(garden)))
        for cell in range(16):
            for number in range(1, 21):
                fits = bool(table >> FIELD_WIDTH * cell + number & 1)
                assert fits == _reference_fits(numbers, number, cell), (numbers, number, cell)
        checked += 1
    assert checked > 100


def test_refitting_the_changed_row_and_column_equals_fitting_the_whole_garden() -> None:
    # R4: a placement or an exchange changes one cell; the update must match a fresh computation.
    refits = 0
    for state, seat, action_id in _random_games(12):
        before = tuple(state.gardens[seat])
        after_move = state.clone()
        after_move.apply(seat, action_id)
        after = tuple(after_move.gardens[seat])
        changed = [cell for cell in range(16) if before[cell] != after[cell]]
        if changed and len(after_move.results) == len(state.results):  # not a new round's gardens
            fresh_before, fresh_after = garden_fits.__wrapped__(before), garden_fits.__wrapped__(after)
            assert refit(fresh_before, after, changed[0]) == fresh_after
            refits += 1
    assert refits > 1000


def test_a_stored_position_lists_the_same_moves_as_the_game_it_came_from() -> None:
    # The state keeps its gardens' fit tables; a position loaded from JSON has none and must
    # still list exactly the moves of the original, before and after more moves on both.
    for step, (state, _, _) in enumerate(_random_games(6)):
        if step % 25:
            continue
        loaded = GAME.state_from_json(state.to_json())
        original = state.clone()
        chooser = Rng(step)
        for _ in range(12):
            if not (seats := original.current_players()):
                break
            legal = original.legal_action_ids(seats[0])
            assert loaded.legal_action_ids(seats[0]) == legal
            action_id = chooser.choice(legal)
            original.apply(seats[0], action_id)
            loaded.apply(seats[0], action_id)
