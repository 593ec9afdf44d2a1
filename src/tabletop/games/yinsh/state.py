"""`YinshState`: the board as bitmasks, whose decision it is, the order of a turn, and its views.

docs/rules/yinsh.md. A game runs through phases, each one kind of decision:

    PLACE ×10 (YI-S2) → MOVE (YI-R1) → [ROW → RING]* (YI-R5 … YI-R8) → MOVE of the other seat …

A ring move that makes rows hands the decision to the row owners, mover first (YI-R8);
when nobody has a row the turn is over, the marker supply is checked (YI-R11) and the
other seat moves, or passes when none of their rings can move (YI-R12). A seat's run of
consecutive decisions is its turn; `undo` returns to the start of the run, at most
`UNDO_LIMIT` times per turn.

Seat 0 plays White and starts (YI-S1); seat 1 plays Black. Rings are numbered per colour
(`ring-w-1` … `ring-w-5`) in the order they were placed so that each keeps its identity
from the supply to the board to the scoring track. Views and records write points in the
notation ("F6"), never as bitmasks, so a record reads well and survives any JSON store.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from tabletop.engine import Action, ActionId, JsonDict, Outcome, Seat, State, Tensor, mention
from tabletop.games.yinsh.board import (
    ACTIONS,
    BLACK,
    COLOUR_NAMES,
    MARKER_POOL,
    MOVES,
    PASS,
    PLACEMENT_IDS,
    POINT_COUNT,
    POINT_EMPTY,
    POINT_INDEX,
    POINT_MARKER,
    POINT_NAMES,
    POINT_RING,
    REMOVAL_BY_ID,
    REMOVAL_IDS,
    RINGS_PER_PLAYER,
    ROW_BY_ID,
    ROW_IDS,
    SCORED,
    SEAT_NAMES,
    SUPPLY,
    UNDO,
    WHITE,
    WINDOW_MASKS,
    WINDOWS,
    contents_of,
    marker_id,
    mask_of_points,
    parse_point,
    points_of,
    ring_id,
)
from tabletop.games.yinsh.rules import (
    RINGS_TO_WIN,
    can_any_ring_move,
    check_position,
    has_row_through,
    ring_move_ids,
    rows_in,
)
from tabletop.games.yinsh.turn import (
    MOVE,
    OVER,
    PASSING,
    PHASE_NAMES,
    PLACE,
    RING,
    ROW,
    UNDO_LIMIT,
    LastMove,
    Snapshot,
    last_move_view,
    observation,
    snapshot_from_json,
    snapshot_to_json,
)

if TYPE_CHECKING:
    from tabletop.engine import Game

_PROMPTS = {
    "place": "{name} to place a ring",
    "move": "{name} to move a ring",
    "pass": "{has} no ring that can move and must pass",
    "row": "{name} to choose five markers in a row to remove",
    "ring": "{name} to choose one of their rings to remove",
}


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
        self.rings: list[int] = [SUPPLY] * (2 * RINGS_PER_PLAYER)
        """Every ring's place, White's five then Black's: a point, SUPPLY or SCORED - slot."""
        self.ring_masks = [0, 0]
        """The bitmask of each seat's rings on the board (follows from `rings`)."""
        self.markers = [0, 0]
        """The bitmask of the markers showing each seat's colour."""
        self.contents = bytearray(POINT_COUNT)
        """What each point holds: POINT_EMPTY, POINT_MARKER or POINT_RING (follows from the
        masks), for ring moves, which read the board point by point (see `contents_of`)."""
        self.rings_removed = [0, 0]
        """How many rings each seat has taken off to the scoring track (follows from `rings`)."""
        self.phase = PLACE
        self.actor: Seat = WHITE
        self.mover: Seat = WHITE
        """The seat whose ring move the pending rows follow (YI-R8)."""
        self.last_move: LastMove | None = None
        self.result = ""
        """Why the game ended ("" while it goes on)."""
        self.turn_start: Snapshot | None = None
        """The position `undo` goes back to: the start of the current turn, once it has begun."""
        self.decisions = 0
        """Decisions taken so far in the current turn."""
        self.undos = 0
        """Undos used in the current turn (at most UNDO_LIMIT)."""
        self._choices: list[ActionId] | None = None  # the phase's legal ids, undo apart; cached

    @classmethod
    def from_position(
        cls,
        game: Game,
        *,
        white_rings: Iterable[str],
        black_rings: Iterable[str],
        white_markers: Iterable[str] = (),
        black_markers: Iterable[str] = (),
        to_move: Seat = WHITE,
        rings_removed: tuple[int, int] = (0, 0),
        variant: str = "standard",
    ) -> YinshState:
        """A movement-phase position from lists of points, for puzzles, analysis and tests.

        Rings neither on the board nor removed stay in the supply. The position may hold no
        row: every row is resolved before a ring moves (YI-R8). `to_move` moves, passes or
        the game is over, as after a turn (YI-R12).

        >>> from tabletop.games.yinsh import GAME
        >>> state = YinshState.from_position(GAME, white_rings=["F6"], black_rings=[])
        >>> len(state.legal_actions(0))
        24
        """
        if to_move not in (WHITE, BLACK):
            raise ValueError(f"expected to_move {WHITE} (White) or {BLACK} (Black), got {to_move!r}")
        places = [
            _ring_places(points, removed)
            for points, removed in ((white_rings, rings_removed[0]), (black_rings, rings_removed[1]))
        ]
        white = mask_of_points(map(parse_point, white_markers))
        black = mask_of_points(map(parse_point, black_markers))
        on_board = [place for place in places[WHITE] + places[BLACK] if place >= 0]
        check_position(variant, on_board, white, black, rings_removed)
        state = cls(game, variant)
        state._restore((tuple(places[WHITE] + places[BLACK]), white, black, MOVE, to_move, to_move, None))
        state._start_moving(to_move)
        return state

    # -- the contract ---------------------------------------------------------------------

    def current_players(self) -> tuple[Seat, ...]:
        return () if self.phase == OVER else (self.actor,)

    def legal_action_ids(self, seat: Seat) -> list[ActionId]:
        if self.phase == OVER or seat != self.actor:
            return []
        ids = list(self._phase_choices())
        if self._can_undo():
            ids.append(UNDO)
        return ids

    def legal_actions(self, seat: Seat) -> list[Action]:
        return [ACTIONS[action_id] for action_id in self.legal_action_ids(seat)]

    def is_legal(self, seat: Seat, action_id: ActionId) -> bool:
        """Membership in the cached choices, without the copy `legal_action_ids` hands out."""
        if action_id == UNDO:
            return self._can_undo()
        return isinstance(action_id, str) and action_id in self._phase_choices()

    def _apply(self, seat: Seat, action_id: ActionId) -> None:
        """An undo, or one decision of the phase, already checked by the engine (`is_legal`)."""
        if action_id == UNDO:
            self._undo()
            return
        if self.decisions == 0:
            self.turn_start = self.snapshot()
        self._choices = None
        self._perform(action_id)
        if self.phase != OVER and self.actor == seat:
            self.decisions += 1
        else:
            self.decisions, self.undos, self.turn_start = 0, 0, None

    def is_over(self) -> bool:
        return self.phase == OVER

    def outcome(self) -> Outcome | None:
        """Scores are rings removed: three (one in Blitz) wins, else the larger count (YI-R9 … R12)."""
        if self.phase != OVER:
            return None
        return Outcome.from_scores(list(self.rings_removed), self.result)

    def clone(self) -> YinshState:
        other = YinshState.__new__(YinshState)
        other.__dict__.update(self.__dict__)
        other.rings = self.rings[:]
        other.ring_masks = self.ring_masks[:]
        other.markers = self.markers[:]
        other.contents = self.contents[:]
        other.rings_removed = self.rings_removed[:]
        return other

    def view(self, viewer: Seat | None) -> JsonDict:
        """What every viewer sees (YINSH hides nothing): pieces, counts, prompt and last move."""
        phase = PHASE_NAMES[self.phase]
        return {
            "variant": self.variant,
            "rings_to_win": self.rings_to_win,
            "phase": phase,
            "to_act": None if self.phase == OVER else self.actor,
            "players": list(SEAT_NAMES),
            "colours": list(SEAT_NAMES),
            "prompt": self._prompt(phase),
            "rings": [_ring_view(index, place) for index, place in enumerate(self.rings)],
            "markers": _markers_view(*self.markers),
            "rings_removed": list(self.rings_removed),
            "markers_in_pool": self.markers_in_pool(),
            "last_move": last_move_view(self.last_move),
            "result": self.result,
        }

    def to_json(self) -> JsonDict:
        """Everything `load_json` needs to rebuild the state exactly, undo record included."""
        return {
            "variant": self.variant,
            **snapshot_to_json(self.snapshot()),
            "result": self.result,
            "turn_start": None if self.turn_start is None else snapshot_to_json(self.turn_start),
            "decisions": self.decisions,
            "undos": self.undos,
        }

    def load_json(self, data: JsonDict) -> None:
        """Fills this state from what `to_json` wrote (the other half of the round trip)."""
        self._restore(snapshot_from_json(data))
        turn_start = data["turn_start"]
        self.turn_start = None if turn_start is None else snapshot_from_json(turn_start)
        self.decisions = int(data["decisions"])
        self.undos = int(data["undos"])
        self.result = str(data["result"])

    # -- questions (drawing, evaluator, tests) ----------------------------------------------

    def ring_points(self, seat: Seat) -> list[int]:
        """The points of `seat`'s rings on the board."""
        start = seat * RINGS_PER_PLAYER
        return [point for point in self.rings[start : start + RINGS_PER_PLAYER] if point >= 0]

    def rings_mask(self) -> int:
        """The bitmask of every ring on the board."""
        return self.ring_masks[WHITE] | self.ring_masks[BLACK]

    def markers_in_pool(self) -> int:
        """Markers not on the board (YI-R11 ends the game when none are left)."""
        return MARKER_POOL - (self.markers[WHITE] | self.markers[BLACK]).bit_count()

    def snapshot(self) -> Snapshot:
        """The part of the state that `undo` restores."""
        white, black = self.markers
        return (tuple(self.rings), white, black, self.phase, self.actor, self.mover, self.last_move)

    def _prompt(self, phase: str) -> str:
        if self.phase == OVER:
            return f"Game over: {self.result}"
        return _PROMPTS[phase].format(name=mention(self.actor), has=mention(self.actor, "has"))

    # -- transitions ----------------------------------------------------------------------

    def _restore(self, snapshot: Snapshot) -> None:
        """Puts back a snapshot; ring bitmasks and removal counts follow from the rings."""
        rings, white, black, self.phase, self.actor, self.mover, self.last_move = snapshot
        self.rings = list(rings)
        self.markers = [white, black]
        self.ring_masks = [0, 0]
        self.rings_removed = [0, 0]
        for index, point in enumerate(rings):
            seat = index // RINGS_PER_PLAYER
            if point >= 0:
                self.ring_masks[seat] |= 1 << point
            elif point <= SCORED:
                self.rings_removed[seat] += 1
        self.contents = contents_of(self.rings_mask(), white | black)
        self._choices = None

    def _start_moving(self, seat: Seat) -> None:
        """Starts `seat`'s ring move, or their pass, or ends a game where no ring can move (YI-R12)."""
        # The moves are generated here in full rather than tested for, and kept as the
        # phase's choices: the next question asked is always what they are.
        moves = ring_move_ids(self.ring_points(seat), self.contents)
        if moves:
            self.phase, self.actor, self._choices = MOVE, seat, moves
        elif can_any_ring_move(self.ring_points(1 - seat), self.contents):
            self.phase, self.actor, self._choices = PASSING, seat, None
        else:
            self._finish("no ring of either player can move")
            self._choices = None

    def _phase_choices(self) -> list[ActionId]:
        """The decisions of the current phase, computed once per position (undo is apart)."""
        if self._choices is None:
            self._choices = self._generate_choices()
        return self._choices

    def _generate_choices(self) -> list[ActionId]:
        phase, seat = self.phase, self.actor
        if phase == MOVE:
            return ring_move_ids(self.ring_points(seat), self.contents)
        if phase == PLACE:
            ids = list(PLACEMENT_IDS)  # indexed by point: delete the occupied ones from the end
            for point in sorted(self.ring_points(WHITE) + self.ring_points(BLACK), reverse=True):
                del ids[point]
            return ids
        if phase == ROW:
            return [ROW_IDS[window] for window in rows_in(self.markers[seat])]
        if phase == RING:
            return [REMOVAL_IDS[point] for point in self.ring_points(seat)]
        return [PASS] if phase == PASSING else []

    def _can_undo(self) -> bool:
        """Undo is offered once the turn has begun, UNDO_LIMIT times per turn at most."""
        return self.decisions > 0 and self.undos < UNDO_LIMIT

    def _perform(self, action_id: ActionId) -> None:
        phase = self.phase
        if phase == MOVE:
            self._move(*MOVES[action_id])
        elif phase == PLACE:
            self._place(POINT_INDEX[action_id])
        elif phase == ROW:
            self._remove_row(ROW_BY_ID[action_id])
        elif phase == RING:
            self._remove_ring(REMOVAL_BY_ID[action_id])
        else:
            self.last_move = LastMove("pass", self.actor, -1, -1, 0)
            self._start_moving(1 - self.actor)

    def _undo(self) -> None:
        """Back to the start of the turn; the turn's undo count survives (UNDO_LIMIT)."""
        assert self.turn_start is not None
        self._restore(self.turn_start)
        self.turn_start, self.decisions = None, 0
        self.undos += 1

    def _place(self, point: int) -> None:
        """YI-S2: the next ring from the supply goes on an empty point; White then moves (YI-S3)."""
        seat = self.actor
        index = self.rings.index(SUPPLY, seat * RINGS_PER_PLAYER)
        self.rings[index] = point
        self.ring_masks[seat] |= 1 << point
        self.contents[point] = POINT_RING
        self.last_move = LastMove("place", seat, -1, point, 0)
        if SUPPLY in self.rings:
            self.actor = 1 - seat
        else:
            self._start_moving(WHITE)

    def _move(self, origin: int, target: int, between: int) -> None:
        """YI-R1 … R3: marker into the ring, ring along the line, jumped markers flipped."""
        seat = self.actor
        self.rings[self.rings.index(origin, seat * RINGS_PER_PLAYER)] = target
        self.ring_masks[seat] ^= (1 << origin) | (1 << target)
        markers = self.markers
        flipped = between & (markers[WHITE] | markers[BLACK])
        markers[WHITE] ^= flipped
        markers[BLACK] ^= flipped
        markers[seat] |= 1 << origin
        self.contents[origin], self.contents[target] = POINT_MARKER, POINT_RING
        self.mover = seat
        self.last_move = LastMove("move", seat, origin, target, flipped)
        if has_row_through(markers[seat], flipped | 1 << origin):
            self.phase = ROW
        elif has_row_through(markers[1 - seat], flipped):
            self.phase, self.actor = ROW, 1 - seat
        else:
            self._end_turn()

    def _remove_row(self, window: int) -> None:
        """YI-R5 … R7: the chosen five markers go back to the pool; a ring must follow."""
        seat = self.actor
        self.markers[seat] &= ~WINDOW_MASKS[window]
        for point in WINDOWS[window]:
            self.contents[point] = POINT_EMPTY
        if self.last_move is not None:
            self.last_move = self.last_move._replace(rows=(*self.last_move.rows, (seat, window)))
        self.phase = RING

    def _remove_ring(self, point: int) -> None:
        """YI-R5, R8 … R10: a ring to the track; a win at once, else more rows or the next turn."""
        seat = self.actor
        index = self.rings.index(point, seat * RINGS_PER_PLAYER)
        self.rings[index] = SCORED - self.rings_removed[seat]
        self.ring_masks[seat] &= ~(1 << point)
        self.contents[point] = POINT_EMPTY
        self.rings_removed[seat] += 1
        if self.last_move is not None:
            self.last_move = self.last_move._replace(rings=(*self.last_move.rings, (index, point)))
        if self.rings_removed[seat] >= self.rings_to_win:
            self._finish(f"{mention(seat, 'removed')} {_ring_count(self.rings_to_win)}")
        elif rows_in(self.markers[seat]):
            self.phase = ROW
        elif seat == self.mover and rows_in(self.markers[1 - seat]):
            self.phase, self.actor = ROW, 1 - seat
        else:
            self._end_turn()

    def _end_turn(self) -> None:
        """YI-R11: with every row resolved and no marker left in the pool, the game ends."""
        if self.markers_in_pool() == 0:
            self._finish(f"all {MARKER_POOL} markers are on the board")
        else:
            self._start_moving(1 - self.mover)

    def _finish(self, reason: str) -> None:
        self.phase = OVER
        white, black = self.rings_removed
        if white == black:
            self.result = f"{reason}; draw at {_ring_count(white)} removed each"
        else:
            winner = mention(WHITE if white > black else BLACK, "wins")
            self.result = f"{reason}; {winner}, {max(white, black)}–{min(white, black)} in rings removed"

    def _observation(self, view: JsonDict, viewer: Seat | None) -> Tensor:
        return observation(view, viewer)


def _ring_count(count: int) -> str:
    return "1 ring" if count == 1 else f"{count} rings"


# -- views ------------------------------------------------------------------------------------


def _ring_view(index: int, place: int) -> JsonDict:
    """A ring on the board (`at`), in the supply, or on the scoring track (`slot` 0, 1, 2)."""
    where = "board" if place >= 0 else "supply" if place == SUPPLY else "scored"
    return {
        "id": ring_id(index),
        "colour": COLOUR_NAMES[index // RINGS_PER_PLAYER],
        "place": where,
        "at": POINT_NAMES[place] if place >= 0 else None,
        "slot": SCORED - place if place <= SCORED else None,
    }


def _markers_view(white: int, black: int) -> list[JsonDict]:
    colour_of = {point: seat for seat, mask in enumerate((white, black)) for point in points_of(mask)}
    return [
        {"id": marker_id(point), "colour": COLOUR_NAMES[colour_of[point]], "at": POINT_NAMES[point]}
        for point in sorted(colour_of)
    ]


# -- hand-made positions ----------------------------------------------------------------------


def _ring_places(points: Iterable[str], removed: int) -> list[int]:
    places = [parse_point(name) for name in points] + [SCORED - slot for slot in range(removed)]
    if len(places) > RINGS_PER_PLAYER:
        raise ValueError(f"a player has {RINGS_PER_PLAYER} rings; got {len(places)} on the board and removed")
    return places + [SUPPLY] * (RINGS_PER_PLAYER - len(places))
