"""The lobby's picture of each game: its start position, drawn by the game's own drawing code.

A picture is the spectator's view of a new table (the fewest players the game has with at
least two, default options, seed 0) through `game.draw_svg`, so it shows the real board
and never needs drawing by hand. Each is drawn once per process and served under a URL
carrying its hash, so browsers keep it until the drawing changes.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from tabletop.engine import Game
from tabletop.server.templating import fingerprint


@dataclass(frozen=True)
class Picture:
    """A drawing and the hash of its text."""

    svg: str
    fingerprint: str


def picture_players(game: Game) -> int:
    """The number of players pictured: two where the game allows it, else its only count."""
    return min(max(game.min_players, 2), game.max_players)


@lru_cache(maxsize=64)
def start_picture(game: Game) -> Picture:
    """The game's start position as its drawing code draws it for a spectator."""
    state = game.new_state(players=picture_players(game), seed=0)
    svg = str(game.draw_svg(state.view(None)))
    return Picture(svg, fingerprint(svg.encode()))


def picture_url(game: Game) -> str:
    """Where the lobby finds the picture; the hash in it changes with the drawing."""
    return f"/games/{game.id}/picture.svg?v={start_picture(game).fingerprint}"
