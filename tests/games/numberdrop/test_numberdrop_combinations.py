"""The combination search agrees with a slow reference on sheets that grow, score and are copied.

`rules.combinations` asks its questions of all ten digits' layers at once (`Sheet.layers`,
R21–R25). These tests follow sheets through many writes, combinations scored and copies,
and compare every listing with `numberdrop_reference.combination_ids` (the set) and with
the listing of the same sheet rebuilt from JSON (the order of the ids, and that `layers`
is kept right by `write` and `copy`).
"""

from __future__ import annotations

import random

from numberdrop_reference import combination_ids

from tabletop import games
from tabletop.engine import Rng
from tabletop.games.numberdrop.board import CELL_INDEX, CELLS, EMPTY, Sheet
from tabletop.games.numberdrop.rules import combination_id, combinations, score_combination
from tabletop.games.numberdrop.state import NumberDropState


def _listing(sheet: Sheet) -> list[str]:
    return [combination_id(combination) for combination in combinations(sheet)]


def _check(sheet: Sheet) -> list[str]:
    """The sheet's listing, after checking it against the reference and against a full search."""
    listed = _listing(sheet)
    boxes = {"same": sheet.same, "run": sheet.run}
    assert set(listed) == combination_ids(sheet.cells, sheet.circled, boxes, sheet.bonus)
    assert len(set(listed)) == len(listed)
    assert listed == _listing(Sheet.from_json(sheet.to_json()))
    return listed


def _grow(sheet: Sheet, chooser: random.Random) -> None:
    """Writes one to four digits (or an X) into empty cells, near the bottom, from a few digits."""
    empty = [cell for cell in range(CELLS) if sheet.cells[cell] == EMPTY and cell < 42]
    cells = chooser.sample(empty, min(len(empty), chooser.randint(1, 4)))
    sheet.write(cells, [chooser.choice((2, 3, 3, 4, 5, 10)) for _ in cells])


def test_growing_sheets_list_what_the_reference_finds() -> None:
    # R21–R25 on 300 sheets, each queried after every write, some scoring and some copied.
    chooser = random.Random(15)
    listings = nonempty = 0
    for _ in range(300):
        sheet = Sheet()
        sheet.same, sheet.run = chooser.randrange(32), chooser.randrange(32)
        sheet.bonus = chooser.random() < 0.3
        for _ in range(chooser.randint(3, 12)):
            _grow(sheet, chooser)
            listed = _check(sheet)
            listings += 1
            nonempty += bool(listed)
            if listed and chooser.random() < 0.6:
                kind, _, cells = chooser.choice(listed).partition(":")
                score_combination(sheet, kind, [CELL_INDEX[name] for name in cells.split("-")])
                _check(sheet)
            if chooser.random() < 0.3:
                sheet = sheet.copy()
    assert listings > 1000 and nonempty > 200


def test_random_games_list_what_the_reference_finds() -> None:
    # The listings of 30 seeded 2-player random games, as the seats see them after each drop.
    game = games.load("numberdrop")
    rng = Rng(7)
    checked = 0
    for seed in range(30):
        state = game.new_state(2, None, seed)
        assert isinstance(state, NumberDropState)
        while seats := state.current_players():
            seat = seats[0]
            turn = state.turns[seat]
            legal = state.legal_action_ids(seat)
            if turn.pending() == "done" and not turn.scored and turn.kind == "normal":
                listed = _check(turn.sheet.copy())
                assert [action for action in legal if action.startswith(("same:", "run:"))] == listed
                checked += 1
            state.apply(seat, rng.choice(legal))
    assert checked > 500
