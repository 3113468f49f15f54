"""Progress as instructors read it: done counts, progress bands, the class matrix with its
near misses, CSV.

Everything here starts from `Challenger.progress` ({challenge key: ISO completion time}),
`Challenger.near_misses` (read through `challenges.near_misses`) and the catalogue; nothing
names a challenge. The class matrix is built from ONE query
(`values_list("guid", "display_name", "progress", "near_misses")`) and rendered from
precomputed HTML strings, so a class of 300 students × 99 challenges costs the same number
of queries as a class of 3 and renders well under a second.
"""

from __future__ import annotations

import csv
import hashlib
import io
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import lru_cache
from typing import Any

import orjson
from django.db.models import QuerySet, TextField
from django.db.models.functions import Cast
from django.utils import timezone
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from challengers.models import Challenger, Cohort
from challengers.sessions import mode
from challenges.catalogue import challenges_for, completion_value, display_id
from challenges.declarations import Challenge, is_done
from challenges.near_misses import read_near_miss
from challenges.selectors import percent
from challenges.times import parse_time, time_label
from classroom.assignments import (
    AssignmentStatus,
    assigned_challenges,
    is_late,
    leading_assignments,
    open_assignments,
    status_of,
)
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
    late: int  # assigned challenges completed after the due time
    last_seen: datetime
    active: bool  # a request in the last ACTIVE_WINDOW
    cells: SafeString  # every <td> of the row, built once in Python


@dataclass(frozen=True)
class StuckChallenge:
    """A challenge that active students have nearly done, but not done."""

    column: Column
    students: int  # active students with a near miss on it and no credit
    reason: str
    reason_count: int


@dataclass(frozen=True)
class StalledStudent:
    """An active student still sending requests with no new credit for a while."""

    guid: str
    name: str
    initials: str
    minutes: int  # since their last credit (or since the session began)
    near: int  # open near misses among the columns

    @property
    def since_label(self) -> str:
        """`25 min`, `3 h`, `2 days`: how long without a new credit."""
        if self.minutes < 120:
            return f"{self.minutes} min"
        if self.minutes < 48 * 60:
            return f"{self.minutes // 60} h"
        return f"{self.minutes // (24 * 60)} days"


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
    active: int  # students active in the last STUCK_WINDOW
    stuck: list[StuckChallenge]
    stalled: list[StalledStudent]
    unassigned_recent: int  # sessions seen in the last hour that belong to no cohort
    moment: datetime
    # Changes whenever anything the class view shows of the report can: the digest of what
    # it was made from and of what the passing time decided (`_version`).
    version: str


DONE_SYMBOL = "✓"
LATE_SYMBOL = "L"
NEAR_SYMBOL = "≈"
# "Active" on the matrix; who counts for "where the class is stuck"; a student counts as
# stalled who sent a request in the last STILL_SENDING with no credit in the last STALLED.
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


def _latest_credit(progress: Mapping[str, Any]) -> datetime | None:
    # The stamps this app writes sort as text; a restored payload holds booleans.
    stamps = [v for v in progress.values() if isinstance(v, str)]
    return parse_time(max(stamps)) if stamps else None


@dataclass(frozen=True)
class ClassSession:
    """A session of a class as the class matrix reads it: progress and near misses as the
    database's JSON text (`_row_facts` reads them)."""

    guid: str
    name: str
    progress: str | None
    near_misses: str | None
    last_seen: datetime
    created_at: datetime


def class_sessions(cohort: Cohort) -> list[ClassSession]:
    """The cohort's sessions by name: one query, the JSON columns left as text, and the
    times read as text too, then parsed here (the ORM's conversion of each cost more than
    the rest of a row)."""
    as_text = {
        name: Cast(name, TextField())
        for name in ("progress", "near_misses", "last_seen", "created_at")
    }
    rows = (
        Challenger.objects.filter(cohort=cohort)
        .order_by("display_name", "guid")
        .values_list("guid", "display_name", *(as_text[name] for name in as_text))
    )
    return [
        ClassSession(guid, name, progress, near, _stored_time(seen), _stored_time(created))
        for guid, name, progress, near, seen, created in rows
    ]


def _stored_time(text: str) -> datetime:
    """A time column as its text: SQLite's (UTC, without an offset) or PostgreSQL's (with
    the connection's offset, UTC)."""
    moment = datetime.fromisoformat(text)
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


@dataclass(frozen=True)
class _Columns:
    """What a row's cells depend on beside the session: the matrix's columns."""

    mode: str
    keys: tuple[str, ...]
    ids: tuple[str, ...]
    assigned: frozenset[str]
    due: datetime | None

    def __post_init__(self) -> None:
        # Hashed once: each row's look-up in `_row_facts`'s cache hashes it.
        object.__setattr__(self, "_hash", hash((self.mode, self.keys, self.assigned, self.due)))

    def __hash__(self) -> int:
        return self._hash  # type: ignore[attr-defined]


@dataclass(frozen=True)
class _RowFacts:
    """One session's row of the matrix, as its progress and near misses make it."""

    done: int
    late: int
    cells: SafeString  # every <td> of the row
    done_at: tuple[int, ...]  # the places of the columns done
    near: tuple[tuple[int, str], ...]  # (place, reason) of each open near miss
    latest_credit: datetime | None
    # Of the stored progress and near misses the row was made from: what the report's
    # version is made of, rather than their whole text again.
    digest: str


# About 10 KB each (the row's stored text and its cells): some three classes of 300.
@lru_cache(maxsize=1024)
def _row_facts(columns: _Columns, progress_text: str | None, near_text: str | None) -> _RowFacts:
    """A row's facts, remembered by what they are made from: the class page asks for the
    whole matrix every few seconds, while most of its students' rows stay the same."""
    progress = _json_object(progress_text)
    near_misses = _json_object(near_text)
    ids, current = columns.ids, columns.mode
    cells: list[str] = []
    done_at: list[int] = []
    near: list[tuple[int, str]] = []
    late = 0
    for index, key in enumerate(columns.keys):
        value = completion_value(progress, key)
        if value is not None and is_done(value):
            done_at.append(index)
            when = time_label(value) or "time unknown"
            if key in columns.assigned and is_late(value, columns.due):
                late += 1
                cells.append(
                    f'<td class="cp-done cp-late" title="#{ids[index]} done {when}, '
                    f'after the due time">{LATE_SYMBOL}</td>'
                )
            else:
                cells.append(
                    f'<td class="cp-done" title="#{ids[index]} done {when}">{DONE_SYMBOL}</td>'
                )
        elif key in near_misses and (near_miss := read_near_miss(key, near_misses[key], current)):
            near.append((index, near_miss.reason))
            title = escape(f"#{ids[index]} {near_miss.summary}")
            cells.append(f'<td class="cp-near" title="{title}">{NEAR_SYMBOL}</td>')
        else:
            cells.append("<td></td>")
    return _RowFacts(
        done=len(done_at),
        late=late,
        # Cells hold one text students typed, the near-miss title, and it is escaped.
        cells=mark_safe("".join(cells)),
        done_at=tuple(done_at),
        near=tuple(near),
        latest_credit=_latest_credit(progress),
        digest=hashlib.blake2b(
            orjson.dumps([progress_text, near_text]), digest_size=12
        ).hexdigest(),
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
    assignments = open_assignments(cohort.pk, moment)
    leading = assignments[0] if assignments else None
    challenges: tuple[Challenge, ...] = challenges_for(current)
    assigned = assigned_challenges(leading.challenges or (), current) if leading else ()
    shown = challenges if (all_columns or not assigned) else assigned
    assigned_keys = frozenset(c.key for c in assigned)
    due = leading.due_at if leading else None
    sessions = class_sessions(cohort)
    unassigned_recent = Challenger.objects.filter(
        cohort__isnull=True, last_seen__gte=moment - UNASSIGNED_WINDOW
    ).count()
    total = len(shown)
    counts: Counter[int] = Counter()
    reasons: list[Counter[str]] = [Counter() for _ in shown]
    active_reasons: list[Counter[str]] = [Counter() for _ in shown]
    rows: list[Row] = []
    stalled: list[StalledStudent] = []
    columns_of = _Columns(
        current,
        tuple(c.key for c in shown),
        tuple(display_id(c.key, current) for c in shown),
        assigned_keys,
        due,
    )
    active_students = 0
    labels = class_labels([session.name for session in sessions])
    made_from: list[_RowFacts] = []
    for session, label in zip(sessions, labels, strict=True):
        guid, name, last_seen = session.guid, session.name, session.last_seen
        facts = _row_facts(columns_of, session.progress, session.near_misses)
        made_from.append(facts)
        in_stuck_window = last_seen >= moment - STUCK_WINDOW
        active_students += in_stuck_window
        counts.update(facts.done_at)
        for index, reason in facts.near:
            reasons[index][reason] += 1
            if in_stuck_window:
                active_reasons[index][reason] += 1
        done = facts.done
        if last_seen >= moment - STILL_SENDING and done < total:
            latest = facts.latest_credit
            # A restored session carries credits older than itself: count from its start.
            since = max(latest, session.created_at) if latest else session.created_at
            if since <= moment - STALLED:
                stalled.append(
                    StalledStudent(
                        guid=guid,
                        name=name or guid,
                        initials=label,
                        minutes=int((moment - since).total_seconds() // 60),
                        near=len(facts.near),
                    )
                )
        rows.append(
            Row(
                guid=guid,
                name=name or guid,
                initials=label,
                done=done,
                percent=percent(done, total),
                late=facts.late,
                last_seen=last_seen,
                active=last_seen >= moment - ACTIVE_WINDOW,
                cells=facts.cells,
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
                display_id=columns_of.ids[index],
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
    stuck = sorted(
        (
            StuckChallenge(column, sum(found.values()), *most_common(found))
            for column, found in zip(columns, active_reasons, strict=True)
            if found
        ),
        key=lambda s: -s.students,  # stable: equal counts keep display order
    )[:STUCK_SHOWN]
    stalled.sort(key=lambda s: (-s.minutes, s.name))
    made_of = [
        columns_of.mode,
        columns_of.keys,
        columns_of.ids,
        all_columns,
        [cohort.pk, cohort.name, cohort.code],
        [
            [
                a.pk,
                a.title,
                a.challenges,
                a.opens_at,
                a.due_at,
                bool(a.due_at and a.due_at <= moment),
            ]
            for a in assignments
        ],
        unassigned_recent,
        [[s.guid, s.name, s.last_seen, s.created_at] for s in sessions],
        [facts.digest for facts in made_from],
        # What the time decides: who is active, who counts for "stuck", who is stalled.
        [row.active for row in rows],
        [[s.column.key, s.students, s.reason, s.reason_count] for s in stuck],
        [[s.guid, s.minutes, s.near] for s in stalled],
        active_students,
    ]
    return ClassProgress(
        cohort=cohort,
        columns=columns,
        rows=rows,
        total=total,
        average_percent=(sum(r.percent for r in rows) // students) if students else 0,
        finished=sum(1 for r in rows if total and r.done == total),
        nearly=[c for c in columns if c.near_count],
        assignment=(status_of(leading, {}, current, moment) if leading and assigned else None),
        assignments=assignments,
        all_columns=all_columns or not assigned,
        active=active_students,
        stuck=stuck,
        stalled=stalled,
        unassigned_recent=unassigned_recent,
        moment=moment,
        version=_version(made_of),
    )


def _version(made_of: list[Any]) -> str:
    # The same across processes and restarts (no `hash()`): each process of a server
    # answers the same version for the same class.
    encoded = orjson.dumps(made_of, option=orjson.OPT_NON_STR_KEYS | orjson.OPT_SORT_KEYS)
    return hashlib.blake2b(encoded, digest_size=12).hexdigest()


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


def csv_challenge_header(challenge: Challenge, current_mode: str) -> str:
    """A challenge's column header, as the class page names it: `01 POST /api/challenger
    (201)`."""
    return f"{display_id(challenge.key, current_mode)} {challenge.name}"


def progress_csv_rows(queryset: QuerySet[Challenger]) -> Iterator[list[str]]:
    """Header, then one row per session: totals, each challenge's completion time
    (ISO-8601, empty when not done) under its id and name, then the session's standing in
    its cohort's leading open assignment (its title, how many challenges it assigns, how
    many of those are done, how many of those were done after the due time; empty without
    one)."""
    current = mode()
    challenges = challenges_for(current)
    total = len(challenges)
    yield [
        *CSV_FIXED,
        *(csv_challenge_header(c, current) for c in challenges),
        *CSV_ASSIGNMENT,
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
        )
    )
    moment = timezone.now()
    leading = leading_assignments({row[6] for row in rows if row[6] is not None}, moment)
    for guid, name, cohort_code, progress, created_at, last_seen, cohort_id in rows:
        progress = progress or {}
        times = []
        done = 0
        for challenge in challenges:
            value = completion_value(progress, challenge.key)
            if is_done(value):
                done += 1
                times.append(value if isinstance(value, str) else "true")
            else:
                times.append("")
        assignment = leading.get(cohort_id) if cohort_id is not None else None
        standing = ["", "", "", ""]
        if assignment is not None:
            status = status_of(assignment, progress, current, moment)
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
