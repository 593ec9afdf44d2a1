"""`KalahState`: one Kalah position and its transitions (K-R1 … K-R11 in rules/kalah.md).

The state is a flat list of counts (layout in `board.py`), the side to move, which seat
owns South (Q5: a pie-rule swap moves people to the other side, seats keep their people),
the pie-rule phase, the last move and how the game ended. Random playouts and search
clone and move it hundreds of thousands of times a second, so the hot path (`apply`,
`legal_action_ids`, `clone`) uses prebuilt tables and allocates almost nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress
from typing import TYPE_CHECKING

from tabletop.engine import Action, ActionId, IllegalAction, JsonDict, Options, Outcome, Seat, State
from tabletop.games.kalah import report
from tabletop.games.kalah.board import (
    END_EARLY,
    END_EMPTY,
    END_SWEEP,
    NO_MOVE,
    NO_SIDE,
    NORTH,
    SIDE_NAMES,
    SOUTH,
    SWAP,
    SWAP_ACTION,
    KalahRules,
    Side,
    rules_from_options,
)

if TYPE_CHECKING:
    from tabletop.games.kalah.game import KalahGame

OPENING = 0
"""Pie-rule phase: South's first turn (with its extra moves) is under way (K-R10, Q4)."""
SWAP_OFFER = 1
"""Pie-rule phase: North's first decision, where "swap" is legal (K-R10)."""
PLAYING = 2
"""No swap any more, or the pie rule is off."""

_MOVERS: tuple[tuple[tuple[Seat, ...], ...], ...] = (((0,), (1,), ()), ((1,), (0,), ()))
"""`_MOVERS[south_seat][side]`: the seats that must act when `side` is to move."""

MAX_SEEDS = 255
"""The most seeds a hand-made position may hold (so every count fits in a byte of `position_key`)."""

LastMove = tuple[Side, int, int, int, int]
"""(side, pit index, seeds sown, landing index, seeds captured); pit `NO_MOVE` for a swap."""


class KalahState(State):
    """A Kalah position. Seat 0 starts as South and moves first (K-S2).

    >>> from tabletop import games
    >>> state = games.load("kalah").new_state(2)
    >>> state.legal_action_ids(0)
    ['1', '2', '3', '4', '5', '6']
    >>> state.apply(0, "3")  # four seeds: S4, S5, S6, then the store (K-R3)
    >>> state.south_pits, state.south_store, state.current_players()
    ((4, 4, 0, 5, 5, 5), 1, (0,))
    """

    __slots__ = ("_board", "_end", "_last", "_movers", "_phase", "_rules", "_side", "_south_seat", "game")

    players = 2

    def __init__(self, game: KalahGame, rules: KalahRules, board: list[int], side: Side) -> None:
        self.game = game
        self._rules = rules
        self._board = board
        self._side = side
        self._south_seat = 0
        self._movers = _MOVERS[0][side]
        self._phase = OPENING if rules.pie_rule else PLAYING
        self._last: LastMove | None = None
        self._end: tuple[str, Side] | None = None

    @classmethod
    def from_position(
        cls,
        south_pits: Sequence[int],
        north_pits: Sequence[int],
        south_store: int = 0,
        north_store: int = 0,
        *,
        to_move: str = "south",
        options: Options | None = None,
    ) -> KalahState:
        """A position set up by hand, for tests, examples and analysis; seat 0 owns South.

        Pits are listed from their owner's left (S1…Sm, N1…Nm); `options` are the table
        options (`pits` defaults to the number of pits given). The pie rule is not offered
        in such a position, and K-R9's "all seeds" is the seed total of the position.
        Raises `ValueError` for a position in which the rules would already have ended
        the game.

        >>> state = KalahState.from_position([0, 0, 0, 0, 0, 10], [1, 1, 1, 1, 1, 1])
        >>> state.apply(0, "6")  # K-R2 and K-R4: scenario 3 of section 9
        >>> state.south_pits, state.south_store, state.north_pits
        ((1, 1, 0, 0, 0, 0), 4, (2, 2, 2, 0, 2, 2))
        """
        from tabletop.games.kalah.game import GAME  # the game module imports this one

        board = [*south_pits, south_store, *north_pits, north_store]
        if len(south_pits) != len(north_pits) or any(not isinstance(n, int) or n < 0 for n in board):
            raise ValueError("the rows need as many pits each, and every count must be a whole number ≥ 0")
        if sum(board) > MAX_SEEDS:
            raise ValueError(f"at most {MAX_SEEDS} seeds fit on a board; got {sum(board)}")
        given = dict(options or {})
        given.setdefault("pits", len(south_pits))
        resolved = GAME.resolve_options(given)
        if resolved["pits"] != len(south_pits):
            raise ValueError(f"option pits={resolved['pits']} but {len(south_pits)} pits per row were given")
        if to_move not in ("south", "north"):
            raise ValueError(f"to_move must be 'south' or 'north'; got {to_move!r}")
        rules = rules_from_options(resolved, sum(board))
        state = cls(GAME, rules, board, SOUTH if to_move == "south" else NORTH)
        state._phase = PLAYING
        state._check_still_playing()
        return state

    # -- the engine contract ------------------------------------------------------------

    def current_players(self) -> tuple[Seat, ...]:
        return self._movers

    def is_over(self) -> bool:
        return self._side == NO_SIDE

    def legal_action_ids(self, seat: Seat) -> list[ActionId]:
        """The mover's non-empty pits "1"…"m" (K-R1), then "swap" while the pie rule offers it (K-R10)."""
        if seat not in self._movers:
            return []
        rules = self._rules
        base = rules.base[self._side]
        ids = list(compress(rules.ids, self._board[base : base + rules.pits]))
        if self._phase == SWAP_OFFER:
            ids.append(SWAP)
        return ids

    def legal_actions(self, seat: Seat) -> list[Action]:
        """As `legal_action_ids`, as prebuilt `Action`s whose path is the pit's drawing id."""
        if seat not in self._movers:
            return []
        rules = self._rules
        side = self._side
        board = self._board
        base = rules.base[side]
        row = rules.actions[side]
        actions = [row[k][board[base + k]] for k in range(rules.pits) if board[base + k]]
        if self._phase == SWAP_OFFER:
            actions.append(SWAP_ACTION)
        return actions

    def _apply(self, seat: Seat, action_id: ActionId) -> None:
        """Sows the mover's pit `action_id` (K-R2 … K-R9), or swaps sides (K-R10).

        Raises `IllegalAction`, changing nothing, for anything else.
        """
        try:
            pit = self._rules.pit_of_id[self._side][action_id]
        except (KeyError, TypeError):
            self._apply_swap(seat, action_id)
            return
        if seat not in self._movers or not self._board[pit]:
            raise self._rejection(seat, action_id)
        phase = self._phase
        self._sow(pit)
        if phase != PLAYING:
            self._advance_pie_phase(phase)

    def outcome(self) -> Outcome | None:
        """Each seat's store (K-R11); the reason names the ending rule and the score."""
        if self._end is None:
            return None
        board = self._board
        rules = self._rules
        by_side = (board[rules.store[SOUTH]], board[rules.store[NORTH]])
        scores = [by_side[self.side_of_seat(seat)] for seat in range(2)]
        return Outcome.from_scores(scores, report.end_reason(*self._end, by_side, rules.total))

    def clone(self) -> KalahState:
        other: KalahState = object.__new__(KalahState)
        other.game = self.game
        other._rules = self._rules
        other._board = self._board[:]
        other._side = self._side
        other._south_seat = self._south_seat
        other._movers = self._movers
        other._phase = self._phase
        other._last = self._last
        other._end = self._end
        return other

    def view(self, viewer: Seat | None) -> JsonDict:
        """Everything is public in Kalah: board, stores, sides, turn, last move and prompt."""
        return report.view_of(self, viewer)

    def to_json(self) -> JsonDict:
        return {
            "game": "kalah",
            "options": self._rules.options(),
            "board": list(self._board),
            "to_move": None if self._side == NO_SIDE else SIDE_NAMES[self._side].lower(),
            "south_seat": self._south_seat,
            "phase": self._phase,
            "last_move": None if self._last is None else list(self._last),
            "end": None if self._end is None else list(self._end),
        }

    @classmethod
    def from_json(cls, game: KalahGame, data: JsonDict) -> KalahState:
        """The state `to_json` wrote (used by `KalahGame.state_from_json`)."""
        board = [int(count) for count in data["board"]]
        state = cls(game, rules_from_options(game.resolve_options(data["options"]), sum(board)), board, SOUTH)
        to_move = data["to_move"]
        state._side = NO_SIDE if to_move is None else SIDE_NAMES.index(str(to_move).capitalize())
        state._south_seat = int(data["south_seat"])
        state._movers = _MOVERS[state._south_seat][state._side]
        state._phase = int(data["phase"])
        last = data["last_move"]
        state._last = None if last is None else (last[0], last[1], last[2], last[3], last[4])
        end = data["end"]
        state._end = None if end is None else (str(end[0]), int(end[1]))
        return state

    # -- read-only accessors for bots, tests and the drawing ------------------------------

    @property
    def rules(self) -> KalahRules:
        """The table's options and rule tables."""
        return self._rules

    @property
    def south_pits(self) -> tuple[int, ...]:
        """Seeds in S1…Sm."""
        return tuple(self._board[: self._rules.pits])

    @property
    def north_pits(self) -> tuple[int, ...]:
        """Seeds in N1…Nm (from North's left)."""
        pits = self._rules.pits
        return tuple(self._board[pits + 1 : 2 * pits + 1])

    @property
    def south_store(self) -> int:
        """Seeds in South's store."""
        return self._board[self._rules.pits]

    @property
    def north_store(self) -> int:
        """Seeds in North's store."""
        return self._board[2 * self._rules.pits + 1]

    @property
    def side_to_move(self) -> Side:
        """`SOUTH`, `NORTH`, or `NO_SIDE` once the game is over."""
        return self._side

    @property
    def south_seat(self) -> Seat:
        """The seat that owns South: 0, or 1 after a pie-rule swap (Q5)."""
        return self._south_seat

    @property
    def last_move(self) -> LastMove | None:
        """(side, pit index, seeds sown, landing index, seeds captured), pit `NO_MOVE` for a swap."""
        return self._last

    @property
    def swap_available(self) -> bool:
        """True at North's first decision with the pie rule on (K-R10)."""
        return self._phase == SWAP_OFFER

    def side_of_seat(self, seat: Seat) -> Side:
        """The side a seat plays now."""
        return SOUTH if seat == self._south_seat else NORTH

    def seat_of_side(self, side: Side) -> Seat:
        """The seat that plays a side now."""
        return self._south_seat if side == SOUTH else 1 - self._south_seat

    def position_key(self) -> bytes:
        """A compact key: states of one table with equal keys have the same future.

        It holds the pits, the side to move, the pie-rule phase and who owns South; the
        stores are left out unless early finish is on, because only K-R9 looks at them:
        two such states have the same legal moves and the same store gains from here on,
        which is what a transposition table needs.
        """
        key = bytearray(self._board)
        if not self._rules.early_finish:
            key[self._rules.store[SOUTH]] = key[self._rules.store[NORTH]] = 0
        key += bytes((self._side, self._phase, self._south_seat))
        return bytes(key)

    # -- transitions ----------------------------------------------------------------------

    def _sow(self, pit: int) -> None:
        """One whole sowing from board index `pit`: K-R2, then K-R3 / K-R4 / K-R6 / K-R7, then the end."""
        board = self._board
        rules = self._rules
        side = self._side
        seeds = board[pit]
        board[pit] = 0
        last = pit + seeds
        if last <= rules.straight_end[side]:
            for index in range(pit + 1, last + 1):
                board[index] += 1
        else:
            last = self._sow_around(pit, seeds)
        store = rules.store[side]
        captured = 0
        if last == store:
            next_side = side
        else:
            next_side = 1 - side
            if board[last] == 1 and rules.base[side] <= last < store:
                captured = self._capture(last, store)
        self._last = (side, pit, seeds, last, captured)
        self._settle(side, next_side, captured)

    def _sow_around(self, pit: int, seeds: int) -> int:
        """K-R2 for a sowing that passes the skipped store or laps the board; returns the landing index.

        Whole laps drop one seed in every location of the cycle, the origin pit included.
        """
        board = self._board
        rules = self._rules
        cycle = rules.cycle[self._side]
        start = pit - rules.base[self._side]
        laps, rest = divmod(seeds, rules.cycle_length)
        if laps:
            for index in cycle[: rules.cycle_length]:
                board[index] += laps
        for step in range(start + 1, start + rest + 1):
            board[cycle[step]] += 1
        return cycle[start + rest]

    def _capture(self, last: int, store: int) -> int:
        """K-R4 (and K-R5 with empty capture): the last seed and the opposite pit go to the store."""
        board = self._board
        opposite = 2 * self._rules.pits - last
        taken = board[opposite]
        if not taken and not self._rules.empty_capture:
            return 0
        board[store] += taken + 1
        board[opposite] = 0
        board[last] = 0
        return taken + 1

    def _settle(self, side: Side, next_side: Side, captured: int) -> None:
        """After a sowing: K-R9, then End-B or End-A (section 5), else the turn passes or stays."""
        rules = self._rules
        if rules.early_finish and 2 * self._board[rules.store[side]] > rules.total:
            self._finish(END_EARLY, side)
        elif rules.sweep:
            if self._is_empty(side):
                self._finish(END_SWEEP, side)
            elif captured and self._is_empty(1 - side):
                self._finish(END_SWEEP, 1 - side)
            elif next_side != side:
                self._side = next_side
                self._movers = _MOVERS[self._south_seat][next_side]
        elif self._is_empty(next_side):
            self._finish(END_EMPTY, next_side)
        elif next_side != side:
            self._side = next_side
            self._movers = _MOVERS[self._south_seat][next_side]

    def _is_empty(self, side: Side) -> bool:
        base = self._rules.base[side]
        return not any(self._board[base : base + self._rules.pits])

    def _finish(self, kind: str, side: Side) -> None:
        """Ends the game; End-A gives the other side its own seeds, End-B gives each side its own (K-R8)."""
        if kind == END_SWEEP:
            self._collect(SOUTH)
            self._collect(NORTH)
        elif kind == END_EMPTY:
            self._collect(1 - side)
        self._end = (kind, side)
        self._side = NO_SIDE
        self._movers = ()

    def _collect(self, side: Side) -> None:
        """Moves the seeds left in a side's pits into that side's store."""
        board = self._board
        base = self._rules.base[side]
        end = base + self._rules.pits
        board[end] += sum(board[base:end])
        board[base:end] = [0] * self._rules.pits

    def _advance_pie_phase(self, phase: int) -> None:
        """K-R10 and Q4: the swap is offered once South's whole first turn is over, and only then."""
        if phase == OPENING and self._side == NORTH:
            self._phase = SWAP_OFFER
        elif phase == SWAP_OFFER or self._side == NO_SIDE:
            self._phase = PLAYING

    def _apply_swap(self, seat: Seat, action_id: object) -> None:
        """K-R10: the second player takes South's side; the first player now plays North and moves."""
        if action_id != SWAP or self._phase != SWAP_OFFER or seat not in self._movers:
            raise self._rejection(seat, action_id)
        self._south_seat = 1 - self._south_seat
        self._movers = _MOVERS[self._south_seat][self._side]
        self._phase = PLAYING
        self._last = (SOUTH, NO_MOVE, 0, NO_MOVE, 0)

    def _rejection(self, seat: Seat, action_id: object) -> IllegalAction:
        """The error for an illegal action, saying why (K-R1, K-R10)."""
        if self.is_over() or seat not in self._movers:
            return self.illegal(seat, action_id)
        legal = ", ".join(self.legal_action_ids(seat))
        side = SIDE_NAMES[self._side]
        if action_id == SWAP:
            why = "the pie-rule swap is only offered at North's first decision"
        elif isinstance(action_id, str) and action_id in self._rules.pit_of_id[self._side]:
            why = f"{side}'s pit {action_id} is empty"
        else:
            why = f"{action_id!r} is not one of {side}'s pits 1–{self._rules.pits}"
        return IllegalAction(f"{why} (seat {seat}); legal: {legal}")

    def _check_still_playing(self) -> None:
        """Rejects a hand-made position that the rules would already have ended (section 5, K-R9)."""
        rules = self._rules
        if rules.early_finish and 2 * max(self.south_store, self.north_store) > rules.total:
            raise ValueError("a store already holds more than half of all seeds (K-R9)")
        if self._is_empty(self._side):
            raise ValueError(f"{SIDE_NAMES[self._side]} is to move but has no seed in its pits (K-R8)")
        if rules.sweep and self._is_empty(1 - self._side):
            raise ValueError("with end_rule='sweep' the game ends as soon as a row is empty (K-R8)")
