"""Fuzzing a real server (issue 11): hypothesis draws HTTP requests and WebSocket frames
full of what hurts (NUL bytes, lone surrogates, non-ASCII digits, huge numbers, deep
nesting, look-alike and bidi characters, wrong types, garbage tokens) and every answer
must be a 4xx or a clean WebSocket error: never a 500, never a dropped connection.

`make test` draws FUZZ_EXAMPLES of each; `make soak` sets TABLETOP_FUZZ_EXAMPLES higher.
Each test prints how many inputs it tried and how many 5xx it saw.
"""

from __future__ import annotations

import json
import os
import re
from collections import Counter
from typing import Any
from urllib.parse import quote

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from running_site import Guest, Site
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

FUZZ_EXAMPLES = int(os.environ.get("TABLETOP_FUZZ_EXAMPLES", "150"))
ANSWER_SECONDS = 20
"""How long a frame may wait for its answer: generous, for a loaded machine."""
FUZZ_SETTINGS = settings(
    max_examples=FUZZ_EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

NASTY_STRINGS = [
    "",
    " ",
    "\x00",
    "a\x00b",
    "\ud800",
    "²",
    "٣",
    "9" * 5000,
    "-1",
    "1e309",
    "Ａｄｍｉｎ",
    "ann\u202eevil",
    "\u200b",
    "../../etc/passwd",
    "%00",
    "<script>alert(1)</script>",
    "' OR 1=1 --",
    "x" * 70_000,
]
texts = st.one_of(st.sampled_from(NASTY_STRINGS), st.text(st.characters(exclude_categories=()), max_size=40))
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False),
    texts,
)
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(texts, inner, max_size=4),
    max_leaves=12,
)


def _maybe(strategy: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.one_of(strategy, json_values)


seat_bodies = st.fixed_dictionaries(
    {},
    optional={
        "kind": _maybe(st.sampled_from(["me", "open", "bot"])),
        "bot": _maybe(st.sampled_from(["random", "mcts", "nobody"])),
        "level": _maybe(st.integers(-3, 9)),
    },
)
table_bodies = st.fixed_dictionaries(
    {},
    optional={
        "game": _maybe(st.sampled_from(["nim", "goofspiel", "secret", "kalah"])),
        "seats": _maybe(st.lists(seat_bodies, max_size=20)),
        "options": _maybe(st.dictionaries(st.sampled_from(["heaps", "cards", "x"]), json_values, max_size=3)),
        "mode": _maybe(st.sampled_from(["live", "turn-based"])),
    },
)
move_bodies = st.fixed_dictionaries({}, optional={"action": json_values, "seq": _maybe(st.integers(-2, 50))})
account_bodies = st.fixed_dictionaries(
    {}, optional={"username": json_values, "password": json_values, "name": json_values}
)


class Tally:
    """How many inputs a test sent and which statuses came back."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.statuses: Counter[int] = Counter()

    def record(self, status: int) -> None:
        self.statuses[status] += 1
        assert status < 500, f"{self.name}: the server answered {status}"

    def report(self) -> None:
        errors = sum(count for status, count in self.statuses.items() if status >= 500)
        print(
            f"\nfuzz {self.name}: {sum(self.statuses.values())} inputs, {errors} 5xx, {dict(self.statuses)}"
        )


@pytest.fixture(scope="module")
def table(site: Site) -> tuple[str, Guest, Guest]:
    ann, bob = site.guest("Ann"), site.guest("Bob")
    body = {"game": "nim", "seats": [{"kind": "me"}, {"kind": "open"}]}
    table_id = site.http.post("/api/tables", json=body, headers=ann.headers).json()["id"]
    site.http.post(f"/api/tables/{table_id}/join", json={}, headers=bob.headers)
    return table_id, ann, bob


def _json_request(site: Site, method: str, path: str, body: Any, headers: dict[str, str]) -> int:
    content = json.dumps(body).encode()  # lone surrogates travel as JSON escapes
    return site.http.request(
        method, path, content=content, headers={**headers, "content-type": "application/json"}
    ).status_code


def test_fuzzed_api_requests_never_get_a_500(site: Site, table: tuple[str, Guest, Guest]) -> None:
    table_id, ann, _bob = table
    tally = Tally("api")
    tokens = {"none": {}, "ann": ann.headers, "garbage": {"Authorization": "Bearer " + "x" * 43}}

    @FUZZ_SETTINGS
    @given(
        target=st.sampled_from(
            [
                ("POST", "/api/guests", account_bodies),
                ("POST", "/api/login", account_bodies),
                ("POST", "/api/register", account_bodies),
                ("POST", "/api/password", account_bodies),
                ("POST", "/api/tables", table_bodies),
                (
                    "POST",
                    "/api/tables/{table}/join",
                    st.fixed_dictionaries({}, optional={"seat": json_values}),
                ),
                ("POST", "/api/tables/{table}/moves", move_bodies),
            ]
        ),
        data=st.data(),
        token=st.sampled_from(sorted(tokens)),
        use_real_table=st.booleans(),
    )
    def check(
        target: tuple[str, str, st.SearchStrategy[Any]], data: st.DataObject, token: str, use_real_table: bool
    ) -> None:
        method, path, bodies = target
        table_part = table_id if use_real_table else data.draw(st.sampled_from(["%00", "x" * 10, "ABC"]))
        body = data.draw(st.one_of(bodies, json_values))
        tally.record(_json_request(site, method, path.format(table=table_part), body, tokens[token]))

    check()
    tally.report()


def test_fuzzed_paths_and_forms_never_get_a_500(site: Site, table: tuple[str, Guest, Guest]) -> None:
    table_id, _ann, _bob = table
    tally = Tally("pages")
    printable = st.text(st.characters(exclude_categories=("Cs",)), max_size=30)

    @FUZZ_SETTINGS
    @given(
        path=st.sampled_from(
            [
                "/api/tables/{x}",
                "/api/tables/{x}/view",
                "/api/tables/{x}/moves",
                "/api/tables/{table}/replay/{x}",
                "/t/{x}",
                "/t/{table}/replay/{x}",
                "/games/{x}/new",
                "/games/{x}/rules",
            ]
        ),
        fragment=st.one_of(st.sampled_from(NASTY_STRINGS[:12]), printable),
        form=st.dictionaries(
            st.sampled_from(["csrf", "players", "seat-0", "seat-1", "option-heaps", "seat", "name", "mode"]),
            printable,
            max_size=6,
        ),
        post_path=st.sampled_from(["/games/nim/new", "/name", "/t/{table}/join", "/login", "/register"]),
        with_token=st.booleans(),
    )
    def check(path: str, fragment: str, form: dict[str, str], post_path: str, with_token: bool) -> None:
        quoted = quote(fragment.encode("utf-8", "surrogatepass"), safe="") or "_"
        tally.record(browser.get(path.format(x=quoted, table=table_id)).status_code)
        if with_token:  # the session's current token (signing in replaces it)
            found = re.search(r'name="csrf" value="([^"]+)"', browser.get("/").text)
            assert found
            form = {**form, "csrf": found.group(1)}
        tally.record(browser.post(post_path.format(table=table_id), data=form).status_code)

    with httpx.Client(base_url=site.base_url) as browser:
        check()
    tally.report()


def test_fuzzed_websocket_frames_get_an_answer_and_never_a_crash(
    site: Site, table: tuple[str, Guest, Guest]
) -> None:
    table_id, ann, _bob = table
    tally = Tally("websocket")
    frames = st.one_of(
        st.fixed_dictionaries(
            {"type": _maybe(st.sampled_from(["move", "chat"]))},
            optional={"action": json_values, "seq": json_values, "text": json_values},
        ).map(json.dumps),
        json_values.map(json.dumps),
        st.sampled_from(["[" * 3000, "{" * 2000 + "}" * 2000, "not json", '{"type": "chat"']),
    )
    with connect(f"{site.ws_url}/t/{table_id}/ws", additional_headers=ann.headers, open_timeout=20) as socket:
        assert json.loads(socket.recv(timeout=5))["type"] == "view"

        @FUZZ_SETTINGS
        @given(frame=frames)
        def check(frame: str) -> None:
            if len(frame.encode("utf-8", "surrogatepass")) > 4096:
                return  # the size limit closes the socket by design (close code 1009)
            try:
                socket.send(frame)
                answer = json.loads(socket.recv(timeout=ANSWER_SECONDS))
            except ConnectionClosed as closed:
                pytest.fail(f"the server closed the socket ({closed.rcvd}) on {frame[:80]!r}")
            tally.record(200 if answer["type"] in ("error", "view", "update", "moved", "chat") else 500)

        check()
    tally.report()
