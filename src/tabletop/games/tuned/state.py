"""`TunedState`: one position of Tuned, its transitions and its end (section 3 of rules/tuned.md).

The state keeps each cell's stack twice: as the pieces in it (bottom to top, so the
drawing can keep every animal's identity) and as its stack code (what the rules look
at). The legal actions of the player to move are computed once after each action (R9
and R10 need them at the start of every turn anyway), kept in `_legal`, and shared by
clones, which never change them in place.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.engine import Action, ActionId, IllegalAction, JsonDict, Outcome, Seat, State
from tabletop.games.tuned import report
from tabletop.games.tuned.actions import ADD_ACTIONS, MOVE_ACTIONS, parse
from tabletop.games.tuned.barn import (
    CODE_OF_STACK,
    EMPTY,
    HEIGHT,
    PIECES_PER_SEAT,
    REMAINDER,
    STACKS,
    Cell,
    Kind,
    Piece,
    StackCode,
    completed_lines,
    kind_of,
)
from tabletop.games.tuned.rules import (
    ACTION_LIMIT,
    ADD_1_SPACE,
    ADD_2_SPACE,
    DRAW_BY_LIMIT,
    DRAW_BY_REPETITION,
    LOSS_NO_ACTION,
    LOSS_NO_ADD,
    MOVE_SPACE,
    NO_REVERSAL,
    NOBODY,
    REPETITIONS_FOR_DRAW,
    SUPPLY,
    WIN_BY_LINE,
    Move,
    Reversal,
    legal_moves,
    reversal_of,
    why_not,
)

if TYPE_CHECKING:
    from tabletop.engine import Game

Entry = tuple[Action, Piece, Move]
LastMove = tuple[Seat, Piece, Cell, Cell, int]
"""(seat, piece where the moved portion starts, source or `SUPPLY`, target, k)."""
Line = tuple[Cell, Cell, Cell]


def _supply_kinds(supply: tuple[Piece, ...]) -> tuple[Kind, ...]:
    return tuple(dict.fromkeys(kind_of(piece) for piece in supply))


class TunedState(State):
    """A position: the barn, both supplies and Roosters, whose turn it is, and what happened last."""

    __slots__ = (
        "_codes",
        "_end",
        "_first",
        "_history",
        "_last",
        "_legal",
        "_played",
        "_reversal",
        "_rooster",
        "_stacks",
        "_supply",
        "_to_move",
        "game",
        "players",
    )

    def __init__(self, game: Game, first_player: Seat) -> None:
        """The start of section 2.4: an empty barn, full supplies, both Roosters on MOVE."""
        self.game = game
        self.players = 2
        self._stacks: list[tuple[Piece, ...]] = [()] * 9
        self._codes: list[StackCode] = [EMPTY] * 9
        self._supply: list[tuple[Piece, ...]] = [
            tuple(range(seat * PIECES_PER_SEAT, (seat + 1) * PIECES_PER_SEAT)) for seat in range(2)
        ]
        self._rooster = [MOVE_SPACE, MOVE_SPACE]
        self._first = first_player
        self._to_move = first_player
        self._reversal: Reversal = NO_REVERSAL
        self._last: LastMove | None = None
        self._played = 0
        self._end: tuple[str, Seat, tuple[Line, ...]] | None = None
        self._history: dict[int, int] = {}
        self._legal: dict[ActionId, Entry] = {}
        self._start_turn()

    # -- the engine contract ------------------------------------------------------------

    def current_players(self) -> tuple[Seat, ...]:
        return () if self._to_move == NOBODY else (self._to_move,)

    def legal_actions(self, seat: Seat) -> list[Action]:
        """R2 … R7 for the player to move: their Adds (kind by kind), then their Moves."""
        if seat != self._to_move or self._to_move == NOBODY:
            return []
        return [entry[0] for entry in self._legal.values()]

    def legal_action_ids(self, seat: Seat) -> list[ActionId]:
        if seat != self._to_move or self._to_move == NOBODY:
            return []
        return list(self._legal)

    def _apply(self, seat: Seat, action_id: ActionId) -> None:
        """Performs an Add (R4) or a Move (R5), then R8 … R10 and the draws; rejects anything else."""
        if seat != self._to_move or self._to_move == NOBODY:
            raise self.illegal(seat, action_id)
        try:
            entry = self._legal.get(action_id)
        except TypeError:
            entry = None
        if entry is None:
            raise self._rejection(seat, action_id)
        self._perform(seat, entry[1], entry[2])

    def is_over(self) -> bool:
        return self._to_move == NOBODY

    def outcome(self) -> Outcome | None:
        """1 for the winner and 0 for the loser; ½ each for a draw."""
        if self._end is None:
            return None
        _, winner, _ = self._end
        scores = [0.5, 0.5] if winner == NOBODY else [float(seat == winner) for seat in range(2)]
        return Outcome.from_scores(scores, report.end_reason(self))

    def clone(self) -> TunedState:
        other: TunedState = object.__new__(TunedState)
        other.game = self.game
        other.players = 2
        other._stacks = self._stacks[:]
        other._codes = self._codes[:]
        other._supply = self._supply[:]
        other._rooster = self._rooster[:]
        other._first = self._first
        other._to_move = self._to_move
        other._reversal = self._reversal
        other._last = self._last
        other._played = self._played
        other._end = self._end
        other._history = self._history.copy()
        other._legal = self._legal
        return other

    def view(self, viewer: Seat | None) -> JsonDict:
        """Everything in Tuned is public; see `report.view_of` for the keys."""
        return report.view_of(self, viewer)

    def to_json(self) -> JsonDict:
        return {
            "game": "tuned",
            "stacks": [list(stack) for stack in self._stacks],
            "supplies": [list(supply) for supply in self._supply],
            "roosters": list(self._rooster),
            "first_player": self._first,
            "to_move": self._to_move,
            "reversal": list(self._reversal),
            "last_move": None if self._last is None else list(self._last),
            "played": self._played,
            "end": None if self._end is None else _end_to_json(self._end),
            "history": sorted([key, count] for key, count in self._history.items()),
        }

    @classmethod
    def from_json(cls, game: Game, data: JsonDict) -> TunedState:
        """The state `to_json` wrote."""
        state: TunedState = object.__new__(cls)
        state.game = game
        state.players = 2
        state._stacks = [tuple(int(piece) for piece in stack) for stack in data["stacks"]]
        state._codes = [CODE_OF_STACK[tuple(kind_of(piece) for piece in stack)] for stack in state._stacks]
        state._supply = [tuple(int(piece) for piece in supply) for supply in data["supplies"]]
        state._rooster = [int(space) for space in data["roosters"]]
        state._first = int(data["first_player"])
        state._to_move = int(data["to_move"])
        source, target, k = data["reversal"]
        state._reversal = (int(source), int(target), int(k))
        last = data["last_move"]
        state._last = (
            None if last is None else (int(last[0]), int(last[1]), int(last[2]), int(last[3]), int(last[4]))
        )
        state._played = int(data["played"])
        end = data["end"]
        state._end = (
            None if end is None else (str(end[0]), int(end[1]), tuple(_line(cells) for cells in end[2]))
        )
        state._history = {int(key): int(count) for key, count in data["history"]}
        state._legal = {}
        if state._to_move != NOBODY:
            state._legal = state._legal_table()
        return state

    @classmethod
    def from_parts(
        cls,
        game: Game,
        *,
        stacks: list[tuple[Piece, ...]],
        supplies: list[tuple[Piece, ...]],
        roosters: list[int],
        to_move: Seat,
        last_move: LastMove | None,
    ) -> TunedState:
        """A position given piece by piece (`positions.from_position` writes it in section 6's notation).

        R7's forbidden Move follows from `last_move`; a player left without an action has
        lost at once (R9, R10). The caller checks that the parts make a possible position.
        """
        state = cls(game, to_move)
        state._stacks = list(stacks)
        state._codes = [CODE_OF_STACK[tuple(kind_of(piece) for piece in stack)] for stack in stacks]
        state._supply = list(supplies)
        state._rooster = list(roosters)
        state._last = last_move
        if last_move is not None:
            _, piece, source, target, k = last_move
            state._reversal = reversal_of((kind_of(piece), source, target, k))
        state._history = {}
        state._start_turn()
        return state

    # -- read-only accessors for the view, bots and tests ---------------------------------

    @property
    def stacks(self) -> tuple[tuple[Piece, ...], ...]:
        """Each cell's pieces, bottom to top, cells in reading order (a1, b1, c1, a2, …)."""
        return tuple(self._stacks)

    @property
    def codes(self) -> tuple[StackCode, ...]:
        """Each cell's stack code (an index into `barn.STACKS`)."""
        return tuple(self._codes)

    def supply(self, seat: Seat) -> tuple[Piece, ...]:
        """The pieces still in a seat's supply (R4), lowest first."""
        return self._supply[seat]

    def rooster(self, seat: Seat) -> int:
        """The space a seat's Rooster is on: `MOVE_SPACE`, `ADD_1_SPACE` or `ADD_2_SPACE`."""
        return self._rooster[seat]

    def must_add(self, seat: Seat) -> bool:
        """R2: the seat has animals in supply and its Rooster is on MOVE."""
        return bool(self._supply[seat]) and self._rooster[seat] == MOVE_SPACE

    @property
    def to_move(self) -> Seat:
        """The seat to act, or `NOBODY` once the game is over."""
        return self._to_move

    @property
    def first_player(self) -> Seat:
        """The seat drawn to act first (section 2.4)."""
        return self._first

    @property
    def reversal(self) -> Reversal:
        """(source, target, k) of the Move that R7 forbids now, or `NO_REVERSAL`."""
        return self._reversal

    @property
    def last_move(self) -> LastMove | None:
        """(seat, piece, source or `SUPPLY`, target, k) of the last action, None at the start."""
        return self._last

    @property
    def played(self) -> int:
        """How many actions have been played."""
        return self._played

    @property
    def end(self) -> tuple[str, Seat, tuple[Line, ...]] | None:
        """(why, winning seat or `NOBODY`, completed lines) once the game is over."""
        return self._end

    def moves_for(self, seat: Seat, *, as_if_to_move: bool = False) -> list[Move]:
        """The rules' moves of `seat` now; with `as_if_to_move`, those it would have on its turn here.

        The second form (no R7 reversal, the seat's own supply and Rooster) is what the
        evaluator uses to count the opponent's threats.
        """
        if seat != self._to_move and not as_if_to_move:
            return []
        reversal = self._reversal if seat == self._to_move else NO_REVERSAL
        kinds = _supply_kinds(self._supply[seat])
        return legal_moves(self._codes, kinds, self.must_add(seat), reversal)

    # -- transitions ----------------------------------------------------------------------

    def _perform(self, seat: Seat, piece: Piece, move: Move) -> None:
        """One action, then the end checks of R8, R9, R10 and the draws, or the next turn."""
        _, source, target, k = move
        had_supply = bool(self._supply[seat])
        if source == SUPPLY:
            self._supply[seat] = tuple(other for other in self._supply[seat] if other != piece)
            self._drop(target, (piece,))
            self._rooster[seat] = ADD_2_SPACE if self._rooster[seat] == ADD_1_SPACE else ADD_1_SPACE
            self._history = {}  # an Add can never be undone, so no earlier position comes back
            changed: tuple[Cell, ...] = (target,)
        else:
            lifted = self._stacks[source][-k:]
            self._stacks[source] = self._stacks[source][:-k]
            self._codes[source] = REMAINDER[self._codes[source]][k - 1]
            self._drop(target, lifted)
            if had_supply:
                self._rooster[seat] = MOVE_SPACE
            changed = (source, target)
        self._reversal = reversal_of(move)
        self._last = (seat, piece, source, target, k)
        self._played += 1
        lines = completed_lines(self._codes, changed)
        if lines:
            self._finish(WIN_BY_LINE, seat, tuple(lines))
            return
        self._to_move = 1 - seat
        self._start_turn()

    def _drop(self, target: Cell, pieces: tuple[Piece, ...]) -> None:
        stack = self._stacks[target] + pieces
        self._stacks[target] = stack
        self._codes[target] = CODE_OF_STACK[tuple(kind_of(piece) for piece in stack)]

    def _start_turn(self) -> None:
        """R9 / R10: a player without any legal action loses; then decisions D1 and D2 (draws)."""
        seat = self._to_move
        self._legal = self._legal_table()
        if not self._legal:
            self._finish(LOSS_NO_ADD if self.must_add(seat) else LOSS_NO_ACTION, 1 - seat, ())
            return
        key = self._position_key()
        count = self._history.get(key, 0) + 1
        self._history[key] = count
        if count >= REPETITIONS_FOR_DRAW:
            self._finish(DRAW_BY_REPETITION, NOBODY, ())
        elif self._played >= ACTION_LIMIT:
            self._finish(DRAW_BY_LIMIT, NOBODY, ())

    def _finish(self, reason: str, winner: Seat, lines: tuple[Line, ...]) -> None:
        self._end = (reason, winner, lines)
        self._to_move = NOBODY
        self._legal = {}

    def _legal_table(self) -> dict[ActionId, Entry]:
        """The legal actions of the player to move, by id, with the piece that starts each one."""
        seat = self._to_move
        supply = self._supply[seat]
        stacks = self._stacks
        table: dict[ActionId, Entry] = {}
        for move in self.moves_for(seat):
            kind, source, target, k = move
            if source == SUPPLY:
                piece = next(piece for piece in supply if kind_of(piece) == kind)
                action = ADD_ACTIONS[piece][target]
            else:
                piece = stacks[source][-k]
                action = MOVE_ACTIONS[piece][source][target][k - 1]
            table[action.id] = (action, piece, move)
        return table

    def _position_key(self) -> int:
        """The position as one integer: stacks, whose turn, who must add, and R7's forbidden move.

        The supplies are left out because the history restarts at every Add (D1).
        """
        key = 0
        for code in self._codes:
            key = key * 8 + code
        source, target, k = self._reversal
        key = key * 4 + self.must_add(0) * 2 + self.must_add(1)
        return (key * 2 + self._to_move) * 400 + ((source + 1) * 10 + target + 1) * 4 + k

    def _rejection(self, seat: Seat, action_id: object) -> IllegalAction:
        """The error for an action that is not legal now, naming the rule it breaks."""
        parsed = parse(action_id)
        legal = ", ".join(self._legal)
        if parsed is None:
            return IllegalAction(
                f"{action_id!r} is not a Tuned action: expected an Add like 'Gb2' or a Move like 'Ga1b2'; "
                f"legal: {legal}"
            )
        kind, source, target = parsed
        k = 1
        if source != SUPPLY and kind in STACKS[self._codes[source]]:
            k = HEIGHT[self._codes[source]] - STACKS[self._codes[source]].index(kind)
        kinds = _supply_kinds(self._supply[seat])
        why = why_not(self._codes, kinds, self.must_add(seat), self._reversal, (kind, source, target, k))
        return IllegalAction(f"{action_id!r} is illegal for seat {seat}: {why}; legal: {legal}")


def _end_to_json(end: tuple[str, Seat, tuple[Line, ...]]) -> list[object]:
    reason, winner, lines = end
    return [reason, winner, [list(line) for line in lines]]


def _line(cells: list[int]) -> Line:
    return (int(cells[0]), int(cells[1]), int(cells[2]))
