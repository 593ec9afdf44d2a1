"""The Jinja2 environment of the site: templates and static files live in `tabletop/web/`.

`web/` holds no Python: templates (autoescaped HTML) and static files (CSS, the generic
client, vendored idiomorph). They are found through the installed package, so an installed
wheel serves them as a checkout does.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

from tabletop.server.summaries import seat_display_name

WEB_DIRECTORY = Path(str(resources.files("tabletop") / "web"))
TEMPLATES_DIRECTORY = WEB_DIRECTORY / "templates"
STATIC_DIRECTORY = WEB_DIRECTORY / "static"

ENVIRONMENT = Environment(
    loader=FileSystemLoader(TEMPLATES_DIRECTORY),
    autoescape=select_autoescape(default=True, default_for_string=True),
    undefined=StrictUndefined,
    trim_blocks=True,
    lstrip_blocks=True,
)


def render(template: str, **context: Any) -> str:
    """The template rendered with `context` (every name it uses must be given)."""
    return ENVIRONMENT.get_template(template).render(**context)


def seat_name(seat: int) -> str:
    """A seat nobody has taken yet, for people: seats count from 0 in the API, players from 1.

    >>> seat_name(0)
    'Player 1'
    """
    return f"Player {seat + 1}"


ENVIRONMENT.filters["seat_name"] = seat_name
ENVIRONMENT.filters["person"] = seat_display_name
