"""`BitNames` lists the same names as walking a bit set bit by bit, whatever the set."""

from __future__ import annotations

from tabletop.engine import Rng
from tabletop.engine.bits import BitNames

NAMES = [f"cell{number}" for number in range(61)]


def _walked(bits: int) -> list[str]:
    return [NAMES[number] for number in range(len(NAMES)) if bits >> number & 1]


def test_every_member_is_named_in_ascending_order() -> None:
    names = BitNames(NAMES)
    rng = Rng(15)
    for _ in range(500):
        bits = rng.next_u64() & rng.next_u64() & ((1 << len(NAMES)) - 1)
        assert names(bits) == _walked(bits)


def test_the_empty_set_the_full_set_and_the_last_member() -> None:
    names = BitNames(NAMES)
    assert names(0) == []
    assert names((1 << len(NAMES)) - 1) == NAMES
    assert names(1 << 60) == ["cell60"]


def test_each_call_returns_a_list_of_its_own() -> None:
    names = BitNames(NAMES)
    first = names(0b111)
    first.append("undo")
    assert names(0b111) == ["cell0", "cell1", "cell2"]
