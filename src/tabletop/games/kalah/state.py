"""`KalahState`: one Kalah position, its transitions and its view (K-S1 … K-R11 in docs/rules/kalah.md).

The state is a flat list of counts (layout in `board.py`), the side to move, which seat
owns South (Q5: a pie-rule swap moves people to the other side, seats keep their people),
the pie-rule phase, the last move and how the game ended. Random playouts and search
clone and move it hundreds of thousands of times a second, so the hot path (`is_legal`,
`_apply`, `legal_action_ids`, `clone`) uses prebuilt tables and allocates almost nothing.
Kalah hides nothing, so every viewer gets the same view apart from `viewer` and
`viewer_side` (the drawing turns the board so a player's own row is at the bottom).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress

from tabletop.engine import (
    Action,
    ActionId,
    Game,
    IllegalAction,
    JsonDict,
    Options,
    Outcome,
    Seat,
    State,
    Tensor,
    mention,
)
from tabletop.games.kalah.board import (
    END_EARLY,
    END_EMPTY,
    NO_MOVE,
    NO_SIDE,
    NORTH,
    SIDE_NAMES,
    SOUTH,
    SWAP,
    SWAP_ACTION,
    KalahRules,
    Side,
    observation,
    rules_from_options,
)
from tabletop.games.kalah.rules import End, Sowing, ending, finish, is_row_empty, sow, stores

OPENING = 0
"""Pie-rule phase: South's first turn (with its extra moves) is under way (K-R10, Q4)."""
SWAP_OFFER = 1
"""Pie-rule phase: North's first decision, where "swap" is legal (K-R10)."""
PLAYING = 2
"""No swap any more, or the pie rule is off."""

MOVERS: tuple[tuple[tuple[Seat, ...], ...], ...] = (((0,), (1,), ()), ((1,), (0,), ()))
"""`MOVERS[south_seat][side]`: the seats that must act when `side` is to move."""

MAX_SEEDS = 255
"""The most seeds a hand-made position may hold (so every count fits in a byte of `position_key`)."""


class KalahState(State):
    """A Kalah position. Seat 0 starts as South and moves first (K-S2).

    >>> from tabletop import games
    >>> state = games.load("kalah").new_state(2)
    >>> state.legal_action_ids(0)
    ['1', '2', '3', '4', '5', '6']
    >>> state.apply(0, "3")  # four seeds: S4, S5, S6, then the store (K-R3)
    >>> state.pits(SOUTH), state.store(SOUTH), state.current_players()
    ((4, 4, 0, 5, 5, 5), 1, (0,))
    """

    __slots__ = ("board", "end", "game", "last_move", "movers", "phase", "rules", "south_seat", "to_move")

    players = 2

    def __init__(self, game: Game, rules: KalahRules, board: list[int], to_move: Side) -> None:
        self.game = game
        self.rules = rules
        """The table's options and rule tables, shared by every state of the table."""
        self.board = board
        """The 2m + 2 counts: South's pits, South's store, North's pits, North's store."""
        self.to_move = to_move
        """`SOUTH`, `NORTH`, or `NO_SIDE` once the game is over."""
        self.south_seat: Seat = 0
        """The seat that owns South: 0, or 1 after a pie-rule swap (Q5)."""
        self.movers = MOVERS[0][to_move]
        """The seats that must act now, kept with `to_move` so `current_players` is one load."""
        self.phase = OPENING if rules.pie_rule else PLAYING
        """Where the pie rule stands: `OPENING`, `SWAP_OFFER` or `PLAYING` (K-R10, Q4)."""
        self.last_move: Sowing | None = None
        """The last decision as `rules.sow` records it; a swap is recorded with pit `NO_MOVE`."""
        self.end: End | None = None

    @classmethod
    def from_position(
        cls,
        game: Game,
        *,
        south_pits: Sequence[int],
        north_pits: Sequence[int],
        south_store: int = 0,
        north_store: int = 0,
        to_move: Side = SOUTH,
        options: Options | None = None,
    ) -> KalahState:
        """A position set up by hand, for tests, examples and analysis; seat 0 owns South.

        Pits are listed from their owner's left (S1…Sm, N1…Nm); `options` are the table
        options (`pits` defaults to the number of pits given). The pie rule is not offered
        in such a position, and K-R9's "all seeds" is the seed total of the position.
        Raises `ValueError` for a position in which the rules would already have ended
        the game.

        >>> from tabletop import games
        >>> state = KalahState.from_position(
        ...     games.load("kalah"), south_pits=[0, 0, 0, 0, 0, 10], north_pits=[1, 1, 1, 1, 1, 1]
        ... )
        >>> state.apply(0, "6")  # K-R2 and K-R4: scenario 3
        >>> state.pits(SOUTH), state.store(SOUTH), state.pits(NORTH)
        ((1, 1, 0, 0, 0, 0), 4, (2, 2, 2, 0, 2, 2))
        """
        board = [*south_pits, south_store, *north_pits, north_store]
        if len(south_pits) != len(north_pits) or any(not isinstance(n, int) or n < 0 for n in board):
            raise ValueError("the rows need as many pits each, and every count must be a whole number ≥ 0")
        if sum(board) > MAX_SEEDS:
            raise ValueError(f"at most {MAX_SEEDS} seeds fit on a board; got {sum(board)}")
        given = dict(options or {})
        given.setdefault("pits", len(south_pits))
        resolved = game.resolve_options(given)
        if resolved["pits"] != len(south_pits):
            raise ValueError(f"option pits={resolved['pits']} but {len(south_pits)} pits per row were given")
        if to_move not in (SOUTH, NORTH):
            raise ValueError(f"to_move must be SOUTH (0) or NORTH (1); got {to_move!r}")
        state = cls(game, rules_from_options(resolved, sum(board)), board, to_move)
        state.phase = PLAYING
        state._check_still_playing()
        return state

    # -- the engine contract ------------------------------------------------------------

    def current_players(self) -> tuple[Seat, ...]:
        return self.movers

    def is_over(self) -> bool:
        return not self.movers

    def legal_action_ids(self, seat: Seat) -> list[ActionId]:
        """The mover's non-empty pits "1"…"m" (K-R1), then "swap" while the pie rule offers it (K-R10)."""
        if seat not in self.movers:
            return []
        ids = [*compress(self.rules.ids, self.board[self.rules.row[self.to_move]])]
        if self.phase == SWAP_OFFER:
            ids.append(SWAP)
        return ids

    def legal_actions(self, seat: Seat) -> list[Action]:
        """As `legal_action_ids`, as prebuilt `Action`s whose path is the pit's drawing id."""
        if seat not in self.movers:
            return []
        rules = self.rules
        board = self.board
        base = rules.base[self.to_move]
        row = rules.actions[self.to_move]
        actions = [row[k][board[base + k]] for k in range(rules.pits) if board[base + k]]
        if self.phase == SWAP_OFFER:
            actions.append(SWAP_ACTION)
        return actions

    def is_legal(self, seat: Seat, action_id: ActionId) -> bool:
        """K-R1 and K-R10 looked up directly: the mover's pit holds a seed, or the swap is on offer."""
        try:
            return self.board[self.rules.pit_of_id[self.to_move][action_id]] > 0
        except (KeyError, TypeError):
            return action_id == SWAP and self.phase == SWAP_OFFER

    def _apply(self, seat: Seat, action_id: ActionId) -> None:
        """Sows the mover's pit `action_id` (K-R2 … K-R9), or swaps sides (K-R10)."""
        if action_id == SWAP:
            self._swap()
            return
        board = self.board
        rules = self.rules
        side = self.to_move
        phase = self.phase
        pit = rules.pit_of_id[side][action_id]
        self.last_move = sowing = sow(board, rules, side, pit)
        # sowing[3] is where the last seed landed, sowing[4] what it captured (indexing is the cheapest read)
        next_side = side if sowing[3] == rules.store[side] else 1 - side
        end = ending(board, rules, side, next_side, sowing[4])
        if end is not None:
            self._finish(end)
        elif next_side != side:
            self.to_move = next_side
            self.movers = MOVERS[self.south_seat][next_side]
        if phase != PLAYING:
            self._advance_pie_phase(phase)

    def illegal(self, seat: Seat, action_id: object) -> IllegalAction:
        """The error for an illegal action, saying which rule it breaks (K-R1, K-R10)."""
        if self.is_over() or seat not in self.movers:
            return super().illegal(seat, action_id)
        legal = ", ".join(self.legal_action_ids(seat))
        side = SIDE_NAMES[self.to_move]
        if action_id == SWAP:
            why = "the pie-rule swap is only offered at North's first decision"
        elif isinstance(action_id, str) and action_id in self.rules.pit_of_id[self.to_move]:
            why = f"{side}'s pit {action_id} is empty"
        else:
            why = f"{action_id!r} is not one of {side}'s pits 1–{self.rules.pits}"
        return IllegalAction(f"{why} (seat {seat}); legal: {legal}")

    def outcome(self) -> Outcome | None:
        """Each seat's store (K-R11); the reason names the ending rule and the score."""
        if self.end is None:
            return None
        by_side = stores(self.board, self.rules)
        scores = [by_side[self.side_of_seat(seat)] for seat in range(2)]
        return Outcome.from_scores(scores, end_reason(self.end, by_side, self.rules.total, self.south_seat))

    def clone(self) -> KalahState:
        other: KalahState = object.__new__(KalahState)
        other.game = self.game
        other.rules = self.rules
        other.board = self.board[:]
        other.to_move = self.to_move
        other.south_seat = self.south_seat
        other.movers = self.movers
        other.phase = self.phase
        other.last_move = self.last_move
        other.end = self.end
        return other

    def view(self, viewer: Seat | None) -> JsonDict:
        """Everything is public in Kalah: board, stores, sides, turn, last move and prompt."""
        rules = self.rules
        side = self.to_move
        outcome = self.outcome()
        last = self.last_move_view()
        playing = side != NO_SIDE
        return {
            "game": "kalah",
            "pits": rules.pits,
            "south_pits": list(self.pits(SOUTH)),
            "north_pits": list(self.pits(NORTH)),
            "south_store": self.store(SOUTH),
            "north_store": self.store(NORTH),
            "south_seat": self.south_seat,
            "north_seat": 1 - self.south_seat,
            "to_move": SIDE_NAMES[side].lower() if playing else None,
            "to_move_seat": self.seat_of_side(side) if playing else None,
            "extra_move": playing and last is not None and last["extra_move"],
            "swap_available": self.phase == SWAP_OFFER,
            "viewer": viewer,
            "colours": [SIDE_NAMES[self.side_of_seat(seat)] for seat in (0, 1)],
            "viewer_side": SIDE_NAMES[self.side_of_seat(viewer)].lower() if viewer in (0, 1) else None,
            "last_move": last,
            "options": rules.options(),
            "scores": None if outcome is None else list(outcome.scores),
            "result": None if outcome is None else outcome.reason,
            "prompt": self._prompt(outcome.reason if outcome else None, bool(last and last["extra_move"])),
        }

    def to_json(self) -> JsonDict:
        return {
            "game": "kalah",
            "options": self.rules.options(),
            "board": list(self.board),
            "to_move": None if self.to_move == NO_SIDE else SIDE_NAMES[self.to_move].lower(),
            "south_seat": self.south_seat,
            "phase": self.phase,
            "last_move": None if self.last_move is None else list(self.last_move),
            "end": None if self.end is None else list(self.end),
        }

    @classmethod
    def from_json(cls, game: Game, data: JsonDict) -> KalahState:
        """The state `to_json` wrote (used by `KalahGame.state_from_json`)."""
        board = [int(count) for count in data["board"]]
        state = cls(game, rules_from_options(game.resolve_options(data["options"]), sum(board)), board, SOUTH)
        to_move = data["to_move"]
        state.to_move = NO_SIDE if to_move is None else SIDE_NAMES.index(str(to_move).capitalize())
        state.south_seat = int(data["south_seat"])
        state.movers = MOVERS[state.south_seat][state.to_move]
        state.phase = int(data["phase"])
        last = data["last_move"]
        state.last_move = None if last is None else (last[0], last[1], last[2], last[3], last[4])
        end = data["end"]
        state.end = None if end is None else (str(end[0]), int(end[1]))
        return state

    # -- questions ------------------------------------------------------------------------

    def pits(self, side: Side) -> tuple[int, ...]:
        """The seeds in a side's pits, from its owner's left (S1…Sm or N1…Nm)."""
        return tuple(self.board[self.rules.row[side]])

    def store(self, side: Side) -> int:
        """The seeds in a side's store."""
        return self.board[self.rules.store[side]]

    def side_of_seat(self, seat: Seat) -> Side:
        """The side a seat plays now."""
        return SOUTH if seat == self.south_seat else NORTH

    def seat_of_side(self, side: Side) -> Seat:
        """The seat that plays a side now."""
        return self.south_seat if side == SOUTH else 1 - self.south_seat

    def position_key(self) -> bytes:
        """A compact key: states of one table with equal keys have the same future.

        It holds the pits, the side to move, the pie-rule phase and who owns South; the
        stores are left out unless early finish is on, because only K-R9 looks at them:
        two such states have the same legal moves and the same store gains from here on,
        which is what a transposition table needs.
        """
        key = bytearray(self.board)
        if not self.rules.early_finish:
            key[self.rules.store[SOUTH]] = key[self.rules.store[NORTH]] = 0
        key += bytes((self.to_move, self.phase, self.south_seat))
        return bytes(key)

    def last_move_view(self) -> JsonDict | None:
        """The last decision: the sown pit, where its last seed landed and what it captured.

        `capture` names the opposite pit emptied by K-R4/K-R5 and the seeds that went to the
        store (the opposite pit's and the last seed itself).
        """
        if self.last_move is None:
            return None
        side, pit, seeds, landing, captured = self.last_move
        rules = self.rules
        seat = self.seat_of_side(side)
        if pit == NO_MOVE:
            return {
                "seat": seat,
                "side": "south",
                "action": "swap",
                "swap": True,
                "pit": None,
                "seeds": 0,
                "landing": None,
                "extra_move": False,
                "capture": None,
                "text": f"{mention(seat, 'swapped')} sides and now plays South (pie rule)",
            }
        capture = None
        if captured:
            capture = {"pit": rules.element_of(2 * rules.pits - landing), "seeds": captured}
        return {
            "seat": seat,
            "side": SIDE_NAMES[side].lower(),
            "action": str(rules.pit_number(pit)),
            "swap": False,
            "pit": rules.element_of(pit),
            "seeds": seeds,
            "landing": rules.element_of(landing),
            "extra_move": landing == rules.store[side],
            "capture": capture,
            "text": sowing_text(rules, self.last_move),
        }

    def _prompt(self, reason: str | None, extra_move: bool) -> str:
        """What is expected now, in words."""
        if reason is not None:
            return f"Game over: {reason}"
        side = self.to_move
        mover = mention(self.seat_of_side(side))
        if self.phase == SWAP_OFFER:
            return f"{mover}: sow a pit or swap sides (pie rule)"
        if extra_move:
            return f"{mover} moves again"
        return f"{mover} to move"

    # -- transitions ----------------------------------------------------------------------

    def _finish(self, end: End) -> None:
        """Ends the game: the seeds left are swept as the ending rule says (K-R8, Q3)."""
        finish(self.board, self.rules, end)
        self.end = end
        self.to_move = NO_SIDE
        self.movers = ()

    def _advance_pie_phase(self, phase: int) -> None:
        """K-R10 and Q4: the swap is offered once South's whole first turn is over, and only then."""
        if phase == OPENING and self.to_move == NORTH:
            self.phase = SWAP_OFFER
        elif phase == SWAP_OFFER or self.to_move == NO_SIDE:
            self.phase = PLAYING

    def _swap(self) -> None:
        """K-R10: the second player takes South's side; the first player now plays North and moves."""
        self.south_seat = 1 - self.south_seat
        self.movers = MOVERS[self.south_seat][self.to_move]
        self.phase = PLAYING
        self.last_move = (SOUTH, NO_MOVE, 0, NO_MOVE, 0)

    def _check_still_playing(self) -> None:
        """Rejects a hand-made position that the rules would already have ended (K-R8, K-R9)."""
        rules = self.rules
        if rules.early_finish and 2 * max(stores(self.board, rules)) > rules.total:
            raise ValueError("a store already holds more than half of all seeds (K-R9)")
        if is_row_empty(self.board, rules, self.to_move):
            raise ValueError(f"{SIDE_NAMES[self.to_move]} is to move but has no seed in its pits (K-R8)")
        if rules.sweep and is_row_empty(self.board, rules, 1 - self.to_move):
            raise ValueError("with end_rule='sweep' the game ends as soon as a row is empty (K-R8)")

    def _observation(self, view: JsonDict, viewer: Seat | None) -> Tensor:
        return observation(view, viewer)


def end_reason(end: End, by_side: tuple[int, int], total: int, south_seat: Seat = 0) -> str:
    """The outcome's reason: which ending rule fired (K-R8's End-A or End-B, K-R9) and the score (K-R11).

    >>> from tabletop.engine import People
    >>> print(People().resolve(end_reason(("empty_pits", 0), (21, 27), 48)))
    South's pits are empty: remaining seeds go to North; Player 2 wins 27–21
    """
    kind, side = end
    name = SIDE_NAMES[side]
    if kind == END_EARLY:
        why = f"early finish: {name} holds {by_side[side]} of {total} seeds"
    elif kind == END_EMPTY:
        why = f"{name}'s pits are empty: remaining seeds go to {SIDE_NAMES[1 - side]}"
    else:
        why = f"{name}'s pits are empty: each side adds the seeds left in its own pits"
    south, north = by_side
    if south == north:
        return f"{why}; draw {south}–{north}"
    winner = SOUTH if south > north else NORTH
    winner_seat = south_seat if winner == SOUTH else 1 - south_seat
    return f"{why}; {mention(winner_seat, 'wins')} {max(by_side)}–{min(by_side)}"


def sowing_text(rules: KalahRules, last: Sowing) -> str:
    """One line for the log, e.g. "South sowed pit 3 (4 seeds): last seed in South's store, moves again"."""
    side, pit, seeds, landing, captured = last
    name = SIDE_NAMES[side]
    sown = f"{name} sowed pit {rules.pit_number(pit)} ({seeds} seed{'' if seeds == 1 else 's'})"
    if landing == rules.store[side]:
        return f"{sown}: last seed in {name}'s store, moves again"
    owner = rules.side_of(landing)
    where = f"pit {rules.pit_number(landing)}"
    if captured:
        return f"{sown}: last seed in {name}'s empty {where}, captured {captured} seeds"
    return f"{sown}: last seed in {SIDE_NAMES[owner]}'s {where}"
