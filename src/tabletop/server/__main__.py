"""`python -m tabletop.server serve`: the server without the main CLI (what subprocesses run)."""

from __future__ import annotations

import typer

from tabletop.server.cli import serve

app = typer.Typer(no_args_is_help=True, add_completion=False)
app.command("serve")(serve)


@app.callback()
def main() -> None:
    """Tabletop's server commands."""


if __name__ == "__main__":
    app()
