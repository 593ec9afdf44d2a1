"""Tables and games as JSON for the API and the lobby (no state: that goes through views)."""

from __future__ import annotations

from typing import Any

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
