"""The instructor's live class page: its context, the staff-only JSON the page polls to
update itself in place, and the cohort's join link with its QR code.

The page and the JSON render the same partial (`_class_live.html`), so there is one
place that says what the class view shows; the page's script swaps the partial's HTML
in, keeps the matrix's scroll position and re-applies the instructor's sort. The JSON
answers 304 while the area is still the version the script shows (`live_version`), and
the matrix's rows are built in Python and kept (`_matrix_row`): the page polls every few
seconds, and most of a class stays the same from one poll to the next.

The page is made to be projected, and a GUID is a student's only credential, so it shows
none: a student's row links to their session by a keyed hash of the GUID (redirected to
the session's admin page), and any GUID a student's request put in a near-miss line is
masked.
"""

from __future__ import annotations

import hashlib
import re
import threading
from collections.abc import Callable
from functools import lru_cache
from typing import Any

import orjson
import segno
from cachetools import LRUCache, cached
from django.conf import settings
from django.contrib.admin.utils import quote
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.crypto import constant_time_compare, salted_hmac
from django.utils.html import escape
from django.utils.http import parse_etags
from django.utils.safestring import SafeString, mark_safe

from challengers.models import Challenger, Cohort
from challengers.sessions import mode
from challenges.catalogue import challenges_for
from classroom.lti import course
from classroom.models import Assignment, CohortInstructor
from classroom.reports import ClassProgress, Column, Row, class_progress
from classroom.teaching import sees_every_cohort
from practiceapi.openapi import public_base

NAME_MODES = ("full", "initials", "hidden")
POLL_SECONDS = 5
# Named where the class page was first written; kept, so the links it shows stay the same.
STUDENT_KEY_SALT = "challenges.class_view.student_key"
# A GUID as students write one in a path or a name: with or without its dashes, any case.
GUID_SHAPED = re.compile(r"[0-9a-fA-F]{8}(?:-?[0-9a-fA-F]{4}){3}-?[0-9a-fA-F]{12}")
GUID_MASK = "{guid}"


def join_path(cohort: Cohort) -> str:
    return f"/join/{cohort.code}"


def join_url(request: HttpRequest, cohort: Cohort) -> str:
    """The join link as students reach it: on `APICHALLENGES_PUBLIC_URL` when set,
    otherwise on the address the instructor's own browser used."""
    return public_base(request) + join_path(cohort)


def is_loopback(request: HttpRequest) -> bool:
    """The instructor reached the server as localhost: a link made from that address
    works on their machine only."""
    host = request.get_host().rsplit(":", 1)[0].strip("[]")
    return not getattr(settings, "APICHALLENGES_PUBLIC_URL", "") and (
        host in ("localhost", "::1") or host.startswith("127.")
    )


def qr_svg(text: str, *, title: str = "") -> SafeString:
    """An inline SVG QR code of `text` (segno; medium error correction, so a projector's
    glare or a phone at an angle still reads it)."""
    code = segno.make(text, error="m", micro=False)
    svg = code.svg_inline(
        scale=4, border=2, dark="#000", light="#fff", svgclass="qr", omitsize=True, title=title
    )
    return mark_safe(svg)  # segno's SVG, with `title` escaped by segno


def view_options(request: HttpRequest) -> dict[str, Any]:
    """The page's switches, read from its query string (the script sends the same)."""
    names = request.GET.get("names", "")
    projector = request.GET.get("projector", "") == "1"
    if names not in NAME_MODES:
        names = "initials" if projector else "full"
    return {
        "all_columns": request.GET.get("columns", "") == "all",
        "projector": projector,
        "names": names,
    }


def student_key(guid: str) -> str:
    """What a student's links on the class page name their session by: an HMAC of the GUID
    under the server's secret key, which shows nothing of the GUID and cannot be turned
    back into it."""
    return _student_key(guid, settings.SECRET_KEY)


@lru_cache(maxsize=8192)
def _student_key(guid: str, secret: str) -> str:
    # Remembered: the class page links every student each time it is asked for, and a
    # student's key stays the same while the secret does.
    return salted_hmac(STUDENT_KEY_SALT, guid, secret=secret, algorithm="sha256").hexdigest()[:24]


def student_redirect(cohort: Cohort, key: str) -> HttpResponse:
    """The class page's link to a student: the admin page of the cohort's session whose
    key this is."""
    guids = Challenger.objects.filter(cohort=cohort).values_list("guid", flat=True)
    for guid in guids.iterator():
        if constant_time_compare(student_key(guid), key):
            return HttpResponseRedirect(
                reverse("admin:challengers_challenger_change", args=[quote(guid)])
            )
    raise Http404("No student of this class has that link.")


def without_guids(html: str) -> SafeString:
    """`html` with every GUID-shaped text masked: near-miss lines quote students' request
    paths (`GET /api/challenger/<guid>`), and a name may be anything."""
    return mark_safe(GUID_SHAPED.sub(GUID_MASK, html))  # masking keeps the markup as it was


def live_context(cohort: Cohort, report: ClassProgress, options: dict[str, Any]) -> dict[str, Any]:
    # The student links differ only by their key: the route is reversed once.
    base = reverse(
        "admin:challengers_cohort_progress_student", args=[quote(cohort.pk), STUDENT_KEY_SLOT]
    )
    before, _, after = base.partition(STUDENT_KEY_SLOT)
    secret = settings.SECRET_KEY  # read once: the settings' every read goes through a proxy

    def link(guid: str) -> str:
        return f"{before}{_student_key(guid, secret)}{after}"

    columns, students = report.columns, len(report.rows)
    return {
        "cohort": cohort,
        "join_path": join_path(cohort),
        "report": report,
        "students": students,
        "options": options,
        "matrix_rows": matrix_rows(report, options, link),
        "column_heads": mark_safe("".join(_column_head(c.display_id, c.name) for c in columns)),
        "bar_rows": mark_safe("".join(_bar_row(c, students) for c in columns)),
        # Each student these lists name, with their link: (what is said, [(student, link)]).
        "stuck": [
            (
                stuck,
                [
                    (group.reason, [(s, link(s.guid)) for s in group.students])
                    for group in stuck.groups
                ],
            )
            for stuck in report.stuck
        ],
        "stalled": [
            (group.latest, [(s, link(s.guid)) for s in group.students]) for group in report.stalled
        ],
    }


ROWS_SLOT = mark_safe("\x00matrix rows\x00")  # no text of the page holds a NUL
STUDENT_KEY_SLOT = "0" * 24  # a key's shape, where a student's own goes in the link
ACTIVE_ROW = ' class="cp-row-active"'
ACTIVE_MARK = (
    '<span class="cp-active-mark" title="an API request in the last 10 minutes">\u25cf</span> '
)


def matrix_rows(
    report: ClassProgress, options: dict[str, Any], link: Callable[[str], str]
) -> SafeString:
    """The matrix's rows, one `<tr>` a student, each masked of GUIDs. Built here rather
    than in the template, and each row remembered by what it shows: the class page asks
    for them every few seconds, most rows are the same as last time, and a template loop
    over hundreds of rows cost most of an answer."""
    names, total, zone = options["names"], report.total, timezone.get_current_timezone_name()
    hidden = names == "hidden"
    return mark_safe(
        "".join(
            # Only hidden names show a row's place: otherwise a student joining higher up
            # would make every row below them new to the cache.
            _matrix_row(row, link(row.guid), names, total, counter if hidden else 0, zone)
            for counter, row in enumerate(report.rows, start=1)
        )
    )


# Holds a whole class, for the reason `classroom.reports` gives for its rows' facts: a
# row is its cells and some markup, so this is bounded by the same 16 MB.
_MATRIX_ROWS: LRUCache[Any, str] = LRUCache(
    maxsize=16 * 2**20, getsizeof=lambda row: len(row) + 256
)


@cached(_MATRIX_ROWS, lock=threading.Lock())
def _matrix_row(row: Row, link: str, names: str, total: int, counter: int, zone: str) -> str:
    # `zone` is part of what the row is remembered by: its times are shown in it.
    unnamed = row.name == row.guid
    if names == "full":
        sort_name = "" if unnamed else escape(row.name.lower())
        shown = "(no name)" if unnamed else escape(row.name)
    elif names == "initials":
        sort_name = shown = escape(row.initials)
    else:
        sort_name, shown = "", f"#{counter}"
    seen = row.last_api_request
    if seen is None:
        last, title = "0", "no API request yet"
    else:
        local = timezone.localtime(seen)
        last = str(int(seen.timestamp()))
        title = f"last API request {local:%Y-%m-%d %H:%M} {local.tzname() or ''}"
    extended = (
        f' <span class="cp-extended" title="Own due time: {escape(row.extended_to)}">ext.</span>'
        if row.extended_to
        else ""
    )
    late = (
        f' <span class="cp-late-count" title="{row.late} done after the due time">'
        f"{row.late} late</span>"
        if row.late
        else ""
    )
    # Names are escaped above; the cells are the report's own markup.
    return without_guids(
        f'<tr data-name="{sort_name}" data-done="{row.done}" data-last="{last}"'
        f"{ACTIVE_ROW if row.active else ''}>"
        f'<th scope="row" class="cp-student">{ACTIVE_MARK if row.active else ""}'
        f'<a href="{escape(link)}" title="{escape(title)}">{shown}</a></th>'
        f'<td class="cp-total">{row.done}/{total}{extended}{late}</td>{row.cells}</tr>\n      '
    )


# The matrix's column headers and the completions' bars, one a challenge: built here and
# remembered for the same reasons as the rows (a class page shows up to every challenge).
@lru_cache(maxsize=1024)
def _column_head(display_id: str, name: str) -> str:
    return f'<th scope="col" title="{escape(display_id)} {escape(name)}">{escape(display_id)}</th>'


@lru_cache(maxsize=1024)
def _bar_row(column: Column, students: int) -> str:
    return (
        f'<tr><th scope="row"><span class="cp-id">{escape(column.display_id)}</span> '
        f'{escape(column.name)}</th><td class="cp-bar-cell"><span class="cp-bar">'
        f'<span class="cp-w-{column.percent}"></span></span></td><td class="cp-num">'
        f"{column.count} / {students} ({column.percent}%)</td></tr>\n    "
    )


def live_html(request: HttpRequest, context: dict[str, Any]) -> SafeString:
    """The partial both the page and its JSON show, rendered now, with no GUID in it. The
    matrix's rows come masked already (`_matrix_row`), and go in after the rest is masked:
    no GUID can span a row's edge, which is markup."""
    rows = context["matrix_rows"]
    context = {**context, "matrix_rows": ROWS_SLOT}
    html = render_to_string("admin/challengers/cohort/_class_live.html", context, request=request)
    return mark_safe(without_guids(html).replace(ROWS_SLOT, rows, 1))  # both masked markup


def live_version(report: ClassProgress, options: dict[str, Any]) -> str:
    """The version of the live area: a digest of everything it shows, read from the report
    (so what the passing time decides, such as who is active or stalled, is in it) and the
    page's switches. The same across processes and restarts (no `hash()`), so every
    process of a server names the same class alike."""
    assignment = report.assignment
    shown = [
        options["all_columns"],
        options["projector"],
        options["names"],
        timezone.get_current_timezone_name(),
        [report.cohort.pk, report.cohort.name, report.cohort.code],
        report.total,
        report.average_percent,
        report.finished,
        report.all_columns,
        report.active,
        report.unassigned_recent,
        report.stuck_others,
        [
            assignment.assignment.pk,
            assignment.due_at,
            assignment.own_client_only,
        ]
        if assignment
        else None,
        [
            [a.pk, a.title, len(a.challenges), a.own_client_only, a.due_at, _closed(a, report)]
            for a in report.assignments
        ],
        report.columns,
        [
            [
                r.guid,
                r.name,
                r.initials,
                r.done,
                r.late,
                r.extended_to,
                r.last_api_request,
                r.active,
                r.cells_digest,
            ]
            for r in report.rows
        ],
        report.stuck,
        report.stalled,
        [s.since_label for group in report.stalled for s in group.students],
    ]
    encoded = orjson.dumps(shown, option=orjson.OPT_NON_STR_KEYS | orjson.OPT_SORT_KEYS)
    return hashlib.blake2b(encoded, digest_size=12).hexdigest()


def _closed(assignment: Assignment, report: ClassProgress) -> bool:
    return bool(assignment.due_at and assignment.due_at <= report.moment)


def join_context(request: HttpRequest, cohort: Cohort) -> dict[str, Any]:
    """The cohort's join link, whether it names this machine only, and its QR code."""
    link = join_url(request, cohort)
    return {
        "join_url": link,
        "join_loopback": is_loopback(request),
        "join_qr": qr_svg(link, title=f"Join {cohort.name}: {link}"),
    }


def switches(options: dict[str, Any]) -> dict[str, str]:
    """The query strings of the page's switches, each keeping the other switches."""

    def query(**changes: Any) -> str:
        merged = {**options, **changes}
        parts = []
        if merged["all_columns"]:
            parts.append("columns=all")
        if merged["projector"]:
            parts.append("projector=1")
            parts.append(f"names={merged['names']}")
        return "?" + "&".join(parts) if parts else "?"

    return {
        "all_columns": query(all_columns=True),
        "assignment_columns": query(all_columns=False),
        "projector_on": query(projector=True, names="initials"),
        "projector_off": query(projector=False, names="full"),
        "names_initials": query(names="initials"),
        "names_hidden": query(names="hidden"),
    }


def progress_url(cohort: Cohort) -> str:
    return reverse("admin:challengers_cohort_progress", args=[quote(cohort.pk)])


def lms_context(cohort: Cohort, options: dict[str, Any]) -> dict[str, Any]:
    """The LMS section (roster, not started, links), left off a projected page: it names
    students who have not chosen to show up yet."""
    lms = None if options["projector"] else course.section(cohort)
    if lms is None:
        return {"lms": None}
    return {
        "lms": lms,
        "roster_url": reverse("admin:challengers_cohort_progress_roster", args=[quote(cohort.pk)]),
        "lms_link_url": reverse(
            "admin:challengers_cohort_progress_lms_link", args=[quote(cohort.pk)]
        ),
    }


def page_context(request: HttpRequest, cohort: Cohort) -> dict[str, Any]:
    """What the class page adds to the admin's own context."""
    options = view_options(request)
    report = class_progress(cohort, all_columns=options["all_columns"])
    live = live_context(cohort, report, options)
    return {
        **live,
        "live_html": live_html(request, live),
        **join_context(request, cohort),
        "switches": switches(options),
        "all_total": len(challenges_for(mode())),
        "live_url": reverse("admin:challengers_cohort_progress_live", args=[quote(cohort.pk)]),
        "sessions_url": reverse("admin:challengers_challenger_changelist")
        + f"?cohort__id__exact={cohort.pk}",
        "csv_url": reverse("admin:challengers_cohort_progress_csv", args=[quote(cohort.pk)]),
        "poll_seconds": POLL_SECONDS,
        # The version of the area the page shows: the script's first poll is a 304 if the
        # class is still as it was.
        "live_version": live_version(report, options),
        **lms_context(cohort, options),
    }


def live_json(request: HttpRequest, cohort: Cohort) -> HttpResponse:
    """The class view's partial, rendered now: `{"html": …, "students": n, "at": ISO,
    "atLabel": "14:05:09 EST"}` (the time the page shows, in the server's zone); 304 while
    the area is the version the page's script sends back as If-None-Match, checked before
    the partial is rendered."""
    options = view_options(request)
    report = class_progress(cohort, all_columns=options["all_columns"])
    etag = f'"{live_version(report, options)}"'
    if etag in parse_etags(request.headers.get("If-None-Match", "")):
        response = HttpResponse(status=304)
    else:
        html = live_html(request, live_context(cohort, report, options))
        data = {
            "html": html,
            "students": len(report.rows),
            "at": report.moment.isoformat(),
            "atLabel": report.moment_label,
        }
        response = HttpResponse(orjson.dumps(data), content_type="application/json")
    # The admin's views are never cached (`admin_view` adds the headers).
    response["ETag"] = etag
    # The time the page shows it was updated, which a 304 has no body to carry.
    response["X-At-Label"] = report.moment_label
    return response


def cohort_page_context(request: HttpRequest, cohort: Cohort) -> dict[str, Any]:
    """The cohort's admin page: its join link and QR code, its assignments, and for a
    superuser who teaches it."""
    context = {
        **join_context(request, cohort),
        "cohort_assignments": list(Assignment.objects.filter(cohort=cohort)),
        "add_assignment_url": reverse("admin:classroom_assignment_add") + f"?cohort={cohort.pk}",
    }
    if sees_every_cohort(request):
        teachers = CohortInstructor.objects.filter(cohort=cohort).select_related("user")
        context["cohort_instructors"] = [row.user.get_username() for row in teachers]
        context["instructors_url"] = (
            reverse("admin:classroom_cohortinstructor_changelist")
            + f"?cohort__id__exact={cohort.pk}"
        )
        context["add_instructor_url"] = (
            reverse("admin:classroom_cohortinstructor_add") + f"?cohort={cohort.pk}"
        )
    return context
