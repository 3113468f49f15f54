"""Reads of the secret area: what a session's (or the read-only mode's) token and note
are, and whether a presented token is the right one (the one place tokens are compared)."""

from __future__ import annotations

from challengers.models import Challenger
from secrets_app.auth import same_secret
from secrets_app.models import READ_ONLY_NOTE, READ_ONLY_TOKEN, Secret


def token_of(secret: Secret | None) -> str:
    """The session's token (`None`: the read-only mode's)."""
    return READ_ONLY_TOKEN if secret is None else secret.token


def note_of(secret: Secret | None) -> str:
    """The session's note (`None`: the read-only mode's)."""
    return READ_ONLY_NOTE if secret is None else secret.note


def token_is_valid(presented: str, secret: Secret | None) -> bool:
    """Is `presented` the token of this session (`None`: the read-only token)?

    Another session's token is just as wrong as a made-up one: a token is only valid with
    its own session.
    """
    return same_secret(presented, token_of(secret))


def token_taken(token: str, challenger: Challenger) -> bool:
    """Another session holds this token."""
    return Secret.objects.filter(token=token).exclude(challenger=challenger).exists()
