"""`NumberDropState`: one Number Drop position and its transitions (docs/rules/numberdrop.md).

The game is a sequence of simultaneous steps: the start step (everyone writes their number,
§2.5), then one step per roll (R1) — a BLOCK turn, a normal turn, or in solo a solo turn.
Every seat with something to do is a current player and plays its part on a private copy
of its sheet (`SeatTurn`); when the last one confirms, the step resolves: the sheets are
revealed, the end-of-turn marks are made (R33–R35) and the next roll is made.

What is hidden: a seat's pending choices of the current step from every other viewer (R2).
`determinize` clears them, and for a seat that has already confirmed replays random
decisions in their place, so a bot sees neither.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from tabletop.engine import (
    Action,
    ActionId,
    IllegalAction,
    JsonDict,
    OptionValue,
    Outcome,
    Rng,
    Seat,
    State,
    Tensor,
    mention,
    winners_phrase,
)
from tabletop.games.numberdrop.board import (
    BLOCK_SHAPES,
    CELL_INDEX,
    CELL_NAMES,
    CIRCLED,
    CROSSED,
    DICE,
    FACES,
    LETTERS,
    NUMBER_DICE,
    OPEN,
    SHAPE_DIE,
    SHAPES,
    Sheet,
    describe,
)
from tabletop.games.numberdrop.turn import (
    BLOCK,
    CONFIRM,
    GO,
    NO_LETTER,
    NORMAL,
    SOLO,
    START,
    UNDO,
    SeatTurn,
    observation,
)

if TYPE_CHECKING:
    from tabletop.engine import Game


def has_star(dice: Sequence[int]) -> bool:
    """Whether any of the five dice shows a star (R8, R41)."""
    return (
        any(NUMBER_DICE[die][face] is None for die, face in enumerate(dice[:4])) or SHAPE_DIE[dice[4]] is None
    )


def faces_of(roll: Sequence[int | str | None]) -> list[int]:
    """The face indices of a roll given as what the dice show (raises ValueError for a missing face).

    >>> faces_of((None, 2, None, 1, "O"))
    [1, 1, 3, 0, 1]
    """
    dice = [*NUMBER_DICE, SHAPE_DIE]
    return [faces.index(value) for faces, value in zip(dice, roll, strict=True)]


class NumberDropState(State):
    """The resolved sheets, the current step and every seat's part in it."""

    def __init__(self, game: Game, players: int, options: dict[str, OptionValue], rng: Rng) -> None:
        self.game = game
        self.players = players
        self.options = options
        self.rng = rng
        self.solo = players == 1
        self.blocks: tuple[str, ...] = tuple(SHAPES) if self.solo else tuple(BLOCK_SHAPES)
        self.tiles: list[int] = [0] * len(LETTERS) if self.solo else []
        self.sheets: list[Sheet] = [Sheet() for _ in range(players)]
        self.rolls = 0
        self.kind = START
        self.dice: list[int] = []
        self.block = NO_LETTER
        self.turns: list[SeatTurn] = []
        self.over = False
        self.last_move: JsonDict | None = None
        self.waiting: tuple[Seat, ...] = ()
        """The current players, kept by `_update_waiting` at every change (asked twice a move)."""

    def set_up(self) -> None:
        """Deals the BLOCK tiles to letters A–E at random (§2.5, R39) and opens the start step."""
        blocks = list(self.blocks)
        self.rng.shuffle(blocks)
        self.blocks = tuple(blocks)
        self._open_step()

    @classmethod
    def from_position(
        cls,
        game: Game,
        *,
        players: int = 2,
        grids: Mapping[Seat, Sequence[str]] | None = None,
        roll: Sequence[int | str | None] | None = None,
        blocks: Sequence[str] | None = None,
        letters: Mapping[Seat, Sequence[int]] | None = None,
        boxes: Mapping[Seat, tuple[int, int, bool]] | None = None,
        circled: Mapping[Seat, Sequence[str]] | None = None,
        tiles: Sequence[int] | None = None,
        seed: int = 0,
    ) -> NumberDropState:
        """A hand-made position at the start of a roll, for tests, puzzles and analysis.

        `grids` gives a seat's rows top first, one character per cell ("." empty, a digit,
        "X"), bottom-aligned: ["5..", "123...."] puts 1 2 3 in row 1 and 5 in a2. `roll` is
        what N1–N4 and the shape die show (None for a star), e.g. (None, 2, None, 1, "O");
        without it the start step is opened. `boxes` gives (identical bits, consecutive bits,
        bonus) per seat, bit s - 3 for size s; `letters` the BLOCK letter states (0 open,
        1 circled, 2 crossed); `circled` the cells already used in combinations.
        """
        state = cls(game, players, dict(game.resolve_options(None)), Rng(seed))
        if blocks is not None:
            state.blocks = tuple(blocks)
        if tiles is not None:
            state.tiles = list(tiles)
        for seat, sheet in enumerate(state.sheets):
            _fill(sheet, (grids or {}).get(seat, ()))
            sheet.letters = list((letters or {}).get(seat, sheet.letters))
            same, run, bonus = (boxes or {}).get(seat, (0, 0, False))
            sheet.same, sheet.run, sheet.bonus = same, run, bonus
            for name in (circled or {}).get(seat, ()):
                sheet.circled |= 1 << CELL_INDEX[name]
        if roll is None:
            state._open_step()
        else:
            state._open_roll(faces_of(roll))
        return state

    # --- the contract ----------------------------------------------------------------------------

    def current_players(self) -> tuple[Seat, ...]:
        return self.waiting

    def legal_actions(self, seat: Seat) -> list[Action]:
        return [Action(action_id, *describe(action_id)) for action_id in self.legal_action_ids(seat)]

    def legal_action_ids(self, seat: Seat) -> list[ActionId]:
        if self.over or not isinstance(seat, int) or not 0 <= seat < self.players:
            return []
        return self.turns[seat].legal_ids()

    def is_legal(self, seat: Seat, action_id: ActionId) -> bool:
        return isinstance(action_id, str) and self.turns[seat].is_legal(action_id)

    def illegal(self, seat: Seat, action_id: object) -> IllegalAction:
        """What was expected instead, with a few examples (a drop can have a thousand legal ids)."""
        if self.is_over() or seat not in self.current_players():
            return super().illegal(seat, action_id)
        legal = self.legal_action_ids(seat)
        examples = ", ".join(legal[:4]) + (f" (and {len(legal) - 4} more)" if len(legal) > 4 else "")
        wanted = _ask(self.turns[seat]).lower()
        return IllegalAction(
            f"{action_id!r} is not legal for Player {seat + 1} now ({wanted}); legal: {examples}"
        )

    def _apply(self, seat: Seat, action_id: ActionId) -> None:
        turn = self.turns[seat]
        if action_id == UNDO:
            fresh = self._begin(seat)
            fresh.undos = turn.undos + 1
            self.turns[seat] = fresh
        elif action_id == CONFIRM:
            turn.confirm()
            self._update_waiting()
            if not self.waiting:
                self._resolve()
        else:
            turn.perform(action_id)

    def is_over(self) -> bool:
        return self.over

    def outcome(self) -> Outcome | None:
        if not self.over:
            return None
        scores = [sheet.score() for sheet in self.sheets]
        if self.solo:
            return Outcome.from_scores(scores, f"solo score {scores[0]}")
        best = max(scores)
        winners = [seat for seat, score in enumerate(scores) if score == best]
        return Outcome.from_scores(scores, f"{winners_phrase(winners)} with {best} points")

    def clone(self) -> NumberDropState:
        twin = NumberDropState.__new__(NumberDropState)
        twin.__dict__.update(self.__dict__)
        twin.rng = self.rng.copy()
        twin.tiles = self.tiles.copy()
        twin.dice = self.dice.copy()
        twin.sheets = [sheet.copy() for sheet in self.sheets]
        twin.turns = [turn.copy() for turn in self.turns]
        return twin

    def determinize(self, viewer: Seat | None, rng: Rng) -> State:
        """A clone without the other seats' pending choices (R2) and with fresh dice to come.

        A seat that has not confirmed goes back to the start of its step; one that has
        confirmed gets random decisions in place of its real ones and stays confirmed.
        """
        copy = super().determinize(viewer, rng)
        assert isinstance(copy, NumberDropState)
        for seat, turn in enumerate(copy.turns):
            if seat != viewer and not copy.over:
                fresh = copy._begin(seat)
                fresh.undos = turn.undos
                if turn.confirmed:
                    _complete_randomly(fresh, rng)
                copy.turns[seat] = fresh
        copy._update_waiting()
        return copy

    def public_label(self, viewer: Seat | None, seat: Seat, action_id: ActionId) -> str | None:
        """Only "<player> is done" shows before the step resolves (R2); the mover sees everything."""
        if viewer == seat:
            return self.label_of(seat, action_id)
        return f"{mention(seat, 'is')} done" if action_id == CONFIRM else None

    def view(self, viewer: Seat | None) -> JsonDict:
        own = self.turns[viewer] if viewer is not None and 0 <= viewer < self.players else None
        sheets = [
            own.sheet if own is not None and seat == viewer else sheet
            for seat, sheet in enumerate(self.sheets)
        ]
        return {
            "players": self.players,
            "viewer": viewer,
            "solo": self.solo,
            "rolls": self.rolls,
            "step": "over" if self.over else self.kind,
            "dice": self._dice_view(),
            "block": None if self.block == NO_LETTER else LETTERS[self.block],
            "blocks": list(self.blocks),
            "tiles": (own.tiles if own is not None and self.solo else self.tiles).copy(),
            "sheets": [_sheet_view(sheet) for sheet in sheets],
            "scores": [sheet.score() for sheet in sheets],
            "waiting": list(self.current_players()),
            "mine": None if own is None or self.over else _turn_view(own),
            "last_move": _copy_move(self.last_move),
            "prompt": self.prompt(viewer),
        }

    def to_json(self) -> JsonDict:
        return {
            "players": self.players,
            "options": dict(self.options),
            "rng": self.rng.state,
            "blocks": list(self.blocks),
            "tiles": self.tiles.copy(),
            "sheets": [sheet.to_json() for sheet in self.sheets],
            "rolls": self.rolls,
            "kind": self.kind,
            "dice": self.dice.copy(),
            "block": self.block,
            "turns": [turn.to_json() for turn in self.turns],
            "over": self.over,
            "last_move": _copy_move(self.last_move),
        }

    def load_json(self, data: JsonDict) -> None:
        """Fills this state from what `to_json` wrote."""
        self.rng = Rng(int(data["rng"]))
        self.blocks = tuple(str(block) for block in data["blocks"])
        self.tiles = [int(position) for position in data["tiles"]]
        self.sheets = [Sheet.from_json(sheet) for sheet in data["sheets"]]
        self.rolls, self.kind = int(data["rolls"]), str(data["kind"])
        self.dice = [int(face) for face in data["dice"]]
        self.block = int(data["block"])
        self.turns = [SeatTurn.from_json(turn, self.blocks) for turn in data["turns"]]
        self.over = bool(data["over"])
        self.last_move = _copy_move(data["last_move"])
        self._update_waiting()

    # --- questions ----------------------------------------------------------------------------------

    def prompt(self, viewer: Seat | None) -> str:
        """What is expected now, in words, for this viewer."""
        if self.over:
            outcome = self.outcome()
            return f"Game over: {outcome.reason}" if outcome else "Game over"
        waiting = self.current_players()
        if viewer in waiting:
            return _ask(self.turns[viewer])
        names = ", ".join(mention(seat) for seat in waiting)
        return f"Waiting for {names}"

    # --- transitions --------------------------------------------------------------------------------

    def _begin(self, seat: Seat) -> SeatTurn:
        """The seat's fresh start of the current step."""
        letter = self.block if self.kind == BLOCK else NO_LETTER
        turn = SeatTurn.begin(
            self.kind,
            self.sheets[seat],
            blocks=self.blocks,
            number=seat + 1,
            dice=self.dice,
            tiles=self.tiles,
            letter=letter,
        )
        turn.confirmed = self.kind == BLOCK and self.sheets[seat].letters[self.block] == CIRCLED
        return turn

    def _open_step(self) -> None:
        self.turns = [self._begin(seat) for seat in range(self.players)]
        self._update_waiting()

    def _update_waiting(self) -> None:
        """The seats that have not confirmed their part of the step, none once the game is over."""
        self.waiting = (
            () if self.over else tuple(seat for seat, turn in enumerate(self.turns) if not turn.confirmed)
        )

    def _open_roll(self, dice: list[int]) -> None:
        """The roll and the BLOCK check (R1, R8, R9): a BLOCK turn, a normal turn or a solo turn."""
        self.rolls += 1
        self.dice = dice
        self.block = NO_LETTER
        if self.solo:
            self.kind = SOLO
        else:
            self.kind = NORMAL
            if has_star(dice):
                active = self._first_active_letter()
                if active != NO_LETTER and self._has_exposed(active):
                    self.kind, self.block = BLOCK, active
        self._open_step()

    def _first_active_letter(self) -> int:
        """The earliest active BLOCK letter (R9), NO_LETTER if none is."""
        return next((letter for letter in range(len(LETTERS)) if self._is_active(letter)), NO_LETTER)

    def _is_active(self, letter: int) -> bool:
        """Circled by someone and not crossed (R7)."""
        states = [sheet.letters[letter] for sheet in self.sheets]
        return CIRCLED in states and CROSSED not in states

    def _has_exposed(self, letter: int) -> bool:
        """Someone has not circled the chosen letter (R8c; else a normal turn, Q9)."""
        return any(sheet.letters[letter] != CIRCLED for sheet in self.sheets)

    def _resolve(self) -> None:
        """End of a step: sheets shown (R2), BLOCK crossed (R12), rows marked (R33, R34), end (R35, R43)."""
        self.last_move = {
            "step": self.kind,
            "written": [[CELL_NAMES[cell] for cell in turn.written] for turn in self.turns],
        }
        self.sheets = [turn.sheet for turn in self.turns]
        if self.solo:
            self.tiles = self.turns[0].tiles
        if self.kind == BLOCK:
            _cross(self.sheets, self.block)
        for sheet in self.sheets:
            sheet.mark_rows()
        for letter, states in enumerate(zip(*(sheet.letters for sheet in self.sheets), strict=True)):
            if states.count(CIRCLED) == len(states):
                _cross(self.sheets, letter)
        if any(sheet.minus for sheet in self.sheets) or (self.solo and min(self.tiles) >= GO):
            self.over = True
            return
        self._open_roll([self.rng.below(FACES) for _ in range(DICE)])

    def _dice_view(self) -> list[JsonDict]:
        if not self.dice:
            return []
        numbers = [
            {"die": f"N{die + 1}", "value": NUMBER_DICE[die][face]} for die, face in enumerate(self.dice[:4])
        ]
        return [*numbers, {"die": "S", "value": SHAPE_DIE[self.dice[4]]}]

    def _observation(self, view: JsonDict, viewer: Seat | None) -> Tensor:
        return observation(view, viewer)


def _copy_move(move: JsonDict | None) -> JsonDict | None:
    """The last step's record, copied so that no view or saved copy shares the state's lists."""
    if move is None:
        return None
    return {"step": move["step"], "written": [list(cells) for cells in move["written"]]}


def _fill(sheet: Sheet, rows: Sequence[str]) -> None:
    for y, row in enumerate(reversed(rows)):
        for x, char in enumerate(row):
            if char != ".":
                sheet.write([y * 7 + x], [10 if char == "X" else int(char)])


def _cross(sheets: list[Sheet], letter: int) -> None:
    for sheet in sheets:
        sheet.letters[letter] = CROSSED


def _complete_randomly(turn: SeatTurn, rng: Rng) -> None:
    """Plays random decisions for a seat until it may confirm, then confirms (for `determinize`)."""
    while True:
        ids = [action_id for action_id in turn.legal_ids() if action_id not in (UNDO, CONFIRM)]
        if not ids or (CONFIRM in turn.legal_ids() and rng.below(2) == 0):
            break
        turn.perform(rng.choice(ids))
    turn.confirm()


def _sheet_view(sheet: Sheet) -> JsonDict:
    return {
        "cells": sheet.cells.copy(),
        "circled": [cell for cell in range(len(sheet.cells)) if sheet.circled >> cell & 1],
        "same": [size for size in range(3, 8) if sheet.same >> (size - 3) & 1],
        "run": [size for size in range(3, 8) if sheet.run >> (size - 3) & 1],
        "bonus": sheet.bonus,
        "letters": [
            "open" if state == OPEN else "circled" if state == CIRCLED else "crossed"
            for state in sheet.letters
        ],
        "plus": [y for y in range(11) if sheet.plus >> y & 1],
        "minus": [y + 11 for y in range(3) if sheet.minus >> y & 1],
    }


def _turn_view(turn: SeatTurn) -> JsonDict:
    return {
        "pending": turn.pending() if not turn.confirmed else "confirmed",
        "shape": turn.shape if turn.pending() != "x" else turn.blocks[turn.x_letter],
        "x_letter": None if turn.x_letter == NO_LETTER else LETTERS[turn.x_letter],
        "digits": turn.digits.copy(),
        "written": turn.written.copy(),
        "confirmed": turn.confirmed,
    }


def _ask(turn: SeatTurn) -> str:
    pending = turn.pending()
    if pending == "start":
        return "Write your number in a cell of row 1"
    if pending == "slide":
        return "Slide a BLOCK tile one step down"
    if pending == "x":
        letter = turn.x_letter
        return f"Drop BLOCK {LETTERS[letter]} ({turn.blocks[letter]}) as X: pick an orientation and a column"
    if pending == "shape":
        return "The shape die shows a star: choose the shape"
    if pending == "star":
        return f"Die N{turn.digits.index(None) + 1} shows a star: choose its digit"
    if pending == "drop":
        return f"Drop the {turn.shape}: pick an orientation, then a column, then the digits' order"
    if turn.kind in (NORMAL, SOLO) and not turn.scored:
        return "Score a combination (its cells, then its box) or confirm"
    return "Confirm your turn"
