"""The secret token and note of a session (created on first use, kept until purge).

Also the fixed token and note of the multi-player "read-only mode" (no `X-CHALLENGER`,
spec/challenges.md §E.3, §E.5), and the one place tokens are compared.
"""

from __future__ import annotations

from challengers.models import Challenger
from secrets_app.auth import same_secret
from secrets_app.models import NOTE_MAX, Secret

READ_ONLY_TOKEN = "00000000-0000-4000-8000-000000000000"
READ_ONLY_NOTE = "This is the read-only secret note."


def secret_for(challenger: Challenger) -> Secret:
    secret, _ = Secret.objects.get_or_create(challenger=challenger)
    return secret


def store_note(challenger: Challenger, note: str) -> Secret:
    """Notes longer than 100 characters are stored truncated (D6.1)."""
    return replace_note(secret_for(challenger), note)


def replace_note(secret: Secret, note: str) -> Secret:
    """`store_note` for a secret already loaded (the note views have just checked its token)."""
    secret.note = note[:NOTE_MAX]
    secret.save(update_fields=["note"])
    return secret


def token_is_valid(presented: str, secret: Secret | None) -> bool:
    """Is `presented` the token of this session (`None`: the read-only token)?

    Another session's token is just as wrong as a made-up one: a token is only valid with
    its own session (§E.4).
    """
    expected = READ_ONLY_TOKEN if secret is None else secret.token
    return same_secret(presented, expected)


def token_taken(token: str, challenger: Challenger) -> bool:
    """Another session holds this token."""
    return Secret.objects.filter(token=token).exclude(challenger=challenger).exists()
