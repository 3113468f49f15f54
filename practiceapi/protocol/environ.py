"""A request's headers as a WSGI environ carries them: `HTTP_`-prefixed keys (and the two
without the prefix), each value the client's bytes smuggled through latin-1 text. Read
back here for what shows a request as the client sent it: the mirror, a session's
request history."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

# WSGI keys that carry request headers without the HTTP_ prefix.
_UNPREFIXED = {"CONTENT_TYPE": "Content-Type", "CONTENT_LENGTH": "Content-Length"}


def wsgi_text(value: str) -> str:
    """A WSGI environ string (bytes smuggled as latin-1) as the UTF-8 text the client sent."""
    try:
        return value.encode("iso-8859-1").decode("utf-8")
    except (UnicodeEncodeError, UnicodeDecodeError):
        # Already real text (Django's test client), or bytes that were latin-1 text.
        return value


def header_name(meta_key: str) -> str | None:
    """`HTTP_X_CHALLENGER` → `X-Challenger`, `CONTENT_TYPE` → `Content-Type`; None for a key
    that is no header. A WSGI server keeps neither the case nor the dashes of a name."""
    if meta_key in _UNPREFIXED:
        return _UNPREFIXED[meta_key]
    if not meta_key.startswith("HTTP_"):
        return None
    return "-".join(part.capitalize() for part in meta_key[len("HTTP_") :].split("_"))


def request_headers(meta: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The request's headers as (Title-Case name, value), in environ order."""
    return [
        (name, wsgi_text(str(value)))
        for key, value in meta.items()
        if (name := header_name(key)) is not None
    ]
