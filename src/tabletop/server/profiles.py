"""Profiles, game history and leaderboards: the pages and their JSON API (docs/ratings.md).

    GET /players/{name}              a person's games, ratings with a chart, recent games
    GET /history?game=ID&page=N      the visitor's own finished games
    GET /games/{id}/leaderboard      the best rated people at a game
    GET /bots/{bot}                  a calibrated bot ("mcts:3") and its ratings
    GET /api/players/{name}          ratings and counts per game, solo bests
    GET /api/players/{name}/games    finished games, newest first, `?page=` (from 1), `?game=`
    GET /api/games/{id}/leaderboard  the leaderboard as JSON

A name is looked up ignoring case and look-alikes, as display names are unique that way.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse

from tabletop.engine import Game
from tabletop.server import errors
from tabletop.server.charts import rating_chart
from tabletop.server.context import Context, context_of
from tabletop.server.identity import current_player
from tabletop.server.pages import page as render_page
from tabletop.server.summaries import bot_display_name, seat_display_name
from tabletop.server.templating import profile_url
from tabletop.store import PlayedGame, PlayerRecord, SeatRecord
from tabletop.store.models import NAME_LENGTH
from tabletop.store.ratings import MIN_LEADERBOARD_GAMES, bot_participant
from tabletop.store.store import GAMES_PAGE_SIZE

pages = APIRouter(include_in_schema=False)
api = APIRouter(prefix="/api", tags=["api"])

MAX_PAGE = 10_000
RECENT_GAMES = 10
PageNumber = Annotated[int, Query(ge=1, le=MAX_PAGE, description="Page number, from 1 (newest first).")]
GameFilter = Annotated[str | None, Query(max_length=40, description="Only this game's tables.")]


async def _player(context: Context, name: str) -> PlayerRecord:
    """The player showing `name`; a name no player could have never reaches the database."""
    if len(name) > NAME_LENGTH or "\x00" in name:
        raise errors.NotFound("no player has such a name")
    player = await context.run(context.store.player_named, name)
    if player is None:
        raise errors.NotFound(f"no player called {name!r}")
    return player


def _game(context: Context, game_id: str | None) -> Game | None:
    return None if game_id is None else context.service.game(game_id)


def result_word(game: PlayedGame) -> str:
    """How a person's result reads: "won", "lost", "draw" at two; "2nd of 4", "shared 1st" at more."""
    ranks = game.table.result.ranks if game.table.result is not None else (game.rank,)
    shared = ranks.count(game.rank) > 1
    if len(ranks) == 2:
        return "draw" if shared else "won" if game.rank == 1 else "lost"
    place = _ordinal(game.rank)
    return f"shared {place}" if shared else f"{place} of {len(ranks)}"


def _ordinal(number: int) -> str:
    """1st, 2nd, 3rd, 4th…

    >>> [_ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st']
    """
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


def _played_json(game: PlayedGame) -> dict[str, Any]:
    table = game.table
    return {
        "table": table.id,
        "game": table.game_id,
        "finished_at": None if table.finished_at is None else table.finished_at.isoformat(),
        "seat": game.seat,
        "rank": game.rank,
        "result": result_word(game),
        "rated": table.rated,
        "rating": None
        if game.rating is None
        else {"before": game.rating.before, "after": game.rating.after, "change": game.rating.change},
        "opponents": [
            {
                "name": seat_display_name(seat),
                "url": _seat_url(seat),
                "bot": None if seat.bot is None else bot_participant(seat.bot, seat.bot_level),
            }
            for seat in game.opponents
        ],
        "replay": f"/t/{table.id}/replay",
    }


def _seat_url(seat: SeatRecord) -> str | None:
    """Where a seat's name links: the person's profile (a bot's page needs its calibration)."""
    return None if seat.player_name is None else profile_url(seat.player_name)


async def _profile(context: Context, player: PlayerRecord) -> dict[str, Any]:
    """What a profile shows, as JSON: per game the tables finished, rated ones and the rating."""
    counts = await context.run(context.store.game_counts, player.id)
    ratings = {rating.game_id: rating for rating in await context.run(context.store.ratings_of, player.id)}
    solo = await context.run(context.store.solo_bests, player.id)
    titles = {game.id: game.title for game in context.list_games()}
    return {
        "id": player.id,
        "name": player.name,
        "registered": not player.is_guest,
        "games": [
            {
                "game": count.game_id,
                "title": titles.get(count.game_id, count.game_id),
                "played": count.played,
                "rated": count.rated,
                "rating": None
                if count.game_id not in ratings
                else {
                    "shown": ratings[count.game_id].shown,
                    "mu": ratings[count.game_id].mu,
                    "sigma": ratings[count.game_id].sigma,
                    "games": ratings[count.game_id].games,
                },
            }
            for count in counts
        ],
        "solo": [
            {
                "game": best.game_id,
                "title": titles.get(best.game_id, best.game_id),
                "games": best.games,
                "best": best.best,
                "average": best.average,
                "best_table": best.best_table_id,
            }
            for best in solo
        ],
    }


# The JSON API


@api.get("/players/{name}")
async def player_profile(name: str, request: Request) -> dict[str, Any]:
    """A player's finished and rated tables per game, ratings (shown, mu, sigma) and solo bests."""
    context = context_of(request)
    return await _profile(context, await _player(context, name))


@api.get("/players/{name}/games")
async def player_games(
    name: str, request: Request, page: PageNumber = 1, game: GameFilter = None
) -> dict[str, Any]:
    """A player's finished tables, newest first, 20 a page: rank, result, rating change, opponents."""
    context = context_of(request)
    player = await _player(context, name)
    chosen = _game(context, game)
    played = await _page_of_games(context, player.id, chosen, page)
    return {
        "player": player.name,
        "page": page,
        "per_page": GAMES_PAGE_SIZE,
        "next_page": page + 1 if len(played) > GAMES_PAGE_SIZE else None,
        "games": [_played_json(entry) for entry in played[:GAMES_PAGE_SIZE]],
    }


@api.get("/games/{game_id}/leaderboard")
async def leaderboard(game_id: str, request: Request) -> dict[str, Any]:
    """The best rated people at a game among those with at least `min_games` rated games."""
    context = context_of(request)
    game = context.service.game(game_id)
    entries = await context.run(context.store.leaderboard, game.id)
    return {
        "game": game.id,
        "min_games": MIN_LEADERBOARD_GAMES,
        "players": [
            {
                "place": e.place,
                "name": e.name,
                "rating": e.shown,
                "games": e.games,
                "url": profile_url(e.name),
            }
            for e in entries
        ],
    }


# The pages


@pages.get("/players/{name}")
async def profile_page(request: Request, name: str) -> HTMLResponse:
    """A person's profile: games per game, ratings with their charts, recent games."""
    context = context_of(request)
    player = await _player(context, name)
    profile = await _profile(context, player)
    charts = {}
    for entry in profile["games"]:
        if entry["rating"] is not None:
            points = await context.run(context.store.rating_points, player.id, entry["game"])
            charts[entry["game"]] = rating_chart(points, entry["title"])
    recent = await context.run(context.store.played_games, player.id, limit=RECENT_GAMES)
    return await render_page(
        request, "profile.html", profile=profile, charts=charts, recent=_rows(context, recent)
    )


@pages.get("/history")
async def history_page(request: Request, page: PageNumber = 1, game: GameFilter = None) -> HTMLResponse:
    """The visitor's own finished games, newest first, filterable by game."""
    context = context_of(request)
    visitor = await current_player(request)
    chosen = _game(context, game or None)
    played: list[PlayedGame] = []
    if visitor is not None:
        played = await _page_of_games(context, visitor.id, chosen, page)
    return await render_page(
        request,
        "history.html",
        rows=_rows(context, played[:GAMES_PAGE_SIZE]),
        games=context.list_games(),
        chosen=chosen,
        page_number=page,
        has_next=len(played) > GAMES_PAGE_SIZE,
    )


@pages.get("/games/{game_id}/leaderboard")
async def leaderboard_page(request: Request, game_id: str) -> HTMLResponse:
    """The best rated people at a game (at least MIN_LEADERBOARD_GAMES rated games)."""
    context = context_of(request)
    game = context.service.game(game_id)
    entries = await context.run(context.store.leaderboard, game.id)
    calibrated = await context.run(context.store.bot_ratings, game.id)
    bots = [
        (_bot_name(participant), rating.shown, f"/bots/{participant}")
        for (_, participant), rating in sorted(calibrated.items(), key=lambda item: -item[1].shown)
    ]
    return await render_page(
        request, "leaderboard.html", game=game, entries=entries, min_games=MIN_LEADERBOARD_GAMES, bots=bots
    )


def _bot_name(participant: str) -> str:
    """ "mcts:3" as people read it."""
    bot, _, level = participant.partition(":")
    return bot_display_name(bot, int(level) if level.isdigit() else None)


@pages.get("/bots/{participant}")
async def bot_page(request: Request, participant: str) -> HTMLResponse:
    """A calibrated bot at a level ("mcts:3"): its rating at each game it was calibrated for."""
    context = context_of(request)
    ratings = sorted(
        (
            rating
            for (_, who), rating in (await context.run(context.store.bot_ratings)).items()
            if who == participant
        ),
        key=lambda rating: rating.game_id,
    )
    if not ratings:
        raise errors.NotFound(f"no calibrated bot {participant!r}")
    titles = {game.id: game.title for game in context.list_games()}
    return await render_page(request, "bot.html", name=_bot_name(participant), ratings=ratings, titles=titles)


async def _page_of_games(context: Context, player_id: int, game: Game | None, page: int) -> list[PlayedGame]:
    """Page `page` of a person's games and the first game of the next page, if any (to link it)."""
    return await context.run(
        context.store.played_games,
        player_id,
        None if game is None else game.id,
        offset=(page - 1) * GAMES_PAGE_SIZE,
        limit=GAMES_PAGE_SIZE + 1,
    )


def _rows(context: Context, played: list[PlayedGame]) -> list[dict[str, Any]]:
    """Finished games as the profile and history tables show them."""
    titles = {game.id: game.title for game in context.list_games()}
    return [
        _played_json(entry) | {"title": titles.get(entry.table.game_id, entry.table.game_id)}
        for entry in played
    ]
