"""Parsing the credentials of the secret area: Basic `Authorization`, Bearer, `X-AUTH-TOKEN`.

Pure functions of header strings; they never raise on hostile
input: anything that is not well formed is simply "no credentials". Token values are never
logged, and comparisons run in constant time.
"""

from __future__ import annotations

import binascii
import hmac
import re
from base64 import b64decode
from dataclasses import dataclass

# RFC 9110 lets header parts be separated by spaces or tabs; runs of them count as one, so
# `Basic   YWRt...` still has exactly two parts.
_SEPARATORS = re.compile(r"[ \t]+")


@dataclass(frozen=True)
class BasicCredentials:
    username: str
    password: str


def _parts(header: str | None) -> list[str]:
    return [part for part in _SEPARATORS.split(header or "") if part]


def parse_basic(header: str | None) -> BasicCredentials | None:
    """`Basic <base64 of user:pass>` with both halves non-empty, else None.

    The scheme is case-insensitive and there must be exactly two parts. The password is
    everything after the first `:` (it may contain more colons). Padding may be omitted, as
    lenient decoders accept; any other base64 damage, or bytes that are not UTF-8, make the
    header invalid.
    """
    parts = _parts(header)
    if len(parts) != 2 or parts[0].lower() != "basic":
        return None
    decoded = _b64_text(parts[1])
    if decoded is None:
        return None
    username, colon, password = decoded.partition(":")
    if not colon or not username or not password:
        return None
    return BasicCredentials(username, password)


def _b64_text(value: str) -> str | None:
    if len(value) % 4 == 1:
        return None  # no amount of padding makes this length valid
    padded = value + "=" * (-len(value) % 4)
    try:
        # validate=True refuses characters outside the alphabet instead of skipping them.
        return b64decode(padded.encode("ascii"), validate=True).decode("utf-8")
    except (binascii.Error, ValueError):  # UnicodeError is a ValueError
        return None


def parse_bearer(header: str | None) -> str | None:
    """The token of `Bearer <token>` (scheme case-insensitive), else None.

    Like the challenge rules, a header with more parts still names its second part as the
    token; such a token never matches a session token, so the request fails with 403.
    """
    parts = _parts(header)
    if len(parts) < 2 or parts[0].lower() != "bearer":
        return None
    return parts[1]


def presented_token(authorization: str | None, x_auth_token: str | None) -> str | None:
    """The token a note request presents: a valid Bearer header wins over `X-AUTH-TOKEN`.

    An empty (or blank) `X-AUTH-TOKEN` counts as missing.
    """
    bearer = parse_bearer(authorization)
    if bearer is not None:
        return bearer
    if x_auth_token is None or not x_auth_token.strip():
        return None
    return x_auth_token.strip()


def same_secret(presented: str, expected: str) -> bool:
    """Constant-time equality of two secrets (any characters; no exception on non-ASCII)."""
    return hmac.compare_digest(_utf8(presented), _utf8(expected))


def credentials_match(credentials: BasicCredentials | None, username: str, password: str) -> bool:
    """Are these exactly the configured credentials (case-sensitive, constant time)?"""
    if credentials is None:
        return False
    # Both comparisons always run, so timing does not reveal which half was wrong.
    user_ok = same_secret(credentials.username, username)
    password_ok = same_secret(credentials.password, password)
    return user_ok and password_ok


def _utf8(value: str) -> bytes:
    # Header values arrive latin-1 decoded; surrogatepass keeps even odd strings encodable.
    return value.encode("utf-8", "surrogatepass")
