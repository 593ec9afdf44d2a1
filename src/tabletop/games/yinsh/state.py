"""The YINSH state: the board as bitmasks, whose decision it is, and the order of a turn.

`rules/yinsh.md`. A game runs through phases, each one kind of decision:

    PLACE ×10 (YI-S2) → MOVE (YI-R1) → [ROW → RING]* (YI-R5 … YI-R8) → MOVE of the other seat …

A ring move that makes rows hands the decision to the row owners, mover first (YI-R8);
when nobody has a row the turn is over, the marker supply is checked (YI-R11) and the
other seat moves, or passes when none of their rings can move (YI-R12). A seat's run of
consecutive decisions is its turn; `undo` returns to the start of the run (see the
package docstring for its limit).

Seat 0 plays White and starts (YI-S1); seat 1 plays Black. Rings are numbered per colour
(`ring-w-1` … `ring-w-5`) in the order they were placed so that each keeps its identity
from the supply to the board to the scoring track.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from tabletop.engine import Action, ActionId, Outcome, Seat, State
from tabletop.games.yinsh.geometry import WINDOW_MASKS
from tabletop.games.yinsh.rules import (
    ACTIONS,
    BLACK,
    MARKER_POOL,
    MOVES,
    PASS,
    PLACEMENT_BY_ID,
    PLACEMENT_IDS,
    REMOVAL_BY_ID,
    REMOVAL_IDS,
    RINGS_PER_PLAYER,
    RINGS_TO_WIN,
    ROW_BY_ID,
    ROW_IDS,
    SEAT_NAMES,
    UNDO,
    WHITE,
    can_any_ring_move,
    has_row_through,
    ring_move_ids,
    rows_in,
)

if TYPE_CHECKING:
    from tabletop.engine import Game, JsonDict

PLACE, MOVE, PASSING, ROW, RING, OVER = range(6)
PHASE_NAMES = ("place", "move", "pass", "row", "ring", "over")
# Where a ring is when it is not on a point of the board: in the supply (not yet placed) or
# on the scoring track, where SCORED - k stands for the k-th slot (0-based) of its owner.
SUPPLY, SCORED = -1, -2
# Undos allowed in one turn: enough for any change of mind, and a bound on a game's length.
UNDO_LIMIT = 3


class LastMove(NamedTuple):
    """The last placement, ring move or pass, and the removals that followed it (for the drawing)."""

    kind: str  # "place", "move" or "pass"
    seat: Seat
    origin: int  # the point the ring left (moves only), else -1
    target: int  # the point the ring reached, else -1
    flipped: int  # bitmask of the markers the ring jumped (YI-R3)
    rows: tuple[tuple[Seat, int], ...] = ()  # (owner, window index) removed since
    rings: tuple[tuple[int, int], ...] = ()  # (ring number, point) removed since


# The part of a state that `undo` restores: rings, markers, phase, actor, mover, last move.
Snapshot = tuple[tuple[int, ...], int, int, int, Seat, Seat, LastMove | None]


class YinshState(State):
    """One YINSH position; seat 0 is White, seat 1 Black.

    >>> from tabletop.games.yinsh import GAME
    >>> state = GAME.new_state(seed=1)
    >>> state.current_players(), len(state.legal_actions(0))
    ((0,), 85)
    """

    def __init__(self, game: Game, variant: str) -> None:
        self.game = game
        self.players = 2
        self.variant = variant
        self.rings_to_win = RINGS_TO_WIN[variant]
        self._rings = [SUPPLY] * (2 * RINGS_PER_PLAYER)
        self._ring_bits = [0, 0]
        self._markers = [0, 0]
        self._removed = [0, 0]
        self._phase = PLACE
        self._actor: Seat = WHITE
        self._mover: Seat = WHITE
        self._last: LastMove | None = None
        self._result = ""
        self._turn_start: Snapshot | None = None
        self._decisions = 0
        self._undos = 0
        self._legal: list[ActionId] | None = None

    # -- the contract ---------------------------------------------------------------------

    def current_players(self) -> tuple[Seat, ...]:
        return () if self._phase == OVER else (self._actor,)

    def legal_action_ids(self, seat: Seat) -> list[ActionId]:
        if self._phase == OVER or seat != self._actor:
            return []
        return list(self._legal_ids())

    def legal_actions(self, seat: Seat) -> list[Action]:
        return [ACTIONS[action_id] for action_id in self.legal_action_ids(seat)]

    def _apply(self, seat: Seat, action_id: ActionId) -> None:
        if self._phase == OVER or seat != self._actor or action_id not in self._legal_ids():
            raise self.illegal(seat, action_id)
        if action_id == UNDO:
            self._undo()
            return
        if self._decisions == 0:
            self._turn_start = self.snapshot()
        self._perform(action_id)
        self._legal = None
        if self._phase != OVER and self._actor == seat:
            self._decisions += 1
        else:
            self._decisions, self._undos, self._turn_start = 0, 0, None

    def is_over(self) -> bool:
        return self._phase == OVER

    def outcome(self) -> Outcome | None:
        """Scores are rings removed: three (one in Blitz) wins, else the larger count (YI-R9 … R12)."""
        if self._phase != OVER:
            return None
        return Outcome.from_scores(list(self._removed), self._result)

    def clone(self) -> YinshState:
        other = YinshState.__new__(YinshState)
        other.__dict__.update(self.__dict__)
        other._rings = self._rings[:]
        other._ring_bits = self._ring_bits[:]
        other._markers = self._markers[:]
        other._removed = self._removed[:]
        return other

    # `records` builds views and JSON from the questions below and imports this module.
    def view(self, viewer: Seat | None) -> JsonDict:
        from tabletop.games.yinsh.records import view_of

        return view_of(self)

    def to_json(self) -> JsonDict:
        from tabletop.games.yinsh.records import state_to_json

        return state_to_json(self)

    # -- read-only questions (drawing, records, evaluator) --------------------------------

    @property
    def phase(self) -> int:
        """The kind of decision expected now: PLACE, MOVE, PASSING, ROW, RING or OVER."""
        return self._phase

    @property
    def actor(self) -> Seat:
        """The seat whose decision it is (meaningless once the game is over)."""
        return self._actor

    @property
    def last_move(self) -> LastMove | None:
        """The last placement, move or pass and the removals that followed it."""
        return self._last

    @property
    def result(self) -> str:
        """Why the game ended ("" while it goes on)."""
        return self._result

    @property
    def undo_record(self) -> tuple[Snapshot | None, int, int]:
        """The start of the current turn, decisions taken in it, and undos used in it."""
        return self._turn_start, self._decisions, self._undos

    def ring_points(self, seat: Seat) -> list[int]:
        """The points of `seat`'s rings on the board."""
        start = seat * RINGS_PER_PLAYER
        return [point for point in self._rings[start : start + RINGS_PER_PLAYER] if point >= 0]

    def ring_places(self) -> tuple[int, ...]:
        """Every ring's place, White's five then Black's: a point, SUPPLY or SCORED - slot."""
        return tuple(self._rings)

    def markers(self, seat: Seat) -> int:
        """The bitmask of the markers showing `seat`'s colour."""
        return self._markers[seat]

    def rings_mask(self) -> int:
        """The bitmask of every ring on the board."""
        return self._ring_bits[WHITE] | self._ring_bits[BLACK]

    def rings_removed(self, seat: Seat) -> int:
        """How many rings `seat` has taken off to the scoring track."""
        return self._removed[seat]

    def markers_in_pool(self) -> int:
        """Markers not on the board (YI-R11 ends the game when none are left)."""
        return MARKER_POOL - (self._markers[WHITE] | self._markers[BLACK]).bit_count()

    def can_move(self, seat: Seat) -> bool:
        """True if one of `seat`'s rings has a legal move (YI-R12)."""
        markers = self._markers[WHITE] | self._markers[BLACK]
        return can_any_ring_move(self.ring_points(seat), self.rings_mask(), markers)

    def snapshot(self) -> Snapshot:
        """The part of the state that `undo` restores."""
        white, black = self._markers
        return (tuple(self._rings), white, black, self._phase, self._actor, self._mover, self._last)

    # -- building states (records and positions) ------------------------------------------

    def restore(self, snapshot: Snapshot) -> None:
        """Puts back a snapshot; ring bitmasks and removal counts follow from the rings."""
        rings, white, black, self._phase, self._actor, self._mover, self._last = snapshot
        self._rings = list(rings)
        self._markers = [white, black]
        self._ring_bits = [0, 0]
        self._removed = [0, 0]
        for index, point in enumerate(rings):
            seat = index // RINGS_PER_PLAYER
            if point >= 0:
                self._ring_bits[seat] |= 1 << point
            elif point <= SCORED:
                self._removed[seat] += 1
        self._legal = None

    def set_undo_record(self, turn_start: Snapshot | None, decisions: int, undos: int) -> None:
        """Restores the undo bookkeeping written by `undo_record`."""
        self._turn_start, self._decisions, self._undos = turn_start, decisions, undos

    def set_result(self, result: str) -> None:
        """Restores why a finished game ended (records only)."""
        self._result = result

    def start_moving(self, seat: Seat) -> None:
        """Starts `seat`'s ring move, or their pass, or ends a game where no ring can move (YI-R12)."""
        if self.can_move(seat):
            self._phase, self._actor = MOVE, seat
        elif self.can_move(1 - seat):
            self._phase, self._actor = PASSING, seat
        else:
            self._finish("no ring of either player can move")
        self._legal = None

    # -- transitions ----------------------------------------------------------------------

    def _legal_ids(self) -> list[ActionId]:
        if self._legal is None:
            self._legal = self._generate_legal_ids()
        return self._legal

    def _generate_legal_ids(self) -> list[ActionId]:
        phase, seat = self._phase, self._actor
        if phase == MOVE:
            markers = self._markers[WHITE] | self._markers[BLACK]
            ids = ring_move_ids(self.ring_points(seat), self.rings_mask(), markers)
        elif phase == PLACE:
            ids = list(PLACEMENT_IDS)  # indexed by point: delete the occupied ones from the end
            for point in sorted(self.ring_points(WHITE) + self.ring_points(BLACK), reverse=True):
                del ids[point]
        elif phase == ROW:
            ids = [ROW_IDS[window] for window in rows_in(self._markers[seat])]
        elif phase == RING:
            ids = [REMOVAL_IDS[point] for point in self.ring_points(seat)]
        else:
            ids = [PASS] if phase == PASSING else []
        if self._decisions and self._undos < UNDO_LIMIT:
            ids.append(UNDO)
        return ids

    def _perform(self, action_id: ActionId) -> None:
        phase = self._phase
        if phase == MOVE:
            self._move(*MOVES[action_id])
        elif phase == PLACE:
            self._place(PLACEMENT_BY_ID[action_id])
        elif phase == ROW:
            self._remove_row(ROW_BY_ID[action_id])
        elif phase == RING:
            self._remove_ring(REMOVAL_BY_ID[action_id])
        else:
            self._last = LastMove("pass", self._actor, -1, -1, 0)
            self.start_moving(1 - self._actor)

    def _undo(self) -> None:
        """Back to the start of the turn; the turn's undo count survives (UNDO_LIMIT)."""
        assert self._turn_start is not None
        self.restore(self._turn_start)
        self._turn_start, self._decisions = None, 0
        self._undos += 1

    def _place(self, point: int) -> None:
        """YI-S2: the next ring from the supply goes on an empty point; White then moves (YI-S3)."""
        seat = self._actor
        index = self._rings.index(SUPPLY, seat * RINGS_PER_PLAYER)
        self._rings[index] = point
        self._ring_bits[seat] |= 1 << point
        self._last = LastMove("place", seat, -1, point, 0)
        if SUPPLY in self._rings:
            self._actor = 1 - seat
        else:
            self.start_moving(WHITE)

    def _move(self, origin: int, target: int, between: int) -> None:
        """YI-R1 … R3: marker into the ring, ring along the line, jumped markers flipped."""
        seat = self._actor
        self._rings[self._rings.index(origin, seat * RINGS_PER_PLAYER)] = target
        self._ring_bits[seat] ^= (1 << origin) | (1 << target)
        markers = self._markers
        flipped = between & (markers[WHITE] | markers[BLACK])
        markers[WHITE] ^= flipped
        markers[BLACK] ^= flipped
        markers[seat] |= 1 << origin
        self._mover = seat
        self._last = LastMove("move", seat, origin, target, flipped)
        if has_row_through(markers[seat], flipped | 1 << origin):
            self._phase = ROW
        elif has_row_through(markers[1 - seat], flipped):
            self._phase, self._actor = ROW, 1 - seat
        else:
            self._end_turn()

    def _remove_row(self, window: int) -> None:
        """YI-R5 … R7: the chosen five markers go back to the pool; a ring must follow."""
        seat = self._actor
        self._markers[seat] &= ~WINDOW_MASKS[window]
        if self._last is not None:
            self._last = self._last._replace(rows=(*self._last.rows, (seat, window)))
        self._phase = RING

    def _remove_ring(self, point: int) -> None:
        """YI-R5, R8 … R10: a ring to the track; a win at once, else more rows or the next turn."""
        seat = self._actor
        index = self._rings.index(point, seat * RINGS_PER_PLAYER)
        self._rings[index] = SCORED - self._removed[seat]
        self._ring_bits[seat] &= ~(1 << point)
        self._removed[seat] += 1
        if self._last is not None:
            self._last = self._last._replace(rings=(*self._last.rings, (index, point)))
        if self._removed[seat] >= self.rings_to_win:
            self._finish(f"{SEAT_NAMES[seat]} removed {self._ring_count(self.rings_to_win)}")
        elif rows_in(self._markers[seat]):
            self._phase = ROW
        elif seat == self._mover and rows_in(self._markers[1 - seat]):
            self._phase, self._actor = ROW, 1 - seat
        else:
            self._end_turn()

    def _end_turn(self) -> None:
        """YI-R11: with every row resolved and no marker left in the pool, the game ends."""
        if self.markers_in_pool() == 0:
            self._finish(f"all {MARKER_POOL} markers are on the board")
        else:
            self.start_moving(1 - self._mover)

    def _finish(self, reason: str) -> None:
        self._phase = OVER
        white, black = self._removed
        if white == black:
            self._result = f"{reason}; draw at {self._ring_count(white)} removed each"
        else:
            winner = SEAT_NAMES[WHITE if white > black else BLACK]
            self._result = f"{reason}; {winner} wins, {white}–{black} in rings removed"

    @staticmethod
    def _ring_count(count: int) -> str:
        return "1 ring" if count == 1 else f"{count} rings"
