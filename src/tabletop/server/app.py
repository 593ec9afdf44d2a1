"""The ASGI application: `create_app(settings)` wires store, hub, table service, analyses and routes.

Start-up migrates the database, rebuilds every open table from its log and restarts their
bots; shutdown stops the analyses and the bots and closes the hub and the database. An
analysis values its positions in the bots' process pool (in threads when a test passes its
own bot runner). Tests pass their own game loader, bot runner, hub or analysis runner;
`tabletop serve` passes none.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from datetime import timedelta

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from starlette.middleware.gzip import GZipMiddleware
from starlette.middleware.sessions import SessionMiddleware

from tabletop import games
from tabletop.bots import calibration
from tabletop.engine import Game
from tabletop.server import analysis_pages, api, pages, play_from_here, profiles, websocket
from tabletop.server.analysis_jobs import AnalysisJobs
from tabletop.server.analysis_worker import PositionRunner, in_pool, in_threads
from tabletop.server.bot_runner import BotRunner, ProcessBotRunner
from tabletop.server.context import Context
from tabletop.server.errors import ServiceError
from tabletop.server.headers import SecurityHeaders
from tabletop.server.hub import Hub, make_hub
from tabletop.server.limits import BodySizeLimit
from tabletop.server.rate_limits import RateLimits
from tabletop.server.service import BOT_LEASE_MARGIN, TableService
from tabletop.server.settings import Settings
from tabletop.server.static import FingerprintedStaticFiles
from tabletop.server.templating import STATIC_DIRECTORY, render
from tabletop.store import Store
from tabletop.store.store import now

SESSION_COOKIE = "tabletop_session"
SESSION_DAYS = 30
MAX_BODY_BYTES = 64 * 1024
GZIP_MINIMUM_BYTES = 500
"""Smaller responses are sent as they are: compressing them saves less than it costs."""
GZIP_LEVEL = 6
"""zlib's default: nearly level 9's size for a fraction of the time, on every page and view."""

_LOG = logging.getLogger(__name__)


def create_app(
    settings: Settings,
    *,
    load_game: Callable[[str], Game] = games.load,
    list_games: Callable[[], list[Game]] = games.all,
    bot_runner: BotRunner | None = None,
    hub: Hub | None = None,
    analysis_positions: PositionRunner | None = None,
) -> FastAPI:
    """The site for `settings`; the keyword arguments replace the production parts in tests."""
    store = Store.open(settings.database_url)
    store.set_bot_ratings(calibration.calibrated())
    if settings.clock_offset_s:
        offset = timedelta(seconds=settings.clock_offset_s)
        store.clock = lambda: now() + offset
    hub = hub or make_hub(settings.redis_url)
    runner = bot_runner or ProcessBotRunner(settings.bot_workers, settings.bot_time_budget)
    service = TableService(
        store,
        hub,
        load_game,
        runner,
        bot_delay=settings.bot_delay,
        bot_capacity=settings.bot_workers,
        bot_lease=settings.bot_delay + settings.bot_time_budget + BOT_LEASE_MARGIN,
        waiting_expiry=timedelta(hours=settings.waiting_expiry_hours),
    )
    limits = RateLimits(settings.redis_url, enabled=settings.rate_limits)
    if analysis_positions is None:
        analysis_positions = (
            in_pool(runner.run) if isinstance(runner, ProcessBotRunner) else in_threads(load_game)
        )
    analyses = AnalysisJobs(store, analysis_positions, capacity=settings.bot_workers)
    context = Context(settings, store, hub, service, list_games, limits, analyses)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        rebuilt = await service.start()
        _LOG.info("rebuilt %d open tables from the log", rebuilt)
        yield
        await analyses.stop()
        await service.stop()
        runner.close()
        await hub.close()
        store.close()

    app = FastAPI(title="Tabletop", summary="Board games in the browser and over an API.", lifespan=lifespan)
    app.state.context = context
    _add_middleware(app, settings)
    app.include_router(api.router)
    app.include_router(websocket.router)
    app.include_router(pages.router)
    app.include_router(analysis_pages.router)
    app.include_router(play_from_here.router)
    app.include_router(profiles.pages)
    app.include_router(profiles.api)
    app.mount("/static", FingerprintedStaticFiles(directory=STATIC_DIRECTORY), name="static")
    app.add_exception_handler(ServiceError, _service_error)  # type: ignore[arg-type]
    app.add_exception_handler(RequestValidationError, _validation_error)  # type: ignore[arg-type]
    return app


def _add_middleware(app: FastAPI, settings: Settings) -> None:
    """Signed session cookies (SameSite=Lax, HttpOnly), the request body cap, security headers,
    and gzip for every HTTP response a browser accepts it for (pages, CSS, JS, SVG, JSON;
    Starlette's middleware leaves WebSockets alone)."""
    app.add_middleware(
        SessionMiddleware,
        secret_key=settings.secret_key,
        session_cookie=SESSION_COOKIE,
        max_age=SESSION_DAYS * 24 * 3600,
        same_site="lax",
        https_only=settings.secure_cookies,
    )
    app.add_middleware(BodySizeLimit, max_bytes=MAX_BODY_BYTES)
    app.add_middleware(SecurityHeaders)
    app.add_middleware(GZipMiddleware, minimum_size=GZIP_MINIMUM_BYTES, compresslevel=GZIP_LEVEL)


def _is_api(request: Request) -> bool:
    return request.url.path.startswith("/api/")


async def _service_error(request: Request, error: ServiceError) -> Response:
    if _is_api(request):
        return JSONResponse({"error": {"code": error.code, "message": str(error)}}, error.http_status)
    heading = "Not found" if error.http_status == 404 else "That did not work"
    html = render("error.html", player=None, csrf="", heading=heading, message=str(error))
    return HTMLResponse(html, error.http_status)


async def _validation_error(request: Request, error: RequestValidationError) -> Response:
    problems = "; ".join(
        f"{'.'.join(str(part) for part in problem['loc'] if part != 'body')}: {problem['msg']}"
        for problem in error.errors()
    )
    body = {"error": {"code": "bad_request", "message": problems or "malformed request"}}
    return JSONResponse(body, 400)
