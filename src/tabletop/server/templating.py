"""The Jinja2 environment of the site: templates and static files live in `tabletop/web/`.

`web/` holds no Python: templates (autoescaped HTML) and static files (CSS, the generic
client, vendored idiomorph). They are found through the installed package, so an installed
wheel serves them as a checkout does. Templates name static files with `static_url`, whose
URLs carry a hash of the content (served by `server/static.py`).
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import quote

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

from tabletop.server.summaries import seat_display_name

WEB_DIRECTORY = Path(str(resources.files("tabletop") / "web"))
TEMPLATES_DIRECTORY = WEB_DIRECTORY / "templates"
STATIC_DIRECTORY = WEB_DIRECTORY / "static"
STATIC_PREFIX = "/static/"
FINGERPRINT_LENGTH = 10

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


def render_part(template: str, macro: str, *arguments: Any) -> str:
    """One macro of a template rendered alone: a part of a page that a message carries."""
    return str(getattr(_macros(template), macro)(*arguments))


@lru_cache(maxsize=8)
def _macros(template: str) -> Any:
    """A template's macros, loaded once per process (not checked for changes on disk each
    time, as pages are): parts are rendered for every viewer of every move."""
    return ENVIRONMENT.get_template(template).module


def seat_name(seat: int) -> str:
    """A seat nobody has taken yet, for people: seats count from 0 in the API, players from 1.

    >>> seat_name(0)
    'Player 1'
    """
    return f"Player {seat + 1}"


def static_url(name: str) -> str:
    """The URL of a static file, with its content's fingerprint before the suffix.

    >>> url = static_url("site.css")
    >>> url.startswith("/static/site.") and url.endswith(".css") and len(url) == len("/static/site.css") + 11
    True
    """
    stem, dot, suffix = name.rpartition(".")
    return f"{STATIC_PREFIX}{stem}.{fingerprint_of(name)}{dot}{suffix}"


def fingerprint_of(name: str) -> str:
    """The fingerprint of a static file's content as it is now."""
    path = STATIC_DIRECTORY / name
    return _fingerprint(path, path.stat().st_mtime_ns)


@lru_cache(maxsize=64)
def _fingerprint(path: Path, modified_ns: int) -> str:
    """The file's hash, read once per version of the file (its modification time is in the key)."""
    return fingerprint(path.read_bytes())


def fingerprint(content: bytes) -> str:
    """A short hash of `content` for a URL: it changes whenever the content does.

    >>> fingerprint(b"<svg/>")
    'd4dc566691'
    """
    return hashlib.sha256(content).hexdigest()[:FINGERPRINT_LENGTH]


def profile_url(name: str) -> str:
    """The profile page of a display name (quoted whole: a name may hold "/" or "?").

    >>> profile_url("Guest 2756 (2)")
    '/players/Guest%202756%20%282%29'
    """
    return f"/players/{quote(name, safe='')}"


ENVIRONMENT.filters["seat_name"] = seat_name
ENVIRONMENT.filters["profile_url"] = profile_url
ENVIRONMENT.globals["static_url"] = static_url
ENVIRONMENT.filters["person"] = seat_display_name
