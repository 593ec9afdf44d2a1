"""Tuned (placeholder docstring)."""

from tabletop.games.tuned.game import TunedGame

GAME = TunedGame()

__all__ = ["GAME", "TunedGame"]
