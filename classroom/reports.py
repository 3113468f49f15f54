"""Progress as instructors read it: done counts, progress bands, the class matrix with its
near misses, CSV.

Everything here starts from `Challenger.progress` ({challenge key: ISO completion time}),
`Challenger.near_misses` (read through `challenges.near_misses`) and the catalogue; nothing
names a challenge. The class matrix is built from ONE query of its sessions (their JSON
columns and times as the database's text) and rendered from precomputed HTML strings, each
row's kept by everything it is made from (`_row_facts`), so a class of 300 students × 99
challenges costs the same number of queries as a class of 3, and a poll of the class page
works out again only the rows that changed.
"""

from __future__ import annotations

import csv
import hashlib
import io
import threading
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from functools import lru_cache
from typing import Any, overload

import orjson
from cachetools import LRUCache, cached
from django.db.models import QuerySet, TextField
from django.db.models.functions import Cast
from django.utils import timezone
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from challengers.models import Challenger, Cohort
from challengers.sessions import mode
from challenges.catalogue import challenges_for, completion_value, display_id
from challenges.channels import COLLECTION, LABELS, OWN, PAGE, RESTORED, credit_channel, own_time
from challenges.declarations import Challenge, is_done
from challenges.near_misses import read_near_miss
from challenges.selectors import percent
from challenges.times import clock_label, format_time, parse_time, time_label
from classroom.assignments import (
    AssignmentStatus,
    assigned_challenges,
    class_assignments,
    leading_assignments,
    status_of,
)
from classroom.deadlines import NO_DEADLINE, Deadline, is_late, student_deadlines
from classroom.models import Assignment

# --------------------------------------------------------------------------- one session


def done_keys(progress: Mapping[str, Any], current_mode: str | None = None) -> list[str]:
    """Keys of the mode's challenges that are done, in display order."""
    current_mode = current_mode or mode()
    return [
        c.key for c in challenges_for(current_mode) if is_done(completion_value(progress, c.key))
    ]


def done_count(progress: Mapping[str, Any], current_mode: str | None = None) -> int:
    return len(done_keys(progress, current_mode))


def total_count(current_mode: str | None = None) -> int:
    return len(challenges_for(current_mode or mode()))


# --------------------------------------------------------------------------- progress bands


@dataclass(frozen=True)
class Band:
    slug: str
    label: str
    low: int
    high: int

    def contains(self, done: int) -> bool:
        return self.low <= done <= self.high


def bands(current_mode: str | None = None) -> tuple[Band, ...]:
    """0, 1–24, 25–49, 50–74, 75–(all but one), all: the admin's progress filter."""
    total = total_count(current_mode)
    return (
        Band("none", "Not started (0)", 0, 0),
        Band("1-24", "1–24", 1, 24),
        Band("25-49", "25–49", 25, 49),
        Band("50-74", "50–74", 50, 74),
        Band("75-most", f"75–{total - 1}", 75, total - 1),
        Band("all", f"All {total} done", total, total),
    )


def band_by_slug(slug: str, current_mode: str | None = None) -> Band | None:
    return next((b for b in bands(current_mode) if b.slug == slug), None)


def guids_in_band(queryset: QuerySet[Challenger], band: Band) -> list[str]:
    """GUIDs of the sessions whose done count falls in `band`.

    Counted in Python from one values_list query: the count depends on the catalogue
    (mode, deprecated keys), which the database cannot know.
    """
    current = mode()
    return [
        guid
        for guid, progress in queryset.values_list("guid", "progress")
        if band.contains(done_count(progress or {}, current))
    ]


# --------------------------------------------------------------------------- class matrix


@dataclass(frozen=True)
class Column:
    key: str
    display_id: str
    name: str
    section: str
    count: int
    percent: int
    bar_style: str  # precomputed inline width, so the template does no arithmetic
    near_count: int  # students with a near miss on it (and not done)
    near_reason: str  # the reason most of them got ("" without near misses)
    near_reason_count: int


@dataclass(frozen=True)
class Row:
    guid: str
    name: str
    initials: str
    done: int  # of the columns shown
    percent: int
    late: int  # assigned challenges completed after the due time in force for them then
    extended_to: str  # their own due time for the leading assignment, shown; "" without
    last_api_request: datetime | None  # None: no API request known
    active: bool  # an API request in the last ACTIVE_WINDOW
    cells: SafeString  # every <td> of the row, built once in Python
    cells_digest: str  # of `cells`: what the class page's version counts them by


@dataclass(frozen=True)
class Student:
    """A student as the lists under "where the class is stuck" name them."""

    guid: str
    name: str
    initials: str


@dataclass(frozen=True)
class LatestNearMiss:
    """A student's latest near miss among the columns shown: where they are trying now,
    and what they were told."""

    column: Column
    reason: str


@dataclass(frozen=True)
class StuckGroup:
    """Students whose latest near miss is on the same challenge, with the same reason."""

    reason: str
    students: list[Student]


@dataclass(frozen=True)
class StuckChallenge:
    """A challenge where active students' latest near miss is: they are trying it now and
    have no credit for it."""

    column: Column
    students: int  # active students whose latest near miss is on it
    groups: list[StuckGroup]  # by reason, the reason most of them were told first


@dataclass(frozen=True)
class StalledStudent:
    """An active student still sending API requests with no new credit for a while."""

    guid: str
    name: str
    initials: str
    minutes: int  # since their last credit (or since the session began)
    near: int  # open near misses among the columns
    latest: LatestNearMiss | None  # None: no near miss among the columns

    @property
    def since_label(self) -> str:
        """`25 min`, `3 h`, `2 days`: how long without a new credit."""
        if self.minutes < 120:
            return f"{self.minutes} min"
        if self.minutes < 48 * 60:
            return f"{self.minutes // 60} h"
        return f"{self.minutes // (24 * 60)} days"


@dataclass(frozen=True)
class StalledGroup:
    """Stalled students whose latest near miss is the same challenge and reason (or who
    have none), the longest stalled first."""

    latest: LatestNearMiss | None
    students: list[StalledStudent]


@dataclass(frozen=True)
class ClassProgress:
    cohort: Cohort
    columns: list[Column]
    rows: list[Row]
    total: int  # challenges shown
    average_percent: int
    finished: int  # students who have done every challenge shown
    nearly: list[Column]  # challenges with at least one near miss, in display order
    assignment: AssignmentStatus | None  # the leading open assignment's columns, if shown
    assignments: list[Assignment]  # every open assignment, the leading one first
    all_columns: bool  # every challenge shown, though an assignment is open
    active: int  # students with an API request in the last STUCK_WINDOW
    stuck: list[StuckChallenge]
    stuck_others: int  # active students whose latest near miss is on a challenge not listed
    stalled: list[StalledGroup]
    unassigned_recent: int  # sessions made in the last hour that belong to no cohort
    moment: datetime

    @property
    def moment_label(self) -> str:
        """When it was read, to the second, in the server's zone with its name."""
        return clock_label(self.moment)

    @property
    def extended(self) -> bool:
        """Some student has an own due time for the leading assignment."""
        return any(row.extended_to for row in self.rows)


DONE_SYMBOL = "✓"
LATE_SYMBOL = "L"
NEAR_SYMBOL = "≈"
UNCOUNTED_SYMBOL = "○"  # done, but not by the student's own client, which is all that counts
UNCOUNTED_NOTE = "not counted: the assignment counts the student's own client only"
# Activity is API requests (`Challenger.last_api_request`): a student's open progress page
# or the instructor opening it is no sign of work. "Active" on the matrix; who counts for
# "where the class is stuck"; a student counts as stalled who sent an API request in the
# last STILL_SENDING with no credit in the last STALLED.
ACTIVE_WINDOW = timedelta(minutes=10)
STUCK_WINDOW = timedelta(minutes=30)
STALLED = timedelta(minutes=15)
STILL_SENDING = timedelta(minutes=5)
UNASSIGNED_WINDOW = timedelta(hours=1)
STUCK_SHOWN = 5


def most_common(reasons: Counter[str]) -> tuple[str, int]:
    """The most frequent reason and its count; ties go to the alphabetically first, so the
    page does not change with the order students are listed in."""
    if not reasons:
        return "", 0
    return min(reasons.items(), key=lambda item: (-item[1], item[0]))


INITIALS_PARTS = 3  # `Maria de la Cruz` -> `MDL`: the parts a label starts from
NO_NAME = "?"


def _name_parts(name: str) -> list[str]:
    return name.replace("-", " ").replace(".", " ").split()


def class_labels(names: Sequence[str]) -> list[str]:
    """`_class_labels`, remembered for the last few classes asked for: the class page asks
    for every label each time it updates, and a class's names seldom change."""
    return list(_remembered_labels(tuple(names)))


@lru_cache(maxsize=64)
def _remembered_labels(names: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(_class_labels(names))


def _class_labels(names: Sequence[str]) -> list[str]:
    """What projector mode shows instead of each name: its initials (`Ada Lovelace` ->
    `AL`), made unique within the class, since the room must tell two students apart.

    Students whose labels collide take one more letter of the first name part in which
    their names differ, until the labels differ: "Ali Lee" and "Ana Lopez" become `AlL` and
    `AnL`, "Ben Smith" and "Ben Stone" `BSm` and `BSt`. Names that are the same (two "Ben
    Smith", or no name at all) are then numbered in the order given: `BS1`, `BS2`; `?1`,
    `?2`."""
    parts = [[p.casefold() for p in _name_parts(name)] for name in names]
    # How many letters of each part a label shows: the first letter of the first parts.
    shown = [[1 if i < INITIALS_PARTS else 0 for i in range(len(p))] for p in parts]

    def label(student: int) -> str:
        chunks = [part[:n] for part, n in zip(parts[student], shown[student], strict=True) if n]
        return "".join(c[0].upper() + c[1:] for c in chunks) or NO_NAME

    labels = [label(student) for student in range(len(names))]
    holders: dict[str, list[int]] = {}
    for student, text in enumerate(labels):
        holders.setdefault(text, []).append(student)
    # Each round looks only at the labels the last round changed, so a class costs about
    # one pass over its names, plus a few per colliding student.
    alike = [group for group in holders.values() if len(group) > 1]
    while alike:
        grown: list[int] = []
        for group in alike:
            grown.extend(_grow(group, parts, shown))
        touched = set()
        for student in grown:
            holders[labels[student]].remove(student)
            touched.add(labels[student])
            labels[student] = label(student)
            holders.setdefault(labels[student], []).append(student)
            touched.add(labels[student])
        alike = [holders[text] for text in sorted(touched) if len(holders[text]) > 1]
    return _numbered(labels)


def _grow(group: list[int], parts: list[list[str]], shown: list[list[int]]) -> list[int]:
    """One more letter, for the students of `group` (whose labels are the same), of the
    first name part in which their names differ; the students who grew."""
    for position in range(max(len(parts[s]) for s in group)):
        words = {parts[s][position] if position < len(parts[s]) else "" for s in group}
        growing = [
            s
            for s in group
            if position < len(parts[s]) and shown[s][position] < len(parts[s][position])
        ]
        if len(words) > 1 and growing:
            for s in growing:
                shown[s][position] += 1
            return growing
    return []


def _numbered(labels: list[str]) -> list[str]:
    """Labels still the same, numbered in order, each with a number no other label has."""
    holders: dict[str, list[int]] = {}
    for student, text in enumerate(labels):
        holders.setdefault(text, []).append(student)
    taken = set(labels)
    for group in (group for group in holders.values() if len(group) > 1):
        number = 0
        for student in group:
            number += 1
            while f"{labels[student]}{number}" in taken:
                number += 1
            labels[student] = f"{labels[student]}{number}"
            taken.add(labels[student])
    return labels


def _how(progress: Mapping[str, Any], channels: Any, key: str) -> tuple[str, Any]:
    """What a done cell's title adds after its time (` in Try it or the API docs`, and
    when the student's own client did it later), and the completion an assignment that
    counts the student's own client only measures (None: it has not)."""
    channel = credit_channel(progress, channels, key)
    if channel == OWN:
        return "", completion_value(progress, key)
    own = own_time(progress, channels, key)
    how = f" {LABELS[channel]}"
    if own is not None:
        how += f", from the student's own client {time_label(own) or 'later'}"
    return how, own


def _latest_credit(progress: Mapping[str, Any]) -> datetime | None:
    # The stamps this app writes sort as text; a restored payload holds booleans.
    stamps = [v for v in progress.values() if isinstance(v, str)]
    return parse_time(max(stamps)) if stamps else None


TEXT_COLUMNS = ("progress", "near_misses", "credit_channels", "last_api_request", "created_at")


@overload
def _stored_time(text: str) -> datetime: ...
@overload
def _stored_time(text: None) -> None: ...
def _stored_time(text: str | None) -> datetime | None:
    """A time column as its text: SQLite's (UTC, without an offset) or PostgreSQL's (with
    the connection's offset, UTC)."""
    if text is None:
        return None
    moment = datetime.fromisoformat(text)
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


@dataclass(frozen=True)
class _Columns:
    """What a row's cells depend on beside the session and its deadline: the columns, the
    mode that reads its near misses, whether only the student's own client counts, and the
    zone its times are shown in."""

    mode: str
    keys: tuple[str, ...]
    ids: tuple[str, ...]
    assigned: frozenset[str]
    own_only: bool
    zone: str

    def __post_init__(self) -> None:
        # Hashed once: each row's look-up in `_row_facts`'s cache hashes it.
        object.__setattr__(self, "_hash", hash(astuple_of(self)))

    def __hash__(self) -> int:
        return self._hash  # type: ignore[attr-defined]


@lru_cache(maxsize=64)
def _columns(
    current: str, keys: tuple[str, ...], assigned: frozenset[str], own_only: bool, zone: str
) -> _Columns:
    """The same `_Columns` for the same columns: `_row_facts`'s cache then finds a row by
    the columns' identity rather than comparing them whole, row after row."""
    ids = tuple(display_id(key, current) for key in keys)
    return _Columns(current, keys, ids, assigned, own_only, zone)


def astuple_of(columns: _Columns) -> tuple[Any, ...]:
    return (
        columns.mode,
        columns.keys,
        columns.ids,
        columns.assigned,
        columns.own_only,
        columns.zone,
    )


@dataclass(frozen=True)
class _RowFacts:
    """One session's row of the matrix, as its progress, near misses, credit channels and
    own deadline make it."""

    done: int
    late: int
    cells: SafeString  # every <td> of the row
    digest: str  # of `cells`
    done_at: tuple[int, ...]  # the places of the columns done and counted
    near: tuple[tuple[int, str], ...]  # (place, reason) of each open near miss
    latest: tuple[int, str] | None  # (place, reason) of the newest near miss
    latest_credit: datetime | None


# The class page reads every row of its class at each poll, so this holds a whole class:
# a cache smaller than the class, read in a loop, would forget each row before it is asked
# for again. Bounded by the cells it keeps: a row of 99 columns is about 6 KB, so 16 MB
# hold some 2,700 such rows, and many more of an assignment's few columns.
_ROW_FACTS: LRUCache[Any, _RowFacts] = LRUCache(
    maxsize=16 * 2**20, getsizeof=lambda facts: len(facts.cells) + 512
)


@cached(_ROW_FACTS, lock=threading.Lock())
def _row_facts(
    columns: _Columns,
    deadline: Deadline,
    progress_text: str | None,
    near_text: str | None,
    channels_text: str | None,
) -> _RowFacts:
    """A row's facts, remembered by everything they are made from: the class page asks for
    the whole matrix every few seconds, while most of its students' rows stay the same."""
    progress = _json_object(progress_text)
    near_misses = _json_object(near_text)
    channels = _json_object(channels_text) or None
    ids, current, own_only = columns.ids, columns.mode, columns.own_only
    cells: list[str] = []
    done_at: list[int] = []
    near_open: list[tuple[int, str]] = []
    late = 0
    latest: tuple[datetime, int, str] | None = None  # moment, column index, reason
    for index, key in enumerate(columns.keys):
        value = completion_value(progress, key)
        if value is not None and is_done(value):
            when = time_label(value) or "time unknown"
            how, measured = "", value
            if channels:
                # Only sessions with credits not from their own client look further.
                how, measured = _how(progress, channels, key)
            if measured is None and own_only and key in columns.assigned:
                cells.append(
                    f'<td class="cp-done cp-uncounted" title="#{ids[index]} done {when}'
                    f'{how}; {UNCOUNTED_NOTE}">{UNCOUNTED_SYMBOL}</td>'
                )
                continue
            if not own_only:
                measured = value
            done_at.append(index)
            if key in columns.assigned and is_late(measured, deadline):
                late += 1
                cells.append(
                    f'<td class="cp-done cp-late" title="#{ids[index]} done {when}{how}, '
                    f'after the due time">{LATE_SYMBOL}</td>'
                )
            else:
                cells.append(
                    f'<td class="cp-done" title="#{ids[index]} done {when}{how}">{DONE_SYMBOL}</td>'
                )
        elif key in near_misses and (near := read_near_miss(key, near_misses[key], current)):
            near_open.append((index, near.reason))
            # The newest; of equal times, the first in display order.
            if latest is None or near.moment > latest[0]:
                latest = (near.moment, index, near.reason)
            title = escape(f"#{ids[index]} {near.summary}")
            cells.append(f'<td class="cp-near" title="{title}">{NEAR_SYMBOL}</td>')
        else:
            cells.append("<td></td>")
    text = "".join(cells)
    return _RowFacts(
        done=len(done_at),
        late=late,
        # Cells hold one text students typed, the near-miss title, and it is escaped.
        cells=mark_safe(text),
        digest=hashlib.blake2b(text.encode(), digest_size=12).hexdigest(),
        done_at=tuple(done_at),
        near=tuple(near_open),
        latest=(latest[1], latest[2]) if latest else None,
        latest_credit=_latest_credit(progress),
    )


def _json_object(text: str | None) -> dict[str, Any]:
    """A JSON column's text as an object; anything else (NULL, another JSON value) as none."""
    if not text:
        return {}
    value = orjson.loads(text)
    return value if isinstance(value, dict) else {}


def class_progress(
    cohort: Cohort,
    current_mode: str | None = None,
    *,
    all_columns: bool = False,
    moment: datetime | None = None,
) -> ClassProgress:
    """The students × challenges matrix of one cohort (done, late and near-miss cells), per
    challenge how many completed it, how many nearly did and why most of those missed, and
    where the students active now are stuck.

    With an open assignment the columns are its challenges (the leading one's), unless
    `all_columns`; done counts and "stuck" are measured against those columns."""
    current = current_mode or mode()
    moment = moment or timezone.now()
    # Read now, not remembered: the instructor's page follows the rows as they are.
    known = class_assignments(cohort.pk)
    assignments = known.open_at(moment)
    leading = assignments[0] if assignments else None
    challenges: tuple[Challenge, ...] = challenges_for(current)
    assigned = assigned_challenges(leading.challenges or (), current) if leading else ()
    shown = challenges if (all_columns or not assigned) else assigned
    assigned_keys = frozenset(c.key for c in assigned)
    # The leading assignment's deadlines, when its columns are what the matrix measures.
    measured = leading if leading and assigned else None
    deadlines = known.deadlines
    own_only = bool(leading and leading.own_client_only)
    # The JSON columns as the database's text: a row's facts are remembered by it
    # (`_row_facts`), and only a row whose text changed is read again. The times as text
    # too, parsed here: the ORM's conversion of each cost more than the rest of a row.
    as_text = {name: Cast(name, TextField()) for name in TEXT_COLUMNS}
    sessions = [
        (guid, name, progress, near, _stored_time(last_api), _stored_time(created), channels)
        for guid, name, progress, near, last_api, created, channels in Challenger.objects.filter(
            cohort=cohort
        )
        .order_by("display_name", "guid")
        .values_list(
            "guid",
            "display_name",
            as_text["progress"],
            as_text["near_misses"],
            as_text["last_api_request"],
            as_text["created_at"],
            as_text["credit_channels"],
        )
    ]
    # Made lately, not merely seen: a session a student made from their own client while
    # the class runs, which they can still join with. A session is seen when it is made,
    # so the test of `last_seen` changes nothing but lets its index find the rows.
    since = moment - UNASSIGNED_WINDOW
    unassigned_recent = Challenger.objects.filter(
        cohort__isnull=True, created_at__gte=since, last_seen__gte=since
    ).count()
    total = len(shown)
    counts: Counter[int] = Counter()
    reasons: list[Counter[str]] = [Counter() for _ in shown]
    rows: list[Row] = []
    # Each active student with their latest near miss among the columns, and each stalled
    # student with theirs (None: none): as (column index, reason) until the columns exist.
    trying: list[tuple[Student, int, str]] = []
    stalled: list[tuple[StalledStudent, tuple[int, str] | None]] = []
    columns_of = _columns(
        current,
        tuple(c.key for c in shown),
        assigned_keys,
        own_only,
        timezone.get_current_timezone_name(),
    )
    ids = columns_of.ids
    active_students = 0
    active_since = moment - ACTIVE_WINDOW
    stuck_since = moment - STUCK_WINDOW
    sending_since = moment - STILL_SENDING
    labels = class_labels([name for _, name, *_ in sessions])
    for (guid, name, progress, near_misses, last_api, created_at, channels), label in zip(
        sessions, labels, strict=True
    ):
        in_stuck_window = last_api is not None and last_api >= stuck_since
        active_students += in_stuck_window
        deadline = deadlines.of(measured.pk, guid) if measured else NO_DEADLINE
        facts = _row_facts(columns_of, deadline, progress, near_misses, channels)
        done = facts.done
        counts.update(facts.done_at)
        for index, reason in facts.near:
            reasons[index][reason] += 1
        latest = facts.latest
        if in_stuck_window and latest is not None:
            named = Student(guid=guid, name=name or guid, initials=label)
            trying.append((named, latest[0], latest[1]))
        if last_api is not None and last_api >= sending_since and done < total:
            credit = facts.latest_credit
            # A restored session carries credits older than itself: count from its start.
            since = max(credit, created_at) if credit else created_at
            if since <= moment - STALLED:
                student = StalledStudent(
                    guid=guid,
                    name=name or guid,
                    initials=label,
                    minutes=int((moment - since).total_seconds() // 60),
                    near=len(facts.near),
                    latest=None,  # set once the columns exist
                )
                stalled.append((student, latest))
        rows.append(
            Row(
                guid=guid,
                name=name or guid,
                initials=label,
                done=done,
                percent=percent(done, total),
                late=facts.late,
                extended_to=format_time(deadline.due_at) if deadline.extended else "",
                last_api_request=last_api,
                active=last_api is not None and last_api >= active_since,
                cells=facts.cells,
                cells_digest=facts.digest,
            )
        )
    students = len(rows)
    columns = []
    for index, challenge in enumerate(shown):
        share = percent(counts[index], students)
        reason, reason_count = most_common(reasons[index])
        columns.append(
            Column(
                key=challenge.key,
                display_id=ids[index],
                name=challenge.name,
                section=challenge.section.title,
                count=counts[index],
                percent=share,
                bar_style=f"width:{share}%",
                near_count=sum(reasons[index].values()),
                near_reason=reason,
                near_reason_count=reason_count,
            )
        )
    stuck = _stuck(columns, trying)
    return ClassProgress(
        cohort=cohort,
        columns=columns,
        rows=rows,
        total=total,
        average_percent=(sum(r.percent for r in rows) // students) if students else 0,
        finished=sum(1 for r in rows if total and r.done == total),
        nearly=[c for c in columns if c.near_count],
        assignment=(
            status_of(measured, {}, current, moment, deadline=deadlines.classes[measured.pk])
            if measured
            else None
        ),
        assignments=assignments,
        all_columns=all_columns or not assigned,
        active=active_students,
        stuck=stuck,
        stuck_others=len(trying) - sum(s.students for s in stuck),
        stalled=_stalled(columns, stalled),
        unassigned_recent=unassigned_recent,
        moment=moment,
    )


def _by_reason(students: Sequence[tuple[Student, str]]) -> list[StuckGroup]:
    """Students grouped by the reason they were told: the most students first, then by
    reason, so the page does not change with the order students are listed in."""
    grouped: dict[str, list[Student]] = {}
    for student, reason in students:
        grouped.setdefault(reason, []).append(student)
    order = sorted(grouped.items(), key=lambda item: (-len(item[1]), item[0]))
    return [StuckGroup(reason, named) for reason, named in order]


def _stuck(columns: list[Column], trying: list[tuple[Student, int, str]]) -> list[StuckChallenge]:
    """The STUCK_SHOWN challenges where most active students' latest near miss is, each
    with those students and what they were told."""
    on: dict[int, list[tuple[Student, str]]] = {}
    for student, index, reason in trying:
        on.setdefault(index, []).append((student, reason))
    # Most students first; equal counts in display order.
    ranked = sorted(on.items(), key=lambda item: (-len(item[1]), item[0]))[:STUCK_SHOWN]
    return [
        StuckChallenge(columns[index], len(found), _by_reason(found)) for index, found in ranked
    ]


def _stalled(
    columns: list[Column], stalled: list[tuple[StalledStudent, tuple[int, str] | None]]
) -> list[StalledGroup]:
    """Stalled students grouped by their latest near miss (challenge and reason), those with
    none together: the group of the longest stalled student first, and within a group the
    longest stalled first (then by name)."""
    grouped: dict[tuple[int, str] | None, list[StalledStudent]] = {}
    for student, where in stalled:
        latest = LatestNearMiss(columns[where[0]], where[1]) if where else None
        grouped.setdefault(where, []).append(replace(student, latest=latest))
    groups = [sorted(members, key=lambda s: (-s.minutes, s.name)) for members in grouped.values()]
    groups.sort(key=lambda members: (-members[0].minutes, members[0].name))
    return [StalledGroup(members[0].latest, members) for members in groups]


# --------------------------------------------------------------------------- CSV export

CSV_FIXED = (
    "guid",
    "display_name",
    "cohort",
    "done",
    "total",
    "percent",
    "created_at",
    "last_seen",
)


def _csv_safe(text: str) -> str:
    # Display names are typed by students: a leading =, +, - or @ would run as a formula
    # when the instructor opens the file in a spreadsheet.
    if text and text[0] in "=+-@\t\r":
        return "'" + text
    return text


CSV_ASSIGNMENT = ("assignment", "assigned", "assigned_done", "late")
# After every other column, so that the columns a spreadsheet already reads keep their
# places: `last_seen` counts page views, this only the student's API requests.
CSV_LAST = ("last_api_request",)
# How many of the done challenges were not done by the student's own client.
CSV_CHANNELS = ("done_in_page", "done_by_collection", "done_restored")


def csv_challenge_header(challenge: Challenge, current_mode: str) -> str:
    """A challenge's column header, as the class page names it: `01 POST /api/challenger
    (201)`."""
    return f"{display_id(challenge.key, current_mode)} {challenge.name}"


def progress_csv_rows(queryset: QuerySet[Challenger]) -> Iterator[list[str]]:
    """Header, then one row per session: totals, each challenge's completion time
    (ISO-8601, empty when not done) under its id and name, then the session's standing in
    its cohort's leading open assignment (its title, how many challenges it assigns, how
    many of those are done, how many of those were done after the due time; empty without
    one), then the time of its latest API request (ISO-8601, empty when none is known),
    then how many of the done challenges were done in this site's pages (Try it, the API
    docs), by the provided collection and restored from saved progress."""
    current = mode()
    challenges = challenges_for(current)
    total = len(challenges)
    yield [
        *CSV_FIXED,
        *(csv_challenge_header(c, current) for c in challenges),
        *CSV_ASSIGNMENT,
        *CSV_LAST,
        *CSV_CHANNELS,
    ]
    rows: list[tuple[Any, ...]] = list(
        queryset.order_by("display_name", "guid").values_list(
            "guid",
            "display_name",
            "cohort__code",
            "progress",
            "created_at",
            "last_seen",
            "cohort_id",
            "last_api_request",
            "credit_channels",
        )
    )
    moment = timezone.now()
    leading = leading_assignments({row[6] for row in rows if row[6] is not None}, moment)
    deadlines = student_deadlines(leading.values())
    for (
        guid,
        name,
        cohort_code,
        progress,
        created_at,
        last_seen,
        cohort_id,
        last_api,
        channels,
    ) in rows:
        progress = progress or {}
        times = []
        done = 0
        by_channel: Counter[str] = Counter()
        for challenge in challenges:
            value = completion_value(progress, challenge.key)
            if is_done(value):
                done += 1
                if channels:
                    by_channel[credit_channel(progress, channels, challenge.key)] += 1
                times.append(value if isinstance(value, str) else "true")
            else:
                times.append("")
        assignment = leading.get(cohort_id) if cohort_id is not None else None
        standing = ["", "", "", ""]
        if assignment is not None:
            deadline = deadlines.of(assignment.pk, guid)
            status = status_of(assignment, progress, current, moment, channels, deadline=deadline)
            standing = [
                _csv_safe(status.title),
                str(status.assigned),
                str(status.done),
                str(len(status.late_keys)),
            ]
        yield [
            guid,
            _csv_safe(name or ""),
            cohort_code or "",
            str(done),
            str(total),
            str(percent(done, total)),
            created_at.isoformat(),
            last_seen.isoformat(),
            *times,
            *standing,
            last_api.isoformat() if last_api else "",
            str(by_channel[PAGE]),
            str(by_channel[COLLECTION]),
            str(by_channel[RESTORED]),
        ]


# A spreadsheet opens a CSV without a byte-order mark in the machine's legacy encoding:
# "Müller" would read "MÃ¼ller" in Excel.
CSV_BOM = "\ufeff"


def progress_csv(queryset: QuerySet[Challenger]) -> str:
    buffer = io.StringIO()
    buffer.write(CSV_BOM)
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerows(progress_csv_rows(queryset))
    return buffer.getvalue()
