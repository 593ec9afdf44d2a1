"""The exact solver of cards that save rolls (Maxi Yatzy, Y-R5 of docs/rules/yatzy.md).

The layer-by-layer kernel is checked against a direct backward induction written here in
plain numpy over the keep → roll transition matrix, on small cards with Maxi Yatzy's six
dice and saved rolls, and on closed forms for the last turn.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import replace
from functools import cache
from pathlib import Path

import numpy as np
import pytest

from tabletop.bots.solvers import yatzy_tables
from tabletop.bots.solvers.yatzy import YatzyBot, action_values, takes_table
from tabletop.bots.solvers.yatzy_saved import SavedRollsSolver, SavedRollsTable, most_saved
from tabletop.bots.solvers.yatzy_turn import dice_tables
from tabletop.games.yatzy import GAME, YatzyState
from tabletop.games.yatzy.board import roll_choices
from tabletop.games.yatzy.rules import MAXI, UPPER_BOX_IDS, YAHTZEE, Variant, _bonus_at


def _card(*box_ids: str, bonus: tuple[int, int] | None = None) -> Variant:
    """Maxi Yatzy (six dice, saved rolls) on fewer boxes, and optionally a reachable upper bonus."""
    boxes = tuple(box for box in MAXI.boxes if box.id in box_ids)
    if bonus is None:
        return replace(MAXI, boxes=boxes)
    return replace(MAXI, boxes=boxes, upper_bonus=_bonus_at(*bonus))


@cache
def _transitions() -> tuple[np.ndarray, np.ndarray]:
    """P[keep, roll] of rolling the dice not kept, and inside[roll, keep]: the keep is in the roll."""
    tables = dice_tables(6)
    chances = np.zeros((len(tables.keeps), len(tables.rolls)))
    for keep, outcomes in enumerate(tables.outcomes):
        for roll, chance in outcomes:
            chances[keep, roll] += chance
    inside = np.zeros((len(tables.rolls), len(tables.keeps)), dtype=bool)
    for roll, keeps in enumerate(tables.keeps_inside):
        inside[roll, list(keeps)] = True
    return chances, inside


class _Reference:
    """V[mask, upper, saved] by recursion over the states, each turn by explicit matrices."""

    def __init__(self, variant: Variant) -> None:
        self.values, self.stop = _reference(variant)


def _reference(
    variant: Variant,
) -> tuple[dict[tuple[int, int, int], float], Callable[[int, int, int], np.ndarray]]:
    """The values of the states reachable from a fresh card, and the stop values' function."""
    chances, inside = _transitions()
    rolls = dice_tables(6).rolls
    boxes = len(variant.boxes)
    points = [[box.score(roll) for roll in rolls] for box in variant.boxes]
    upper_faces = {
        index: UPPER_BOX_IDS.index(box.id) + 1 for index, box in enumerate(variant.boxes) if box.is_upper
    }
    cap = next(total for total in range(37 * 6) if variant.upper_bonus(total))
    memo: dict[tuple[int, int, int], float] = {}

    def value(mask: int, upper: int, saved: int) -> float:
        if mask == (1 << boxes) - 1:
            return 0.0  # saved rolls are worth nothing at the end (Y-R5)
        key = (mask, upper, saved)
        if key not in memo:
            memo[key] = float(chances[0] @ expected(mask, upper, saved + 2))
        return memo[key]

    def stop(mask: int, upper: int, rerolls: int) -> np.ndarray:
        best = np.full(len(rolls), -np.inf)
        for box in range(boxes):
            if mask >> box & 1:
                continue
            for roll in range(len(rolls)):
                gained = points[box][roll]
                after, now = upper, float(gained)
                if box in upper_faces:
                    after = min(cap, upper + gained)
                    now += variant.upper_bonus(upper + gained) - variant.upper_bonus(upper)
                best[roll] = max(best[roll], now + value(mask | 1 << box, after, rerolls))
        return best

    def expected(mask: int, upper: int, rerolls: int) -> np.ndarray:
        values = stop(mask, upper, 0)
        for level in range(1, rerolls + 1):
            keeps = chances @ values
            values = np.maximum(
                stop(mask, upper, level), np.where(inside, keeps[None, :], -np.inf).max(axis=1)
            )
        return values

    value(0, 0, 0)
    return memo, stop


def _layers(solver: SavedRollsSolver) -> list[np.ndarray]:
    """Every layer of a small card, from the full card down."""
    layers = [solver.last_layer()]
    for written in range(solver.boxes - 1, -1, -1):
        layers.insert(0, solver.solve_layer(written, layers[0]))
    return layers


BONUS_CARD = _card("fives", "sixes", "chance", bonus=(12, 50))


@pytest.mark.parametrize(
    "variant",
    [
        BONUS_CARD,
        _card("sixes", "three_pairs", "maxi_yatzy"),
    ],
    ids=["upper bonus at 12", "pairs and Maxi Yatzy"],
)
def test_the_layers_match_a_direct_backward_induction(variant: Variant) -> None:
    # Y-R5: stopping with r rerolls left saves r for the next turn, which starts with 2 + saved.
    solver = SavedRollsSolver(variant)
    reference = _Reference(variant).values
    layers = _layers(solver)
    for (mask, upper, saved), expected in reference.items():
        written = bin(mask).count("1")
        assert saved <= most_saved(written)
        assert layers[written][solver.ranks.rank[mask], saved, upper] == pytest.approx(expected, abs=1e-9)
    assert solver.solve() == pytest.approx(reference[0, 0, 0], abs=1e-9)


def test_a_last_box_of_chance_is_six_dice_each_rerolled_at_best_with_the_saved_rolls() -> None:
    # Y-R5: a turn with s saved rolls has 3 + s rolls. Chance adds the dice, so each die is
    # played alone: with n rolls a die is worth v(n), v(1) = 3.5, v(n + 1) = mean(max(face, v(n))).
    solver = SavedRollsSolver(_card("ones", "chance"))
    ones_written = solver.solve_layer(1, solver.last_layer())[solver.ranks.rank[0b01]]
    die = [0.0, 3.5]
    for _ in range(4):
        die.append(float(np.mean([max(face, die[-1]) for face in range(1, 7)])))
    for saved in range(most_saved(1) + 1):
        for upper in (0, 3, 6):  # the upper total does not matter to Chance
            assert ones_written[saved, upper] == pytest.approx(6 * die[3 + saved], abs=1e-9)


def _sheets(variant: Variant) -> list[dict[str, int | None]]:
    """Sheets of the bonus card with every mix of written boxes and upper points."""
    choices = {"fives": [None, 0, 5, 10], "sixes": [None, 0, 6, 12], "chance": [None, 17]}
    return [dict(zip(choices, points, strict=True)) for points in itertools.product(*choices.values())]


def test_a_turn_and_its_choices_agree_with_the_direct_induction() -> None:
    # Y-R5 for the bot: a turn with s saved rolls is the empty keep with s + 3 rerolls before
    # it, and writing a roll with r rerolls left is worth its box plus the state saving r.
    solver = SavedRollsSolver(BONUS_CARD)
    table = SavedRollsTable(solver, _layers(solver))
    reference = _Reference(BONUS_CARD)
    rolls = dice_tables(6).rolls
    checked = 0
    for sheet in _sheets(BONUS_CARD):
        mask = sum(1 << index for index, box_id in enumerate(BONUS_CARD.box_ids) if sheet[box_id] is not None)
        if mask == 0b111:
            continue
        upper = min(12, (sheet["fives"] or 0) + (sheet["sixes"] or 0))
        turn = table.turn(sheet)
        for saved in range(most_saved(bin(mask).count("1")) + 1):
            if (mask, upper, saved) in reference.values:
                assert turn.keep_value((0,) * 6, saved + 3) == pytest.approx(
                    reference.values[mask, upper, saved]
                )
                checked += 1
        stop = reference.stop(mask, upper, 1)
        for roll in (0, 100, 461):
            best = max(table.choice_values(sheet, rolls[roll], rolls_left=1).values())
            assert best == pytest.approx(stop[roll])
    assert checked > 20


def test_a_table_is_read_from_complete_layers_only(tmp_path: Path) -> None:
    solver = SavedRollsSolver(BONUS_CARD)
    value = solver.solve(tmp_path)
    table = SavedRollsTable.load(BONUS_CARD, tmp_path)
    assert table is not None and table.start_value() == value
    (tmp_path / "layer-01.npy").unlink()
    assert SavedRollsTable.load(BONUS_CARD, tmp_path) is None


def test_cards_without_saved_rolls_are_refused() -> None:
    with pytest.raises(ValueError, match="does not save rolls"):
        SavedRollsSolver(YAHTZEE)


def test_a_stopped_computation_resumes_from_its_saved_layers(tmp_path: Path) -> None:
    variant = _card("sixes", "chance", "maxi_yatzy")
    solver = SavedRollsSolver(variant)
    value = solver.solve(tmp_path)
    files = sorted(path.name for path in tmp_path.iterdir())
    assert files == ["layer-00.npy", "layer-01.npy", "layer-02.npy"]
    # A resumed run reads the saved layers: a layer altered on disk shows in the value.
    layer = np.load(tmp_path / "layer-00.npy")
    layer[0, 0, 0] += 1.0
    np.save(tmp_path / "layer-00.npy", layer)
    assert solver.solve(tmp_path) == pytest.approx(value + 1.0)


def _one_die(rolls: int) -> float:
    """A die played alone for its highest face with `rolls` rolls: v(n + 1) = mean(max(face, v(n)))."""
    value = 0.0
    for _ in range(rolls):
        value = float(np.mean([max(face, value) for face in range(1, 7)]))
    return value


def test_the_bot_plays_a_solved_maxi_card_exactly(monkeypatch: pytest.MonkeyPatch) -> None:
    # Only Chance is left on a real Maxi Yatzy card, with 3 rerolls left (Y-R5: saved ones
    # included). Rolling n dice is worth n * v(3); a kept die may be rolled again later
    # (Y-R2), so it is worth max(face, v(2)). Writing Chance now is worth the dice, the
    # unused rolls nothing (Y-R5).
    solver = SavedRollsSolver(MAXI)
    last = solver.last_layer()
    layers = [np.zeros((0, 0, 0))] * 19 + [solver.solve_layer(19, last), last]
    monkeypatch.setattr(yatzy_tables, "_saved_rolls_tables", {"maxi": SavedRollsTable(solver, layers)})
    sheet = {box_id: 0 for box_id in MAXI.box_ids if box_id != "chance"} | {"ones": 3, "sixes": 24}
    dice = [6, 6, 5, 2, 1, 3]
    state = YatzyState.from_position(GAME, dice=dice, variant="maxi", rolls_left=3, sheets=[sheet])
    values = action_values(state.view(0), 0)
    so_far = 27.0
    for action_id, kept in roll_choices(6).items():
        kept_dice = sum(max(dice[index], _one_die(2)) for index in kept)
        expected = so_far + kept_dice + (6 - len(kept)) * _one_die(3)
        assert values[action_id] == pytest.approx(expected, abs=1e-9)
    assert values["score:chance"] == pytest.approx(so_far + sum(dice))
    assert YatzyBot().choose(state, 0) == "roll:0,1,2"  # a kept 5 beats a rolled die, v(3) = 4.67
    assert takes_table({"variant": "maxi"})
