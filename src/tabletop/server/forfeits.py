"""Results when players leave: who resigned or ran out of time ranks last.

In a game of two the one who stays wins at once. In a game of more the leaver's seat is
played on by a bot (so the others can finish) and the leaver ranks below everyone who
stayed, the earliest leaver last; the game's own result orders those who stayed.
"""

from __future__ import annotations

from tabletop.engine import Outcome, Seat
from tabletop.server.summaries import seat_display_name
from tabletop.store import TableRecord


def ends_the_game(record: TableRecord, seat: Seat) -> bool:
    """Does this seat leaving end the game? Yes when only one other seat would still play."""
    staying = {forfeit.seat for forfeit in record.forfeits} | {seat}
    return record.players - len(staying) <= 1


def walkover(record: TableRecord, seat: Seat, reason: str) -> Outcome:
    """The result when `seat` leaves and only one seat stays: that one wins.

    >>> from datetime import datetime, UTC
    >>> from tabletop.store import SeatRecord
    >>> seats = (SeatRecord(0, 1, "Ann", None, None), SeatRecord(1, 2, "Bob", None, None))
    >>> now = datetime.now(UTC)
    >>> record = TableRecord("t", "kalah", {}, 1, 2, "live", "playing", 1, now, now, None, None, seats)
    >>> walkover(record, 0, "resigned")
    Outcome(scores=(0.0, 1.0), ranks=(2, 1), reason='Bob wins: Ann resigned')
    """
    leavers = [forfeit.seat for forfeit in record.forfeits] + [seat]
    winner = next(other for other in range(record.players) if other not in leavers)
    scores = [1.0 if other == winner else 0.0 for other in range(record.players)]
    ranked = _ranked(record.players, {winner: 1}, leavers)
    why = f"{seat_display_name(record.seats[winner])} wins: {seat_display_name(record.seats[seat])} {reason}"
    return Outcome(tuple(scores), ranked, why)


def ranked_with_forfeits(outcome: Outcome, record: TableRecord) -> Outcome:
    """The game's result with the seats that left ranked below those who stayed."""
    if not record.forfeits:
        return outcome
    leavers = [forfeit.seat for forfeit in record.forfeits]
    stayed = {seat: outcome.ranks[seat] for seat in range(record.players) if seat not in leavers}
    notes = "; ".join(f"{seat_display_name(record.seats[f.seat])} {f.reason}" for f in record.forfeits)
    return Outcome(outcome.scores, _ranked(record.players, stayed, leavers), f"{outcome.reason} ({notes})")


def _ranked(players: int, stayed: dict[Seat, int], leavers: list[Seat]) -> tuple[int, ...]:
    """Ranks from sort keys: those who stayed by their rank, then leavers, the earliest last."""
    keys = {seat: (0, rank) for seat, rank in stayed.items()}
    keys |= {seat: (1, -order) for order, seat in enumerate(leavers)}
    return tuple(1 + sum(keys[other] < keys[seat] for other in range(players)) for seat in range(players))
