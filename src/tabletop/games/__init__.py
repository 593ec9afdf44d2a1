"""Every game of Tabletop, by id: `games.load("kalah")`, `games.all()`, `games.replay(...)`.

To add a game, create its package here (it defines `GAME`) and add one line below.
"""

from tabletop.engine import Registry

_REGISTRY = Registry(
    {
        "biyi": "tabletop.games.biyi",
        "circleoflife": "tabletop.games.circleoflife",
        "crazyfarmers": "tabletop.games.crazyfarmers",
        "dvonn": "tabletop.games.dvonn",
        "iwari": "tabletop.games.iwari",
        "kalah": "tabletop.games.kalah",
        "luckynumbers": "tabletop.games.luckynumbers",
        "mammalath": "tabletop.games.mammalath",
        "moonriver": "tabletop.games.moonriver",
        "numberdrop": "tabletop.games.numberdrop",
        "rolltothetop": "tabletop.games.rolltothetop",
        "tuned": "tabletop.games.tuned",
        "yatzy": "tabletop.games.yatzy",
        "yinsh": "tabletop.games.yinsh",
    }
)

load = _REGISTRY.load
all = _REGISTRY.all  # noqa: A001 - the public name DESIGN.md gives
ids = _REGISTRY.ids
replay = _REGISTRY.replay

__all__ = ["all", "ids", "load", "replay"]
