"""Every write of the challenges app: recording what a request completed and nearly
completed, restoring a progress payload (`GET /api/challenger/{guid}` shows it, `PUT` and
the start page's form restore it), and a session's profile (display name and cohort)."""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Mapping
from typing import Any

import orjson
from django.db import connection, transaction
from django.utils import timezone

from challengers.models import Challenger
from challengers.sessions import canonical_guid, create_challenger, mode
from challenges.catalogue import active, known_keys, progress_status
from challenges.channels import OWN, awaiting_own, confirmed, restored_channels, stored_channels
from challenges.progress import fresh_misses, stamp, stored_misses
from challenges.selectors import find_cohort
from practiceapi.protocol.errors import ApiError
from practiceapi.protocol.messages import VALIDATION_PREFIX, not_of_type, too_long, unknown_field
from practiceapi.protocol.typenames import json_type_name
from secrets_app.models import NOTE_MAX
from secrets_app.selectors import token_taken
from secrets_app.services import secret_for

NAME_MAX = 100  # characters of a display name


# --------------------------------------------------------------------------- progress


def record_progress(
    challenger: Challenger,
    keys: Iterable[str],
    held: Iterable[str] = (),
    misses: Mapping[str, tuple[str, int, str]] | None = None,
    channel: str = OWN,
    own_again: Iterable[str] = (),
) -> bool:
    """Persist newly completed `keys` plus those `held` at arrival, and the near misses
    `misses` (key → (request line, status, reason)) of challenges still open, in one
    UPDATE that also stamps the session's latest API request (and `last_seen`); no
    statement when there is nothing new. Returns whether it wrote.

    The merges happen inside the database (`jsonb ||` / `json_patch`): progress with the
    existing entries winning, so two requests completing different challenges at once both
    land and a completion time is never overwritten; near misses with the new entries
    winning, and a credited challenge's near miss removed in the same statement. A
    `channel` other than the student's own client (`challenges.channels`) is stored for
    the keys the row's progress did not hold yet, in that statement too: a concurrent
    request that credited the key first keeps its time and its channel. `own_again` are
    keys credited by another channel that this request, of the student's own client, has
    completed now: their entries keep the channel and add the time.
    """
    held = set(held)
    new = {key for key in keys if key not in challenger.progress} | held
    again = set(own_again) & awaiting_own(challenger.credit_channels) if own_again else ()
    if not new and not misses and not again:
        return False
    now = timezone.now()
    fresh = fresh_misses(challenger, misses, new, now) if misses else {}
    if not new and not fresh and not again:
        return False
    when = stamp(now)
    assignments: list[str] = []
    params: list[Any] = []
    vendor = connection.vendor
    if new:
        patch = orjson.dumps({key: challenger.progress.get(key, when) for key in sorted(new)})
        if vendor == "postgresql":
            assignments.append("progress = %s::jsonb || progress")
        else:
            assignments.append("progress = json_patch(%s, progress)")
        params.append(patch.decode())
        if channel != OWN:
            channels = orjson.dumps(dict.fromkeys(sorted(new), channel)).decode()
            if vendor == "postgresql":
                assignments.append(
                    "credit_channels = COALESCE(credit_channels, '{}')"
                    " || (%s::jsonb - ARRAY(SELECT jsonb_object_keys(progress)))"
                )
            else:
                assignments.append(
                    "credit_channels = json_patch(COALESCE(credit_channels, '{}'), (SELECT"
                    " json_group_object(c.key, c.value) FROM json_each(%s) AS c"
                    " WHERE c.key NOT IN (SELECT p.key FROM json_each(progress) AS p)))"
                )
            params.append(channels)
    entries = confirmed(challenger.credit_channels, again, when) if again else {}
    if entries:
        if vendor == "postgresql":
            assignments.append("credit_channels = COALESCE(credit_channels, '{}') || %s::jsonb")
        else:
            assignments.append("credit_channels = json_patch(COALESCE(credit_channels, '{}'), %s)")
        params.append(orjson.dumps(entries).decode())
    # Every credited key, not only those seen here: a concurrent request may have stored one.
    removed = sorted(new)
    if fresh or removed:
        if vendor == "postgresql":
            assignments.append("near_misses = (near_misses - %s::text[]) || %s::jsonb")
            params += [removed, orjson.dumps(fresh).decode()]
        else:
            # RFC 7396: a null member removes the key.
            patch_misses = {key: None for key in removed} | fresh
            assignments.append("near_misses = json_patch(near_misses, %s)")
            params.append(orjson.dumps(patch_misses).decode())
    # Only API requests get here (`challenges.tracking`): the write is one of the session's.
    assignments.append("last_seen = %s, last_api_request = %s")
    params += [now, now, challenger.pk]
    table = connection.ops.quote_name(Challenger._meta.db_table)
    sql = f"UPDATE {table} SET {', '.join(assignments)} WHERE guid = %s"
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
    if new and channel != OWN:
        unseen = {key for key in new if key not in challenger.progress or key in held}
        challenger.credit_channels = stored_channels(challenger.credit_channels) | dict.fromkeys(
            unseen, channel
        )
    if entries:
        challenger.credit_channels = stored_channels(challenger.credit_channels) | entries
    for key in new:
        challenger.progress.setdefault(key, when)
    misses_now = {k: v for k, v in stored_misses(challenger).items() if k not in new} | fresh
    challenger.near_misses = misses_now
    challenger.last_seen = challenger.last_api_request = now
    return True


# --------------------------------------------------------------------------- payloads


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
    """A progress payload, checked before anything changes: a bad one is a 400, never a 500."""
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
    previous = challenger.progress or {}
    progress = progress_from_status(doc.get("challengeStatus", {}), previous)
    channels = restored_channels(progress, previous, challenger.credit_channels) or None
    Challenger.objects.filter(pk=challenger.pk).update(progress=progress, credit_channels=channels)
    challenger.progress = progress
    challenger.credit_channels = channels
    _apply_secret(challenger, doc)
    return challenger


@transaction.atomic
def create_from_payload(guid: str, doc: dict[str, Any]) -> Challenger:
    challenger = create_challenger(canonical_guid(guid))
    return restore_progress(challenger, doc)


# --------------------------------------------------------------------------- profile


def parse_profile(doc: Any) -> dict[str, Any]:
    """The changes a profile document asks for: `display_name` and/or `cohort` (a Cohort or
    None). Absent members change nothing; `null` or `""` clears. The API route and the
    progress page's form both read through here, so a name or cohort code is accepted or
    refused with the same message on both."""
    if not isinstance(doc, dict):
        raise ApiError(400, "Invalid Json Payload: expected an object with displayName, cohort")
    for name in doc:
        if name not in ("displayName", "cohort"):
            raise ApiError(422, VALIDATION_PREFIX + unknown_field(name))
    changes: dict[str, Any] = {}
    if "displayName" in doc:
        name = doc["displayName"]
        if name is not None and not isinstance(name, str):
            raise ApiError(
                422, VALIDATION_PREFIX + not_of_type("displayName", "STRING", json_type_name(name))
            )
        name = " ".join((name or "").split())  # one line, no stray whitespace
        if len(name) > NAME_MAX:
            raise ApiError(422, VALIDATION_PREFIX + too_long("displayName", NAME_MAX))
        changes["display_name"] = name
    if "cohort" in doc:
        code = doc["cohort"]
        if code is not None and not isinstance(code, str):
            raise ApiError(
                422, VALIDATION_PREFIX + not_of_type("cohort", "STRING", json_type_name(code))
            )
        changes["cohort"] = find_cohort(code) if code and code.strip() else None
    return changes


def save_profile(challenger: Challenger, changes: dict[str, Any]) -> Challenger:
    """Write only the profile columns: a full save would overwrite progress that tracking
    merges concurrently."""
    update: dict[str, Any] = {}
    if "display_name" in changes:
        update["display_name"] = challenger.display_name = changes["display_name"]
    if "cohort" in changes:
        update["cohort"] = challenger.cohort = changes["cohort"]
    if update:
        Challenger.objects.filter(pk=challenger.pk).update(**update)
    return challenger
