"""Hand-made Biyi positions for the tests, all through `BiyiState.from_position`."""

from __future__ import annotations

from tabletop.games.biyi import GAME, BiyiState

LIGHT, DARK = 0, 1


def position(stacks: dict[str, str], to_move: int = LIGHT, board: str = "quick", **kwargs: int) -> BiyiState:
    """Columns by square, bottom to top in letters ("LDL"), on the `quick` board unless said."""
    return BiyiState.from_position(GAME, stacks=stacks, to_move=to_move, board=board, **kwargs)


def ids(state: BiyiState, origin: str | None = None) -> set[str]:
    """The legal ids of the player to move, or only those from `origin` (or its top token)."""
    found = set(state.legal_action_ids(state.to_move))
    if origin is None:
        return found
    return {
        action for action in found if action[: len(origin)] == origin and not action[len(origin)].isdigit()
    }


def column(state: BiyiState, name: str) -> str:
    """A square's column in letters, bottom to top ("" when empty)."""
    square = state.board.square_of(name)
    assert square is not None
    return "".join("LD"[token & 1] for token in state.stacks[square])


def play(state: BiyiState, *actions: str) -> BiyiState:
    """Plays the actions in turn, each by the player to move."""
    for action in actions:
        state.apply(state.to_move, action)
    return state
