"""The HTML pages: lobby, new table, table, replay, log-in and registration (profiles: `profiles`).

Pages are rendered on the server with Jinja2; the table and replay pages then hand over to
the generic client (`web/static/table.js`). Every POST form carries the session's CSRF
token; every page makes sure the visitor is a player (a guest on the first visit).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from tabletop import bots
from tabletop.engine import Game, Seat
from tabletop.server import errors
from tabletop.server.analysis_pages import analysis_section
from tabletop.server.clocks import PRESETS as CLOCK_PRESETS
from tabletop.server.clocks import ClockSpec
from tabletop.server.context import context_of
from tabletop.server.identity import (
    authenticate,
    check_csrf,
    csrf_token,
    current_player,
    ensure_player,
    hashing,
    log_in,
    log_out,
    registration_problem,
    start_over,
    username_of,
)
from tabletop.server.inputs import clean_name, whole_number
from tabletop.server.live import LiveTable
from tabletop.server.origins import StartingPosition, may_play_from, start_from_form
from tabletop.server.pictures import picture_url, start_picture
from tabletop.server.rules_pages import rules_html
from tabletop.server.service import BOT_LEVELS, MAX_SEATS, TableRequest
from tabletop.server.static import IMMUTABLE, REVALIDATE
from tabletop.server.summaries import bot_display_name, result_line
from tabletop.server.templating import render
from tabletop.server.views import replay_view_data, socket_message, state_fragment, view_data
from tabletop.store import NameTaken, PlayerRecord, RatingRecord, SeatSpec, TableRecord, UsernameTaken
from tabletop.store.models import NAME_LENGTH
from tabletop.store.ratings import bot_participant

router = APIRouter(include_in_schema=False)

SEE_OTHER = 303
NOT_MODIFIED = 304
LOBBY_FINISHED_TABLES = 10
LOBBY_FINISHED_SCAN = 200
"""How many of the newest finished tables a filtered lobby looks through for its ten."""
LOBBY_IDLE = timedelta(minutes=15)
"""A live table with no move for this long is not shown to watch (it may have been left)."""


async def page(request: Request, template: str, status_code: int = 200, **context: Any) -> HTMLResponse:
    """A page with the visitor's player (None for a visitor who has not acted yet) and CSRF token."""
    player = await current_player(request)
    html = render(template, player=player, csrf=csrf_token(request), **context)
    return HTMLResponse(html, status_code=status_code)


async def _checked_form(request: Request) -> dict[str, str]:
    form = await request.form()
    check_csrf(request, form.get("csrf"))
    return {key: value for key, value in form.items() if isinstance(value, str)}


@dataclass(frozen=True)
class LobbyFilter:
    """The lobby's filters, from its query string: one game, one number of players (or any)."""

    game: str | None = None
    players: int | None = None

    @classmethod
    def parse(cls, game: str | None, players: str | None, games: list[Game]) -> LobbyFilter:
        """The filters asked for; an unknown game or a count nobody plays is refused."""
        game = game or None
        if game is not None and game not in {known.id for known in games}:
            raise errors.BadRequest(f"there is no game {game!r} to filter by")
        count = whole_number(players, "the number of players", 1, MAX_SEATS) if players else None
        return cls(game, count)

    @property
    def active(self) -> bool:
        """Is anything filtered out?"""
        return self.game is not None or self.players is not None

    def allows_game(self, game: Game) -> bool:
        """A game to list: the one asked for, playable by the number asked for."""
        fits = self.players is None or game.min_players <= self.players <= game.max_players
        return fits and self.game in (None, game.id)

    def allows_table(self, record: TableRecord) -> bool:
        """A table of the game asked for, with the number of players asked for."""
        return self.game in (None, record.game_id) and self.players in (None, record.players)


@router.get("/")
async def lobby(request: Request, game: str | None = None, players: str | None = None) -> HTMLResponse:
    """Your tables (those waiting for you first), every game with a picture of its start, the
    tables to join or watch live, and recently finished ones with their winners; all of them
    filtered by game and number of players (a plain GET form, so it works without scripts)."""
    context = context_of(request)
    player = await current_player(request)
    all_games = context.list_games()
    chosen = LobbyFilter.parse(game, players, all_games)
    mine = [table for table in await _my_tables(request, player) if chosen.allows_table(table["record"])]
    mine_ids = {table["record"].id for table in mine}
    now = context.store.clock()
    tables = [
        record
        for record in await context.service.open_tables()
        if record.id not in mine_ids and _is_live_enough(record, now) and chosen.allows_table(record)
    ]
    scan = LOBBY_FINISHED_SCAN if chosen.active else LOBBY_FINISHED_TABLES
    finished = [
        record
        for record in await context.run(context.store.tables, ["finished"], scan)
        if chosen.allows_table(record)
    ][:LOBBY_FINISHED_TABLES]
    return await page(
        request,
        "lobby.html",
        games=[known for known in all_games if chosen.allows_game(known)],
        all_games=all_games,
        player_counts=range(1, max(known.max_players for known in all_games) + 1),
        chosen=chosen,
        pictures={known.id: picture_url(known) for known in all_games},
        titles={known.id: known.title for known in all_games},
        mine=mine,
        tables=tables,
        finished=[(record, result_line(record)) for record in finished],
    )


@router.get("/games/{game_id}/picture.svg")
async def game_picture(request: Request, game_id: str, v: str | None = None) -> Response:
    """The game's start position as its own drawing draws it, for the lobby's game cards.

    Under the URL `picture_url` gives (the drawing's hash in `v`) it is cached for a year;
    under any other, revalidated by its ETag.
    """
    picture = start_picture(context_of(request).service.game(game_id))
    etag = f'"{picture.fingerprint}"'
    cache = IMMUTABLE if v == picture.fingerprint else REVALIDATE
    headers = {"Cache-Control": cache, "ETag": etag}
    if request.headers.get("if-none-match") == etag:
        return Response(status_code=NOT_MODIFIED, headers=headers)
    return Response(picture.svg, media_type="image/svg+xml", headers=headers)


async def _my_tables(request: Request, player: PlayerRecord | None) -> list[dict[str, Any]]:
    """The visitor's tables under way or waiting, those where it is their turn first."""
    if player is None:
        return []
    context = context_of(request)
    records = await context.run(context.store.tables_of, player.id, ["waiting", "playing"])
    mine = []
    for record in records:
        live = await context.service.table(record.id)
        seat = record.seat_of(player.id)
        your_turn = record.status == "playing" and seat in live.state.current_players()
        mine.append({"record": record, "your_turn": your_turn})
    return sorted(mine, key=lambda table: not table["your_turn"])


def _is_live_enough(record: TableRecord, now: datetime) -> bool:
    """A table for the lobby: waiting for players, or being played right now (not left idle)."""
    if record.status == "waiting":
        return True
    last = record.last_move_at or record.started_at or record.created_at
    return record.mode == "live" and now - last < LOBBY_IDLE


@router.post("/name")
async def rename(request: Request) -> Response:
    """Changes the visitor's display name."""
    form = await _checked_form(request)
    name = clean_name(form.get("name", ""), "a name", NAME_LENGTH)
    context = context_of(request)
    player = await ensure_player(request)
    try:
        await context.run(context.store.rename, player.id, name)
    except NameTaken as error:
        raise errors.NameUnavailable(str(error)) from error
    return RedirectResponse("/", status_code=SEE_OTHER)


def _seat_choices(game: Game, calibrated: dict[tuple[str, str], RatingRecord]) -> list[tuple[str, str, bool]]:
    """(value, label, may sit at a rated table): me, an open seat, or each bot at each level.

    A calibrated bot's label carries its rating ("MCTS bot, level 3 ≈ 1,480").
    """
    choices = [("me", "Me", True), ("open", "Open seat (invite)", True)]
    for name in bots.names(game.id):
        levels: list[int | None] = list(BOT_LEVELS) if bots.has_levels(name) else [None]
        for level in levels:
            label = bot_display_name(name, level)
            rating = calibrated.get((game.id, bot_participant(name, level)))
            if rating is not None:
                label += f" ≈ {rating.shown:,}"
            choices.append((f"bot:{name}:{level or 1}", label, rating is not None))
    return choices


async def new_table_page(
    request: Request, game: Game, error: str | None = None, start_from: StartingPosition | None = None
) -> HTMLResponse:
    """The new-table form; for "play from here" fixed to the origin's options and seat count."""
    context = context_of(request)
    calibrated = await context.run(context.store.bot_ratings, game.id)
    defaults = ["me"] + ["open"] * (game.max_players - 1)
    origin = None if start_from is None else (await context.service.table(start_from.table_id)).record
    return await page(
        request,
        "new_table.html",
        status_code=400 if error else 200,
        game=game,
        players=origin.players if origin else game.min_players if game.min_players > 1 else 1,
        seat_choices=_seat_choices(game, calibrated),
        seat_defaults=defaults,
        rated=origin is None,
        clock_presets=list(CLOCK_PRESETS),
        error=error,
        origin=origin,
        start_from=start_from,
    )


@router.get("/games/{game_id}/new")
async def new_table_form(request: Request, game_id: str) -> HTMLResponse:
    """The form for a new table: the game's declared options, seats and pace."""
    return await new_table_page(request, context_of(request).service.game(game_id))


@router.get("/games/{game_id}/rules")
async def rules_page(request: Request, game_id: str) -> HTMLResponse:
    """The game's rules, from its page in docs/rules/."""
    game = context_of(request).service.game(game_id)
    html = rules_html(game.id)
    if html is None:
        raise errors.NotFound(f"{game.title} has no rules page yet")
    return await page(request, "rules.html", game=game, rules=html)


@router.post("/games/{game_id}/new")
async def create_table(request: Request, game_id: str) -> Response:
    """Creates the table and goes to it."""
    context = context_of(request)
    game = context.service.game(game_id)
    form = await _checked_form(request)
    player = await ensure_player(request)
    start_from = start_from_form(form)
    try:
        table_request = _table_request(game, form, player, start_from)
        await context.limits.check(request, "table", player.id)
        live = await context.service.create_table(table_request)
    except errors.BadRequest as error:
        return await new_table_page(request, game, str(error), start_from)
    return RedirectResponse(f"/t/{live.id}", status_code=SEE_OTHER)


def _table_request(
    game: Game, form: dict[str, str], player: PlayerRecord, start_from: StartingPosition | None
) -> TableRequest:
    count = whole_number(form.get("players", ""), "the number of players", game.min_players, game.max_players)
    seats = tuple(_seat_spec(form.get(f"seat-{seat}", "open"), player) for seat in range(count))
    if sum(seat.player_id is not None for seat in seats) > 1:
        raise errors.BadRequest("you can take only one seat")
    options: dict[str, Any] = {}
    for name, option in game.options.items():
        value = form.get(f"option-{name}")
        if list(option.choices) == [False, True]:
            options[name] = value == "true"
        elif value is not None:
            options[name] = value
    preset = form.get("clock", "none")
    if preset not in CLOCK_PRESETS:
        raise errors.BadRequest(f"choose a clock: {', '.join(CLOCK_PRESETS)}")
    clock = ClockSpec.from_json(CLOCK_PRESETS[preset], form.get("on_timeout", "lose"))
    mode = "live" if clock is None or clock.mode == "live" else "turn-based"
    rated = form.get("rated") == "true"
    return TableRequest(
        game.id, seats, options, mode, created_by=player.id, clock=clock, rated=rated, start_from=start_from
    )


def _seat_spec(choice: str, player: PlayerRecord) -> SeatSpec:
    if choice == "me":
        return SeatSpec(player_id=player.id)
    if choice.startswith("bot:"):
        _, name, level = f"{choice}::".split(":")[:3]
        return SeatSpec(bot=name, bot_level=whole_number(level, "a bot's level", 1, max(BOT_LEVELS)))
    return SeatSpec()


@router.get("/t/{table_id}")
async def table_page(request: Request, table_id: str) -> HTMLResponse:
    """The table: board, prompt, actions, players, log, chat; live over a WebSocket."""
    context = context_of(request)
    player = await current_player(request)
    live = await context.service.table(table_id)
    seat = live.record.seat_of(player.id if player else None)
    data = view_data(live, seat)
    open_seats = [s.seat for s in live.record.seats if s.is_open] if seat is None else []
    chat = await context.run(context.store.chat, table_id)
    finished = live.record.status == "finished"
    rematch = await context.run(context.store.rematch_of, table_id) if finished else None
    return await page(
        request,
        "table.html",
        data=data,
        fragment=state_fragment(data),
        initial=_without_html(socket_message(data)),
        invite_url=str(request.url_for("table_page", table_id=table_id)),
        open_seats=open_seats,
        chat=chat,
        rematch=rematch,
        stood_in=seat is not None and live.record.seats[seat].stand_in is not None,
        origin=live.record.origin,
    )


def _without_html(message: dict[str, Any]) -> dict[str, Any]:
    """The page already holds the HTML; the client needs only the rest of the message."""
    return {key: value for key, value in message.items() if key != "html"}


@router.post("/t/{table_id}/join")
async def join_table(request: Request, table_id: str) -> Response:
    """Takes the chosen seat and returns to the table."""
    form = await _checked_form(request)
    player = await ensure_player(request)
    seat = form.get("seat", "")
    chosen = whole_number(seat, "the seat", 0, MAX_SEATS - 1) if seat else None
    context = context_of(request)
    await context.limits.check(request, "join", player.id)
    await context.service.join(table_id, player.id, chosen)
    return RedirectResponse(f"/t/{table_id}", status_code=SEE_OTHER)


async def _seat_of_visitor(request: Request, live: LiveTable) -> Seat | None:
    """The visitor's seat at this table (None for a spectator)."""
    player = await current_player(request)
    return live.record.seat_of(player.id if player else None)


@router.get("/t/{table_id}/replay")
async def replay_page(request: Request, table_id: str, move: int | None = None) -> HTMLResponse:
    """Any table's moves, stepped backward and forward, each position as the visitor saw it
    (a player their own seat's view, anyone else a spectator's)."""
    live = await context_of(request).service.table(table_id)
    step = live.seq if move is None else max(0, min(move, live.seq))
    player = await current_player(request)
    data = replay_view_data(live, step, live.record.seat_of(player.id if player else None))
    initial = _without_html(socket_message(data)) | {"total_moves": live.seq}
    return await page(
        request,
        "replay.html",
        data=data,
        fragment=state_fragment(data),
        initial=initial,
        step=step,
        total=live.seq,
        analysis=await analysis_section(request, live, step),
        play_from=may_play_from(live.record, player.id if player else None),
        over_at=live.seq if live.is_over else None,
        origin=live.record.origin,
    )


@router.get("/t/{table_id}/replay/{moves_played}")
async def replay_step(request: Request, table_id: str, moves_played: int) -> dict[str, Any]:
    """One replay step as a "view" message, as the visitor saw it (what the replay page morphs
    in, and what the live table shows when a move of its log is clicked)."""
    live = await context_of(request).service.table(table_id)
    data = replay_view_data(live, moves_played, await _seat_of_visitor(request, live))
    return socket_message(data) | {"total_moves": live.seq}


@router.post("/t/{table_id}/resign")
async def resign(request: Request, table_id: str) -> Response:
    """Concedes the game (a bot plays on for a seat in a game of more than two)."""
    await _checked_form(request)
    player = await ensure_player(request)
    await context_of(request).service.resign(table_id, player.id)
    return RedirectResponse(f"/t/{table_id}", status_code=SEE_OTHER)


@router.post("/t/{table_id}/leave")
async def leave(request: Request, table_id: str) -> Response:
    """Gives the seat back at a table that has not started, and goes to the lobby."""
    await _checked_form(request)
    player = await ensure_player(request)
    await context_of(request).service.leave(table_id, player.id)
    return RedirectResponse("/", status_code=SEE_OTHER)


@router.post("/t/{table_id}/rematch")
async def rematch(request: Request, table_id: str) -> Response:
    """Starts (or joins) the rematch of a finished table and goes to it."""
    await _checked_form(request)
    player = await ensure_player(request)
    context = context_of(request)
    await context.limits.check(request, "table", player.id)
    live = await context.service.rematch(table_id, player.id)
    return RedirectResponse(f"/t/{live.id}", status_code=SEE_OTHER)


@router.get("/login")
async def login_form(request: Request) -> HTMLResponse:
    """The log-in form."""
    return await page(
        request, "account.html", heading="Log in", action="/login", username="", name="", error=None
    )


@router.post("/login")
async def login(request: Request) -> Response:
    """Logs in to a named account."""
    form = await _checked_form(request)
    username, password = form.get("username", ""), form.get("password", "")
    player = await authenticate(request, username, password)
    if player is None:
        return await page(
            request,
            "account.html",
            status_code=401,
            heading="Log in",
            action="/login",
            username=username,
            name="",
            error="Unknown username or wrong password.",
        )
    await log_in(request, player)
    return RedirectResponse("/", status_code=SEE_OTHER)


@router.get("/register")
async def register_form(request: Request) -> HTMLResponse:
    """The registration form."""
    return await page(
        request, "account.html", heading="Register", action="/register", username="", name="", error=None
    )


@router.post("/register")
async def register(request: Request) -> Response:
    """Turns the visitor's guest player into a named account (same player: games and ratings stay)."""
    form = await _checked_form(request)
    context = context_of(request)
    username, password = username_of(form.get("username", "")), form.get("password", "")
    name = form.get("name", "").strip()
    error = registration_problem(username, password)
    if error is None:
        await context.limits.check(request, "register")
        player = await ensure_player(request)
        try:
            chosen = clean_name(name, "a display name", NAME_LENGTH) if name else None
            account = await hashing(request, context.store.register, player.id, username, password, chosen)
        except (UsernameTaken, NameTaken, errors.BadRequest) as taken:
            error = str(taken)
        else:
            await start_over(request, account)
            return RedirectResponse("/", status_code=SEE_OTHER)
    return await page(
        request,
        "account.html",
        status_code=400,
        heading="Register",
        action="/register",
        username=username,
        name=name,
        error=error,
    )


@router.post("/logout")
async def logout(request: Request) -> Response:
    """Forgets the account in this browser."""
    await _checked_form(request)
    await log_out(request)
    return RedirectResponse("/", status_code=SEE_OTHER)
