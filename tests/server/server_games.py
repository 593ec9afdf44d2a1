"""Games for the server tests, behind an injected loader (the real registry is not touched).

- `nim` and `goofspiel` from `tests/toy_games.py` (Goofspiel has secret, simultaneous bids);
- `secret`: each of two seats holds a hidden card 1..9 dealt from the seed and, in turn,
  bets whether the other seat's card is high (5..9) or low, two bets each. Each bet is a
  one-click action (`path` ("bet-high",)). Its `determinize` puts the other seat's card to
  0, so a test can see exactly what a bot was shown.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import toy_games
from tabletop import games
from tabletop.engine import (
    Action,
    ActionId,
    Capabilities,
    Game,
    JsonDict,
    Option,
    Options,
    OptionValue,
    Outcome,
    Rng,
    Seat,
    State,
)

BETS_PER_SEAT = 2


class SecretState(State):
    def __init__(self, game: SecretGame, cards: list[int]) -> None:
        self.game = game
        self.players = 2
        self.cards = cards
        self.bets: list[tuple[Seat, str]] = []

    def current_players(self) -> tuple[Seat, ...]:
        return () if self.is_over() else (len(self.bets) % 2,)

    def legal_actions(self, seat: Seat) -> list[Action]:
        if seat not in self.current_players():
            return []
        return [Action("high", "Bet high", ("bet-high",)), Action("low", "Bet low", ("bet-low",))]

    def _apply(self, seat: Seat, action_id: ActionId) -> None:
        self.bets.append((seat, action_id))

    def public_label(self, viewer: Seat | None, seat: Seat, action_id: ActionId) -> str | None:
        """Bets are said aloud: only the cards are secret."""
        return self.label_of(seat, action_id)

    def is_over(self) -> bool:
        return len(self.bets) == 2 * BETS_PER_SEAT

    def outcome(self) -> Outcome | None:
        if not self.is_over():
            return None
        scores = [0.0, 0.0]
        for seat, bet in self.bets:
            other_is_high = self.cards[1 - seat] >= 5
            scores[seat] += 1.0 if other_is_high == (bet == "high") else 0.0
        return Outcome.from_scores(scores, "all bets placed")

    def clone(self) -> SecretState:
        copy = SecretState(self.game, list(self.cards))
        copy.bets = list(self.bets)
        return copy

    def view(self, viewer: Seat | None) -> JsonDict:
        waiting = self.current_players()
        return {
            "prompt": f"seat {waiting[0]} to bet" if waiting else "game over",
            "last_move": self.bets[-1][1] if self.bets else None,
            "my_card": self.cards[viewer] if viewer is not None else None,
            "cards": list(self.cards) if self.is_over() else None,
            "bets": [list(bet) for bet in self.bets],
        }

    def determinize(self, viewer: Seat | None, rng: Rng) -> SecretState:
        copy = self.clone()
        copy.cards = [card if seat == viewer else 0 for seat, card in enumerate(self.cards)]
        return copy

    def to_json(self) -> JsonDict:
        return {"cards": list(self.cards), "bets": [list(bet) for bet in self.bets]}


class SecretGame(Game):
    id = "secret"
    title = "Secret"
    description = "Bet whether the other seat's hidden card is high or low."
    min_players = 2
    max_players = 2
    options: ClassVar[Mapping[str, Option]] = {}
    capabilities = Capabilities(chance=True, hidden_information=True)

    def _new_state(self, players: int, options: dict[str, OptionValue], seed: int) -> SecretState:
        rng = Rng(seed)
        return SecretState(self, [1 + rng.below(9), 1 + rng.below(9)])

    def state_from_json(self, data: JsonDict) -> SecretState:
        state = SecretState(self, list(data["cards"]))
        state.bets = [(seat, bet) for seat, bet in data["bets"]]
        return state

    def max_length(self, players: int, options: Options | None = None) -> int:
        return 2 * BETS_PER_SEAT

    def _draw_svg(self, view: Mapping[str, Any]) -> str:
        return (
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 40">'
            '<rect id="bet-high" x="0" y="0" width="90" height="40"/>'
            '<rect id="bet-low" x="110" y="0" width="90" height="40"/>'
            f'<text x="95" y="25">{view["my_card"] or "?"}</text></svg>'
        )

    def _draw_text(self, view: Mapping[str, Any]) -> str:
        return f"my card: {view['my_card']}  bets: {view['bets']}"


SECRET = SecretGame()
TEST_GAMES: dict[str, Game] = {**toy_games.TOY_GAMES, SECRET.id: SECRET}


def load(game_id: str) -> Game:
    """The test games first, then the real registry (Kalah, Yatzy, ...)."""
    return TEST_GAMES[game_id] if game_id in TEST_GAMES else games.load(game_id)
