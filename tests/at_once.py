"""Claims made at the same moment, as several server processes make them (leases)."""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence


def winners(claims: Sequence[Callable[[], bool]]) -> list[int]:
    """Runs the claims (each on a store of its own, as another process would) together, each
    in a thread of its own released at the same moment; the indexes of those that succeeded."""
    start = threading.Barrier(len(claims))
    won: list[int] = []

    def claim(index: int) -> None:
        start.wait()
        if claims[index]():
            won.append(index)

    threads = [threading.Thread(target=claim, args=(index,)) for index in range(len(claims))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return won
