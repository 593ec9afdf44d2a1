"""Play from here: what a table begun at another table's position may start from (issue 16).

The new table's first position is `State.start_here` of the origin's position, seeded
with the new table's seed: what a spectator saw is kept and everything hidden or random
is dealt anew, so nobody at the new table can use what they learnt watching the rest of
the original. Who may start from where is decided here, for the pages and the API alike.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.engine import IllegalAction
from tabletop.server import errors
from tabletop.server.inputs import whole_number
from tabletop.server.live import LiveTable, replay_snapshot
from tabletop.store import NewTable, TableOrigin, TableRecord

MAX_MOVE = 1_000_000
"""Beyond any game's `max_length`: a form's move number is refused above it before any lookup."""


@dataclass(frozen=True)
class StartingPosition:
    """A position of another table, asked for as a new table's start: its id and moves played."""

    table_id: str
    move: int


def may_play_from(record: TableRecord, player_id: int | None) -> bool:
    """Whether this person may begin a table from the positions of `record`.

    Every position of a finished table is public in its replay. Of a game still under way
    only its solo player may: at anybody else's table the position would tell the new
    table's players about hands and choices the players there have not shown yet.
    """
    if record.status == "finished":
        return True
    return record.players == 1 and player_id is not None and record.seats[0].player_id == player_id


def table_origin(live: LiveTable, move: int, player_id: int | None, seed: int) -> TableOrigin:
    """The origin of a new table seeded `seed` that starts after `move` moves of `live`.

    Raises `Forbidden` for a game of others still under way, `BadRequest` for a move
    outside the log and `GameOver` for a position where nothing is left to play.
    """
    if not may_play_from(live.record, player_id):
        raise errors.Forbidden(
            "only a finished table, or your own solo game, can be played from: "
            "the players of a game under way have not shown everything yet"
        )
    if not 0 <= move <= live.seq:
        raise errors.BadRequest(f"table {live.id} has positions after 0 to {live.seq} moves; got {move}")
    try:
        start = replay_snapshot(live, move).state.start_here(seed)
    except IllegalAction as error:
        raise errors.GameOver(f"after move {move} of table {live.id} {error}") from error
    return TableOrigin(live.id, move, start.to_json())


def check_same_setup(origin: TableRecord, table: NewTable) -> None:
    """A table begun from a position keeps the game, options and seat count it was reached with."""
    if (table.game_id, table.players, table.options) != (origin.game_id, origin.players, origin.options):
        raise errors.BadRequest(
            f"a table played from a position of table {origin.id} is {origin.game_id} for "
            f"{origin.players} with its options {origin.options}; got {table.game_id} for "
            f"{table.players} with {table.options}"
        )


def start_from_form(form: dict[str, str]) -> StartingPosition | None:
    """The position a new-table form asks to begin at (its `from-table` and `from-move`), if any."""
    table_id = form.get("from-table")
    if not table_id:
        return None
    return StartingPosition(table_id, whole_number(form.get("from-move", ""), "the move", 0, MAX_MOVE))
