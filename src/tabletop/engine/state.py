"""`State`: one position of one game, and the only way to change it."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any

from tabletop.engine.actions import Action, ActionId, Outcome, Seat
from tabletop.engine.errors import IllegalAction
from tabletop.engine.rng import Rng

if TYPE_CHECKING:
    from tabletop.engine.game import Game

JsonDict = dict[str, Any]


class State(ABC):
    """A position: who must act, what they may do, and what each viewer may see.

    Subclasses keep their data in plain attributes and implement the abstract methods;
    `apply` must raise `IllegalAction` *before* changing anything, so a rejected action
    leaves the state exactly as it was.
    """

    game: Game
    players: int
    rng: Rng
    """Games with chance keep their generator here, and draw from nothing else."""

    @abstractmethod
    def current_players(self) -> tuple[Seat, ...]:
        """The seats that must act now; () once the game is over."""

    @abstractmethod
    def legal_actions(self, seat: Seat) -> list[Action]:
        """Everything `seat` may do now; [] if it may not act."""

    @abstractmethod
    def apply(self, seat: Seat, action_id: ActionId) -> None:
        """Performs one decision of `seat`; raises `IllegalAction` and changes nothing if illegal."""

    @abstractmethod
    def is_over(self) -> bool:
        """True once the game has ended."""

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """Scores, ranks and the reason once the game is over; None before."""

    @abstractmethod
    def clone(self) -> State:
        """An independent deep copy, random generator included."""

    @abstractmethod
    def view(self, viewer: Seat | None) -> JsonDict:
        """A JSON-safe dict of what `viewer` may see (None = a spectator).

        Every view has a `"prompt"` (what is expected now, in words); the drawing and
        every message a client receives are made from it, never from the state.
        """

    @abstractmethod
    def to_json(self) -> JsonDict:
        """Everything needed to rebuild this exact state with `game.state_from_json`."""

    def determinize(self, viewer: Seat | None, rng: Rng) -> State:
        """A clone in which what `viewer` cannot see is resampled consistently.

        Future chance is unseen too: a game with chance gets a fresh generator from `rng`,
        so a bot searching the copy cannot foresee the dice. Games with hidden information
        override this (and call it first) to resample what the viewer has not seen.
        """
        copy = self.clone()
        if self.game.capabilities.chance:
            copy.rng = rng.spawn()
        return copy

    def legal_action_ids(self, seat: Seat) -> list[ActionId]:
        """The ids of `legal_actions(seat)`; games may answer faster than building Actions."""
        return [action.id for action in self.legal_actions(seat)]

    def illegal(self, seat: Seat, action_id: object) -> IllegalAction:
        """The error for an action that is not legal, saying why and what would be."""
        if self.is_over():
            return IllegalAction(f"the game is over; {action_id!r} cannot be played")
        movers = self.current_players()
        if seat not in movers:
            waiting = ", ".join(str(mover) for mover in movers)
            return IllegalAction(f"seat {seat} may not act now (waiting for seat {waiting})")
        legal = ", ".join(self.legal_action_ids(seat))
        return IllegalAction(f"{action_id!r} is not a legal action for seat {seat}; legal: {legal}")

    def __str__(self) -> str:
        return self.game.draw_text(self.view(None))
