"""The store keeps where a table begun from another table's position came from (issue 16)."""

from __future__ import annotations

from tabletop import games
from tabletop.store import NewTable, SeatSpec, Store, TableOrigin


def test_a_table_begun_from_a_position_keeps_its_origin_and_first_position(store: Store) -> None:
    origin = store.create_table(NewTable("kalah", {}, 7, (SeatSpec(), SeatSpec())))
    position = games.load("kalah").replay(2, {}, 7, [(0, "3"), (0, "6")])
    start = position.start_here(seed=99).to_json()
    created = store.create_table(
        NewTable("kalah", {}, 99, (SeatSpec(), SeatSpec()), origin=TableOrigin(origin.id, 2, start))
    )
    stored = store.table(created.id)
    assert stored is not None and stored.origin == TableOrigin(origin.id, 2, start)
    replayed = games.load("kalah").replay(2, {}, 99, [], start=stored.origin.start)
    assert replayed.to_json() == position.to_json()


def test_a_table_from_the_games_own_start_has_no_origin(store: Store) -> None:
    created = store.create_table(NewTable("kalah", {}, 7, (SeatSpec(), SeatSpec())))
    stored = store.table(created.id)
    assert stored is not None and stored.origin is None
