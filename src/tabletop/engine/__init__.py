"""The uniform game contract: every game, bot and the server speak through these names."""

from tabletop.engine.actions import Action, ActionId, Outcome, Seat
from tabletop.engine.errors import IllegalAction, InvalidOptions, UnknownGame
from tabletop.engine.game import Capabilities, Game
from tabletop.engine.options import (
    BoolOption,
    ChoiceOption,
    IntOption,
    Option,
    Options,
    OptionValue,
    resolve_options,
)
from tabletop.engine.people import POSSESSIVE, People, mention, mentioned_seats, winners_phrase
from tabletop.engine.registry import Registry
from tabletop.engine.rng import Rng
from tabletop.engine.state import JsonDict, State, Tensor

__all__ = [
    "POSSESSIVE",
    "Action",
    "ActionId",
    "BoolOption",
    "Capabilities",
    "ChoiceOption",
    "Game",
    "IllegalAction",
    "IntOption",
    "InvalidOptions",
    "JsonDict",
    "Option",
    "OptionValue",
    "Options",
    "Outcome",
    "People",
    "Registry",
    "Rng",
    "Seat",
    "State",
    "Tensor",
    "UnknownGame",
    "mention",
    "mentioned_seats",
    "resolve_options",
    "winners_phrase",
]
