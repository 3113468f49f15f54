"""When a credit counts as late: the one rule every page, route and export asks.

A credit stamped at t is late when t is after the due time that was in force at t for
that student: their extension's due time when they have one; otherwise the class's due
time at t, which is the assignment's current `due_at` unless an instructor changed it
since t and chose to keep the marks given until then (`EarlierDueTime` rows). So moving a
due time re-marks nothing that was judged before, unless the instructor says so, and the
request path writes nothing for any of it: a credit's stamp is all it records.

Reading the rows costs little on the common path: the queries that load assignments say
whether each has earlier due times (`with_deadline_facts`), which are fetched, in one
query, only for assignments that have some.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db.models import Exists, OuterRef, QuerySet
from django.utils import timezone

from challenges.times import parse_time
from classroom.models import Assignment, EarlierDueTime, Extension


@dataclass(frozen=True)
class Deadline:
    """When one student's credits in one assignment count as late."""

    due_at: datetime | None  # the due time now (their extension's when they have one)
    earlier: tuple[tuple[datetime, datetime | None], ...] = ()  # (until, due time), by until
    extended: bool = False

    def in_force_at(self, moment: datetime) -> datetime | None:
        """The due time that applied to a credit stamped at `moment`."""
        for until, due in self.earlier:
            if moment < until:
                return due
        return self.due_at

    def extended_to(self, due_at: datetime | None) -> Deadline:
        """This deadline for a student given their own due time (None: none given)."""
        if due_at is None:
            return self
        return Deadline(due_at=due_at, extended=True)


NO_DEADLINE = Deadline(due_at=None)


def is_late(value: Any, deadline: Deadline) -> bool:
    """Whether a stored completion (`Challenger.progress` value) was late: stamped after
    the due time in force for the student at that moment. A completion without a time
    (restored as `true`) is never late."""
    if deadline.due_at is None and not deadline.earlier:
        return False
    moment = parse_time(value)
    if moment is None:
        return False
    due = deadline.in_force_at(moment)
    return due is not None and moment > due


def with_deadline_facts(assignments: QuerySet[Assignment]) -> QuerySet[Assignment]:
    """`assignments`, each annotated with whether it has earlier due times
    (`has_earlier`): the same query, no more."""
    return assignments.annotate(
        has_earlier=Exists(EarlierDueTime.objects.filter(assignment=OuterRef("pk")))
    )


def class_deadlines(assignments: Iterable[Assignment]) -> dict[int, Deadline]:
    """Assignment id -> the class's deadline (no extension), with one query for the
    earlier due times of those that have any (all of them when not annotated by
    `with_deadline_facts`)."""
    found = list(assignments)
    changed = [a.pk for a in found if getattr(a, "has_earlier", True)]
    earlier: dict[int, list[tuple[datetime, datetime | None]]] = {}
    if changed:
        rows = EarlierDueTime.objects.filter(assignment_id__in=changed).order_by(
            "assignment_id", "until", "pk"
        )
        for assignment_id, until, due_at in rows.values_list("assignment_id", "until", "due_at"):
            earlier.setdefault(assignment_id, []).append((until, due_at))
    return {a.pk: Deadline(due_at=a.due_at, earlier=tuple(earlier.get(a.pk, ()))) for a in found}


def extensions_for(
    assignment_ids: Iterable[int], guids: Iterable[str] | None = None
) -> dict[tuple[int, str], datetime]:
    """(assignment id, session GUID) -> that student's own due time, in one query."""
    ids = list(assignment_ids)
    if not ids:
        return {}
    rows = Extension.objects.filter(assignment_id__in=ids)
    if guids is not None:
        rows = rows.filter(challenger_id__in=list(guids))
    return {
        (a, g): due for a, g, due in rows.values_list("assignment_id", "challenger_id", "due_at")
    }


@dataclass(frozen=True)
class StudentDeadlines:
    """Every student's deadline in some assignments: the classes' deadlines and the
    students' extensions, read once for a page, an export or a grade pass."""

    classes: Mapping[int, Deadline]
    extensions: Mapping[tuple[int, str], datetime]

    def of(self, assignment_id: int, guid: str) -> Deadline:
        """The deadline of the session `guid` in the assignment."""
        own = self.extensions.get((assignment_id, guid))
        return self.classes[assignment_id].extended_to(own)


def student_deadlines(assignments: Iterable[Assignment]) -> StudentDeadlines:
    """`StudentDeadlines` of `assignments`, in at most two queries."""
    found = list(assignments)
    return StudentDeadlines(class_deadlines(found), extensions_for(a.pk for a in found))


def change_due_time(
    assignment: Assignment,
    previous: datetime | None,
    *,
    keep_marks: bool,
    moment: datetime | None = None,
) -> None:
    """Record that `assignment`'s due time changed from `previous` to its `due_at` now.

    Keeping the marks: credits stamped until now stay judged against the due time they
    were judged against (`previous`, or an earlier one already kept). Re-marking: every
    credit is judged against the new due time, so the earlier ones are forgotten."""
    if previous == assignment.due_at:
        return
    if keep_marks:
        EarlierDueTime.objects.create(
            assignment=assignment, due_at=previous, until=moment or timezone.now()
        )
    else:
        EarlierDueTime.objects.filter(assignment=assignment).delete()
