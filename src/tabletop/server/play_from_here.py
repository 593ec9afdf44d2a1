"""The "Play from here" page: the new-table form for a position of a replay (issue 16).

The replay page links here with the position shown; the form it opens is the usual one,
fixed to the origin's game, options and number of seats, and posts to the usual
`/games/{game}/new` with the position in two hidden fields. The checks are the service's
(`tabletop.server.origins`), asked before the form is shown so a refusal comes at once.
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from tabletop.server.context import context_of
from tabletop.server.identity import current_player
from tabletop.server.origins import StartingPosition, table_origin
from tabletop.server.pages import new_table_page

router = APIRouter(include_in_schema=False)


@router.get("/t/{table_id}/play-from/{move}")
async def play_from_here_form(request: Request, table_id: str, move: int) -> HTMLResponse:
    """The new-table form that begins at the position after `move` moves of the table."""
    context = context_of(request)
    live = await context.service.table(table_id)
    player = await current_player(request)
    # The same checks as creating the table, so a refusal comes before the form; the seed
    # is only a stand-in here, the table gets its own when it is created.
    table_origin(live, move, None if player is None else player.id, live.record.seed)
    game = context.service.game(live.record.game_id)
    return await new_table_page(request, game, start_from=StartingPosition(live.id, move))
