"""The classroom's writes to sessions: merging two sessions of one student into one, which
the instructor does from the sessions' admin and a student's second join does for the
session the join link made them (`classroom.views.join`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import transaction

from challengers.models import Challenger
from challenges.catalogue import completion_value
from challenges.declarations import is_done
from challenges.times import parse_time
from classroom.assignments import assignments_changed
from classroom.models import Extension, LtiLearner
from history import writer as history


class MergeRefused(ValueError):
    """Two sessions that cannot be merged; its text says why, for the page that asked."""


def merge_sessions(keep: str, other: str) -> Challenger:
    """Merge session `other` into session `keep` (GUIDs) and delete `other`; the kept
    session as it is now.

    Nothing the instructor grades from is lost: every challenge either session completed
    is done in the kept one, at the earlier of the two completion times (a challenge done
    before a due time stays on time) and as that completion was done (own client, Try
    it…); the near misses of challenges still open are kept, the later of two for one
    challenge; the request history of `other` moves to `keep`; the kept session's display
    name and class stay, taken from `other` where the kept one has none; its last activity
    and last API request are the later of the two; an extension of `other`'s for an
    assignment the kept one has none for becomes the kept one's, and so does its LMS
    learner (LTI) where the kept one has none. `other`'s todos and secret go with it.

    Both rows are locked (in GUID order, as every deletion of sessions locks them) and
    read again under the lock, so a credit recorded meanwhile by either session's
    requests is in what is merged."""
    if keep == other:
        raise MergeRefused("A session cannot be merged with itself: choose two sessions.")
    with transaction.atomic():
        locked = {
            session.pk: session
            for session in Challenger.objects.select_for_update()
            .filter(pk__in=[keep, other])
            .order_by("pk")
        }
        if keep not in locked or other not in locked:
            raise MergeRefused("One of the two sessions no longer exists: nothing was merged.")
        kept, gone = locked[keep], locked[other]
        progress = united_progress(_mapping(kept.progress), _mapping(gone.progress))
        channels = united_channels(
            (_mapping(kept.progress), _mapping(kept.credit_channels)),
            (_mapping(gone.progress), _mapping(gone.credit_channels)),
            progress,
        )
        changes: dict[str, Any] = {
            "progress": progress,
            "credit_channels": channels or None,
            "near_misses": united_near_misses(
                _mapping(kept.near_misses), _mapping(gone.near_misses), progress
            ),
            "last_seen": max(kept.last_seen, gone.last_seen),
            "last_api_request": max(
                (at for at in (kept.last_api_request, gone.last_api_request) if at), default=None
            ),
            "display_name": kept.display_name or gone.display_name,
            "cohort_id": kept.cohort_id or gone.cohort_id,
        }
        Challenger.objects.filter(pk=keep).update(**changes)
        for name, value in changes.items():
            setattr(kept, name, value)
        history.move(other, keep)
        # An extension the other session had and the kept one lacks stays the student's.
        moved = Extension.objects.filter(challenger_id=other).exclude(
            assignment__extensions__challenger_id=keep
        )
        assignments_changed(moved.values_list("assignment__cohort_id", flat=True))
        moved.update(challenger_id=keep)
        # An LMS learner of the other session launches into the kept one from now on.
        if not LtiLearner.objects.filter(challenger_id=keep).exists():
            LtiLearner.objects.filter(challenger_id=other).update(challenger_id=keep)
        gone.delete()  # its todos and secret with it; its history has moved already
    return kept


def _mapping(value: Any) -> Mapping[str, Any]:
    # The JSON columns hold objects; anything else is read as holding nothing.
    return value if isinstance(value, dict) else {}


def united_progress(kept: Mapping[str, Any], other: Mapping[str, Any]) -> dict[str, Any]:
    """Every challenge done in either progress map, each at its earlier completion time."""
    united = {key: value for key, value in kept.items() if is_done(value)}
    for key, value in other.items():
        if is_done(value):
            united[key] = _earlier(united[key], value) if key in united else value
    return united


def _earlier(first: Any, second: Any) -> Any:
    """Of two completions of one challenge, the earlier; one with a time rather than one
    without (a restored payload may hold `true`), which would say nothing of lateness."""
    first_at, second_at = parse_time(first), parse_time(second)
    if first_at is None:
        return second if second_at is not None else first
    if second_at is None:
        return first
    return second if second_at < first_at else first


def united_channels(
    kept: tuple[Mapping[str, Any], Mapping[str, Any]],
    other: tuple[Mapping[str, Any], Mapping[str, Any]],
    progress: Mapping[str, Any],
) -> dict[str, Any]:
    """How each challenge of the united `progress` was done: as the session whose completion
    it kept did it (each of `kept` and `other` is a session's progress and channels)."""
    united: dict[str, Any] = {}
    for key, value in progress.items():
        done, channels = kept if kept[0].get(key) == value else other
        if key in channels and done.get(key) == value:
            united[key] = channels[key]
    return united


def united_near_misses(
    kept: Mapping[str, Any], other: Mapping[str, Any], progress: Mapping[str, Any]
) -> dict[str, Any]:
    """The near misses of either session whose challenge `progress` has not done, the
    later try where both nearly did one."""
    united: dict[str, Any] = {}
    for misses in (kept, other):
        for key, entry in misses.items():
            if is_done(completion_value(progress, key)) or not isinstance(entry, dict):
                continue
            held = united.get(key)
            if held is None or _tried_at(entry) > _tried_at(held):
                united[key] = entry
    return united


def _tried_at(entry: Mapping[str, Any]) -> str:
    # Near misses are stamped as this app stamps completions: the stamps sort as text.
    at = entry.get("at")
    return at if isinstance(at, str) else ""
