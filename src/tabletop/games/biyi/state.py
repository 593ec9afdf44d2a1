"""`BiyiState`: one Biyi position, its legal turns and what ends the game (docs/rules/biyi.md).

A turn is one action: a movement and the jumps it forces (R1–R12). After it the game
ends on a bird (R30), on dragons (R26), on a repeated position (R29), at the board's turn
limit (R33), or when the next player has no legal turn (R31); otherwise the other player
moves.
"""

from __future__ import annotations

from collections.abc import Mapping
from operator import lshift
from typing import TYPE_CHECKING

from tabletop.engine import (
    POSSESSIVE,
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
)
from tabletop.games.biyi.board import BOARDS, DARK, LIGHT, MOVE_ID, Board, observation
from tabletop.games.biyi.rules import (
    CLIMB,
    COLUMN_CODES,
    DESCEND,
    UNIFORM_HEIGHT,
    Candidates,
    Column,
    Legal,
    Movement,
    Remembered,
    Turn,
    in_dragon_trouble,
    legal_turns,
    number_of_key,
    plain_turn,
    position_key,
    prisoners,
    river_holds,
    square_bits,
)

if TYPE_CHECKING:
    from tabletop.engine import Game

SEAT_NAMES = ("Light", "Dark")
OWNER_NAMES = ("light", "dark")
LETTERS = "LD"
"""Light's and Dark's letters in the columns `from_position` is given ("LDL")."""
SHARED, SEPARATE = "shared", "separate"
SHIFTS = {
    name: tuple(square * square_bits(board) + 1 for square in range(board.size))
    for name, board in BOARDS.items()
}
"""Where each square's column code sits in a position number, the player to move left out, by board."""


class BiyiState(State):
    """A Biyi position: the columns, who moves, what R26, R28 and R29 remember, and the result."""

    def __init__(self, game: Game, options: dict[str, OptionValue], rng: Rng) -> None:
        self.game = game
        self.players = 2
        self.options = options
        self.rng = rng
        self.board: Board = BOARDS[str(options["board"])]
        self.stacks: list[Column] = [() for _ in range(self.board.size)]
        self.cards: tuple[str, str] = ("", "")
        self.to_move: Seat = LIGHT
        self.turns_played = 0
        self.previous: list[Remembered | None] = [None, None]
        self.in_trouble = False
        """Whether the player to move began this turn in dragon trouble (R26)."""
        self.seen: set[int] = set()
        """Every position so far as its number (`rules.position_number`), for R29."""
        self.over = False
        self.winner: Seat | None = None
        self.reason = ""
        self._last_turn: tuple[Seat, Turn] | None = None
        self._last_record: JsonDict | None = None
        self._legal: Legal | None = None
        self._chained = True
        """Whether the position meets R20: always after a turn, perhaps not in a hand-made one."""
        # What follows is kept up to date square by square as turns change columns
        # (`_put_columns`), so that no step of a playout has to look at the whole board.
        self._known: list[Candidates | None] = [None] * self.board.size
        """The movements from each square, kept while its neighbourhood is unchanged (`rules.legal_turns`)."""
        self._controlled: tuple[set[int], set[int]] = (set(), set())
        """The squares each player has on top."""
        self._tall: set[int] = set()
        """The squares at least `UNIFORM_HEIGHT` high: the only places dragons can be (R25)."""
        self._codes: list[int] = []
        """Each square's `rules.COLUMN_CODES`: what move generation remembers movements by."""
        self._region = 0
        """`rules.river_region` of the columns: what R20 is checked on."""
        self._position = 0
        """`rules.position_number` of the columns, the player to move left out (its lowest bit)."""
        self._shifts = SHIFTS[self.board.name]
        """Where each square's column code sits in `_position`."""

    @classmethod
    def from_position(
        cls,
        game: Game,
        *,
        stacks: Mapping[str, str],
        to_move: Seat = LIGHT,
        board: str = "tabletop",
        turns_played: int = 0,
    ) -> BiyiState:
        """A position given column by column, bottom to top in letters ("LDL"), on a named board.

        For tests, puzzles and analysis. Tokens are numbered square by square; the turn goes
        to `to_move`, or the game is over at once if they have no legal turn (R31).

        >>> from tabletop.games.biyi import GAME
        >>> state = BiyiState.from_position(GAME, stacks={"c2": "L", "c6": "D"}, board="quick")
        >>> state.legal_action_ids(0)
        ['c2c3', 'c2b2', 'c2d2']
        """
        state = cls(game, dict(game.resolve_options({"board": board})), Rng(0))
        counters = [LIGHT, DARK]
        for name in sorted(stacks, key=state._square):
            column: list[int] = []
            for letter in stacks[name]:
                seat = LETTERS.index(letter)
                column.append(counters[seat])
                counters[seat] += 2
            state.stacks[state._square(name)] = tuple(column)
        state.turns_played = turns_played
        state._recount()
        state._begin_turn(to_move)
        return state

    def _square(self, name: str) -> int:
        square = self.board.square_of(name)
        if square is None:
            raise ValueError(f"{name!r} is not a square of the {self.board.title} board")
        return square

    def set_up(self) -> None:
        """The start (section 2.3): cards drawn, Dark on their mirror image, a random first player."""
        names = list(self.board.cards)
        light = names[self.rng.below(len(names))]
        dark = light if self.options["cards"] == SHARED else names[self.rng.below(len(names))]
        self.cards = (light, dark)
        for index, square in enumerate(self.board.cards[light]):
            self.stacks[square] = (2 * index,)
        for index, square in enumerate(self.board.cards[dark]):
            self.stacks[self.board.mirror(square)] = (2 * index + 1,)
        self._recount()
        self._begin_turn(self.rng.below(2))

    # --- the contract -------------------------------------------------------------------

    def current_players(self) -> tuple[Seat, ...]:
        return () if self.over else (self.to_move,)

    def legal_actions(self, seat: Seat) -> list[Action]:
        if self.over or seat != self.to_move:
            return []
        return [Action(turn.id, self._label(turn), self._path(turn)) for turn in self.turns()]

    def legal_action_ids(self, seat: Seat) -> list[ActionId]:
        if self.over or seat != self.to_move:
            return []
        return list((self._legal or self._legal_turns()).ids)

    def is_legal(self, seat: Seat, action_id: ActionId) -> bool:
        legal = self._legal or self._legal_turns()
        return isinstance(action_id, str) and seat == self.to_move and action_id in legal.ids

    def illegal(self, seat: Seat, action_id: object) -> IllegalAction:
        if (
            not self.over
            and seat == self.to_move
            and not (isinstance(action_id, str) and MOVE_ID.fullmatch(action_id))
        ):
            return IllegalAction(
                f"{action_id!r} is not a Biyi move: write the squares, as b2b3, b2b3/1 (top token alone) "
                "or b2b3-b4 (with a jump)"
            )
        return super().illegal(seat, action_id)

    def _apply(self, seat: Seat, action_id: ActionId) -> None:
        stacks = self.stacks
        turn = (self._legal or self._legal_turns()).completed.get(action_id) or plain_turn(
            self.board, stacks, action_id
        )
        was_in_trouble = self.in_trouble
        self._chained = True
        self._put_columns(
            turn.changes
            or (
                (turn.origin, stacks[turn.origin][: turn.level]),
                (turn.target, stacks[turn.target] + turn.moved),
            )
        )
        self.previous[seat] = turn  # what R28 reads of it are the fields it shares with Movement
        self.turns_played += 1
        self._last_turn, self._last_record = (seat, turn), None
        if turn.wins:
            self._finish(seat, f"{mention(seat, 'reached')} {mention(1 - seat, POSSESSIVE)} bird")
        elif was_in_trouble and in_dragon_trouble(self.board, stacks, seat, self._tall):
            self._finish(
                1 - seat, f"{mention(seat, POSSESSIVE)} dragons stayed side by side for a second turn"
            )
        else:
            self._begin_turn(1 - seat)

    def is_over(self) -> bool:
        return self.over

    def outcome(self) -> Outcome | None:
        if not self.over:
            return None
        if self.winner is None:
            return Outcome.from_scores([0, 0], self.reason)
        return Outcome.from_scores([1 if seat == self.winner else 0 for seat in (LIGHT, DARK)], self.reason)

    def clone(self) -> BiyiState:
        twin = BiyiState.__new__(BiyiState)
        twin.__dict__.update(self.__dict__)
        twin.stacks = list(self.stacks)
        twin.previous = list(self.previous)
        twin.seen = set(self.seen)
        twin._known = list(self._known)
        twin._controlled = (set(self._controlled[LIGHT]), set(self._controlled[DARK]))
        twin._tall = set(self._tall)
        twin._codes = list(self._codes)
        twin.rng = self.rng.copy()
        return twin

    def view(self, viewer: Seat | None) -> JsonDict:
        board = self.board
        return {
            "board": {
                "name": board.name,
                "title": board.title,
                "width": board.width,
                "height": board.height,
                "river_rows": [row + 1 for row in board.river_rows],
                "birds": [board.name_of(square) for square in board.birds],
            },
            "cards": list(self.cards),
            "stacks": [self._stack_view(square) for square in range(board.size) if self.stacks[square]],
            "to_move": None if self.over else self.to_move,
            "players": list(SEAT_NAMES),
            "colours": list(SEAT_NAMES),
            "turn": self.turns_played,
            "turn_limit": board.turn_limit,
            "dragon_trouble": [in_dragon_trouble(board, self.stacks, seat) for seat in (LIGHT, DARK)],
            "alone_from": self._alone_from(),
            "winner": self.winner,
            "last_move": None if self.last_move is None else _copy(self.last_move),
            "prompt": self.prompt(),
        }

    def to_json(self) -> JsonDict:
        return {
            "options": dict(self.options),
            "rng": self.rng.state,
            "stacks": [list(column) for column in self.stacks],
            "cards": list(self.cards),
            "to_move": self.to_move,
            "turns_played": self.turns_played,
            "previous": [None if move is None else _movement_json(move) for move in self.previous],
            "in_trouble": self.in_trouble,
            "seen": sorted(position_key(self.board, number) for number in self.seen),
            "over": self.over,
            "winner": self.winner,
            "reason": self.reason,
            "last_move": None if self.last_move is None else _copy(self.last_move),
        }

    def load_json(self, data: JsonDict) -> None:
        """Fills this state from what `to_json` wrote (the other half of the round trip)."""
        self.rng = Rng(int(data["rng"]))
        self.stacks = [tuple(int(token) for token in column) for column in data["stacks"]]
        self.cards = (str(data["cards"][0]), str(data["cards"][1]))
        self.to_move = int(data["to_move"])
        self.turns_played = int(data["turns_played"])
        self.previous = [None if move is None else _movement_of(move) for move in data["previous"]]
        self.in_trouble = bool(data["in_trouble"])
        self.seen = {number_of_key(self.board, str(key)) for key in data["seen"]}
        self.over = bool(data["over"])
        self.winner = None if data["winner"] is None else int(data["winner"])
        self.reason = str(data["reason"])
        self._last_turn, self._last_record = (
            None,
            None if data["last_move"] is None else _copy(data["last_move"]),
        )
        self._recount()

    # --- questions ----------------------------------------------------------------------

    def prompt(self) -> str:
        """What is expected now, in words."""
        if self.over:
            return f"Game over: {self.reason}"
        name = mention(self.to_move)
        warning = " — dragons side by side: separate them this turn or lose" if self.in_trouble else ""
        return f"{name} to move (turn {self.turns_played + 1} of at most {self.board.turn_limit}){warning}"

    def turns(self) -> list[Turn]:
        """The legal turns of the player to move, with the positions they lead to."""
        if self.over:
            return []
        legal = self._legal_turns()
        return [legal.turn(self.board, self.stacks, action_id) for action_id in legal.ids]

    @property
    def last_move(self) -> JsonDict | None:
        """The record of the last turn for views and JSON, written out only once someone asks.

        Bots apply thousands of turns and never look, so `_apply` only remembers the turn.
        """
        if self._last_record is None and self._last_turn is not None:
            self._last_record = self._move_record(*self._last_turn)
        return self._last_record

    # --- transitions --------------------------------------------------------------------

    def _legal_turns(self) -> Legal:
        """The legal turns, computed once per position (apply, is_legal and the bots share it).

        The hot paths read `self._legal or self._legal_turns()`: a call saved at every step.
        """
        if self._legal is None:
            self._legal = legal_turns(
                self.board,
                self.stacks,
                self.to_move,
                self.previous[self.to_move],
                controlled=self._controlled[self.to_move],
                known=self._known,
                codes=self._codes,
                region=self._region,
                chained=self._chained,
            )
        return self._legal

    def _recount(self) -> None:
        """Works out from the columns alone what `_put_columns` then keeps up to date."""
        self._known = [None] * self.board.size
        self._controlled = (set(), set())
        self._tall = set()
        bits, region = self.board.region_bits, 0
        for square, column in enumerate(self.stacks):
            if column:
                self._controlled[column[-1] & 1].add(square)
                region |= bits[square]
                if len(column) >= UNIFORM_HEIGHT:
                    self._tall.add(square)
        self._codes = [COLUMN_CODES[column] for column in self.stacks]
        self._position = sum(map(lshift, self._codes, self._shifts))  # rules.position_number, to move 0
        self._region = region  # rules.river_region
        self._chained = river_holds(self.board, region)

    def _put_columns(self, changes: tuple[tuple[int, Column], ...]) -> None:
        """Puts the columns a turn leaves, in order, and keeps what is kept per square in step.

        The movements kept around each changed square are forgotten; the square's column
        code is swapped in `_codes` and `_position`, its bit in `_region`, and it changes
        hands in `_controlled` and `_tall`.
        """
        stacks, known, around, shifts = self.stacks, self._known, self.board.around, self._shifts
        controlled, tall, codes = self._controlled, self._tall, self._codes
        position, region, bits = self._position, self._region, self.board.region_bits
        for square, column in changes:
            code = COLUMN_CODES[column]
            position += (code - codes[square]) << shifts[square]
            codes[square] = code
            stacks[square] = column
            for neighbour in around[square]:
                known[neighbour] = None
            if column:
                top = column[-1] & 1
                controlled[top].add(square)
                controlled[1 - top].discard(square)
                if len(column) >= UNIFORM_HEIGHT:
                    tall.add(square)
                else:
                    tall.discard(square)
                if bits[square]:
                    region |= bits[square]
            else:
                controlled[LIGHT].discard(square)
                controlled[DARK].discard(square)
                tall.discard(square)
                region &= ~bits[square]
        self._position, self._region = position, region

    def _begin_turn(self, seat: Seat) -> None:
        """Hands the turn to `seat`, or ends the game: repetition (R29), turn limit (R33), no turn (R31)."""
        self.to_move = seat
        self._legal = None
        key = self._position | seat
        if key in self.seen:
            self._finish(None, "the same position came back: a draw")
            return
        self.seen.add(key)
        if self.turns_played >= self.board.turn_limit:
            self._finish(None, f"{self.board.turn_limit} turns without a winner: a draw")
            return
        self.in_trouble = in_dragon_trouble(self.board, self.stacks, seat, self._tall)
        if not self._legal_turns().ids:
            self._finish(1 - seat, f"{mention(seat, 'has')} no legal turn left")

    def _finish(self, winner: Seat | None, reason: str) -> None:
        self.over = True
        self.winner = winner
        self.reason = reason
        self._legal = Legal([], {})

    # --- drawing helpers ----------------------------------------------------------------

    def _label(self, turn: Turn) -> str:
        names = self.board.names
        what = {CLIMB: "climbs", DESCEND: "top token alone"}.get(turn.kind, _tokens(len(turn.moved)))
        text = f"{names[turn.origin]} → {names[turn.target]}, {what}"
        if turn.landings:
            text += ", jumps " + " ".join(names[square] for square in turn.landings)
        return text + (": reaches the bird" if turn.wins else "")

    def _path(self, turn: Turn) -> tuple[str, ...]:
        names = self.board.names
        first = ("top-" if turn.kind == DESCEND else "sq-") + names[turn.origin]
        return (first, *(f"sq-{names[square]}" for square in (turn.target, *turn.landings)))

    def _alone_from(self) -> list[str]:
        """The squares whose top token alone the player to move may take (R4): the drawing's handles."""
        found = {turn.origin for turn in self.turns() if turn.kind == DESCEND}
        return [self.board.names[square] for square in sorted(found)]

    def _stack_view(self, square: int) -> JsonDict:
        column = self.stacks[square]
        return {
            "square": self.board.names[square],
            "tokens": list(column),
            "owners": [OWNER_NAMES[token & 1] for token in column],
            "prisoners": prisoners(column),
        }

    def _move_record(self, seat: Seat, turn: Turn) -> JsonDict:
        names = self.board.names
        return {
            "seat": seat,
            "id": turn.id,
            "kind": turn.kind,
            "from": names[turn.origin],
            "to": names[turn.target],
            "moved": list(turn.moved),
            "jumps": [names[square] for square in turn.landings],
            "wins": turn.wins,
        }

    def _observation(self, view: JsonDict, viewer: Seat | None) -> Tensor:
        return observation(view, viewer)


def _tokens(count: int) -> str:
    return "1 token" if count == 1 else f"{count} tokens"


def _movement_json(movement: Remembered) -> JsonDict:
    return {
        "origin": movement.origin,
        "target": movement.target,
        "moved": list(movement.moved),
        "level": movement.level,
    }


def _movement_of(data: JsonDict) -> Movement:
    return Movement(int(data["origin"]), int(data["target"]), tuple(data["moved"]), int(data["level"]))


def _copy(move: JsonDict) -> JsonDict:
    return {key: list(value) if isinstance(value, list) else value for key, value in move.items()}
