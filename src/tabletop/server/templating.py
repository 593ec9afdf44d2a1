"""The Jinja2 environment of the site: templates and static files live in `tabletop/web/`.

`web/` holds no Python: templates (autoescaped HTML) and static files (CSS, the generic
client, vendored idiomorph). They are found through the installed package, so an installed
wheel serves them as a checkout does.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import quote

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

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
    """Seats are numbered from 0 everywhere (engine, drawings, prompts, API), so pages are too.

    >>> seat_name(0)
    'Seat 0'
    """
    return f"Seat {seat}"


def profile_url(name: str) -> str:
    """The profile page of a display name (quoted whole: a name may hold "/" or "?").

    >>> profile_url("Guest 2756 (2)")
    '/players/Guest%202756%20%282%29'
    """
    return f"/players/{quote(name, safe='')}"


ENVIRONMENT.filters["seat_name"] = seat_name
ENVIRONMENT.filters["profile_url"] = profile_url
