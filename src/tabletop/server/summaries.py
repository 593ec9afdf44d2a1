"""Tables and games as JSON for the API and the lobby (no state: that goes through views)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop import bots
from tabletop.engine import Game, Outcome, People, Seat
from tabletop.store import SeatRecord, TableOrigin, TableRecord


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
        "result": None if record.result is None else outcome_summary(record.result, table_people(record)),
        "clock": record.clock,
        "forfeits": [forfeit.to_json() for forfeit in record.forfeits],
        "rematch_of": record.rematch_of,
        "rated": record.rated,
        "origin": None if record.origin is None else origin_summary(record.origin),
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


def origin_summary(origin: TableOrigin) -> dict[str, Any]:
    """Where a table begun from another's position came from; never its first position itself,
    which holds the new table's hidden cards and dice to come."""
    return {
        "table": origin.table_id,
        "move": origin.move,
        "url": f"/t/{origin.table_id}/replay?move={origin.move}",
    }


def _seat_summary(seat: SeatRecord) -> dict[str, Any]:
    return {
        "seat": seat.seat,
        "name": seat.player_name,
        "bot": seat.bot,
        "level": seat.bot_level,
        "open": seat.is_open,
        "stand_in": seat.stand_in,
    }


def outcome_summary(outcome: Outcome, people: People) -> dict[str, Any]:
    """Scores, ranks (1 = best) and the reason as `people` read it, as JSON."""
    reason = people.resolve(outcome.reason)
    return {"scores": list(outcome.scores), "ranks": list(outcome.ranks), "reason": reason}


def table_people(
    record: TableRecord, view: Mapping[str, Any] | None = None, viewer: Seat | None = None
) -> People:
    """The table's people as `viewer` reads them: names by seat, and colours if `view` has them.

    An open seat has no name yet, so the game's text calls it "Player n".
    """
    names = tuple("" if seat.is_open else seat_display_name(seat) for seat in record.seats)
    return People.of_view(view or {}, names, viewer)


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
            name: {
                "label": option.label,
                "default": option.default,
                "choices": list(option.choices),
                "choice_names": [option.value_name(choice) for choice in option.choices],
                "help": option.help,
            }
            for name, option in game.options.items()
        },
    }


def result_line(record: TableRecord) -> str:
    """A finished table's result for a list: the winner first, then the scores in rank order.

    Ranks, not scores, order them: a game may rank a lower score first (Circle of Life's
    stuck player wins however few stones they ate), and the winner's score still leads.

    >>> from datetime import datetime, UTC
    >>> seats = (SeatRecord(0, 1, "Ann", None, None), SeatRecord(1, None, None, "mcts", 3))
    >>> now = datetime.now(UTC)
    >>> result = Outcome((1.0, 3.0), (2, 1), "done")
    >>> result_line(TableRecord("t", "kalah", {}, 1, 2, "live", "finished", 1, now, now, now, result, seats))
    'MCTS bot, level 3 wins 3–1'
    >>> stuck = Outcome((5.0, 12.0), (1, 2), "could not place, so wins")
    >>> result_line(TableRecord("t", "kalah", {}, 1, 2, "live", "finished", 1, now, now, now, stuck, seats))
    'Ann wins 5–12'
    """
    result = record.result
    if result is None:
        return "no result"
    names = [seat_display_name(seat) for seat in record.seats]
    winners = [names[seat] for seat, rank in enumerate(result.ranks) if rank == 1]
    by_rank = sorted(range(len(result.ranks)), key=lambda seat: (result.ranks[seat], -result.scores[seat]))
    scores = "–".join(f"{result.scores[seat]:g}" for seat in by_rank)
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
