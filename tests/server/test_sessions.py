"""Sessions (issue 11, item 10): random tokens stored only as hashes, with expiry and
revocation. Logging out ends the session; registering or a new password ends them all."""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime, timedelta

import httpx
from running_site import Site
from sqlalchemy import select, update

from tabletop.store.models import LoginSession


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _me(site: Site, token: str) -> int:
    return site.http.get("/api/me", headers=_bearer(token)).status_code


def _account(site: Site, username: str) -> str:
    answer = site.http.post("/api/register", json={"username": username, "password": "first password"})
    assert answer.status_code == 201, answer.text
    return str(answer.json()["token"])


def _login(site: Site, username: str, password: str = "first password") -> str:
    answer = site.http.post("/api/login", json={"username": username, "password": password})
    assert answer.status_code == 200, answer.text
    return str(answer.json()["token"])


def test_every_login_gets_its_own_random_token_and_only_its_hash_is_stored(site: Site) -> None:
    _account(site, "dora")
    first, second = _login(site, "dora"), _login(site, "dora")
    assert first != second and _me(site, first) == _me(site, second) == 200
    with site.store._transaction() as session:
        hashes = set(session.scalars(select(LoginSession.token_hash)).all())
    assert hashlib.sha256(first.encode()).hexdigest() in hashes
    assert first not in hashes and second not in hashes


def test_logging_out_revokes_the_token(site: Site) -> None:
    _account(site, "emil")
    token, other = _login(site, "emil"), _login(site, "emil")
    assert site.http.post("/api/logout", headers=_bearer(token)).status_code == 204
    answer = site.http.get("/api/me", headers=_bearer(token))
    assert answer.status_code == 401 and "revoked" in answer.json()["error"]["message"]
    assert _me(site, other) == 200  # another session of the same account lives on


def test_a_cookie_is_dead_after_logging_out(site: Site) -> None:
    with httpx.Client(base_url=site.base_url) as browser:
        browser.post("/api/register", json={"username": "fritz", "password": "first password"})
        cookie = browser.cookies.get("tabletop_session")
        assert cookie is not None and browser.get("/api/me").status_code == 200
        browser.post("/api/logout")
    with httpx.Client(base_url=site.base_url, cookies={"tabletop_session": cookie}) as replayed:
        assert replayed.get("/api/me").status_code == 401


def test_registering_ends_the_guests_sessions(site: Site) -> None:
    guest = site.http.post("/api/guests", json={"name": "Gita"}).json()["token"]
    registered = site.http.post(
        "/api/register", json={"username": "gita", "password": "first password"}, headers=_bearer(guest)
    )
    assert registered.status_code == 201
    assert _me(site, guest) == 401 and _me(site, registered.json()["token"]) == 200


def test_a_new_password_ends_every_other_session(site: Site) -> None:
    first = _account(site, "hugo")
    second = _login(site, "hugo")
    wrong = site.http.post(
        "/api/password",
        json={"password": "not it", "new_password": "second password"},
        headers=_bearer(second),
    )
    assert wrong.status_code == 403 and _me(site, first) == 200
    changed = site.http.post(
        "/api/password",
        json={"password": "first password", "new_password": "second password"},
        headers=_bearer(second),
    )
    assert changed.status_code == 200
    assert _me(site, first) == _me(site, second) == 401
    assert _me(site, changed.json()["token"]) == 200
    assert _me(site, _login(site, "hugo", "second password")) == 200


def test_an_expired_session_is_refused(site: Site) -> None:
    token = _account(site, "ines")
    past = datetime.now(UTC) - timedelta(minutes=1)
    with site.store._transaction() as session:
        digest = hashlib.sha256(token.encode()).hexdigest()
        session.execute(update(LoginSession).where(LoginSession.token_hash == digest).values(expires_at=past))
    assert _me(site, token) == 401


def test_a_forged_token_is_refused(site: Site) -> None:
    assert _me(site, "x" * 43) == 401
    assert _me(site, "x" * 5000) == 401
