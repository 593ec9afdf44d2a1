"""Tabletop: an open-source board-game platform and a uniform library of game engines."""

__version__ = "0.1.0"
