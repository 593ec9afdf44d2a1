"""Tables and games as JSON for the API and the lobby (no state: that goes through views)."""

from __future__ import annotations

from typing import Any

from tabletop import bots
from tabletop.engine import Game, Outcome
from tabletop.store import SeatRecord, TableRecord


def table_summary(record: TableRecord, seq: int | None = None) -> dict[str, Any]:
    """A table's set-up, seats and status; the seed only once the game is over.

    While a game runs, its seed would let anyone compute every future die roll or card.
    """
    summary: dict[str, Any] = {
        "id": record.id,
        "game": record.game_id,
        "players": record.players,
        "options": record.options,
        "mode": record.mode,
        "status": record.status,
        "url": f"/t/{record.id}",
        "created_at": record.created_at.isoformat(),
        "seats": [_seat_summary(seat) for seat in record.seats],
        "result": None if record.result is None else outcome_summary(record.result),
        "clock": record.clock,
        "forfeits": [forfeit.to_json() for forfeit in record.forfeits],
        "rematch_of": record.rematch_of,
        "rated": record.rated,
        "rating_changes": [
            {"seat": delta.seat, "before": delta.before, "after": delta.after, "change": delta.change}
            for delta in record.rating_changes
        ],
    }
    if seq is not None:
        summary["seq"] = seq
    if record.status == "finished":
        summary["seed"] = record.seed
    return summary


def _seat_summary(seat: SeatRecord) -> dict[str, Any]:
    return {
        "seat": seat.seat,
        "name": seat.player_name,
        "bot": seat.bot,
        "level": seat.bot_level,
        "open": seat.is_open,
        "stand_in": seat.stand_in,
    }


def outcome_summary(outcome: Outcome) -> dict[str, Any]:
    """Scores, ranks (1 = best) and the reason, as JSON."""
    return {"scores": list(outcome.scores), "ranks": list(outcome.ranks), "reason": outcome.reason}


def game_summary(game: Game) -> dict[str, Any]:
    """A game's declarations: what the "new table" form and scripts need."""
    return {
        "id": game.id,
        "title": game.title,
        "description": game.description,
        "min_players": game.min_players,
        "max_players": game.max_players,
        "players": game.player_range(),
        "options": {
            name: {"default": option.default, "choices": list(option.choices), "help": option.help}
            for name, option in game.options.items()
        },
    }


def result_line(record: TableRecord) -> str:
    """A finished table's result for a list: the winner first, then the scores, best first.

    >>> from datetime import datetime, UTC
    >>> seats = (SeatRecord(0, 1, "Ann", None, None), SeatRecord(1, None, None, "mcts", 3))
    >>> now = datetime.now(UTC)
    >>> result = Outcome((1.0, 3.0), (2, 1), "done")
    >>> result_line(TableRecord("t", "kalah", {}, 1, 2, "live", "finished", 1, now, now, now, result, seats))
    'MCTS bot, level 3 wins 3–1'
    """
    result = record.result
    if result is None:
        return "no result"
    names = [seat_display_name(seat) for seat in record.seats]
    winners = [names[seat] for seat, rank in enumerate(result.ranks) if rank == 1]
    scores = "–".join(f"{score:g}" for score in sorted(result.scores, reverse=True))
    verb = "wins" if len(winners) == 1 else "share the win"
    return f"{' and '.join(winners)} {verb} {scores}"


def seat_display_name(seat: SeatRecord) -> str:
    """How people read a seat: the player's name, the bot's, or "open seat"."""
    if seat.player_name:
        return seat.player_name
    return "open seat" if seat.bot is None else bot_display_name(seat.bot, seat.bot_level)


def bot_display_name(bot: str, level: int | None) -> str:
    """How people read a bot seat: "Random bot", "MCTS bot, level 3"."""
    if not bots.has_levels(bot):
        return f"{bot.capitalize()} bot"
    return f"{bot.upper()} bot, level {level}"
