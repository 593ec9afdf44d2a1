"""Declared table options: each game lists its options with their values and defaults.

The server builds its "new table" form from these declarations and the CLI parses
`--option name=value` through them, so neither knows any game.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from tabletop.engine.errors import InvalidOptions, shown

OptionValue = bool | int | str
Options = Mapping[str, OptionValue]

_WHOLE_NUMBER = re.compile(r"-?[0-9]{1,9}")
"""ASCII digits only, and few: `str.isdigit` accepts "²", which `int` refuses."""


@dataclass(frozen=True)
class Option:
    """One table option: its default, the values it accepts, and words for players.

    `label` names the option on the "new table" form and `help` says in one line what it
    changes, both written for players (no rule numbers, no identifiers: the conformance
    suite checks); the option's key and values stay the notation of scripts and the API.
    """

    default: OptionValue
    help: str = ""
    label: str = ""

    @property
    def choices(self) -> tuple[OptionValue, ...]:
        """Every accepted value, in display order."""
        raise NotImplementedError

    def validate(self, name: str, value: object) -> OptionValue:
        """The value as the game will use it; raises `InvalidOptions` if it is not accepted.

        Strings from a command line or a form ("true", "4") are converted first.
        """
        converted = self._convert(value)
        if converted not in self.choices:
            allowed = ", ".join(str(choice) for choice in self.choices)
            raise InvalidOptions(f"option {name!r} must be one of {allowed}; got {shown(value)}")
        return converted

    def value_name(self, value: OptionValue) -> str:
        """How players read one of the values, e.g. on the form's drop-down list."""
        return str(value)

    def _convert(self, value: object) -> OptionValue:
        return value  # type: ignore[return-value]


@dataclass(frozen=True)
class BoolOption(Option):
    """An on/off option."""

    default: bool = False

    @property
    def choices(self) -> tuple[OptionValue, ...]:
        return (False, True)

    def _convert(self, value: object) -> OptionValue:
        if isinstance(value, str):
            lowered = value.strip().lower()
            if lowered in ("true", "yes", "on", "1"):
                return True
            if lowered in ("false", "no", "off", "0"):
                return False
        if isinstance(value, bool):
            return value
        return -1  # never a choice, so validate() reports the original value


@dataclass(frozen=True)
class IntOption(Option):
    """A whole number in [minimum, maximum]."""

    default: int = 0
    minimum: int = 0
    maximum: int = 0

    @property
    def choices(self) -> tuple[OptionValue, ...]:
        return tuple(range(self.minimum, self.maximum + 1))

    def _convert(self, value: object) -> OptionValue:
        if isinstance(value, bool):
            return -(10**9)  # booleans are ints in Python but never a count
        if isinstance(value, int):
            return value
        if isinstance(value, str) and _WHOLE_NUMBER.fullmatch(value.strip()):
            return int(value)
        return -(10**9)


@dataclass(frozen=True)
class ChoiceOption(Option):
    """One of a fixed list of names; `names` gives players' words for them ("at_turn" reads
    "When the player to move has no seed")."""

    default: str = ""
    values: tuple[str, ...] = ()
    names: Mapping[str, str] = field(default_factory=dict)

    @property
    def choices(self) -> tuple[OptionValue, ...]:
        return self.values

    def value_name(self, value: OptionValue) -> str:
        return self.names.get(str(value), str(value))

    def _convert(self, value: object) -> OptionValue:
        return value.strip() if isinstance(value, str) else ""


def resolve_options(declared: Mapping[str, Option], given: Options | None) -> dict[str, OptionValue]:
    """Every declared option with its validated value, defaults filled in.

    >>> resolve_options({"seeds": IntOption(4, minimum=1, maximum=6)}, {"seeds": "3"})
    {'seeds': 3}
    """
    given = dict(given or {})
    unknown = sorted(set(given) - set(declared))
    if unknown:
        known = ", ".join(sorted(declared)) or "none"
        raise InvalidOptions(f"unknown option {shown(unknown[0])}; this game's options are: {known}")
    return {
        name: option.validate(name, given[name]) if name in given else option.default
        for name, option in declared.items()
    }
