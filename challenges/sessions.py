"""Finding, creating and touching challenger sessions (the `X-CHALLENGER` header)."""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from challenges.models import Challenger

SINGLE_PLAYER_GUID = "rest-api-challenges-single-player"
UNKNOWN_CHALLENGER = "UNKNOWN CHALLENGER - Challenger not found"
MAX_HEADER_LENGTH = 100


def mode() -> str:
    return settings.APICHALLENGES_MODE


def canonical_guid(value: str) -> str:
    """GUIDs compare case-insensitively: stored and looked up lower-cased and trimmed."""
    return value.strip().lower()


def find_challenger(guid: str | None) -> Challenger | None:
    if not guid or not guid.strip():
        return None
    return Challenger.objects.filter(pk=canonical_guid(guid)).first()


def single_player() -> Challenger:
    found = find_challenger(SINGLE_PLAYER_GUID)
    return found if found is not None else create_challenger(SINGLE_PLAYER_GUID)


def resolve(header_value: str | None) -> Challenger | None:
    """The session a request acts for: the single session, or the header's (multi mode)."""
    if mode() == "single":
        return single_player()
    return find_challenger(header_value)


@transaction.atomic
def create_challenger(guid: str | None = None) -> Challenger:
    """A new session with the default todo list (ids 1-10)."""
    from todos.services import seed_default_todos  # todos depends on challenges, not back

    challenger = Challenger.objects.create(guid=canonical_guid(guid or str(uuid.uuid4())))
    seed_default_todos(challenger)
    return challenger


def touch(challenger: Challenger) -> None:
    """Record activity, writing at most once a minute per session."""
    now = timezone.now()
    if (now - challenger.last_seen).total_seconds() >= 60:
        Challenger.objects.filter(pk=challenger.pk).update(last_seen=now)
        challenger.last_seen = now
