"""Lucky Numbers positions to JSON and back, checking that a stored position is a possible one.

Tiles are written by name (``"red-7"``, see `tiles`), the generator as its integer state.
Loading refuses what no game could reach: a tile missing or twice, a garden out of order
(INV), a turn for a seat that does not exist.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.engine import Game, JsonDict, Rng
from tabletop.games.luckynumbers.garden import CELLS, is_ordered
from tabletop.games.luckynumbers.notation import DISCARD, DRAW, PLACE, TAKE, PlayedMove
from tabletop.games.luckynumbers.rounds import PHASES, PLAY, SETUP, RoundResult
from tabletop.games.luckynumbers.tiles import NO_TILE, Tile, all_tiles, tile_from_name, tile_name

if TYPE_CHECKING:
    from tabletop.games.luckynumbers.state import LuckyNumbersState


def _name(tile: Tile) -> str | None:
    return None if tile == NO_TILE else tile_name(tile)


def _tile(name: object) -> Tile:
    return NO_TILE if name is None else tile_from_name(name)


def _move_to_json(move: PlayedMove) -> JsonDict:
    return {**move._asdict(), "tile": _name(move.tile), "replaced": _name(move.replaced)}


def _move_from_json(data: JsonDict) -> PlayedMove:
    if data["kind"] not in (DRAW, DISCARD, PLACE, TAKE) or not -1 <= data["cell"] < CELLS:
        raise ValueError(f"not a played move: {data!r}")
    return PlayedMove(
        int(data["seat"]), data["kind"], _tile(data["tile"]), int(data["cell"]), _tile(data["replaced"])
    )


def state_to_json(state: LuckyNumbersState) -> JsonDict:
    """Every field of the position, JSON-safe (the pile in order: this is the server's copy)."""
    return {
        "players": state.players,
        "options": dict(state.options),
        "rng": state.rng.state,
        "phase": state.phase,
        "current": state.current,
        "first_player": state.first_player,
        "held": _name(state.held),
        "stall": state.stall,
        "gardens": [[_name(tile) for tile in garden] for garden in state.gardens],
        "pile": [tile_name(tile) for tile in state.pile],
        "table": [tile_name(tile) for tile in state.table],
        "totals": list(state.totals),
        "results": [result.to_json() for result in state.results],
        "last_move": None if state.last_move is None else _move_to_json(state.last_move),
    }


def load_state(game: Game, data: JsonDict, state_class: type[LuckyNumbersState]) -> LuckyNumbersState:
    """The position `state_to_json` wrote; raises ValueError if it is not a possible one."""
    try:
        state = _fill(game, data, state_class)
    except (KeyError, TypeError, IndexError) as error:
        raise ValueError(f"not a stored Lucky Numbers position: {error!r}") from error
    _check(state)
    return state


def _fill(game: Game, data: JsonDict, state_class: type[LuckyNumbersState]) -> LuckyNumbersState:
    players = game.check_players(data["players"])
    state = state_class(game, players, game.resolve_options(data["options"]), Rng(int(data["rng"])))
    state.phase = str(data["phase"])
    state.current, state.first_player = int(data["current"]), int(data["first_player"])
    state.held, state.stall = _tile(data["held"]), int(data["stall"])
    state.gardens = [[_tile(name) for name in garden] for garden in data["gardens"]]
    state.pile = [tile_from_name(name) for name in data["pile"]]
    state.table = [tile_from_name(name) for name in data["table"]]
    state.totals = [int(total) for total in data["totals"]]
    state.results = [RoundResult.from_json(result) for result in data["results"]]
    state.last_move = None if data["last_move"] is None else _move_from_json(data["last_move"])
    return state


def _check(state: LuckyNumbersState) -> None:
    if state.phase not in PHASES or not 0 <= state.current < state.players:
        raise ValueError(f"no turn {state.phase!r} for seat {state.current}")
    if len(state.gardens) != state.players or any(len(garden) != CELLS for garden in state.gardens):
        raise ValueError(f"expected {state.players} gardens of {CELLS} cells")
    if not all(is_ordered(garden) for garden in state.gardens):
        raise ValueError("a garden breaks the order of its rows and columns (INV)")
    placed = [tile for garden in state.gardens for tile in garden if tile != NO_TILE]
    every = sorted([*placed, *state.pile, *state.table, *([state.held] if state.held != NO_TILE else [])])
    if every != all_tiles(state.players):
        raise ValueError("every tile must be exactly once in a garden, the pile, the table or the hand")
    if (state.held != NO_TILE) != (state.phase == SETUP) and state.phase != PLAY:
        raise ValueError(
            "a start tile is in hand throughout Michael's setup, and no tile once the game is over"
        )
    if state.phase == PLAY and state.held == NO_TILE and not state.pile:
        raise ValueError("a turn cannot start with an empty pile (R9 ends the game)")
    if len(state.totals) != state.players or len(state.results) > state.rounds:
        raise ValueError("the tournament totals do not match the players and rounds")
