"""The site's static files, served under the fingerprinted URLs templates give them.

`templating.static_url("table.js")` is `/static/table.<hash>.js`: the hash is of the
file's content, so a changed file gets a new URL and a cached copy is never stale. Such a
URL is served `immutable` with a year's max-age; the plain name (and an out-of-date hash,
from a page rendered before the file changed) is served too, but revalidated every time
(`no-cache`, with the ETag Starlette gives).
"""

from __future__ import annotations

import re

from fastapi.staticfiles import StaticFiles
from starlette.responses import Response
from starlette.types import Scope

from tabletop.server.templating import FINGERPRINT_LENGTH, fingerprint_of

IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
_FINGERPRINTED = re.compile(
    rf"^(?P<stem>.+)\.(?P<hash>[0-9a-f]{{{FINGERPRINT_LENGTH}}})(?P<suffix>\.[A-Za-z0-9]+)$"
)


def split_fingerprint(path: str) -> tuple[str, str | None]:
    """The file a requested path names, and the fingerprint it carries (None for a plain name).

    >>> split_fingerprint("vendor/idiomorph-0.7.4.min.js")
    ('vendor/idiomorph-0.7.4.min.js', None)
    >>> split_fingerprint("table.0123456789.js")
    ('table.js', '0123456789')
    """
    found = _FINGERPRINTED.match(path)
    if found is None:
        return path, None
    return found["stem"] + found["suffix"], found["hash"]


class FingerprintedStaticFiles(StaticFiles):
    """Starlette's static files, found by name with or without a fingerprint, cached accordingly."""

    async def get_response(self, path: str, scope: Scope) -> Response:
        name, fingerprint = split_fingerprint(path)
        response = await super().get_response(name, scope)
        if response.status_code < 400:
            current = fingerprint is not None and fingerprint == fingerprint_of(name)
            response.headers["Cache-Control"] = IMMUTABLE if current else REVALIDATE
        return response
