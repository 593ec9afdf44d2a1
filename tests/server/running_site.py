"""A real server on a free port, as the API and WebSocket tests see it."""

from __future__ import annotations

from dataclasses import dataclass

import httpx

from tabletop.store import Store


@dataclass(frozen=True)
class Guest:
    id: int
    name: str
    headers: dict[str, str]


@dataclass
class Site:
    """A real server (uvicorn in a thread) on a free port, with the test games."""

    base_url: str
    store: Store
    http: httpx.Client

    @property
    def ws_url(self) -> str:
        return "ws" + self.base_url.removeprefix("http")

    def guest(self, name: str) -> Guest:
        """A new guest player with its API token."""
        answer = self.http.post("/api/guests", json={"name": name}).json()
        return Guest(answer["id"], answer["name"], {"Authorization": f"Bearer {answer['token']}"})
