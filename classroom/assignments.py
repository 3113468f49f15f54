"""Which assignments a cohort has open, and a session's progress against one.

An assignment is open once its opening time has passed (or it has none). Several may be
open at once: the one that leads (shown first, measured by default) is the one due first
among those not yet due; when every open one is past its due time, the one due last.
An assignment without a due time comes after those with one.

Reading a class's assignments costs one indexed query, one more for its students'
extensions when it has assignments, and one for the earlier due times of those whose
due time was changed with the marks kept (`classroom.deadlines`), made only by the pages
and routes that show progress (never by the API's other routes). A student's progress
page asks every few seconds: each process remembers a class's assignments, with every
deadline fact of its students, by the cohort's `assignments_version` (read with the
session), which every change of an assignment, a due time or an extension moves on in
the transaction that makes it (`assignments_changed`).
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from cachetools import LRUCache
from django.db.models import F, Q
from django.utils import timezone

from challengers.models import Challenger, Cohort
from challenges.catalogue import (
    challenges_for,
    completion_value,
    display_id,
    sections,
)
from challenges.catalogue.current import DEPRECATED_KEYS
from challenges.channels import LABELS, OWN, credit_channel, own_time
from challenges.declarations import Challenge, is_done
from challenges.times import format_time
from classroom.deadlines import (
    Deadline,
    StudentDeadlines,
    is_late,
    student_deadlines,
    with_deadline_facts,
)
from classroom.models import Assignment, EarlierDueTime, Extension


def assigned_challenges(keys: Iterable[str], current_mode: str) -> tuple[Challenge, ...]:
    """The challenges of the mode among `keys`, in display order (keys this edition or mode
    does not offer are left out). A challenge the editions store under different keys
    (the classic `PUT_TODOS_400` is the current `PUT_TODOS_422`) is assigned under either,
    so an assignment made while one edition was served holds in the other."""
    wanted = set(keys)
    for old, new in DEPRECATED_KEYS.items():
        if old in wanted:
            wanted.add(new)
        if new in wanted:
            wanted.add(old)
    return tuple(c for c in challenges_for(current_mode) if c.key in wanted)


def section_keys(current_mode: str) -> dict[str, tuple[str, ...]]:
    """Section key -> the keys of its challenges in the mode, in display order."""
    found: dict[str, list[str]] = {s.key: [] for s in sections()}
    for challenge in challenges_for(current_mode):
        found[challenge.section.key].append(challenge.key)
    return {key: tuple(keys) for key, keys in found.items() if keys}


def _lead_order(assignment: Assignment, moment: datetime) -> tuple[int, float]:
    due = assignment.due_at
    if due is None:
        return (1, 0.0)
    if due > moment:
        return (0, due.timestamp())
    return (2, -due.timestamp())


def leading_assignments(
    cohort_ids: Iterable[int], moment: datetime | None = None
) -> dict[int, Assignment]:
    """Cohort id -> its leading open assignment, for many cohorts in one query."""
    moment = moment or timezone.now()
    ids = set(cohort_ids)
    if not ids:
        return {}
    found = with_deadline_facts(
        Assignment.objects.filter(
            Q(opens_at__isnull=True) | Q(opens_at__lte=moment), cohort_id__in=ids
        )
    )
    leading: dict[int, Assignment] = {}
    for assignment in sorted(found, key=lambda a: (*_lead_order(a, moment), a.pk)):
        leading.setdefault(assignment.cohort_id, assignment)
    return leading


@dataclass(frozen=True)
class AssignmentStatus:
    """One assignment as a session stands against it (or as the class does, with the
    class's deadline and no progress)."""

    assignment: Assignment
    deadline: Deadline
    challenges: tuple[Challenge, ...]
    done_keys: frozenset[str]  # done, and counted
    late_keys: frozenset[str]
    closed: bool  # past its due time
    mode: str
    # Own-client-only assignments: done, but not from the student's own client, so not
    # counted; key -> how it was done (`challenges.channels`).
    uncounted: Mapping[str, str] = field(default_factory=dict)

    @property
    def own_client_only(self) -> bool:
        return self.assignment.own_client_only

    @property
    def uncounted_keys(self) -> frozenset[str]:
        return frozenset(self.uncounted)

    def uncounted_label(self, key: str) -> str:
        """`done in Try it or the API docs`: how an uncounted challenge was done."""
        channel = self.uncounted.get(key)
        return f"done {LABELS[channel]}" if channel else ""

    @property
    def title(self) -> str:
        return self.assignment.title

    @property
    def done(self) -> int:
        return len(self.done_keys)

    @property
    def assigned(self) -> int:
        return len(self.challenges)

    @property
    def keys(self) -> frozenset[str]:
        return frozenset(c.key for c in self.challenges)

    @property
    def due_at(self) -> datetime | None:
        """The due time now: the student's own when they were given an extension."""
        return self.deadline.due_at

    @property
    def extended(self) -> bool:
        return self.deadline.extended

    @property
    def due_label(self) -> str:
        return format_time(self.due_at)

    @property
    def class_due_label(self) -> str:
        """The class's due time now, whatever this student's own."""
        return format_time(self.assignment.due_at)

    @property
    def numbered(self) -> list[tuple[str, Challenge, str]]:
        """Each assigned challenge with its display id, and how it was done where that
        does not count (`uncounted_label`; empty otherwise)."""
        return [
            (display_id(c.key, self.mode), c, self.uncounted_label(c.key)) for c in self.challenges
        ]

    @property
    def next_open(self) -> Challenge | None:
        """The first assigned challenge not yet done."""
        return next((c for c in self.challenges if c.key not in self.done_keys), None)

    def as_status(self) -> dict[str, Any]:
        """What the progress page's script reads to update the assignment panel."""
        return {
            "title": self.title,
            "done": self.done,
            "assigned": self.assigned,
            "doneKeys": sorted(self.done_keys),
            "uncounted": {key: self.uncounted_label(key) for key in sorted(self.uncounted)},
            "dueAt": self.due_at.isoformat() if self.due_at else None,
            "closed": self.closed,
        }

    def time_left(self, moment: datetime | None = None) -> str:
        """`1 h 05 min left`, `3 min left`; empty without a due time or once closed."""
        due = self.due_at
        if due is None:
            return ""
        seconds = int((due - (moment or timezone.now())).total_seconds())
        if seconds <= 0:
            return ""
        minutes = (seconds + 59) // 60
        hours, minutes = divmod(minutes, 60)
        days, hours = divmod(hours, 24)
        if days:
            return f"{days} d {hours} h left"
        if hours:
            return f"{hours} h {minutes:02d} min left"
        return f"{minutes} min left"


def status_of(
    assignment: Assignment,
    progress: Mapping[str, Any],
    current_mode: str,
    moment: datetime | None = None,
    channels: Any = None,
    *,
    deadline: Deadline,
) -> AssignmentStatus:
    """A session's standing in `assignment`, its credits judged against `deadline` (the
    class's, or the student's own: `classroom.deadlines`) and, for an assignment that
    counts the student's own client only, by its `channels` (`Challenger.credit_channels`)."""
    challenges = assigned_challenges(assignment.challenges or (), current_mode)
    done: set[str] = set()
    late: set[str] = set()
    uncounted: dict[str, str] = {}
    own_only = assignment.own_client_only
    for challenge in challenges:
        value = completion_value(progress, challenge.key)
        if is_done(value):
            if own_only and channels:
                channel = credit_channel(progress, channels, challenge.key)
                if channel != OWN:
                    # Counted once the student's own client has done it too, and then
                    # measured by when it did.
                    value = own_time(progress, channels, challenge.key)
                    if value is None:
                        uncounted[challenge.key] = channel
                        continue
            done.add(challenge.key)
            if is_late(value, deadline):
                late.add(challenge.key)
    moment = moment or timezone.now()
    return AssignmentStatus(
        assignment=assignment,
        deadline=deadline,
        challenges=challenges,
        done_keys=frozenset(done),
        late_keys=frozenset(late),
        closed=deadline.due_at is not None and deadline.due_at <= moment,
        mode=current_mode,
        uncounted=uncounted,
    )


@dataclass(frozen=True)
class ClassAssignments:
    """Every assignment of one class, opened or not, with every student's deadline in
    each: what a student's standing is judged against."""

    assignments: tuple[Assignment, ...]
    deadlines: StudentDeadlines

    def open_at(self, moment: datetime) -> list[Assignment]:
        """The assignments open at `moment`, the leading one first."""
        found = [a for a in self.assignments if a.opens_at is None or a.opens_at <= moment]
        return sorted(found, key=lambda a: (*_lead_order(a, moment), a.pk))


def class_assignments(cohort_id: int) -> ClassAssignments:
    """The cohort's `ClassAssignments`, read now: at most three queries (the extensions'
    only when it has assignments, the earlier due times' only when one has some)."""
    found = list(with_deadline_facts(Assignment.objects.filter(cohort_id=cohort_id)))
    return ClassAssignments(tuple(found), student_deadlines(found))


# Cohort id -> (its creation time and assignments_version, its ClassAssignments): a
# class's entry is a few rows and its students' extensions, so this many classes cost a
# few MB at most. The creation time tells a class from a later one given the same id
# (SQLite gives an id again after the transaction that took it was rolled back).
_remembered: LRUCache[int, tuple[tuple[datetime, int], ClassAssignments]] = LRUCache(maxsize=256)
_remembered_lock = threading.Lock()


def remembered_class_assignments(cohort: Cohort) -> ClassAssignments:
    """`class_assignments` of the cohort, read again only when its `assignments_version`
    moved on since this process last read them. Read after the version, so a change made
    in between is read too (and read once more at the next version)."""
    version = (cohort.created_at, cohort.assignments_version)
    with _remembered_lock:
        known = _remembered.get(cohort.pk)
    if known is not None and known[0] == version:
        return known[1]
    fresh = class_assignments(cohort.pk)
    with _remembered_lock:
        _remembered[cohort.pk] = (version, fresh)
    return fresh


def assignments_changed(cohort_ids: Iterable[int]) -> None:
    """Something students are shown of these cohorts' assignments changed: move their
    `assignments_version` on (in the caller's transaction, with the change). Every save
    and delete of an assignment, an earlier due time or an extension calls it
    (`row_changed`); a bulk `update()` of one must call it itself."""
    ids = set(cohort_ids)
    if ids:
        Cohort.objects.filter(pk__in=ids).update(assignments_version=F("assignments_version") + 1)


def row_changed(sender: type, instance: Assignment | EarlierDueTime | Extension, **_: Any) -> None:
    """Receives `post_save` and `post_delete` of the three models (`ClassroomConfig.ready`)."""
    if isinstance(instance, Assignment):
        assignments_changed([instance.cohort_id])
    else:
        assignments_changed(
            Assignment.objects.filter(pk=instance.assignment_id).values_list("cohort_id", flat=True)
        )


def statuses_in(
    known: ClassAssignments,
    guid: str,
    progress: Mapping[str, Any],
    current_mode: str,
    channels: Any = None,
) -> list[AssignmentStatus]:
    """A session's standing in each open assignment of its class, the leading one first,
    each judged against the session's own deadline."""
    moment = timezone.now()
    return [
        status_of(
            a,
            progress,
            current_mode,
            moment,
            channels,
            deadline=known.deadlines.of(a.pk, guid),
        )
        for a in known.open_at(moment)
    ]


def statuses_for(
    cohort_id: int | None,
    guid: str,
    progress: Mapping[str, Any],
    current_mode: str,
    channels: Any = None,
) -> list[AssignmentStatus]:
    """`statuses_in` the cohort's assignments read now."""
    if cohort_id is None:
        return []
    return statuses_in(class_assignments(cohort_id), guid, progress, current_mode, channels)


def statuses_of(challenger: Challenger, current_mode: str) -> list[AssignmentStatus]:
    """`statuses_in` the session's class's remembered assignments: what the curriculum's
    progress page and its status JSON show (registered with `challenges.assigned` when the
    app starts). The pages read the session with its cohort, in one statement."""
    cohort = challenger.cohort if challenger.cohort_id is not None else None
    if cohort is None:
        return []
    known = remembered_class_assignments(cohort)
    return statuses_in(
        known, challenger.guid, challenger.progress or {}, current_mode, challenger.credit_channels
    )
