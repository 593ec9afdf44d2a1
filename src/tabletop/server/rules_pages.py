"""Each game's rules page, `docs/rules/<id>.md`, as HTML for `/games/<id>/rules`.

The pages are the project's own documentation: tests and docstrings cite their numbered
rules, and players read them here, from the checkout the server runs in (`make run`).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from markdown_it import MarkdownIt

RULES_DIRS = (Path(__file__).resolve().parents[3] / "docs" / "rules",)
"""Where rules pages are looked for: the checkout's docs/rules/."""

_MARKDOWN = MarkdownIt("commonmark", {"html": False}).enable("table")
"""Raw HTML in a page is shown as text, never passed through."""


def rules_markdown(game_id: str) -> str | None:
    """The rules page of `game_id` as written, or None if the game has none."""
    for folder in RULES_DIRS:
        path = folder / f"{game_id}.md"
        if path.is_file():
            return path.read_text(encoding="utf-8")
    return None


@cache
def rules_html(game_id: str) -> str | None:
    """The rules page of a registered game rendered once as HTML, or None if it has none."""
    text = rules_markdown(game_id)
    return None if text is None else _MARKDOWN.render(text)
