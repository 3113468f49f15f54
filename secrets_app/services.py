"""Writes of the secret area: a session's secret is created on first use and kept until
the session is purged; its note is replaced whole."""

from __future__ import annotations

from challengers.models import Challenger
from secrets_app.models import NOTE_MAX, Secret


def secret_for(challenger: Challenger) -> Secret:
    """The session's secret, created (with a fresh token) on first use."""
    secret, _ = Secret.objects.get_or_create(challenger=challenger)
    return secret


def replace_note(secret: Secret, note: str) -> Secret:
    """Replace the note; one longer than 100 characters is stored truncated."""
    secret.note = note[:NOTE_MAX]
    secret.save(update_fields=["note"])
    return secret
