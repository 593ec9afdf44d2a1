"""The JSON API (OpenAPI at /docs): scripts and outside bots play without a browser.

Authenticate with `POST /api/guests` (or `/api/login`) and send the returned token as
`Authorization: Bearer <token>`. Every refusal answers `{"error": {"code", "message"}}`
with the status of its `ServiceError` (see `tabletop.server.errors`).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Request
from pydantic import BaseModel, ConfigDict, Field
from starlette.requests import HTTPConnection

from tabletop.server import errors
from tabletop.server.clocks import ClockSpec
from tabletop.server.context import Context, context_of
from tabletop.server.identity import (
    authenticate,
    current_player,
    guest_name,
    hashing,
    log_in,
    log_out,
    registration_problem,
    required_player,
    session_token,
    start_over,
    username_of,
)
from tabletop.server.inputs import clean_name
from tabletop.server.live import replay_snapshot
from tabletop.server.origins import StartingPosition
from tabletop.server.service import MAX_ACTION_ID_LENGTH, MAX_SEATS, TableRequest
from tabletop.server.summaries import game_summary, origin_summary, table_people, table_summary
from tabletop.server.views import view_data, visible_log
from tabletop.store import NameTaken, PlayerRecord, SeatSpec, UsernameTaken
from tabletop.store.models import NAME_LENGTH
from tabletop.store.passwords import MAX_PASSWORD_LENGTH

router = APIRouter(prefix="/api", tags=["api"])

OptionValue = bool | int | str


def _context(connection: HTTPConnection) -> Context:
    return context_of(connection)


ContextDependency = Annotated[Context, Depends(_context)]
PlayerDependency = Annotated[PlayerRecord, Depends(required_player)]
MaybePlayerDependency = Annotated[PlayerRecord | None, Depends(current_player)]


class GuestIn(BaseModel):
    name: str | None = Field(default=None, min_length=1, max_length=NAME_LENGTH)


class LoginIn(BaseModel):
    username: str = Field(min_length=1, max_length=NAME_LENGTH)
    password: str = Field(min_length=1, max_length=MAX_PASSWORD_LENGTH)


class RegisterIn(BaseModel):
    username: str = Field(max_length=NAME_LENGTH)
    password: str = Field(max_length=MAX_PASSWORD_LENGTH)
    name: str | None = Field(
        default=None, min_length=1, max_length=NAME_LENGTH, description="The display name (unique)."
    )


class PasswordIn(BaseModel):
    password: str = Field(min_length=1, max_length=MAX_PASSWORD_LENGTH)
    new_password: str = Field(max_length=MAX_PASSWORD_LENGTH)


class PlayerOut(BaseModel):
    id: int
    name: str
    username: str | None
    token: str


class SeatIn(BaseModel):
    kind: Literal["me", "open", "bot"] = "open"
    bot: str | None = Field(default=None, max_length=40)
    level: int = Field(default=3, ge=1, le=5)


class StartFromIn(BaseModel):
    table: str = Field(max_length=40, description="The table whose position the new one begins at.")
    move: int = Field(ge=0, description="How many of that table's moves had been played.")


class TableIn(BaseModel):
    model_config = ConfigDict(populate_by_name=True)

    game: str | None = Field(
        default=None, max_length=40, description="Required, unless `from` gives the table to begin from."
    )
    seats: list[SeatIn] = Field(min_length=1, max_length=MAX_SEATS)
    options: dict[str, OptionValue] = Field(default_factory=dict)
    mode: Literal["live", "turn-based"] = "live"
    clock: dict[str, Any] | None = None
    on_timeout: Literal["lose", "bot"] = "lose"
    rated: bool = Field(
        default=False,
        description="A rated table changes its players' ratings; its bots must be calibrated. "
        "Ignored for a table of one (solo games keep personal bests).",
    )
    start_from: StartFromIn | None = Field(
        default=None,
        alias="from",
        description="Play from here: begin at a position of a finished table (or of your own solo "
        "game). The game, options and number of seats are the origin's; the table is unrated.",
    )


class JoinIn(BaseModel):
    seat: int | None = Field(default=None, ge=0, lt=MAX_SEATS)


class MoveIn(BaseModel):
    action: str = Field(min_length=1, max_length=MAX_ACTION_ID_LENGTH)
    seq: int = Field(ge=0)


def _player_out(player: PlayerRecord, token: str) -> PlayerOut:
    return PlayerOut(id=player.id, name=player.name, username=player.username, token=token)


@router.post("/guests", status_code=201)
async def create_guest(request: Request, body: GuestIn, context: ContextDependency) -> PlayerOut:
    """A new guest player, remembered in the session and returned with an API token."""
    name = guest_name() if body.name is None else clean_name(body.name, "a name", NAME_LENGTH)
    await context.limits.check(request, "guest")
    player = await context.run(context.store.create_guest, name)
    return _player_out(player, await log_in(request, player))


@router.post("/login")
async def login(request: Request, body: LoginIn, context: ContextDependency) -> PlayerOut:
    """Logs in to a named account."""
    player = await authenticate(request, body.username, body.password)
    if player is None:
        raise errors.NotLoggedIn("unknown username or wrong password")
    return _player_out(player, await log_in(request, player))


@router.post("/register", status_code=201)
async def register(request: Request, body: RegisterIn, context: ContextDependency) -> PlayerOut:
    """Turns the current guest (or a new one) into a named account, keeping its games.

    `name` sets the display name; a name another player shows is refused (409).
    """
    username = username_of(body.username)
    name = None if body.name is None else clean_name(body.name, "a name", NAME_LENGTH)
    problem = registration_problem(username, body.password)
    if problem is not None:
        raise errors.BadRequest(problem)
    await context.limits.check(request, "register")
    player = await current_player(request)
    if player is None:
        player = await context.run(context.store.create_guest, username)
    try:
        account = await hashing(request, context.store.register, player.id, username, body.password, name)
    except UsernameTaken as error:
        raise errors.UsernameUnavailable(str(error)) from error
    except NameTaken as error:
        raise errors.NameUnavailable(str(error)) from error
    return _player_out(account, await start_over(request, account))


@router.post("/password")
async def change_password(
    request: Request, body: PasswordIn, player: PlayerDependency, context: ContextDependency
) -> PlayerOut:
    """Sets a new password; every other session of the account ends, this one gets a new token."""
    problem = registration_problem(player.username or "", body.new_password)
    if player.username is None or problem is not None:
        raise errors.BadRequest(problem or "a guest has no password: register first")
    await context.limits.check(request, "login", player.username)
    changed = await hashing(
        request, context.store.change_password, player.id, body.password, body.new_password
    )
    if not changed:
        raise errors.Forbidden("the current password is wrong")
    return _player_out(player, await start_over(request, player))


@router.post("/logout", status_code=204)
async def logout(request: Request, player: PlayerDependency) -> None:
    """Ends the session of this token (or cookie)."""
    await log_out(request)


@router.get("/me")
async def me(request: Request, player: PlayerDependency) -> PlayerOut:
    """The player behind this request, with its session token."""
    return _player_out(player, session_token(request) or "")


@router.get("/games")
async def list_games(context: ContextDependency) -> list[dict[str, Any]]:
    """Every registered game: title, player counts, description and declared options."""
    return [game_summary(game) for game in context.list_games()]


@router.get("/tables")
async def list_tables(context: ContextDependency) -> list[dict[str, Any]]:
    """Tables waiting for players or being played, newest first."""
    return [table_summary(record) for record in await context.service.open_tables()]


@router.post("/tables", status_code=201)
async def create_table(
    request: Request, body: TableIn, player: PlayerDependency, context: ContextDependency
) -> dict[str, Any]:
    """A new table; seats are "me", "open" (to share the link) or a bot at a level 1-5."""
    if sum(seat.kind == "me" for seat in body.seats) > 1:
        raise errors.BadRequest("you can take only one seat")
    seats = tuple(_seat_spec(seat, player) for seat in body.seats)
    clock = ClockSpec.from_json(body.clock, body.on_timeout)
    game, options, start_from = await _setup_of(body, context)
    table_request = TableRequest(
        game,
        seats,
        options,
        body.mode,
        created_by=player.id,
        clock=clock,
        rated=body.rated,
        start_from=start_from,
    )
    await context.limits.check(request, "table", player.id)
    live = await context.service.create_table(table_request)
    return table_summary(live.record, live.seq)


async def _setup_of(
    body: TableIn, context: Context
) -> tuple[str, dict[str, OptionValue], StartingPosition | None]:
    """The game and options asked for; a table begun from a position takes its origin's by default."""
    if body.start_from is None:
        if body.game is None:
            raise errors.BadRequest("say which game: `game`, or `from` for a position of another table")
        return body.game, body.options, None
    origin = (await context.service.table(body.start_from.table)).record
    options = body.options or origin.options
    return body.game or origin.game_id, options, StartingPosition(origin.id, body.start_from.move)


def _seat_spec(seat: SeatIn, player: PlayerRecord) -> SeatSpec:
    if seat.kind == "me":
        return SeatSpec(player_id=player.id)
    if seat.kind == "bot":
        return SeatSpec(bot=seat.bot or "random", bot_level=seat.level)
    return SeatSpec()


@router.get("/tables/{table_id}")
async def get_table(table_id: str, context: ContextDependency) -> dict[str, Any]:
    """A table's set-up, seats, status and seq."""
    live = await context.service.table(table_id)
    return table_summary(live.record, live.seq)


@router.post("/tables/{table_id}/join")
async def join_table(
    request: Request, table_id: str, body: JoinIn, player: PlayerDependency, context: ContextDependency
) -> dict[str, Any]:
    """Takes a seat (the first open one unless `seat` is given)."""
    await context.limits.check(request, "join", player.id)
    live = await context.service.join(table_id, player.id, body.seat)
    return table_summary(live.record, live.seq)


@router.post("/tables/{table_id}/resign")
async def resign(table_id: str, player: PlayerDependency, context: ContextDependency) -> dict[str, Any]:
    """Concedes: in a game of two the other player wins; in a bigger one a bot plays on for you."""
    live = await context.service.resign(table_id, player.id)
    return table_summary(live.record, live.seq)


@router.post("/tables/{table_id}/leave")
async def leave(table_id: str, player: PlayerDependency, context: ContextDependency) -> dict[str, Any]:
    """Gives up your seat at a table that has not started."""
    live = await context.service.leave(table_id, player.id)
    return table_summary(live.record, live.seq)


@router.post("/tables/{table_id}/rematch", status_code=201)
async def rematch(
    request: Request, table_id: str, player: PlayerDependency, context: ContextDependency
) -> dict[str, Any]:
    """A new table like this finished one (same seats for bots, open seats for the others)."""
    await context.limits.check(request, "table", player.id)
    live = await context.service.rematch(table_id, player.id)
    return table_summary(live.record, live.seq)


@router.get("/tables/{table_id}/view")
async def my_view(table_id: str, player: MaybePlayerDependency, context: ContextDependency) -> dict[str, Any]:
    """What my seat sees now (a spectator's view without a seat), with my legal actions."""
    live = await context.service.table(table_id)
    return view_data(live, live.record.seat_of(player.id if player else None))


@router.post("/tables/{table_id}/moves", status_code=201)
async def post_move(
    request: Request, table_id: str, body: MoveIn, player: PlayerDependency, context: ContextDependency
) -> dict[str, Any]:
    """Plays `action` for my seat; `seq` is the table's seq the move was chosen at."""
    await context.limits.check(request, "move", player.id)
    entry = await context.service.play_as(table_id, player.id, body.action, body.seq)
    live = await context.service.table(table_id)
    label = table_people(live.record, live.state.view(entry.seat), entry.seat).resolve(entry.label)
    return {"seq": entry.seq, "seat": entry.seat, "action": entry.action_id, "label": label}


@router.get("/tables/{table_id}/moves")
async def get_moves(
    table_id: str, player: MaybePlayerDependency, context: ContextDependency
) -> dict[str, Any]:
    """The move log as I may read it (other seats' secret moves stay hidden until the end).

    `origin` says where a table begun from another's position came from: its log starts there.
    """
    live = await context.service.table(table_id)
    viewer = live.record.seat_of(player.id if player else None)
    log = visible_log(live, viewer, live.is_over)
    people = table_people(live.record, live.state.view(viewer), viewer)
    moves = [
        {
            "seq": e.seq,
            "seat": e.seat,
            "action": e.action_id or None,
            "label": people.resolve(e.label),
            "time": e.time,
        }
        for e in log
    ]
    origin = None if live.record.origin is None else origin_summary(live.record.origin)
    return {"table": live.id, "seq": live.seq, "origin": origin, "moves": moves}


@router.get("/tables/{table_id}/replay/{moves_played}")
async def replay_step(table_id: str, moves_played: int, context: ContextDependency) -> dict[str, Any]:
    """A spectator's view of the table after its first `moves_played` moves."""
    live = await context.service.table(table_id)
    step = replay_snapshot(live, moves_played)
    data = view_data(step, None, revealed=live.is_over)
    data["total_moves"] = live.seq
    return data
