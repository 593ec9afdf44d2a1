"""Bot leases: with several server processes exactly one computes each bot move (`Store.take_bot_lease`)."""

from __future__ import annotations

from datetime import timedelta
from functools import partial

from at_once import winners
from tabletop.store import NewTable, SeatSpec, Store

MINUTE = timedelta(minutes=1)


def _table(store: Store) -> str:
    seats = (SeatSpec(bot="random", bot_level=1), SeatSpec(bot="random", bot_level=1))
    return store.create_table(NewTable("nim", {"heaps": "1-2"}, 3, seats)).id


def test_a_lease_is_its_holder_s_until_a_later_move_or_its_expiry(store: Store) -> None:
    table = _table(store)
    assert store.take_bot_lease(table, 0, 1, "here", MINUTE)  # nobody held one
    assert not store.take_bot_lease(table, 0, 1, "there", MINUTE)  # held, same move
    assert store.take_bot_lease(table, 0, 1, "here", MINUTE)  # its holder may renew it
    assert store.take_bot_lease(table, 1, 1, "there", MINUTE)  # another seat is another lease
    assert store.take_bot_lease(table, 0, 2, "there", MINUTE)  # a later move: anyone may take it
    assert not store.take_bot_lease(table, 0, 2, "here", MINUTE)
    assert store.take_bot_lease(table, 0, 3, "here", timedelta(seconds=-1))  # taken, already expired
    assert store.take_bot_lease(table, 0, 3, "there", MINUTE)  # so another takes it over


def test_of_processes_claiming_one_move_at_once_exactly_one_gets_it(database_url: str) -> None:
    stores = [Store.open(database_url) for _ in range(4)]
    try:
        table = _table(stores[0])
        for seq in range(1, 16):
            won = winners(
                [
                    partial(store.take_bot_lease, table, 0, seq, f"process-{index}", MINUTE)
                    for index, store in enumerate(stores)
                ]
            )
            assert len(won) == 1, f"move {seq}: leases taken by {won}"
    finally:
        for store in stores:
            store.close()
