"""Progress payloads: what GET /api/challenger/{guid} shows and PUT restores."""

from __future__ import annotations

import uuid
from typing import Any

from django.db import transaction

from challengers.models import Challenger
from challengers.sessions import canonical_guid, create_challenger, mode
from challenges.catalogue import active, known_keys, progress_status
from challenges.progress import stamp
from secrets_app.models import NOTE_MAX
from secrets_app.selectors import token_taken
from secrets_app.services import secret_for


class InvalidPayload(ValueError):
    """A progress payload this API cannot restore; its text is the client's error message
    (the views answer it with 400)."""


def progress_payload(challenger: Challenger) -> dict[str, Any]:
    secret = secret_for(challenger)
    return {
        "xAuthToken": secret.token,
        "xChallenger": challenger.guid,
        "secretNote": secret.note,
        "challengeStatus": progress_status(challenger.progress, mode()),
    }


def validate_payload(doc: Any) -> dict[str, Any]:
    """A progress payload, checked before anything changes (open question I.6: 400, not 500)."""
    if doc is None or doc == {}:
        raise InvalidPayload("Invalid Payload")
    if not isinstance(doc, dict):
        raise InvalidPayload("Invalid Payload: expected a JSON object")
    status = doc.get("challengeStatus", {})
    if not isinstance(status, dict) or not all(isinstance(v, bool) for v in status.values()):
        raise InvalidPayload("Invalid Payload: challengeStatus must map challenge keys to booleans")
    for name in ("xChallenger", "xAuthToken", "secretNote"):
        if name in doc and doc[name] is not None and not isinstance(doc[name], str):
            raise InvalidPayload(f"Invalid Payload: {name} must be a string")
    return doc


def progress_from_status(status: dict[str, bool], previous: dict[str, str]) -> dict[str, str]:
    """Rebuild the progress map from a payload: true keys keep their old completion time
    (or get now); keys missing from the payload are not done.

    A deprecated key is stored under the served edition's key for it. Keys of either
    edition are kept, so a payload saved in one edition restores whole in the other.
    """
    now = stamp()
    renamed = active().deprecated_keys
    known = known_keys()
    progress = {}
    for key, done in status.items():
        key = renamed.get(key, key)
        if done and key in known and key not in progress:
            progress[key] = previous.get(key, now)
    return progress


def _apply_secret(challenger: Challenger, doc: dict[str, Any]) -> None:
    secret = secret_for(challenger)
    fields = []
    token = doc.get("xAuthToken")
    if isinstance(token, str) and _adoptable_token(token, challenger):
        secret.token = token.strip().lower()
        fields.append("token")
    if isinstance(doc.get("secretNote"), str):
        secret.note = doc["secretNote"][:NOTE_MAX]
        fields.append("note")
    if fields:
        secret.save(update_fields=fields)


def _adoptable_token(token: str, challenger: Challenger) -> bool:
    """Tokens from the public service are UUIDs, ours 32 hex digits: both restore, unless
    another session holds that token (a payload restored onto a second GUID keeps the new
    session's own token)."""
    try:
        uuid.UUID(token.strip())
    except ValueError:
        return False
    return not token_taken(token.strip().lower(), challenger)


@transaction.atomic
def restore_progress(challenger: Challenger, doc: dict[str, Any]) -> Challenger:
    progress = progress_from_status(doc.get("challengeStatus", {}), challenger.progress)
    Challenger.objects.filter(pk=challenger.pk).update(progress=progress)
    challenger.progress = progress
    _apply_secret(challenger, doc)
    return challenger


@transaction.atomic
def create_from_payload(guid: str, doc: dict[str, Any]) -> Challenger:
    challenger = create_challenger(canonical_guid(guid))
    return restore_progress(challenger, doc)
