"""The analysis on the replay page: the "Analyse" button, the progress bar, the value chart,
the marked moves and, for the position shown, the analyst's move drawn on the board.

`analysis_section` renders the block (`_analysis.html`) the replay page includes; the page's
script (`analysis.js`) asks `/t/{table}/analysis?move=N` for it again while a job runs and
whenever another position is shown. Everything in it comes from the stored review and
from views of the table drawn for the visitor's seat, as the replay itself is.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from markupsafe import Markup

from tabletop.analysis import Analyst, MoveReview
from tabletop.analysis.analysts import ANALYSIS_SEED, UNITS, shown_value
from tabletop.engine import IllegalAction, People, Rng, Seat
from tabletop.server.analysis_jobs import check_may_analyse, is_finished, may_see
from tabletop.server.charts import ValueLine, ValuePoint, seat_colours, value_chart
from tabletop.server.context import context_of
from tabletop.server.identity import check_csrf, csrf_token, current_player, ensure_player
from tabletop.server.inputs import whole_number
from tabletop.server.live import LiveTable
from tabletop.server.summaries import table_people
from tabletop.server.templating import render

router = APIRouter(include_in_schema=False)

SEE_OTHER = 303
MARKS = {"best": "★", "good": "", "inaccuracy": "?!", "mistake": "?", "blunder": "??"}
"""What the marked log shows after a move of each verdict."""
MIRRORED = ("win", "margin")
"""Kinds of value where, between two players, one's gain is the other's loss: one line tells both."""


@router.post("/t/{table_id}/analyse")
async def analyse(request: Request, table_id: str) -> Response:
    """Queues the table's analysis (or joins the one under way, in whichever process) and goes
    back to the replay."""
    form = await request.form()
    check_csrf(request, form.get("csrf"))
    player = await ensure_player(request)
    context = context_of(request)
    live = await context.service.table(table_id)
    check_may_analyse(live, player.id)
    await context.analyses.request(live, player.id)
    move = form.get("move")
    step = whole_number(move, "the move", 0, live.seq) if isinstance(move, str) and move else live.seq
    return RedirectResponse(f"/t/{table_id}/replay?move={step}", status_code=SEE_OTHER)


@router.get("/t/{table_id}/analysis")
async def analysis_block(request: Request, table_id: str, move: int | None = None) -> HTMLResponse:
    """The analysis block for the replay of `move` moves (what the page's script swaps in)."""
    live = await context_of(request).service.table(table_id)
    step = live.seq if move is None else max(0, min(move, live.seq))
    return HTMLResponse(await analysis_section(request, live, step))


@dataclass(frozen=True)
class _Reader:
    """Who reads the block: their seat (None for a spectator) and the people as they read them."""

    seat: Seat | None
    people: People


async def analysis_section(request: Request, live: LiveTable, step: int) -> Markup:
    """The block for the replay of `live` after `step` moves, as this visitor may see it."""
    context = context_of(request)
    player = await current_player(request)
    player_id = None if player is None else player.id
    if not may_see(live, player_id):
        return Markup(render("_analysis.html", hidden=True, table=live.id))
    seat = live.record.seat_of(player_id)
    reader = _Reader(seat, table_people(live.record, live.state.view(seat), seat))
    analyst = await context.analyses.analyst(live)
    moves = await context.analyses.stored(live, analyst)
    progress = await context.analyses.progress(live, analyst, len(moves))
    shown = _shown_move(live, moves, step, reader)
    return Markup(
        render(
            "_analysis.html",
            hidden=False,
            table=live.id,
            step=step,
            csrf=csrf_token(request),
            analyst=analyst.name,
            unit=UNITS[analyst.kind],
            progress=progress,
            chart=_chart(live, moves, analyst, reader),
            marked=[_marked(move, analyst.kind, reader) for move in moves],
            shown=shown,
            best_path=[] if shown is None else shown["path"],
        )
    )


def _marked(move: MoveReview, kind: str, reader: _Reader) -> dict[str, Any]:
    """One analysed move of the marked log."""
    return {
        "seq": move.index + 1,
        "who": reader.people.name(move.seat),
        "label": reader.people.resolve(move.label),
        "verdict": move.verdict.value,
        "mark": MARKS[move.verdict.value],
        "before": shown_value(move.value_before, kind),
        "after": shown_value(move.value_after, kind),
    }


def _chart(live: LiveTable, moves: Sequence[MoveReview], analyst: Analyst, reader: _Reader) -> Markup:
    """The value over the game: one line for the first player of a game of two whose values
    mirror each other (their gain is the other's loss), else one line per player."""
    if not moves:
        return Markup("")
    colours = seat_colours(reader.people.colours, live.record.players)
    if live.record.players == 2 and analyst.kind in MIRRORED:
        lines = [_mirrored_line(live.id, moves, analyst.kind, reader, colours[0])]
        who = reader.people.name(0)
    else:
        lines = _seat_lines(live, moves, analyst.kind, reader, colours)
        who = reader.people.name(moves[0].seat) if len(lines) == 1 else "each player"
    title = f"{UNITS[analyst.kind].capitalize()} for {who}, move by move ({analyst.name})"
    span, labels = _axis([point.value for line in lines for point in line.points], analyst.kind)
    return value_chart(lines, len(moves), span, labels, title)


def _mirrored_line(
    table_id: str, moves: Sequence[MoveReview], kind: str, reader: _Reader, colour: str
) -> ValueLine:
    """The first player's value at every position, the second player's moves' values turned round."""
    values = [_for_first(move.seat, move.value_before, kind) for move in moves]
    values.append(_for_first(moves[-1].seat, moves[-1].value_after, kind))
    whose = reader.people.name(0)
    points = tuple(
        _point(
            table_id,
            step,
            value,
            kind=kind,
            whose=whose,
            mark="" if step == 0 else moves[step - 1].verdict.value,
        )
        for step, value in enumerate(values)
    )
    return ValueLine(points, colour, whose)


def _seat_lines(
    live: LiveTable, moves: Sequence[MoveReview], kind: str, reader: _Reader, colours: Sequence[str]
) -> list[ValueLine]:
    """Per player who moved: their value before their first move, then after each of theirs.

    Every point of a player's line is their own move's review, valued from their own view
    (`ReviewPlan`), so a line never shows what that player could not see, and each dot after
    a move carries its verdict where the move's loss shows.
    """
    lines = []
    for seat in range(live.record.players):
        own = [move for move in moves if move.seat == seat]
        if not own:
            continue
        whose = reader.people.name(seat)
        first = _point(live.id, own[0].index, own[0].value_before, kind=kind, whose=whose, mark="")
        after = (
            _point(live.id, move.index + 1, move.value_after, kind=kind, whose=whose, mark=move.verdict.value)
            for move in own
        )
        lines.append(ValueLine((first, *after), colours[seat], whose))
    return lines


def _point(table_id: str, step: int, value: float, *, kind: str, whose: str, mark: str) -> ValuePoint:
    """The chart's dot for one player's value at the position after `step` moves."""
    place = "Start" if step == 0 else f"After move {step}"
    title = f"{place}: {shown_value(value, kind)} for {whose}"
    return ValuePoint(step, value, title, f"/t/{table_id}/replay?move={step}", mark)


def _for_first(mover: Seat, value: float, kind: str) -> float:
    """The mover's value in a mirrored game of two, seen by the first player."""
    if mover == 0:
        return value
    return 1 - value if kind == "win" else -value


def _axis(values: Sequence[float], kind: str) -> tuple[tuple[float, float], tuple[str, str]]:
    """The y axis: 0–100 % for a chance, symmetric about 0 for a margin, the data's range for a score."""
    finite = [value for value in values if math.isfinite(value)] or [0.0]
    if kind == "win":
        return (0.0, 1.0), ("0%", "100%")
    if kind == "margin":
        most = max(1.0, *(abs(value) for value in finite))
        return (-most, most), (shown_value(-most, kind), shown_value(most, kind))
    low, high = min(finite), max(finite)
    high = max(high, low + 1.0)
    return (low, high), (shown_value(low, kind), shown_value(high, kind))


def _shown_move(
    live: LiveTable, moves: Sequence[MoveReview], step: int, reader: _Reader
) -> dict[str, Any] | None:
    """The move played from the shown position, the analyst's move there, and the board after it."""
    if step >= len(moves):
        return None
    move = moves[step]
    shown: dict[str, Any] = {
        "seq": step + 1,
        "who": reader.people.name(move.seat),
        "label": reader.people.resolve(move.label),
        "verdict": move.verdict.value,
        "mark": MARKS[move.verdict.value],
        "best_label": reader.people.resolve(move.best_label),
        "is_best": move.best == move.played,
        "path": [],
        "svg": "",
    }
    if move.best is not None and move.best != move.played:
        shown |= _after_best(live, step, move.seat, move.best, reader)
    return shown


def _after_best(live: LiveTable, step: int, mover: Seat, best: str, reader: _Reader) -> dict[str, Any]:
    """The best move's clicks on the board and the drawing of the position after it.

    Before the end the move is played on a determinization of the mover's view (the table's
    own generator would show dice the player has not rolled); at the end everything is public.
    """
    record = live.record
    state = live.game.replay(record.players, record.options, record.seed, live.moves()[:step])
    if not is_finished(live):
        state = state.determinize(mover, Rng(ANALYSIS_SEED))
    paths = {action.id: list(action.path) for action in state.legal_actions(mover)}
    try:
        state.apply(mover, best)
    except IllegalAction:
        return {}
    view = state.view(reader.seat)
    people = table_people(record, view, reader.seat)
    return {"path": paths.get(best, []), "svg": Markup(live.game.draw_svg(view, people.names, people.viewer))}
