"""`python -m tabletop.server serve|bench`: the server's commands without the main CLI."""

from __future__ import annotations

import typer

from tabletop.server.cli import bench_server, serve

app = typer.Typer(no_args_is_help=True, add_completion=False)
app.command("serve")(serve)
app.command("bench")(bench_server)


@app.callback()
def main() -> None:
    """Tabletop's server commands."""


if __name__ == "__main__":
    app()
