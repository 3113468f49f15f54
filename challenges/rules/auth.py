"""Conditions on the secret area: the Basic credentials of a token request (the admin's
or another's), the token presented as `X-AUTH-TOKEN` or a Bearer `Authorization`, and
whether the server refused it, and the note a request stores.
"""

from __future__ import annotations

from django.conf import settings

from challenges.conditions import Condition, on_body, on_request
from challenges.exchange import Exchange
from challenges.rules.intent import intent, intent_in_answer
from challenges.rules.reading import counted
from secrets_app.auth import credentials_match, parse_basic, presented_token


def authorization_sent() -> Condition:
    return on_request(
        "Authorization sent",
        lambda x: x.header("authorization") is not None,
        "the request had no Authorization header",
        looks_at=("authorization",),
        per_client=True,
    )


def authorization_longer_than(length: int) -> Condition:
    return on_request(
        f"Authorization longer than {length} characters",
        lambda x: len(x.header("authorization") or "") > length,
        f"the Authorization header was {{seen}} characters long; this challenge needs more than "
        f"{length} (Basic credentials)",
        lambda x: len(x.header("authorization") or ""),
        looks_at=("authorization",),
        per_client=True,
    )


def bearer_token() -> Condition:
    def test(x: Exchange) -> bool:
        parts = (x.header("authorization") or "").split()
        return len(parts) >= 2 and parts[0].lower() == "bearer" and bool(parts[1])

    return on_request(
        "Authorization: Bearer <token>",
        test,
        "the Authorization header was not `Bearer ` followed by a token; this challenge needs "
        "`Authorization: Bearer <your token>`",
        looks_at=("authorization",),
        per_client=True,
    )


def auth_token_sent() -> Condition:
    # An empty X-AUTH-TOKEN counts as absent: the note endpoint treats it as "no token" too.
    return on_request(
        "X-AUTH-TOKEN sent",
        lambda x: len(x.header("x-auth-token") or "") > 0,
        "the request had no X-AUTH-TOKEN header",
        looks_at=("x-auth-token",),
        per_client=True,
    )


def auth_token_longer_than(length: int) -> Condition:
    return on_request(
        f"X-AUTH-TOKEN longer than {length} character",
        lambda x: len(x.header("x-auth-token") or "") > length,
        f"the X-AUTH-TOKEN header was {{seen}} long; this challenge needs more than {length}",
        lambda x: counted(len(x.header("x-auth-token") or ""), "character"),
        looks_at=("x-auth-token",),
        per_client=True,
    )


def _admin(x: Exchange) -> bool:
    return credentials_match(
        parse_basic(x.header("authorization")),
        settings.APICHALLENGES_ADMIN_USER,
        settings.APICHALLENGES_ADMIN_PASSWORD,
    )


def admin_credentials() -> Condition:
    return intent(
        "the admin credentials",
        _admin,
        looks_at=("authorization",),
        per_client=True,
    )


def other_credentials() -> Condition:
    return intent(
        "credentials other than the admin's",
        lambda x: x.header("authorization") is not None and not _admin(x),
        looks_at=("authorization",),
        per_client=True,
    )


def no_token_presented() -> Condition:
    """Neither a Bearer token nor an X-AUTH-TOKEN, as the note routes read them."""
    return intent(
        "no token",
        lambda x: presented_token(x.header("authorization"), x.header("x-auth-token")) is None,
        looks_at=("authorization", "x-auth-token"),
        per_client=True,
    )


def token_refused() -> Condition:
    """The token presented is not the session's (only the server knows the session's
    token: read from its answer, the 403 of a wrong token)."""
    return intent_in_answer("a token that is not yours", lambda x: x.status == 403)


def token_not_refused() -> Condition:
    return intent_in_answer("your own token", lambda x: x.status != 403)


def note_body() -> Condition:
    # The public service looks for the quoted JSON member name, so XML note bodies never count.
    return on_body(
        'a JSON body with "note"',
        lambda x: b'"note"' in x.body,
        'the body had no JSON "note" member; this challenge needs {"note": "..."} as JSON',
    )
