"""The one choke point between a table's state and anything a client receives.

Every message — a live update, a reconnect snapshot, an API "my view", a spectator's
screen, a replay step — is built by `view_data` from `state.view(viewer)` and the viewer's
own legal actions, never from the state itself, so hidden information cannot leak. In
the move log each viewer reads of other seats' moves what the game declared public
(`State.public_label`, kept in each `LogEntry`) until the game ends, then everything.

It is also where seats become people: the game's text names players by mention
(`engine/people.py`), and every text here — prompt, labels, log, result, the view and the
drawing — is resolved with the table's names, each seat's colour and "you" for the viewer.
"""

from __future__ import annotations

import codecs
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import lru_cache
from json.encoder import encode_basestring_ascii
from typing import Any

import orjson

from tabletop.engine import Action, JsonDict, Outcome, People, Seat
from tabletop.server.board_changes import Drawing, changes
from tabletop.server.live import LiveTable, LogEntry, replay_snapshot
from tabletop.server.summaries import outcome_summary, seat_display_name, table_people
from tabletop.server.templating import profile_url, render, render_part
from tabletop.store import RatingDelta

ViewData = dict[str, Any]
PARTS = "_table_parts.html"
PARTS_KEPT = 4096
"""How many distinct turn and players' parts are kept (a few per table that plays now; the
least recently used are forgotten first)."""


def visible_log(live: LiveTable, viewer: Seat | None, revealed: bool) -> list[LogEntry]:
    """The log as `viewer` may read it: all of it once `revealed` (the game is over)."""
    if revealed:
        return list(live.log)
    return [entry.as_seen_by(viewer) for entry in live.log]


@dataclass(frozen=True)
class _Reading:
    """The table as one viewer reads it now: what a full view and an update both start from."""

    view: JsonDict
    people: People
    movers: tuple[Seat, ...]
    actions: list[Action]
    outcome: Outcome | None
    ended: bool

    @classmethod
    def of(cls, live: LiveTable, viewer: Seat | None) -> _Reading:
        """Reads `viewer`'s view, their legal actions (if they may act) and the result."""
        state = live.state
        view = state.view(viewer)
        ended = live.record.status == "finished" or state.is_over()
        movers = () if ended else state.current_players()
        playing = live.record.status == "playing" and not ended
        actions = state.legal_actions(viewer) if playing and viewer in movers else []
        people = table_people(live.record, view, viewer)
        return cls(view, people, movers, actions, _result(live), ended)

    def prompt(self, live: LiveTable) -> str:
        """The prompt for this reader; a table ended by a resignation or the clock says so."""
        prompt = str(self.view.get("prompt", ""))
        if self.outcome is not None and not live.state.is_over():
            prompt = f"Game over: {self.outcome.reason}"
        return self.people.resolve(prompt)

    def shared(self, live: LiveTable, viewer: Seat | None, log: list[LogEntry]) -> ViewData:
        """The fields a full view and an update both carry, with `log` as this reader may read it."""
        people = self.people
        return {
            "table": live.id,
            "seq": live.seq,
            "status": live.record.status,
            "seat": viewer,
            "prompt": self.prompt(live),
            "current_players": list(self.movers),
            "actions": [
                {
                    "id": action.id,
                    "label": people.resolve(action.label),
                    "path": list(action.path),
                    "selection": sorted(action.selection),
                }
                for action in self.actions
            ],
            "last_move_path": list(log[-1].path) if log else [],
            "players": _players(live, self.movers, self.outcome, people),
            "log": [_log_item(entry, people) for entry in log],
            "clock": _clock(live),
            "svg": _drawing(live, self.view, people),
        }


def view_data(live: LiveTable, viewer: Seat | None, *, revealed: bool | None = None) -> ViewData:
    """Everything a client may know about the table now, as JSON-safe data."""
    reading = _Reading.of(live, viewer)
    log = visible_log(live, viewer, reading.ended if revealed is None else revealed)
    outcome = reading.outcome
    return reading.shared(live, viewer, log) | {
        "game": live.game.id,
        "title": live.game.title,
        "mode": live.record.mode,
        "rated": live.record.rated,
        "outcome": None if outcome is None else outcome_summary(outcome, reading.people),
        "clock_text": None if live.clocks is None else live.clocks.spec.describe(),
        "server_time": server_time(),
        "view": reading.people.resolve_all(reading.view),
    }


def _result(live: LiveTable) -> Outcome | None:
    """The table's result: as stored once finished (forfeits count), else the game's own at its end."""
    if live.record.status == "finished" and live.record.result is not None:
        return live.record.result
    return live.state.outcome() if live.state.is_over() else None


def _clock(live: LiveTable) -> dict[str, Any] | None:
    """The clocks as they run, or as they stopped when the table finished."""
    if live.clocks is None:
        return None
    finished_at = live.record.finished_at if live.record.status == "finished" else None
    return live.clocks.snapshot(stopped_at=finished_at)


def server_time() -> str:
    """Now, for clients to count clocks down from (see `SeatClocks.snapshot`)."""
    return datetime.now(UTC).isoformat()


def _drawing(live: LiveTable, view: JsonDict, people: People) -> str:
    """The game's SVG for `view` as `people` read it, drawn once per distinct view and reader.

    `draw_svg` depends on the view and the names alone, so readers who see the same (all
    spectators) share one drawing.
    """
    key = ("svg", orjson.dumps(view, option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS), people)
    drawing: str | None = live.rendered.get(key)
    if drawing is None:
        drawing = live.rendered[key] = live.game.draw_svg(view, people.names, people.viewer)
    return drawing


def _players(
    live: LiveTable, movers: tuple[Seat, ...], outcome: Outcome | None, people: People
) -> list[dict[str, Any]]:
    changes = {delta.seat: delta for delta in live.record.rating_changes}
    return [
        {
            "seat": seat.seat,
            "name": seat_display_name(seat),
            "colour": people.colours[seat.seat] if seat.seat < len(people.colours) else None,
            "bot": seat.bot,
            "level": seat.bot_level,
            "open": seat.is_open,
            "to_move": seat.seat in movers,
            "step": _step_status(live, seat.seat, movers, outcome),
            "stand_in": seat.stand_in is not None,
            "rank": None if outcome is None else outcome.ranks[seat.seat],
            "score": None if outcome is None else outcome.scores[seat.seat],
            "profile": None if seat.player_name is None else profile_url(seat.player_name),
            "rating": _rating_change(changes.get(seat.seat)),
        }
        for seat in live.record.seats
    ]


def _rating_change(delta: RatingDelta | None) -> dict[str, int] | None:
    """A seat's shown rating before and after a finished rated table (the game-over box)."""
    if delta is None:
        return None
    return {"before": delta.before, "after": delta.after, "change": delta.change}


def _step_status(
    live: LiveTable, seat: Seat, movers: tuple[Seat, ...], outcome: Outcome | None
) -> str | None:
    """ "choosing" or "done" in a simultaneous step of a game under way (never what was chosen)."""
    if not live.game.capabilities.simultaneous or outcome is not None or live.record.status != "playing":
        return None
    return "choosing" if seat in movers else "done"


def _log_item(entry: LogEntry, people: People) -> dict[str, Any]:
    label = people.resolve(entry.label)
    return {"seq": entry.seq, "seat": entry.seat, "action": entry.action_id or None, "label": label}


def live_message(live: LiveTable, viewer: Seat | None, *, watching: int = 0) -> str:
    """The WebSocket "view" message for `viewer`, rendered once per table version and seat.

    Only the time it is sent at and how many people watch (`watching`, counted by the
    connection) are added afresh, so a clock counts down right however long ago the
    message was rendered.
    """
    cached = live.rendered.get(viewer)
    if cached is None:
        data = view_data(live, viewer)
        live.boards[viewer] = (live.seq, Drawing.split(data["svg"]))
        cached = live.rendered[viewer] = _open_object(socket_message(data))
    return _closed_now(cached, watching)


def can_update(live: LiveTable) -> bool:
    """Whether the table's last change was a move that an "update" describes in full.

    A move that ends the game changes more than an update carries (the result, the whole
    log revealed), so the table's viewers get a full view then.
    """
    return live.seq > 0 and live.record.status == "playing" and not live.is_over


def update_message(
    live: LiveTable, viewer: Seat | None, *, since: int | None = None, watching: int = 0
) -> str:
    """The WebSocket "update" for `viewer` from `since` (seq - 1 by default) to seq (only
    when `can_update`, with 0 <= `since` < seq).

    It carries what the moves change: the drawing's elements that changed (or the whole
    drawing), the log entries appended, the prompt and the players' list, the actions and
    the clocks, never the rest of the page. It is rendered once per seq, `since` and
    viewer, so every spectator gets the same bytes; spectators may get one update for
    several moves (`spectator_feed.py`).
    """
    since = live.seq - 1 if since is None else since
    key = ("update", viewer, since)
    cached = live.rendered.get(key)
    if cached is None:
        cached = live.rendered[key] = _open_object(_update(live, viewer, since))
    return _closed_now(cached, watching)


def _update(live: LiveTable, viewer: Seat | None, since: int) -> dict[str, Any]:
    reading = _Reading.of(live, viewer)
    data = reading.shared(live, viewer, [entry.as_seen_by(viewer) for entry in live.log[since:]])
    parts = {
        "tt-turn": _turn_part(data["prompt"], bool(data["actions"])),
        "tt-players": _players_part(orjson.dumps(data["players"]), viewer, data["clock"] is not None),
    }
    appended = [render_part(PARTS, "log_entry", data, item) for item in data["log"]]
    if since == 0:  # the log was "No moves yet.": its list takes the place of that line
        parts["tt-log"], appended = render_part(PARTS, "log", data), []
    seq_before, before = live.boards.get(viewer, (None, None))
    board, drawing = data["svg"], Drawing.split(data["svg"], before)
    board_changes = changes(before, drawing) if seq_before == since else None
    live.boards[viewer] = (live.seq, drawing)
    return {
        "type": "update",
        "table": data["table"],
        "seq": data["seq"],
        "since": since,
        "status": data["status"],
        "seat": viewer,
        "prompt": data["prompt"],
        "current_players": data["current_players"],
        "actions": data["actions"],
        "last_move_path": data["last_move_path"],
        "clock": data["clock"],
        "board": board if board_changes is None else None,
        "board_changes": board_changes,
        "parts": parts,
        "log": appended,
    }


@lru_cache(maxsize=PARTS_KEPT)
def _turn_part(prompt: str, your_move: bool) -> str:
    """The turn's part, rendered once per distinct prompt: a seat's prompts come back as the
    turn passes, so an update mostly finds its own."""
    return render_part(PARTS, "turn", prompt, your_move)


@lru_cache(maxsize=PARTS_KEPT)
def _players_part(players: bytes, seat: Seat | None, clocked: bool) -> str:
    """The players' list for `seat` from the JSON of `_players`, kept by it as `_turn_part` is:
    the key is everything the part shows, so a seat can only find its own list."""
    return render_part(PARTS, "players", orjson.loads(players), seat, clocked)


def _open_object(message: dict[str, Any]) -> str:
    """`message` as JSON without its closing brace, for `_closed_now` to finish per connection.

    It is ASCII, every other character escaped as `json.dumps` does by default: each send
    copies the text into the message of its connection and encodes it to UTF-8, which for an
    ASCII str is a copy of its bytes and for any other a transcoding of every character
    (measured on a 16 KB Kalah update: 0.2 against 40 us to encode, 2 against 27 us to
    finish), so one drawing's "●" would cost that on every socket. Escaping costs about one
    such encoding, once per render.
    """
    text = orjson.dumps(message)[:-1].decode()
    return text if text.isascii() else text.encode("ascii", JSON_ESCAPE).decode("ascii")


def _json_escape(error: UnicodeError) -> tuple[str, int]:
    """The JSON escapes of a run of characters past ASCII (an `encode` error handler)."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    return encode_basestring_ascii(error.object[error.start : error.end])[1:-1], error.end


JSON_ESCAPE = "tabletop-json-escape"
codecs.register_error(JSON_ESCAPE, _json_escape)


def _closed_now(opened: str, watching: int) -> str:
    """The message with the watcher count and the time it is sent at."""
    return f'{opened},"watching":{int(watching)},"server_time":"{server_time()}"}}'


def socket_message(data: ViewData) -> dict[str, Any]:
    """What the browser needs: the HTML to morph in and the legal actions to click."""
    return {
        "type": "view",
        "table": data["table"],
        "seq": data["seq"],
        "status": data["status"],
        "seat": data["seat"],
        "prompt": data["prompt"],
        "current_players": data["current_players"],
        "actions": data["actions"],
        "last_move_path": data["last_move_path"],
        "outcome": data["outcome"],
        "clock": data["clock"],
        "html": state_fragment(data),
    }


def state_fragment(data: ViewData) -> str:
    """The part of the table page that changes with every move (board, prompt, players, log)."""
    return render("_table_state.html", data=data)


def replay_view_data(live: LiveTable, moves_played: int, viewer: Seat | None) -> ViewData:
    """The table after its first `moves_played` moves as `viewer` saw it then.

    A player sees their own seat's view of that position and the log as they could read it
    while the game went on (everything once it has ended); anyone else a spectator's. A
    past position offers no actions: it is only looked at.
    """
    ended = live.record.status == "finished" or live.is_over
    data = view_data(replay_snapshot(live, moves_played), viewer, revealed=ended)
    data["actions"] = []
    return data
