"""The secret token and note of a session (created on first use, kept until purge)."""

from __future__ import annotations

from challenges.models import Challenger
from secrets_app.models import NOTE_MAX, Secret


def secret_for(challenger: Challenger) -> Secret:
    secret, _ = Secret.objects.get_or_create(challenger=challenger)
    return secret


def store_note(challenger: Challenger, note: str) -> Secret:
    """Notes longer than 100 characters are stored truncated (D6.1)."""
    secret = secret_for(challenger)
    secret.note = note[:NOTE_MAX]
    secret.save(update_fields=["note"])
    return secret
