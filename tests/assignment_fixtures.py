"""Assignments as the tests make them: straight in the database, the way the admin's form
stores them (a list of challenge keys)."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

from django.utils import timezone

from challengers.models import Challenger, Cohort
from challenges.catalogue import keys_for
from classroom.models import Assignment


def assign(
    cohort: Cohort,
    first: int = 0,
    count: int = 5,
    *,
    title: str = "Today",
    opens_at: datetime | None = None,
    due_at: datetime | None = None,
    mode: str = "multi",
) -> Assignment:
    """An assignment of `count` challenges in display order, from the `first`-th on."""
    keys = list(keys_for(mode)[first : first + count])
    return Assignment.objects.create(
        cohort=cohort, title=title, challenges=keys, opens_at=opens_at, due_at=due_at
    )


def minutes(n: float) -> datetime:
    """Now plus `n` minutes (negative: in the past)."""
    return timezone.now() + timedelta(minutes=n)


def stamp(moment: datetime) -> str:
    """A completion time as the server stores it in `Challenger.progress`."""
    return moment.astimezone(UTC).isoformat().replace("+00:00", "Z")


def local_fields(name: str, moment: datetime | None) -> dict[str, str]:
    """The admin's date and time boxes of field `name`, filled in the server's zone as an
    instructor reads and types them."""
    if moment is None:
        return {f"{name}_0": "", f"{name}_1": ""}
    local = timezone.localtime(moment)
    return {f"{name}_0": local.strftime("%Y-%m-%d"), f"{name}_1": local.strftime("%H:%M:%S")}


def change_form(
    assignment: Assignment,
    *,
    extensions: Sequence[tuple[str, datetime]] = (),
    **fields: object,
) -> dict[str, object]:
    """The assignment's change form as the admin sends it back, unchanged but for
    `fields` (`due_at` may be a datetime) and the extensions added (GUID, own due time)."""
    due_at = fields.pop("due_at", assignment.due_at)
    data: dict[str, object] = {
        "cohort": assignment.cohort_id,
        "title": assignment.title,
        "add_challenges": list(assignment.challenges),
        **local_fields("opens_at", assignment.opens_at),
        **(local_fields("due_at", due_at) if not isinstance(due_at, dict) else due_at),
        "extensions-TOTAL_FORMS": str(len(extensions)),
        "extensions-INITIAL_FORMS": "0",
    }
    for n, (guid, own_due) in enumerate(extensions):
        data[f"extensions-{n}-challenger"] = guid
        data.update(local_fields(f"extensions-{n}-due_at", own_due))
    data.update(fields)
    return data


def student_done_first(
    cohort: Cohort, assignment: Assignment, done_at: datetime, name: str = "Ada"
) -> str:
    """A session of the class that completed the assignment's first challenge at `done_at`;
    its GUID."""
    guid = str(uuid.uuid4())
    Challenger.objects.create(
        guid=guid,
        display_name=name,
        cohort=cohort,
        progress={assignment.challenges[0]: stamp(done_at)},
    )
    return guid
