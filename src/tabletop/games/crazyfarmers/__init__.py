"""Crazy Farmers (stub docstring)."""

from tabletop.games.crazyfarmers.game import CrazyFarmersGame

GAME = CrazyFarmersGame()

__all__ = ["GAME", "CrazyFarmersGame"]
