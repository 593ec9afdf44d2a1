"""`TunedState`: one position of Tuned, its transitions, its end and its view (docs/rules/tuned.md).

The state keeps each cell's stack twice: as the pieces in it (bottom to top, so the
drawing can keep every animal's identity) and as its stack code (what the rules look
at). The legal actions of the player to move are computed once after each action (R9
and R10 need them at the start of every turn anyway), kept in `legal`, and shared by
clones, which never change them in place; so `is_legal` is one dictionary lookup.

Everything in Tuned is public, so every viewer gets the same view but for `viewer`, which
only tells the drawing whose side goes at the bottom.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.engine import Action, ActionId, IllegalAction, JsonDict, Outcome, Seat, State, Tensor, mention
from tabletop.games.tuned.board import (
    CELL_NAMES,
    CELLS,
    CODE_OF_STACK,
    EMPTY,
    HEIGHT,
    KIND_NAMES,
    KIND_TITLES,
    LINE_NAMES,
    PIECES_PER_SEAT,
    REMAINDER,
    STACKS,
    SUPPLY,
    TOP,
    Cell,
    Kind,
    Piece,
    StackCode,
    barn_pieces,
    cell_element,
    kind_of,
    parse,
    piece_element,
    portion_words,
    rooster_element,
    stacks_of_rows,
    supply_pieces,
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
    SPACE_NAMES,
    WIN_BY_LINE,
    Entry,
    LastMove,
    Move,
    Reversal,
    completed_lines,
    last_move_on,
    legal_moves,
    legal_table,
    observation,
    position_key,
    reversal_of,
    why_not,
)

if TYPE_CHECKING:
    from tabletop.engine import Game

Line = tuple[Cell, Cell, Cell]
End = tuple[str, Seat, tuple[Line, ...]]
"""(why, winning seat or `NOBODY`, completed lines)."""


class TunedState(State):
    """A position: the barn, both supplies and Roosters, whose turn it is, and what happened last."""

    def __init__(self, game: Game, first_player: Seat) -> None:
        """The start of section 2.4: an empty barn, full supplies, both Roosters on MOVE."""
        self.game = game
        self.players = 2
        self.stacks: list[tuple[Piece, ...]] = [()] * len(CELLS)
        """Each cell's pieces, bottom to top, cells in reading order (a1, b1, c1, a2, …)."""
        self.codes: list[StackCode] = [EMPTY] * len(CELLS)
        """Each cell's stack code (an index into `board.STACKS`)."""
        self.supplies: list[tuple[Piece, ...]] = [
            tuple(range(seat * PIECES_PER_SEAT, (seat + 1) * PIECES_PER_SEAT)) for seat in range(2)
        ]
        self.roosters = [MOVE_SPACE, MOVE_SPACE]
        """The space each seat's Rooster is on: `MOVE_SPACE`, `ADD_1_SPACE` or `ADD_2_SPACE`."""
        self.first_player = first_player
        self.to_move = first_player
        """The seat to act, or `NOBODY` once the game is over."""
        self.reversal: Reversal = NO_REVERSAL
        """(source, target, k) of the Move that R7 forbids now, or `NO_REVERSAL`."""
        self.last_move: LastMove | None = None
        self.played = 0
        self.end: End | None = None
        self.history: dict[int, int] = {}
        """How often each position has come up since the last Add (decision D1)."""
        self.legal: dict[ActionId, Entry] = {}
        self._start_turn()

    @classmethod
    def from_position(
        cls,
        game: Game,
        *,
        barn: str,
        supplies: tuple[str, str],
        to_move: Seat,
        roosters: tuple[str, str] = ("add-1", "add-1"),
        last_move: ActionId | None = None,
    ) -> TunedState:
        """A position written as in section 6: `barn` is three rows top to bottom separated by "/",
        each three stacks bottom to top ("DG", "." for empty); `supplies` are letters per seat.

        `last_move` is the opponent's last action as it shows on this barn (it sets what R7
        forbids). The animals get their pieces as in play (`board.barn_pieces`); a player
        left without an action has lost at once (R9, R10). Raises `ValueError` for an
        impossible position.

        >>> from tabletop.games.tuned import GAME
        >>> barn = "DGC . . / . . . / . . ."
        >>> state = TunedState.from_position(GAME, barn=barn, supplies=("DDGGC", "DGCC"), to_move=0)
        >>> state.codes[:2], len(state.legal_actions(0))
        ([6, 0], 48)
        """
        kinds = stacks_of_rows(barn)
        if completed_lines([CODE_OF_STACK[stack] for stack in kinds], CELLS):
            raise ValueError("a line of three is already on the board: the game would be over (R8)")
        state = cls(game, to_move)
        state.supplies = [supply_pieces(seat, letters) for seat, letters in enumerate(supplies)]
        state.stacks = barn_pieces(kinds, state.supplies)
        state.codes = [CODE_OF_STACK[stack] for stack in kinds]
        state.roosters = [SPACE_NAMES.index(space) for space in roosters]
        if last_move is not None:
            state.last_move = last_move_on(kinds, state.stacks, 1 - to_move, last_move)
            _, piece, source, target, k = state.last_move
            state.reversal = reversal_of((kind_of(piece), source, target, k))
        state.history = {}
        state._start_turn()
        return state

    # -- the engine contract ------------------------------------------------------------

    def current_players(self) -> tuple[Seat, ...]:
        return () if self.to_move == NOBODY else (self.to_move,)

    def legal_actions(self, seat: Seat) -> list[Action]:
        """R2 … R7 for the player to move: their Adds (kind by kind), then their Moves."""
        if seat != self.to_move or self.to_move == NOBODY:
            return []
        return [entry[0] for entry in self.legal.values()]

    def legal_action_ids(self, seat: Seat) -> list[ActionId]:
        if seat != self.to_move or self.to_move == NOBODY:
            return []
        return list(self.legal)

    def is_legal(self, seat: Seat, action_id: ActionId) -> bool:
        """A lookup in the table of legal actions kept since the last action."""
        return seat == self.to_move and isinstance(action_id, str) and action_id in self.legal

    def illegal(self, seat: Seat, action_id: object) -> IllegalAction:
        """For the seat to move, the rule the action breaks, or the notation if it is malformed."""
        if self.to_move == NOBODY or seat != self.to_move:
            return super().illegal(seat, action_id)
        legal = ", ".join(self.legal)
        parsed = parse(action_id)
        if parsed is None:
            return IllegalAction(
                f"{action_id!r} is not a Tuned action: expected an Add like 'Gb2' or a Move like 'Ga1b2'; "
                f"legal: {legal}"
            )
        kind, source, target = parsed
        code = self.codes[source] if source != SUPPLY else EMPTY
        k = HEIGHT[code] - STACKS[code].index(kind) if kind in STACKS[code] else 1
        kinds = _supply_kinds(self.supplies[seat])
        why = why_not(self.codes, kinds, self.must_add(seat), self.reversal, (kind, source, target, k))
        return IllegalAction(f"{action_id!r} is illegal for seat {seat}: {why}; legal: {legal}")

    def _apply(self, seat: Seat, action_id: ActionId) -> None:
        """Performs an Add (R4) or a Move (R5), then R8 … R10 and the draws."""
        _, piece, move = self.legal[action_id]
        self._perform(seat, piece, move)

    def is_over(self) -> bool:
        return self.to_move == NOBODY

    def outcome(self) -> Outcome | None:
        """1 for the winner and 0 for the loser; ½ each for a draw."""
        if self.end is None:
            return None
        winner = self.end[1]
        scores = [0.5, 0.5] if winner == NOBODY else [float(seat == winner) for seat in range(2)]
        return Outcome.from_scores(scores, self.end_reason())

    def clone(self) -> TunedState:
        other = TunedState.__new__(TunedState)
        other.__dict__.update(self.__dict__)
        other.stacks = self.stacks[:]
        other.codes = self.codes[:]
        other.supplies = self.supplies[:]
        other.roosters = self.roosters[:]
        other.history = self.history.copy()
        return other

    def view(self, viewer: Seat | None) -> JsonDict:
        """The barn, both players' supplies and Roosters, the turn, the last move and the prompt."""
        return {
            "cells": [
                {
                    "name": CELL_NAMES[cell],
                    "element": cell_element(cell),
                    "pieces": _pieces(self.stacks[cell]),
                }
                for cell in CELLS
            ],
            "seats": [
                {
                    "supply": _pieces(self.supplies[seat]),
                    "rooster": SPACE_NAMES[self.roosters[seat]],
                    "rooster_element": rooster_element(seat),
                    "rooster_in_use": bool(self.supplies[seat]),
                    "must_add": self.must_add(seat),
                }
                for seat in range(2)
            ],
            "viewer": viewer,
            "to_move": None if self.to_move == NOBODY else self.to_move,
            "winner": None if self.end is None or self.end[1] == NOBODY else self.end[1],
            "first_player": self.first_player,
            "last_move": self._last_move_view(),
            "forbidden": self._forbidden_view(),
            "winning_lines": [[CELL_NAMES[cell] for cell in line] for line in (self.end or ("", 0, ()))[2]],
            "played": self.played,
            "action_limit": ACTION_LIMIT,
            "result": self.end_reason() if self.end else None,
            "prompt": self.prompt(),
        }

    def to_json(self) -> JsonDict:
        return {
            "game": "tuned",
            "stacks": [list(stack) for stack in self.stacks],
            "supplies": [list(supply) for supply in self.supplies],
            "roosters": list(self.roosters),
            "first_player": self.first_player,
            "to_move": self.to_move,
            "reversal": list(self.reversal),
            "last_move": None if self.last_move is None else list(self.last_move),
            "played": self.played,
            "end": None
            if self.end is None
            else [self.end[0], self.end[1], [list(line) for line in self.end[2]]],
            "history": sorted([key, count] for key, count in self.history.items()),
        }

    @classmethod
    def from_json(cls, game: Game, data: JsonDict) -> TunedState:
        """The state `to_json` wrote."""
        state = cls.__new__(cls)
        state.game = game
        state.players = 2
        state.stacks = [tuple(int(piece) for piece in stack) for stack in data["stacks"]]
        state.codes = [CODE_OF_STACK[tuple(kind_of(piece) for piece in stack)] for stack in state.stacks]
        state.supplies = [tuple(int(piece) for piece in supply) for supply in data["supplies"]]
        state.roosters = [int(space) for space in data["roosters"]]
        state.first_player = int(data["first_player"])
        state.to_move = int(data["to_move"])
        source, target, k = data["reversal"]
        state.reversal = (int(source), int(target), int(k))
        last = data["last_move"]
        state.last_move = (
            None if last is None else (int(last[0]), int(last[1]), int(last[2]), int(last[3]), int(last[4]))
        )
        state.played = int(data["played"])
        end = data["end"]
        state.end = (
            None if end is None else (str(end[0]), int(end[1]), tuple(_line(cells) for cells in end[2]))
        )
        state.history = {int(key): int(count) for key, count in data["history"]}
        if state.to_move == NOBODY:
            state.legal = {}
        else:
            seat = state.to_move
            state.legal = legal_table(state.moves_for(seat), state.stacks, state.supplies[seat])
        return state

    # -- questions ------------------------------------------------------------------------

    def must_add(self, seat: Seat) -> bool:
        """R2: the seat has animals in supply and its Rooster is on MOVE."""
        return bool(self.supplies[seat]) and self.roosters[seat] == MOVE_SPACE

    def moves_for(self, seat: Seat, *, as_if_to_move: bool = False) -> list[Move]:
        """The rules' moves of `seat` now; with `as_if_to_move`, those it would have on its turn here.

        The second form (no R7 reversal, the seat's own supply and Rooster) is what the
        evaluator uses to count the opponent's threats.
        """
        if seat != self.to_move and not as_if_to_move:
            return []
        reversal = self.reversal if seat == self.to_move else NO_REVERSAL
        kinds = _supply_kinds(self.supplies[seat])
        return legal_moves(self.codes, kinds, self.must_add(seat), reversal)

    def prompt(self) -> str:
        """What is expected now, in words (R2, R3), or the result."""
        seat = self.to_move
        if seat == NOBODY:
            return self.end_reason()
        if not self.supplies[seat]:
            return f"{mention(seat)} to move: move an animal (supply empty)"
        if self.must_add(seat):
            return f"{mention(seat)} to move: add an animal (the Rooster is on Move)"
        return f"{mention(seat)} to move: add or move an animal"

    def end_reason(self) -> str:
        """Who won and by which rule (R8, R9, R10), or why the game is drawn (decisions D1, D2)."""
        if self.end is None:
            return ""
        reason, winner, lines = self.end
        if reason == DRAW_BY_REPETITION:
            return "Draw: the same position came up for the third time"
        if reason == DRAW_BY_LIMIT:
            return f"Draw: {ACTION_LIMIT} actions were played without a line of three"
        if reason == WIN_BY_LINE:
            return f"{mention(winner, 'wins')}: " + " and ".join(self._line_words(line) for line in lines)
        loser = 1 - winner
        if reason == LOSS_NO_ADD:
            return f"{mention(winner, 'wins')}: {mention(loser, 'must')} add an animal but none can be placed"
        return f"{mention(winner, 'wins')}: {mention(loser, 'has')} no legal action"

    # -- transitions ----------------------------------------------------------------------

    def _perform(self, seat: Seat, piece: Piece, move: Move) -> None:
        """One action, then the end checks of R8, R9, R10 and the draws, or the next turn."""
        _, source, target, k = move
        had_supply = bool(self.supplies[seat])
        if source == SUPPLY:
            self.supplies[seat] = tuple(other for other in self.supplies[seat] if other != piece)
            self._drop(target, (piece,))
            self.roosters[seat] = ADD_2_SPACE if self.roosters[seat] == ADD_1_SPACE else ADD_1_SPACE
            self.history = {}  # an Add can never be undone, so no earlier position comes back
            changed: tuple[Cell, ...] = (target,)
        else:
            lifted = self.stacks[source][-k:]
            self.stacks[source] = self.stacks[source][:-k]
            self.codes[source] = REMAINDER[self.codes[source]][k - 1]
            self._drop(target, lifted)
            if had_supply:
                self.roosters[seat] = MOVE_SPACE
            changed = (source, target)
        self.reversal = reversal_of(move)
        self.last_move = (seat, piece, source, target, k)
        self.played += 1
        lines = completed_lines(self.codes, changed)
        if lines:
            self._finish(WIN_BY_LINE, seat, tuple(lines))
            return
        self.to_move = 1 - seat
        self._start_turn()

    def _drop(self, target: Cell, pieces: tuple[Piece, ...]) -> None:
        stack = self.stacks[target] + pieces
        self.stacks[target] = stack
        self.codes[target] = CODE_OF_STACK[tuple(kind_of(piece) for piece in stack)]

    def _start_turn(self) -> None:
        """R9 / R10: a player without any legal action loses; then decisions D1 and D2 (draws)."""
        seat = self.to_move
        self.legal = legal_table(self.moves_for(seat), self.stacks, self.supplies[seat])
        if not self.legal:
            self._finish(LOSS_NO_ADD if self.must_add(seat) else LOSS_NO_ACTION, 1 - seat, ())
            return
        key = position_key(self.codes, self.reversal, (self.must_add(0), self.must_add(1)), seat)
        count = self.history.get(key, 0) + 1
        self.history[key] = count
        if count >= REPETITIONS_FOR_DRAW:
            self._finish(DRAW_BY_REPETITION, NOBODY, ())
        elif self.played >= ACTION_LIMIT:
            self._finish(DRAW_BY_LIMIT, NOBODY, ())

    def _finish(self, reason: str, winner: Seat, lines: tuple[Line, ...]) -> None:
        self.end = (reason, winner, lines)
        self.to_move = NOBODY
        self.legal = {}

    # -- the view -------------------------------------------------------------------------

    def _line_words(self, line: Line) -> str:
        kind = TOP[self.codes[line[0]]]
        return f"three {KIND_TITLES[kind]}s on top in {LINE_NAMES[line]}"

    def _last_move_view(self) -> JsonDict | None:
        if self.last_move is None:
            return None
        seat, piece, source, target, k = self.last_move
        portion = portion_words(kind_of(piece), k)
        if source == SUPPLY:
            text = f"{mention(seat, 'added')} a {portion} on {CELL_NAMES[target]}"
        else:
            text = f"{mention(seat, 'moved')} {portion} from {CELL_NAMES[source]} to {CELL_NAMES[target]}"
        return {
            "seat": seat,
            "type": "add" if source == SUPPLY else "move",
            "pieces": [piece_element(moved) for moved in self.stacks[target][-k:]],
            "from": None if source == SUPPLY else CELL_NAMES[source],
            "to": CELL_NAMES[target],
            "text": text,
        }

    def _forbidden_view(self) -> JsonDict | None:
        """R7: the one Move the player to move may not make, for the players' information."""
        source, target, k = self.reversal
        if source == SUPPLY or self.end is not None:
            return None
        kind = kind_of(self.stacks[source][-k])
        return {"from": CELL_NAMES[source], "to": CELL_NAMES[target], "animals": portion_words(kind, k)}

    def _observation(self, view: JsonDict, viewer: Seat | None) -> Tensor:
        return observation(view, viewer)


def _supply_kinds(supply: tuple[Piece, ...]) -> tuple[Kind, ...]:
    return tuple(dict.fromkeys(kind_of(piece) for piece in supply))


def _pieces(pieces: tuple[Piece, ...]) -> list[JsonDict]:
    return [{"id": piece_element(piece), "kind": KIND_NAMES[kind_of(piece)]} for piece in pieces]


def _line(cells: list[int]) -> Line:
    return (int(cells[0]), int(cells[1]), int(cells[2]))
