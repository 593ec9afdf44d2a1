"""`YatzyState`: the dice on the table, every player's sheet, whose turn it is; views and JSON.

A turn is a sequence of actions (the notation of docs/rules/yatzy.md): the first roll
happens by itself when the turn begins (Y-R1), then the mover up to twice keeps some dice
and rerolls the others in one action (`roll:<kept positions>`, Y-R2) and finally writes
the dice into a box (`score:<box>`, Y-R3), which hands the dice to the next player (Y-S2). Nothing is hidden:
every viewer gets the same view, and the move log shows every label.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from tabletop.engine import Action, ActionId, JsonDict, Outcome, Rng, Seat, State, Tensor, winners_phrase
from tabletop.games.yatzy.board import (
    FACES,
    ROLL,
    ROLL_PREFIX,
    SCORE_PREFIX,
    cell_element,
    die_element,
    kept_positions,
    player_name,
    roll_ids,
    score_id,
)
from tabletop.games.yatzy.rules import (
    JOKER_CONVENTIONS,
    ROLLS_PER_TURN,
    VARIANTS,
    YAHTZEE_BONUS,
    Sheet,
    Variant,
    delta,
    earns_yahtzee_bonus,
    empty_sheet,
    observation,
    scoring_choices,
    sheet_total,
    upper_bonus,
    upper_total,
)
from tabletop.games.yatzy.scoring import counts_of

if TYPE_CHECKING:
    from tabletop.engine import Game


class YatzyState(State):
    """Dice and rolls left of the current turn, plus every player's sheet.

    Per-seat data is in lists indexed by seat. `saved_rolls` matters in Maxi Yatzy only
    (Y-R5): at the start of a turn the mover's saved rolls move into `rolls_left`, and
    whatever is left when they score is saved again.
    """

    def __init__(self, game: Game, players: int, variant: Variant, joker: str, rng: Rng) -> None:
        """A game before anyone has rolled (Y-S1); `new_game` also rolls for the first turn."""
        self.game = game
        self.players = players
        self.variant = variant
        self.joker = joker
        self.rng = rng
        self.sheets: list[Sheet] = [empty_sheet(variant) for _ in range(players)]
        self.yahtzee_bonuses = [0] * players
        self.saved_rolls = [0] * players
        self.dice = [1] * variant.dice
        self.rolls_left = 0
        self.mover: Seat = 0
        self.turns_left = players * len(variant.boxes)
        self.last_move: JsonDict | None = None
        self.last_score: JsonDict | None = None
        self._choices: dict[str, int] | None = None
        """`scoring_choices()` for the dice and sheets as they are, worked out on first request
        and forgotten whenever the dice or a sheet change: the legal list, the legality check
        and the scoring of a box all ask it of the same position."""

    @classmethod
    def new_game(cls, game: Game, players: int, variant: Variant, joker: str, seed: int) -> YatzyState:
        """Y-S1 to Y-S3: empty sheets, seat 0 first, and the first roll already on the table (Y-R1)."""
        state = cls(game, players, variant, joker, Rng(seed))
        state._begin_turn()
        return state

    # --- the contract ---------------------------------------------------------------------

    def current_players(self) -> tuple[Seat, ...]:
        return () if self.turns_left == 0 else (self.mover,)

    def is_over(self) -> bool:
        """Y-R4: over once every box of every player is written."""
        return self.turns_left == 0

    def outcome(self) -> Outcome | None:
        """Y-R4 and Q9: highest total wins; equal totals share the place."""
        if not self.is_over():
            return None
        return Outcome.from_scores(self.totals(), "highest total wins; equal totals share the place")

    def legal_action_ids(self, seat: Seat) -> list[ActionId]:
        """Every roll (each set of kept dice but all of them) while rolls remain, then the boxes."""
        if self.turns_left == 0 or seat != self.mover:
            return []
        ids: list[ActionId] = roll_ids(len(self.dice)) if self.rolls_left > 0 else []
        ids += map(score_id, self._scoring_choices())
        return ids

    def legal_actions(self, seat: Seat) -> list[Action]:
        ids = self.legal_action_ids(seat)
        if not ids:
            return []
        choices = self.scoring_choices()
        bonus = f" (+{YAHTZEE_BONUS} bonus)" if self.earns_yahtzee_bonus() else ""
        return [self._action(action_id, choices, bonus) for action_id in ids]

    def is_legal(self, seat: Seat, action_id: ActionId) -> bool:
        """A roll is checked without scoring the dice in every box (Y-R2, Y-R3, Y-R8)."""
        if self.turns_left == 0 or seat != self.mover or not isinstance(action_id, str):
            return False
        if action_id.startswith(ROLL_PREFIX):
            return self.rolls_left > 0 and kept_positions(action_id, len(self.dice)) is not None
        return (
            action_id.startswith(SCORE_PREFIX) and action_id[len(SCORE_PREFIX) :] in self._scoring_choices()
        )

    def _apply(self, seat: Seat, action_id: ActionId) -> None:
        self.last_move = {"seat": seat, "action": action_id}
        kept = kept_positions(action_id, len(self.dice))
        if kept is not None:
            self._roll(kept)
        else:
            self._score(action_id.removeprefix(SCORE_PREFIX))
        self._choices = None

    def clone(self) -> YatzyState:
        other = YatzyState.__new__(YatzyState)
        other.__dict__.update(self.__dict__)
        other.rng = self.rng.copy()
        other.sheets = [dict(sheet) for sheet in self.sheets]
        other.yahtzee_bonuses = list(self.yahtzee_bonuses)
        other.saved_rolls = list(self.saved_rolls)
        other.dice = list(self.dice)
        return other

    # --- derived facts ------------------------------------------------------------------------

    def scoring_choices(self) -> dict[str, int]:
        """The boxes the mover may write the dice in now, with the points each would give."""
        return dict(self._scoring_choices())

    def _scoring_choices(self) -> dict[str, int]:
        """`scoring_choices()` without the copy, computed once per position (see `_choices`)."""
        if self._choices is None:
            self._choices = scoring_choices(
                self.variant, self.joker, self.sheets[self.mover], counts_of(self.dice)
            )
        return self._choices

    def earns_yahtzee_bonus(self) -> bool:
        """Y-R7: scoring these dice now adds +100 for the mover."""
        return earns_yahtzee_bonus(self.variant, self.sheets[self.mover], counts_of(self.dice))

    def totals(self) -> list[int]:
        """Every seat's total so far, bonuses included (recomputed from the sheets)."""
        return [
            sheet_total(self.variant, sheet, bonuses)
            for sheet, bonuses in zip(self.sheets, self.yahtzee_bonuses, strict=True)
        ]

    # --- views and serialisation ------------------------------------------------------------

    def view(self, viewer: Seat | None) -> JsonDict:
        """Everything is public in Yatzy; every viewer gets the same view (never the generator)."""
        over = self.is_over()
        choices = {} if over else self.scoring_choices()
        return {
            "variant": self.variant.id,
            "joker": self.joker,
            "players": self.players,
            "boxes": [{"id": box.id, "name": box.name, "upper": box.is_upper} for box in self.variant.boxes],
            "dice": list(self.dice),
            "rolls_left": self.rolls_left,
            "mover": None if over else self.mover,
            "seats": [self._seat_view(seat) for seat in range(self.players)],
            "choices": choices,
            "choice_bonus": YAHTZEE_BONUS if not over and self.earns_yahtzee_bonus() else 0,
            "prompt": self._prompt(),
            "last_move": self.last_move,
            "last_score": self.last_score,
        }

    def to_json(self) -> JsonDict:
        return {
            "variant": self.variant.id,
            "joker": self.joker,
            "players": self.players,
            "rng": self.rng.state,
            "dice": list(self.dice),
            "rolls_left": self.rolls_left,
            "mover": self.mover,
            "sheets": [dict(sheet) for sheet in self.sheets],
            "yahtzee_bonuses": list(self.yahtzee_bonuses),
            "saved_rolls": list(self.saved_rolls),
            "last_move": self.last_move,
            "last_score": self.last_score,
        }

    @classmethod
    def from_json(cls, game: Game, data: Mapping[str, Any]) -> YatzyState:
        """The exact state `to_json` wrote."""
        variant = VARIANTS[data["variant"]]
        state = cls(game, int(data["players"]), variant, str(data["joker"]), Rng())
        state.rng.state = int(data["rng"])
        state.dice = [int(face) for face in data["dice"]]
        state.rolls_left = int(data["rolls_left"])
        state.mover = int(data["mover"])
        state.sheets = [{box_id: sheet[box_id] for box_id in variant.box_ids} for sheet in data["sheets"]]
        state.yahtzee_bonuses = [int(count) for count in data["yahtzee_bonuses"]]
        state.saved_rolls = [int(count) for count in data["saved_rolls"]]
        state.last_move = data["last_move"]
        state.last_score = data["last_score"]
        state.turns_left = sum(list(sheet.values()).count(None) for sheet in state.sheets)
        return state

    @classmethod
    def from_position(
        cls,
        game: Game,
        *,
        dice: Sequence[int],
        players: int = 1,
        variant: str = "yahtzee",
        joker: str = "forced",
        rolls_left: int = 0,
        mover: Seat = 0,
        sheets: Sequence[Mapping[str, int]] = (),
        yahtzee_bonuses: Sequence[int] = (),
        saved_rolls: Sequence[int] = (),
        seed: int = 0,
    ) -> YatzyState:
        """A chosen position, for tests and puzzles: `dice` on the table mid-turn of `mover`.

        `sheets[seat]` lists the boxes already written (the others are empty); missing seats
        have empty sheets, missing counts are 0. Raises ValueError on an impossible position.
        """
        rules = VARIANTS[variant]
        if joker not in JOKER_CONVENTIONS or not 0 <= mover < players:
            raise ValueError(f"bad joker {joker!r} or mover {mover} for {players} players")
        if len(dice) != rules.dice or not all(1 <= face <= 6 for face in dice):
            raise ValueError(f"{rules.title} needs {rules.dice} dice showing 1 to 6; got {list(dice)}")
        state = cls(game, players, rules, joker, Rng(seed))
        for seat, written in enumerate(sheets):
            unknown = set(written) - set(rules.box_ids)
            if unknown:
                raise ValueError(f"{rules.title} has no box {sorted(unknown)[0]!r}")
            state.sheets[seat].update(written)
        state.yahtzee_bonuses[: len(yahtzee_bonuses)] = yahtzee_bonuses
        state.saved_rolls[: len(saved_rolls)] = saved_rolls
        state.dice = list(dice)
        state.rolls_left = rolls_left
        state.mover = mover
        state.turns_left = sum(list(sheet.values()).count(None) for sheet in state.sheets)
        return state

    # --- transitions -------------------------------------------------------------------------

    def _begin_turn(self) -> None:
        """Y-R1: all dice rolled for the new mover; Y-R5: their saved rolls become available."""
        self.rolls_left = ROLLS_PER_TURN - 1 + self.saved_rolls[self.mover]
        self.saved_rolls[self.mover] = 0
        self.dice = [self.rng.below(FACES) + 1 for _ in self.dice]

    def _roll(self, kept: Sequence[int]) -> None:
        """Y-R2: reroll every die but the kept ones, which stay where they are."""
        self.dice = [
            face if index in kept else self.rng.below(FACES) + 1 for index, face in enumerate(self.dice)
        ]
        self.rolls_left -= 1

    def _score(self, box_id: str) -> None:
        """Y-R3: write the dice into the box (with the Y-R7 bonus), then pass the dice on (Y-S2)."""
        points = self._scoring_choices()[box_id]
        bonus = YAHTZEE_BONUS if self.earns_yahtzee_bonus() else 0
        self.sheets[self.mover][box_id] = points
        self.yahtzee_bonuses[self.mover] += bonus // YAHTZEE_BONUS
        if self.variant.saves_rolls:
            self.saved_rolls[self.mover] = self.rolls_left
        self.rolls_left = 0
        self.turns_left -= 1
        self.last_score = {"seat": self.mover, "box": box_id, "points": points, "bonus": bonus}
        self.last_move = {**self.last_score, "action": score_id(box_id)}
        if self.turns_left:
            self.mover = (self.mover + 1) % self.players
            self._begin_turn()

    # --- private helpers ----------------------------------------------------------------------

    def _action(self, action_id: ActionId, choices: Mapping[str, int], bonus: str) -> Action:
        """The Action for a legal id, labelled for a button and with the drawing's path."""
        kept = kept_positions(action_id, len(self.dice))
        if kept is not None:
            selection = frozenset(die_element(index) for index in kept)
            return Action(action_id, self._roll_label(kept), (ROLL,), selection)
        box_id = action_id.removeprefix(SCORE_PREFIX)
        label = f"{self.variant.box(box_id).name}: {choices[box_id]}{bonus}"
        return Action(action_id, label, (cell_element(self.mover, box_id),))

    def _roll_label(self, kept: Sequence[int]) -> str:
        """ "Keep 3 3 5, roll 2 dice" or "Roll all 5 dice": what the player sees, not positions."""
        rolling = len(self.dice) - len(kept)
        dice = f"{rolling} {'die' if rolling == 1 else 'dice'}"
        if not kept:
            return f"Roll all {dice}"
        return f"Keep {' '.join(str(self.dice[index]) for index in kept)}, roll {dice}"

    def _seat_view(self, seat: Seat) -> JsonDict:
        sheet = self.sheets[seat]
        seat_view: JsonDict = {
            "sheet": dict(sheet),
            "total": sheet_total(self.variant, sheet, self.yahtzee_bonuses[seat]),
            "upper_total": upper_total(sheet),
            "upper_bonus": upper_bonus(self.variant, sheet),
        }
        if self.variant.has_joker:
            seat_view["yahtzee_bonuses"] = self.yahtzee_bonuses[seat]
            seat_view["yahtzee_bonus_points"] = YAHTZEE_BONUS * self.yahtzee_bonuses[seat]
        if self.variant.has_delta:
            seat_view["delta"] = delta(sheet)
        if self.variant.saves_rolls:
            seat_view["saved_rolls"] = self.saved_rolls[seat]
        return seat_view

    def _prompt(self) -> str:
        if self.is_over():
            return _result_sentence(self.totals())
        name = player_name(self.mover)
        if self.rolls_left == 0:
            return f"{name}: choose a box to score"
        rolls = f"{self.rolls_left} roll{'s' if self.rolls_left > 1 else ''} left"
        return f"{name}: keep dice and roll ({rolls}), or choose a box to score"

    def _observation(self, view: JsonDict, viewer: Seat | None) -> Tensor:
        return observation(view, viewer)


def _result_sentence(totals: Sequence[int]) -> str:
    """Game over, who won and with how much (ties share the place, Q9)."""
    best = max(totals)
    if len(totals) == 1:
        return f"Game over: final score {best}"
    winners = [seat for seat, total in enumerate(totals) if total == best]
    return f"Game over: {winners_phrase(winners)} with {best}"
