"""An independent move generator for the writing step, written from docs/rules/rolltothetop.md alone.

It works on the postcard file's JSON (box ids, not indices), the numbers written so far
and the values of the unused dice, and enumerates groups as combinations of named dice:
nothing of the engine's masks, tables or precomputed neighbours is used.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations
from typing import Any


def open_boxes(postcard: Mapping[str, Any], numbers: Mapping[str, int]) -> dict[str, int]:
    """Each empty box that may be filled now, with the least number it takes (R5–R7)."""
    found: dict[str, int] = {}
    for box in postcard["boxes"]:
        if box["id"] in numbers:
            continue
        if box["dot"]:
            found[box["id"]] = 1
        elif box["below"]:
            if all(other in numbers for other in box["below"]):
                found[box["id"]] = max(numbers[other] for other in box["below"])
        elif any(other in numbers for other in box["side"]):
            found[box["id"]] = 1
    return found


def write_ids(postcard: Mapping[str, Any], numbers: Mapping[str, int], dice: Mapping[str, int]) -> set[str]:
    """Every write "box=dX+dY" allowed with the unused `dice` (name: face), R3–R7."""
    order = ["d4", "d6", "d8", "d12", "d20"]
    names = sorted(dice, key=order.index)
    ids = set()
    for size in range(1, len(names) + 1):
        for group in combinations(names, size):
            total = sum(dice[name] for name in group)
            for box, least in open_boxes(postcard, numbers).items():
                if total >= least:
                    ids.add(f"{box}={'+'.join(group)}")
    return ids


def pool_count(rolled: int, face: str, anybody_wrote: bool) -> int:
    """How many pool changes R13–R17 offer with `rolled` active dice, counted from the rules' words."""
    reserve = 5 - rolled
    if rolled == 5:
        return 5
    if rolled == 1 or not anybody_wrote:
        return reserve
    return {"+": reserve, "−": rolled, "swap": rolled * reserve, "±": 5}[face]


def perft(
    postcard: Mapping[str, Any], seats: list[dict[str, Any]], dice: Mapping[str, int], face: str, depth: int
) -> int:
    """Action sequences of `depth` plies from a writing step, the first seat still writing acting
    (as tests/perft.py does); the step may end in the pool step, but not go past it.

    A seat is {"start": numbers at the step's start, "numbers": numbers now, "unused": dice names,
    "done": confirmed}. Its actions: every write, `undo` once it wrote, `confirm`.
    """
    if depth == 0:
        return 1
    writing = [seat for seat in seats if not seat["done"]]
    if not writing:
        if depth > 1:
            raise ValueError("the reference stops at the pool step")
        wrote = any(seat["numbers"] != seat["start"] for seat in seats)
        return pool_count(len(dice), face, wrote)
    me = writing[0]
    unused = {name: dice[name] for name in me["unused"]}
    moves = sorted(write_ids(postcard, me["numbers"], unused))
    wrote = me["numbers"] != me["start"]
    children: list[list[dict[str, Any]]] = []
    for move in moves:
        box, group = move.split("=")
        used = group.split("+")
        numbers = {**me["numbers"], box: sum(dice[name] for name in used)}
        children.append(_with(seats, me, numbers=numbers, unused=me["unused"] - set(used)))
    if wrote:
        children.append(_with(seats, me, numbers=dict(me["start"]), unused=set(dice)))
    children.append(_with(seats, me, done=True))
    if depth == 1:
        return len(children)
    return sum(perft(postcard, child, dice, face, depth - 1) for child in children)


def _with(seats: list[dict[str, Any]], me: dict[str, Any], **changes: Any) -> list[dict[str, Any]]:
    return [{**seat, **changes} if seat is me else seat for seat in seats]


def start_seats(
    players: int, dice: Mapping[str, int], numbers: Mapping[str, int] | None = None
) -> list[dict[str, Any]]:
    """Every seat at the start of a writing step, all with the same `numbers` already written."""
    written = dict(numbers or {})
    return [
        {"start": written, "numbers": written, "unused": set(dice), "done": False} for _ in range(players)
    ]
