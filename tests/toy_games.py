"""Four tiny games that implement the engine contract, for testing bots, the command line and
the browser's generic client.

- `NIM`: Nim with several heaps, normal play (whoever takes the last stone wins), 2–3 players.
  Deterministic, perfect information; its theory (the nim-sum) says which moves win.
- `GOOFSPIEL`: two players bid one card of their hand 1..N at the same time for a prize card
  drawn at random; the higher bid takes the prize, equal bids discard it. Chance (the prize
  order comes from the state's generator), hidden information (a bid stays secret until both
  have bid) and simultaneous turns.
- `GUESS`: a one-player game: say "high" or "low", then a die is rolled from the state's
  generator; a right guess scores 1. It does not override `determinize`, so a bot that does
  not reseed the generator would know the die before guessing.
- `PICK`: 1–3 players take gems from a row of five (worth 1..5) in turns: toggle one to three
  of the gems still there, then click Take (one action, `take:0,2`: a multi-select decision,
  `Action.selection`), or Pass (no selection). It ends when the row is empty or after two
  passes in a row; the most gem value wins. Every gem and the bank carry a `<title>`.

They are deliberately small, and they are also a reference for the conformance suite.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from typing import Any, ClassVar

from tabletop.engine import (
    Action,
    ActionId,
    Capabilities,
    ChoiceOption,
    Game,
    IntOption,
    JsonDict,
    Option,
    Options,
    OptionValue,
    Outcome,
    Rng,
    Seat,
    State,
    mention,
)

NIM_COLOURS = ("Red", "Blue", "Green")
"""Nim has no colours; its seats get some so the tests see names with colours."""


def _svg(text: str) -> str:
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 20">'
        f'<text id="board" x="4" y="14">{text}</text></svg>'
    )


# Nim ----------------------------------------------------------------------------------------


class NimState(State):
    """Heaps of stones; the seat to move takes one or more stones from one heap."""

    def __init__(self, game: NimGame, players: int, heaps: list[int], to_move: Seat = 0) -> None:
        self.game = game
        self.players = players
        self.heaps = heaps
        self.to_move = to_move
        self.winner: Seat | None = None
        self.last_move: ActionId | None = None

    def current_players(self) -> tuple[Seat, ...]:
        return () if self.winner is not None else (self.to_move,)

    def legal_action_ids(self, seat: Seat) -> list[ActionId]:
        if seat not in self.current_players():
            return []
        return [f"{heap + 1}:{take}" for heap, size in enumerate(self.heaps) for take in range(1, size + 1)]

    def legal_actions(self, seat: Seat) -> list[Action]:
        return [
            Action(action, f"take {action[2:]} from heap {action[0]}")
            for action in self.legal_action_ids(seat)
        ]

    def _apply(self, seat: Seat, action_id: ActionId) -> None:
        heap, take = (int(part) for part in action_id.split(":"))
        self.heaps[heap - 1] -= take
        self.last_move = action_id
        if not any(self.heaps):
            self.winner = seat
        else:
            self.to_move = (seat + 1) % self.players

    def is_over(self) -> bool:
        return self.winner is not None

    def outcome(self) -> Outcome | None:
        if self.winner is None:
            return None
        scores = [1.0 if seat == self.winner else 0.0 for seat in range(self.players)]
        return Outcome.from_scores(scores, f"{mention(self.winner, 'took')} the last stone")

    def clone(self) -> NimState:
        copy = NimState(self.game, self.players, list(self.heaps), self.to_move)
        copy.winner, copy.last_move = self.winner, self.last_move
        return copy

    def view(self, viewer: Seat | None) -> JsonDict:
        prompt = "game over" if self.winner is not None else f"{mention(self.to_move)} to move"
        colours = list(NIM_COLOURS[: self.players])
        return {"prompt": prompt, "last_move": self.last_move, "heaps": list(self.heaps), "colours": colours}

    def to_json(self) -> JsonDict:
        return {
            "players": self.players,
            "heaps": list(self.heaps),
            "to_move": self.to_move,
            "winner": self.winner,
            "last_move": self.last_move,
        }


class NimGame(Game):
    id = "nim"
    title = "Nim"
    description = "Take stones from one heap; whoever takes the last stone wins."
    min_players = 2
    max_players = 3
    options: ClassVar[Mapping[str, Option]] = {
        "heaps": ChoiceOption(
            "3-4-5",
            "Stones in each heap",
            "Heaps",
            values=("1-2", "3-4-5", "2-2"),
            names={"2-2": "Two and two"},
        )
    }
    capabilities = Capabilities()

    def _new_state(self, players: int, options: dict[str, OptionValue], seed: int) -> NimState:
        return NimState(self, players, [int(size) for size in str(options["heaps"]).split("-")])

    def state_from_json(self, data: JsonDict) -> NimState:
        state = NimState(self, data["players"], list(data["heaps"]), data["to_move"])
        state.winner, state.last_move = data["winner"], data["last_move"]
        return state

    def max_length(self, players: int, options: Options | None = None) -> int:
        return sum(int(size) for size in str(self.resolve_options(options)["heaps"]).split("-"))

    def _draw_svg(self, view: Mapping[str, Any]) -> str:
        return _svg(" ".join(str(size) for size in view["heaps"]) + " · " + mention(0))

    def _draw_text(self, view: Mapping[str, Any]) -> str:
        return "\n".join(f"heap {index + 1}: {'o' * size}" for index, size in enumerate(view["heaps"]))


# Goofspiel ----------------------------------------------------------------------------------


class GoofspielState(State):
    """Both hands are public; the prize order and a bid not yet matched by the other seat are not."""

    def __init__(self, game: GoofspielGame, cards: int, rng: Rng) -> None:
        self.game = game
        self.players = 2
        self.rng = rng
        self.hands = [list(range(1, cards + 1)), list(range(1, cards + 1))]
        self.prizes_left = list(range(1, cards + 1))
        self.prize = 0
        self.bids: list[int | None] = [None, None]
        self.scores = [0, 0]
        self.last_move: JsonDict | None = None

    def current_players(self) -> tuple[Seat, ...]:
        if not self.prize:
            return ()
        return tuple(seat for seat in (0, 1) if self.bids[seat] is None)

    def legal_action_ids(self, seat: Seat) -> list[ActionId]:
        if seat not in self.current_players():
            return []
        return [str(card) for card in self.hands[seat]]

    def legal_actions(self, seat: Seat) -> list[Action]:
        return [Action(card, f"bid {card}") for card in self.legal_action_ids(seat)]

    def _apply(self, seat: Seat, action_id: ActionId) -> None:
        self.bids[seat] = int(action_id)
        if None not in self.bids:
            self._resolve()

    def _resolve(self) -> None:
        first, second = (bid or 0 for bid in self.bids)
        winner = 0 if first > second else 1 if second > first else None
        if winner is not None:
            self.scores[winner] += self.prize
        self.hands[0].remove(first)
        self.hands[1].remove(second)
        self.last_move = {"bids": [first, second], "prize": self.prize, "winner": winner}
        self.bids = [None, None]
        self.draw_prize()

    def draw_prize(self) -> None:
        """The next prize comes from the generator only now, so nobody can know it earlier."""
        if self.prizes_left:
            self.prize = self.prizes_left.pop(self.rng.below(len(self.prizes_left)))
        else:
            self.prize = 0

    def is_over(self) -> bool:
        return not self.prize

    def outcome(self) -> Outcome | None:
        return Outcome.from_scores(self.scores, "all cards bid") if self.is_over() else None

    def clone(self) -> GoofspielState:
        copy = GoofspielState.__new__(GoofspielState)
        copy.game, copy.players, copy.rng = self.game, 2, self.rng.copy()
        copy.hands = [list(self.hands[0]), list(self.hands[1])]
        copy.prizes_left, copy.prize = list(self.prizes_left), self.prize
        copy.bids, copy.scores = list(self.bids), list(self.scores)
        copy.last_move = self.last_move
        return copy

    def view(self, viewer: Seat | None) -> JsonDict:
        waiting = ", ".join(str(seat) for seat in self.current_players())
        return {
            "prompt": f"seat {waiting} to bid" if waiting else "game over",
            "last_move": self.last_move,
            "hands": [list(self.hands[0]), list(self.hands[1])],
            "prize": self.prize,
            "prizes_left": sorted(self.prizes_left),
            "scores": list(self.scores),
            "has_bid": [bid is not None for bid in self.bids],
            "my_bid": self.bids[viewer] if viewer is not None else None,
        }

    def determinize(self, viewer: Seat | None, rng: Rng) -> GoofspielState:
        """Resamples the other seat's secret bid and the prize order (a fresh generator)."""
        copy = self.clone()
        for seat in (0, 1):
            if seat != viewer and copy.bids[seat] is not None:
                copy.bids[seat] = rng.choice(copy.hands[seat])
        copy.rng = rng.spawn()
        return copy

    def to_json(self) -> JsonDict:
        return {
            "rng": self.rng.state,
            "hands": [list(hand) for hand in self.hands],
            "prizes_left": list(self.prizes_left),
            "prize": self.prize,
            "bids": list(self.bids),
            "scores": list(self.scores),
            "last_move": self.last_move,
        }


class GoofspielGame(Game):
    id = "goofspiel"
    title = "Goofspiel"
    description = "Bid a card at the same time as your opponent; the higher bid takes the prize."
    min_players = 2
    max_players = 2
    options: ClassVar[Mapping[str, Option]] = {"cards": IntOption(4, "cards per hand", minimum=2, maximum=6)}
    capabilities = Capabilities(chance=True, hidden_information=True, simultaneous=True)

    def _new_state(self, players: int, options: dict[str, OptionValue], seed: int) -> GoofspielState:
        state = GoofspielState(self, int(options["cards"]), Rng(seed))
        state.draw_prize()
        return state

    def state_from_json(self, data: JsonDict) -> GoofspielState:
        state = GoofspielState(self, 0, Rng(data["rng"]))
        state.hands = [list(hand) for hand in data["hands"]]
        state.prizes_left, state.prize = list(data["prizes_left"]), data["prize"]
        state.bids, state.scores = list(data["bids"]), list(data["scores"])
        state.last_move = data["last_move"]
        return state

    def max_length(self, players: int, options: Options | None = None) -> int:
        return 2 * int(self.resolve_options(options)["cards"])

    def _draw_svg(self, view: Mapping[str, Any]) -> str:
        return _svg(f"prize {view['prize']}")

    def _draw_text(self, view: Mapping[str, Any]) -> str:
        hands = " | ".join(" ".join(str(card) for card in hand) for hand in view["hands"])
        return f"prize {view['prize']}  scores {view['scores']}  hands {hands}"


# Guess --------------------------------------------------------------------------------------

GUESSES = ("high", "low")


class GuessState(State):
    """Before the guess the die is not rolled; afterwards `die` holds it."""

    def __init__(self, game: GuessGame, rng: Rng) -> None:
        self.game = game
        self.players = 1
        self.rng = rng
        self.guess: str | None = None
        self.die = 0

    def current_players(self) -> tuple[Seat, ...]:
        return () if self.guess else (0,)

    def legal_action_ids(self, seat: Seat) -> list[ActionId]:
        return list(GUESSES) if seat in self.current_players() else []

    def legal_actions(self, seat: Seat) -> list[Action]:
        return [Action(guess, f"guess {guess}") for guess in self.legal_action_ids(seat)]

    def _apply(self, seat: Seat, action_id: ActionId) -> None:
        self.guess = action_id
        self.die = 1 + self.rng.below(6)

    def is_over(self) -> bool:
        return self.guess is not None

    def outcome(self) -> Outcome | None:
        if self.guess is None:
            return None
        right = (self.die >= 4) == (self.guess == "high")
        return Outcome.from_scores([1.0 if right else 0.0], f"the die shows {self.die}")

    def clone(self) -> GuessState:
        copy = GuessState(self.game, self.rng.copy())
        copy.guess, copy.die = self.guess, self.die
        return copy

    def view(self, viewer: Seat | None) -> JsonDict:
        prompt = "guess high (4-6) or low (1-3)" if self.guess is None else "game over"
        return {"prompt": prompt, "last_move": self.guess, "die": self.die}

    def to_json(self) -> JsonDict:
        return {"rng": self.rng.state, "guess": self.guess, "die": self.die}


class GuessGame(Game):
    id = "guess"
    title = "Guess the die"
    description = "Guess high or low, then roll one die."
    min_players = 1
    max_players = 1
    options: ClassVar[Mapping[str, Option]] = {}
    capabilities = Capabilities(chance=True)

    def _new_state(self, players: int, options: dict[str, OptionValue], seed: int) -> GuessState:
        return GuessState(self, Rng(seed))

    def state_from_json(self, data: JsonDict) -> GuessState:
        state = GuessState(self, Rng(data["rng"]))
        state.guess, state.die = data["guess"], data["die"]
        return state

    def max_length(self, players: int, options: Options | None = None) -> int:
        return 1

    def _draw_svg(self, view: Mapping[str, Any]) -> str:
        return _svg(f"die {view['die']}")

    def _draw_text(self, view: Mapping[str, Any]) -> str:
        return f"die: {view['die'] or '-'}"


# Pick ---------------------------------------------------------------------------------------

GEMS = 5
MAX_TAKEN = 3


class PickState(State):
    """The gems still in the row (by position), each seat's take so far, and passes in a row."""

    def __init__(self, game: PickGame, players: int) -> None:
        self.game = game
        self.players = players
        self.row = list(range(GEMS))
        self.taken: list[list[int]] = [[] for _ in range(players)]
        self.to_move: Seat = 0
        self.passes = 0
        self.last_move: ActionId | None = None

    def current_players(self) -> tuple[Seat, ...]:
        return () if self.is_over() else (self.to_move,)

    def legal_actions(self, seat: Seat) -> list[Action]:
        if seat not in self.current_players():
            return []
        takes = [
            Action(
                "take:" + ",".join(str(gem) for gem in chosen),
                "take gems " + ", ".join(str(gem + 1) for gem in chosen),
                ("take",),
                frozenset(f"gem-{gem}" for gem in chosen),
            )
            for size in range(1, MAX_TAKEN + 1)
            for chosen in itertools.combinations(self.row, size)
        ]
        return [*takes, Action("pass", "pass", ("pass",))]

    def _apply(self, seat: Seat, action_id: ActionId) -> None:
        self.last_move = action_id
        if action_id == "pass":
            self.passes += 1
        else:
            self.passes = 0
            chosen = [int(gem) for gem in action_id.removeprefix("take:").split(",")]
            self.row = [gem for gem in self.row if gem not in chosen]
            self.taken[seat] += chosen
        self.to_move = (seat + 1) % self.players

    def is_over(self) -> bool:
        return not self.row or self.passes >= 2

    def scores(self) -> list[float]:
        return [float(sum(gem + 1 for gem in gems)) for gems in self.taken]

    def outcome(self) -> Outcome | None:
        if not self.is_over():
            return None
        return Outcome.from_scores(
            self.scores(), "the row is empty" if not self.row else "two passes in a row"
        )

    def clone(self) -> PickState:
        copy = PickState(self.game, self.players)
        copy.row, copy.taken = list(self.row), [list(gems) for gems in self.taken]
        copy.to_move, copy.passes, copy.last_move = self.to_move, self.passes, self.last_move
        return copy

    def view(self, viewer: Seat | None) -> JsonDict:
        prompt = "game over" if self.is_over() else f"{mention(self.to_move)} to take gems"
        return {
            "prompt": prompt,
            "last_move": self.last_move,
            "row": list(self.row),
            "scores": self.scores(),
        }

    def to_json(self) -> JsonDict:
        return {
            "players": self.players,
            "row": list(self.row),
            "taken": [list(gems) for gems in self.taken],
            "to_move": self.to_move,
            "passes": self.passes,
            "last_move": self.last_move,
        }


class PickGame(Game):
    id = "pick"
    title = "Pick"
    description = "Take one to three gems at once; the most gem value wins."
    min_players = 1
    max_players = 3
    options: ClassVar[Mapping[str, Option]] = {}
    capabilities = Capabilities()

    def _new_state(self, players: int, options: dict[str, OptionValue], seed: int) -> PickState:
        return PickState(self, players)

    def state_from_json(self, data: JsonDict) -> PickState:
        state = PickState(self, data["players"])
        state.row, state.taken = list(data["row"]), [list(gems) for gems in data["taken"]]
        state.to_move, state.passes, state.last_move = data["to_move"], data["passes"], data["last_move"]
        return state

    def max_length(self, players: int, options: Options | None = None) -> int:
        return GEMS * players + 2  # at most players - 1 passes before each take, then two

    def _draw_svg(self, view: Mapping[str, Any]) -> str:
        gems = "".join(
            f'<g id="gem-{gem}" transform="translate({20 + 60 * gem} 20)">'
            f"<title>Gem worth {gem + 1}</title>"
            f'<circle cx="20" cy="20" r="18" fill="#4a8"/><text x="15" y="26">{gem + 1}</text></g>'
            for gem in view["row"]
        )
        bank = " · ".join(f"{score:g}" for score in view["scores"])
        return (
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 140" role="img" aria-label="Pick">'
            f"{gems}"
            '<g id="take"><title>Take the gems you chose</title>'
            '<rect x="20" y="80" width="120" height="40" fill="#ddd"/><text x="55" y="105">Take</text></g>'
            '<g id="pass"><title>Pass</title>'
            '<rect x="180" y="80" width="120" height="40" fill="#eee"/><text x="220" y="105">Pass</text></g>'
            f'<g id="bank"><title>Gem value taken, player by player: {bank}</title>'
            f'<text x="20" y="136">Taken: {bank}</text></g></svg>'
        )

    def _draw_text(self, view: Mapping[str, Any]) -> str:
        return f"row {view['row']}  scores {view['scores']}"


NIM = NimGame()
GOOFSPIEL = GoofspielGame()
GUESS = GuessGame()
PICK = PickGame()
TOY_GAMES: dict[str, Game] = {game.id: game for game in (NIM, GOOFSPIEL, GUESS, PICK)}
