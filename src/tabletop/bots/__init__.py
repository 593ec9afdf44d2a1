"""Bots: programs that play any game through the engine contract.

`make("random")`, `make("mcts", level=3)`, `from_spec("mcts@0.2s")`: every bot has `name`
and `choose(state, seat) -> action id`, and sees no more than its seat may.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from tabletop.bots.base import Bot, ExactValues
from tabletop.bots.mcts import MctsBot
from tabletop.bots.random_bot import RandomBot
from tabletop.bots.spec import BotSpec, parse_spec
from tabletop.engine import OptionValue

BotFactory = Callable[[int, int], Bot]
BudgetedBotFactory = Callable[[int | None, float | None, int], Bot]
TableCheck = Callable[[Mapping[str, OptionValue]], bool]


def _yatzy_bot(level: int, seed: int) -> Bot:
    """The Yatzy solver, imported on first use (it imports the Yatzy game; `level` has no effect)."""
    from tabletop.bots.solvers.yatzy import YatzyBot

    return YatzyBot(seed)


def _numberdrop_bot(level: int, seed: int) -> Bot:
    """The Number Drop heuristic bot, imported on first use (it imports the game; `level` has no effect)."""
    from tabletop.bots.solvers.numberdrop import NumberDropBot

    return NumberDropBot(seed)


def _rolltothetop_bot(level: int, seed: int) -> Bot:
    """The Roll to the Top climber, imported on first use (it imports the game; `level` has no effect)."""
    from tabletop.bots.solvers.rolltothetop import ClimberBot

    return ClimberBot(seed)


def _kalah_perfect_bot(level: int, seed: int) -> Bot:
    """The Kalah solver's player, imported on first use (it compiles numba code; `level` has no effect)."""
    from tabletop.bots.solvers.kalah import KalahPerfectBot

    return KalahPerfectBot(seed)


def _kalah_perfect_tables(options: Mapping[str, OptionValue]) -> bool:
    """The Kalah tables the perfect player takes (small boards, no pie rule)."""
    from tabletop.bots.solvers.kalah import plays_table

    return plays_table(options)


def _yatzy_values() -> ExactValues:
    """The Yatzy solver's exact values, imported on first use."""
    from tabletop.bots.solvers.yatzy import YatzyExactValues

    return YatzyExactValues()


def _yatzy_tables(options: Mapping[str, OptionValue]) -> bool:
    """The Yatzy cards with an exact table (every card; Maxi Yatzy once solved on this machine)."""
    from tabletop.bots.solvers.yatzy import takes_table

    return takes_table(options)


def _kalah_values() -> ExactValues:
    """The Kalah solver's perfect-play margins, imported on first use."""
    from tabletop.bots.solvers.kalah import KalahExactValues

    return KalahExactValues()


_FACTORIES: dict[str, BotFactory] = {
    "random": lambda level, seed: RandomBot(seed),
    "yatzy": _yatzy_bot,
    "numberdrop": _numberdrop_bot,
    "rolltothetop": _rolltothetop_bot,
    "kalah-perfect": _kalah_perfect_bot,
    "mcts": MctsBot.at_level,
}

_GAMES_OF_SOLVERS: dict[str, frozenset[str]] = {
    "yatzy": frozenset({"yatzy"}),
    "numberdrop": frozenset({"numberdrop"}),
    "rolltothetop": frozenset({"rolltothetop"}),
}
"""Bots written for particular games, by the ids of the games they play.

The other bots play any game, except that at a table of a game with a solver MCTS gives way
to it: in Yatzy every roll offers 31 (Maxi: 63) sets of kept dice, equal dice giving
equivalent choices, and a small search budget spreads thin over them where the solver plays
exactly (`tabletop play`/`match` can still pit MCTS against it for research).
"""

_TABLES_OF_SOLVERS: dict[str, tuple[str, TableCheck]] = {
    "kalah-perfect": ("kalah", _kalah_perfect_tables),
}
"""Solvers that play some tables of one game only, by the game's id and a check of the resolved
table options. They stand beside MCTS rather than replacing it, since most tables of the game
are beyond them.
"""

_EXACT_VALUES: dict[str, tuple[Callable[[], ExactValues], TableCheck]] = {
    "yatzy": (_yatzy_values, _yatzy_tables),
    "kalah-perfect": (_kalah_values, _kalah_perfect_tables),
}
"""Solvers that also give the exact value of every legal action (for analysis), by bot name,
with a check of the tables (resolved options) where their values exist. A solver values a
table only where its bot plays it too (`can_play`).
"""

# Bots that also accept an explicit budget: (iterations, seconds, seed).
_BUDGETED_FACTORIES: dict[str, BudgetedBotFactory] = {
    "mcts": lambda iterations, seconds, seed: MctsBot(iterations=iterations, seconds=seconds, seed=seed),
}


def names(game_id: str | None = None, options: Mapping[str, OptionValue] | None = None) -> list[str]:
    """Every bot name `make` accepts; with a game id, only the bots that can play that game.

    With the table's resolved options too, only the bots that take such a table.

    >>> names("kalah")
    ['kalah-perfect', 'mcts', 'random']
    >>> names("kalah", {"pits": 6, "seeds": 4, "pie_rule": False})
    ['mcts', 'random']
    >>> names("yatzy")
    ['random', 'yatzy']
    """
    return sorted(name for name in _FACTORIES if game_id is None or can_play(name, game_id, options))


def strongest(game_id: str) -> str:
    """The bot to stand in for a person at this game: its own solver where it has one, else MCTS.

    >>> strongest("kalah"), strongest("yatzy")
    ('mcts', 'yatzy')
    """
    own = [name for name in names(game_id) if name in _GAMES_OF_SOLVERS]
    return own[0] if own else "mcts"


def exact_values(game_id: str, options: Mapping[str, OptionValue]) -> ExactValues | None:
    """The exact values of a table (resolved options) where a solver has them, else None.

    >>> exact_values("yatzy", {"variant": "yahtzee", "joker": "forced"}).name
    'yatzy-exact'
    >>> exact_values("yatzy", {"variant": "maxi", "joker": "forced"}) is None
    True
    >>> exact_values("kalah", {"pits": 6, "seeds": 4, "pie_rule": False}) is None
    True
    """
    for name, (values, takes) in sorted(_EXACT_VALUES.items()):
        if can_play(name, game_id, options) and takes(options):
            return values()
    return None


def has_levels(name: str) -> bool:
    """True when the bot's strength depends on its level (the others ignore it)."""
    return name in _BUDGETED_FACTORIES


def can_play(name: str, game_id: str, options: Mapping[str, OptionValue] | None = None) -> bool:
    """True when the bot `name` plays the game `game_id` (solvers play only their own).

    `options` are the table's resolved options: a solver that takes only some tables of its
    game (`_TABLES_OF_SOLVERS`) checks them; without options it counts as playing the game.
    """
    if name in _TABLES_OF_SOLVERS:
        own_game, takes = _TABLES_OF_SOLVERS[name]
        return game_id == own_game and (options is None or takes(options))
    if name in _GAMES_OF_SOLVERS:
        return game_id in _GAMES_OF_SOLVERS[name]
    has_solver = any(game_id in games for games in _GAMES_OF_SOLVERS.values())
    return name in _FACTORIES and not (has_levels(name) and has_solver)


def make(name: str, *, level: int = 3, seed: int = 0) -> Bot:
    """A new bot by name, at a strength level (1 = weakest, 5 = strongest), seeded."""
    if name not in _FACTORIES:
        raise _unknown(name)
    return _FACTORIES[name](level, seed)


def _unknown(name: str) -> ValueError:
    return ValueError(f"no bot {name!r}; known bots: {', '.join(names())}")


def from_spec(spec: str, seed: int = 0) -> Bot:
    """A new bot from a spec as typed on a command line (see `tabletop.bots.spec`).

    >>> from_spec("mcts#400", seed=7).budget
    Budget(iterations=400, seconds=None)
    >>> from_spec("mcts:1").budget
    Budget(iterations=50, seconds=None)
    >>> from_spec("random@1s")
    Traceback (most recent call last):
    ...
    ValueError: bot 'random' takes a level, not a time or an iteration budget; got 'random@1s'
    """
    parsed = parse_spec(spec)
    if not parsed.has_budget:
        return make(parsed.name, level=parsed.level, seed=seed)
    if parsed.name not in _FACTORIES:
        raise _unknown(parsed.name)
    if parsed.name not in _BUDGETED_FACTORIES:
        raise ValueError(
            f"bot {parsed.name!r} takes a level, not a time or an iteration budget; got {spec!r}"
        )
    return _BUDGETED_FACTORIES[parsed.name](parsed.iterations, parsed.seconds, seed)


__all__ = [
    "Bot",
    "BotSpec",
    "ExactValues",
    "MctsBot",
    "RandomBot",
    "can_play",
    "exact_values",
    "from_spec",
    "has_levels",
    "make",
    "names",
    "parse_spec",
    "strongest",
]
