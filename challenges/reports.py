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
import io
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from challengers.models import Challenger, Cohort
from challengers.sessions import mode
from challenges.catalogue import challenges_for, completion_value, display_id
from challenges.declarations import Challenge, is_done
from challenges.near_misses import read_near_miss
from challenges.times import time_label

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


def percent(done: int, total: int) -> int:
    """Rounded down, so 98/99 never shows as 100%."""
    return (100 * done) // total if total else 0


def progress_label(progress: Mapping[str, Any], current_mode: str | None = None) -> str:
    """`12/99 (12%)`: what the admin list shows for a session."""
    total = total_count(current_mode)
    done = done_count(progress, current_mode)
    return f"{done}/{total} ({percent(done, total)}%)"


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
    done: int
    percent: int
    cells: SafeString  # every <td> of the row, built once in Python


@dataclass(frozen=True)
class ClassProgress:
    cohort: Cohort
    columns: list[Column]
    rows: list[Row]
    total: int
    average_percent: int
    finished: int
    stuck_at: Column | None  # first challenge (display order) fewer than half have done
    nearly: list[Column]  # challenges with at least one near miss, in display order


DONE_SYMBOL = "✓"
NEAR_SYMBOL = "≈"


def most_common(reasons: Counter[str]) -> tuple[str, int]:
    """The most frequent reason and its count; ties go to the alphabetically first, so the
    page does not change with the order students are listed in."""
    if not reasons:
        return "", 0
    return min(reasons.items(), key=lambda item: (-item[1], item[0]))


def class_progress(cohort: Cohort, current_mode: str | None = None) -> ClassProgress:
    """The students × challenges matrix of one cohort (done and near-miss cells), and per
    challenge how many completed it, how many nearly did and why most of those missed."""
    current = current_mode or mode()
    challenges: tuple[Challenge, ...] = challenges_for(current)
    sessions = list(
        Challenger.objects.filter(cohort=cohort)
        .order_by("display_name", "guid")
        .values_list("guid", "display_name", "progress", "near_misses")
    )
    total = len(challenges)
    counts = [0] * total
    reasons: list[Counter[str]] = [Counter() for _ in challenges]
    rows: list[Row] = []
    ids = [display_id(c.key, current) for c in challenges]
    keys = [c.key for c in challenges]
    for guid, name, progress, near_misses in sessions:
        progress = progress or {}
        near_misses = near_misses if isinstance(near_misses, dict) else {}
        cells: list[str] = []
        done = 0
        for index, key in enumerate(keys):
            value = completion_value(progress, key)
            if value is not None and is_done(value):
                done += 1
                counts[index] += 1
                when = time_label(value) or "time unknown"
                cells.append(
                    f'<td class="cp-done" title="#{ids[index]} done {when}">{DONE_SYMBOL}</td>'
                )
            elif key in near_misses and (near := read_near_miss(key, near_misses[key], current)):
                reasons[index][near.reason] += 1
                title = escape(f"#{ids[index]} {near.summary}")
                cells.append(f'<td class="cp-near" title="{title}">{NEAR_SYMBOL}</td>')
            else:
                cells.append("<td></td>")
        # Cells hold one text students typed, the near-miss title, and it is escaped.
        row_cells = mark_safe("".join(cells))
        rows.append(
            Row(
                guid=guid,
                name=name or guid,
                done=done,
                percent=percent(done, total),
                cells=row_cells,
            )
        )
    students = len(rows)
    columns = []
    for index, challenge in enumerate(challenges):
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
    stuck_at = next((c for c in columns if students and c.count * 2 < students), None)
    return ClassProgress(
        cohort=cohort,
        columns=columns,
        rows=rows,
        total=total,
        average_percent=(sum(r.percent for r in rows) // students) if students else 0,
        finished=sum(1 for r in rows if r.done == total),
        stuck_at=stuck_at,
        nearly=[c for c in columns if c.near_count],
    )


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


def progress_csv_rows(queryset: QuerySet[Challenger]) -> Iterator[list[str]]:
    """Header, then one row per session: totals, then each challenge key's completion time
    (ISO-8601, empty when not done)."""
    current = mode()
    challenges = challenges_for(current)
    total = len(challenges)
    yield [*CSV_FIXED, *(c.key for c in challenges)]
    rows: Iterable[tuple[Any, ...]] = queryset.order_by("display_name", "guid").values_list(
        "guid", "display_name", "cohort__code", "progress", "created_at", "last_seen"
    )
    for guid, name, cohort_code, progress, created_at, last_seen in rows:
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
        ]


def progress_csv(queryset: QuerySet[Challenger]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerows(progress_csv_rows(queryset))
    return buffer.getvalue()
