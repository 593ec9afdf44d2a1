"""Kalah's board, its notation and the per-table rule tables (section 2 of docs/rules/kalah.md).

The board is one flat list of 2m + 2 counts, in the index layout the rules file
recommends: South's pits S1…Sm at 0…m−1, South's store at m, North's pits N1…Nm at
m+1…2m, North's store at 2m+1. Sowing follows the indices upwards, wrapping round, and
skips the opponent's store (K-R2). The pit opposite index i is 2m − i (K-R4).

Everything that depends only on the table options (and on the seed total) is computed once
in a `KalahRules` and shared by every state of such a table, so a move allocates nothing
it can avoid: the id → pit dictionaries, the sowing cycles and the prebuilt `Action`s.

Notation (the rules page's "Notation"): an action id is the mover's pit number "1"…"m",
counted from the mover's left, so the same id names S3 for South and N3 for North
(`KalahRules.ids` writes them, `KalahRules.pit_of_id` reads them); the pie-rule swap is
"swap". Drawing ids are "pit-s3", "pit-n1", "store-s" and "store-n".
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from tabletop.engine import Action, ActionId, OptionValue, Tensor

Side = int
SOUTH: Side = 0
NORTH: Side = 1
NO_SIDE: Side = 2
"""The side to move once the game is over; rule tables carry an empty third entry for it."""

NO_MOVE = -1
"""The pit index recorded for a swap, which sows nothing."""

SIDE_NAMES = ("South", "North")
SIDE_LETTERS = ("s", "n")
SWAP: ActionId = "swap"
SWAP_ACTION = Action(SWAP, "Swap sides", ())

END_EARLY = "early_finish"
"""K-R9 ended the game; the recorded side is the winner."""
END_EMPTY = "empty_pits"
"""End-A ended the game; the recorded side was due to move with empty pits."""
END_SWEEP = "sweep"
"""End-B ended the game; the recorded side is the one whose pits became empty."""

AT_TURN = "at_turn"
SWEEP = "sweep"
END_RULES = (AT_TURN, SWEEP)


def pit_element(side: Side, number: int) -> str:
    """The drawing's id of a pit, numbered 1…m from its owner's left: "pit-s3", "pit-n1"."""
    return f"pit-{SIDE_LETTERS[side]}{number}"


def store_element(side: Side) -> str:
    """The drawing's id of a store: "store-s" or "store-n"."""
    return f"store-{SIDE_LETTERS[side]}"


def sow_label(number: int, seeds: int) -> str:
    """The button text of a pit action, e.g. "Sow pit 3 (5 seeds)"."""
    return f"Sow pit {number} ({seeds} seed{'' if seeds == 1 else 's'})"


@dataclass(frozen=True, slots=True)
class KalahRules:
    """One table's options and the lookup tables derived from them.

    `ids` are the action ids "1"…"m" of either side (relative to the mover, see Notation);
    `pit_of_id[side]` maps them to board indices (an empty dict for `NO_SIDE`);
    `cycle[side]` lists the board indices in sowing order from the side's pit 1 (the
    opponent's store left out, K-R2), written out twice so that a run of fewer than
    `cycle_length` seeds from any pit needs no modulo. A sowing from `pit` with `seeds`
    seeds whose end `pit + seeds` is at most `straight_end[side]` neither wraps round nor
    meets the skipped store, so it is a plain run of consecutive indices. `row[side]` is the
    slice of a side's pits (an empty one for `NO_SIDE`): slicing with a prebuilt slice is
    the cheapest way to read a row on the hot path.
    """

    pits: int
    seeds: int
    pie_rule: bool
    empty_capture: bool
    sweep: bool
    early_finish: bool
    total: int
    base: tuple[int, int]
    store: tuple[int, int]
    straight_end: tuple[int, int]
    row: tuple[slice, slice, slice]
    cycle: tuple[tuple[int, ...], tuple[int, ...]]
    cycle_length: int
    pit_of_id: tuple[dict[ActionId, int], dict[ActionId, int], dict[ActionId, int]]
    ids: tuple[ActionId, ...]
    actions: tuple[tuple[tuple[Action, ...], ...], tuple[tuple[Action, ...], ...]]

    def side_of(self, index: int) -> Side:
        """The side owning a board index (a pit or a store)."""
        return SOUTH if index <= self.pits else NORTH

    def pit_number(self, index: int) -> int:
        """The number 1…m of a pit's board index, counted from its owner's left."""
        return index - self.base[self.side_of(index)] + 1

    def element_of(self, index: int) -> str:
        """The drawing's id of a board index."""
        side = self.side_of(index)
        if index == self.store[side]:
            return store_element(side)
        return pit_element(side, self.pit_number(index))

    def options(self) -> dict[str, bool | int | str]:
        """The table options these rules were built from, by their names in the rules page."""
        return {
            "seeds": self.seeds,
            "pits": self.pits,
            "pie_rule": self.pie_rule,
            "empty_capture": self.empty_capture,
            "end_rule": SWEEP if self.sweep else AT_TURN,
            "early_finish": self.early_finish,
        }


def rules_from_options(options: Mapping[str, OptionValue], total: int) -> KalahRules:
    """The rule tables for resolved table options (names of the rules page) and a seed total."""
    return rules_for(
        pits=int(options["pits"]),
        seeds=int(options["seeds"]),
        pie_rule=bool(options["pie_rule"]),
        empty_capture=bool(options["empty_capture"]),
        end_rule=str(options["end_rule"]),
        early_finish=bool(options["early_finish"]),
        total=total,
    )


@lru_cache(maxsize=256)
def rules_for(
    *,
    pits: int,
    seeds: int,
    pie_rule: bool,
    empty_capture: bool,
    end_rule: str,
    early_finish: bool,
    total: int,
) -> KalahRules:
    """The shared rule tables of one table; `total` is the number of seeds in play (K-R9's "all seeds")."""
    bases = (0, pits + 1)
    stores = (pits, 2 * pits + 1)
    ids = tuple(str(number) for number in range(1, pits + 1))
    return KalahRules(
        pits=pits,
        seeds=seeds,
        pie_rule=pie_rule,
        empty_capture=empty_capture,
        sweep=end_rule == SWEEP,
        early_finish=early_finish,
        total=total,
        base=bases,
        store=stores,
        straight_end=(2 * pits, 2 * pits + 1),
        row=(slice(0, pits), slice(pits + 1, 2 * pits + 1), slice(0, 0)),
        cycle=(_cycle(pits, SOUTH) * 2, _cycle(pits, NORTH) * 2),
        cycle_length=2 * pits + 1,
        pit_of_id=(
            {action_id: bases[SOUTH] + k for k, action_id in enumerate(ids)},
            {action_id: bases[NORTH] + k for k, action_id in enumerate(ids)},
            {},
        ),
        ids=ids,
        actions=(_pit_actions(pits, SOUTH, total), _pit_actions(pits, NORTH, total)),
    )


def _cycle(pits: int, side: Side) -> tuple[int, ...]:
    """Board indices in sowing order from the side's pit 1, skipping the opponent's store (K-R2)."""
    size = 2 * pits + 2
    start = 0 if side == SOUTH else pits + 1
    skipped = 2 * pits + 1 if side == SOUTH else pits
    ordered = ((start + step) % size for step in range(size))
    return tuple(index for index in ordered if index != skipped)


def _pit_actions(pits: int, side: Side, total: int) -> tuple[tuple[Action, ...], ...]:
    """For each pit, its `Action` for every seed count it can hold, so moves build no Action."""
    return tuple(
        tuple(
            Action(str(number), sow_label(number, count), (pit_element(side, number),))
            for count in range(total + 1)
        )
        for number in range(1, pits + 1)
    )


def action_space(pits: int, pie_rule: bool) -> tuple[ActionId, ...]:
    """Every id ever legal at such a table: the pits "1"…"m" in order, then "swap" with the pie rule.

    >>> action_space(3, True)
    ('1', '2', '3', 'swap')
    """
    return tuple(str(number) for number in range(1, pits + 1)) + ((SWAP,) if pie_rule else ())


def observation_shape(pits: int) -> tuple[int, ...]:
    """The length of `observation`: both rows and stores, and three flags."""
    return (2 * pits + 5,)


def observation(view: Mapping[str, Any], viewer: int | None) -> Tensor:
    """A view as a vector seen from the viewer's side (South for a spectator).

    In order: the viewer's side's pits (from its left) and store, the other side's pits
    and store (seed counts), then 1.0 where the viewer's side is to move, where the swap is
    offered, and where the game is over.

    >>> from tabletop.games.kalah.game import KalahGame
    >>> observation(KalahGame().new_state(2, {"pits": 2, "seeds": 3}).view(1), 1).tolist()
    [3.0, 3.0, 0.0, 3.0, 3.0, 0.0, 0.0, 0.0, 0.0]
    """
    mine = view["viewer_side"] or "south"
    other = "north" if mine == "south" else "south"
    counts = [*view[f"{mine}_pits"], view[f"{mine}_store"], *view[f"{other}_pits"], view[f"{other}_store"]]
    flags = [view["to_move"] == mine, view["swap_available"], view["to_move"] is None]
    return np.array(counts + flags, dtype=np.float32)
