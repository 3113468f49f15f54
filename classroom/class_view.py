"""The instructor's live class page: its context, the staff-only JSON the page polls to
update itself in place, and the cohort's join link with its QR code.

The page and the JSON render the same partial (`_class_live.html`), so there is one
place that says what the class view shows; the page's script swaps the partial's HTML
in, keeps the matrix's scroll position and re-applies the instructor's sort.

The page is made to be projected, and a GUID is a student's only credential, so it shows
none: a student's row links to their session by a keyed hash of the GUID (redirected to
the session's admin page), and any GUID a student's request put in a near-miss line is
masked.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import tzinfo
from functools import lru_cache
from typing import Any

import orjson
import segno
from django.conf import settings
from django.contrib.admin.utils import quote
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.crypto import constant_time_compare, salted_hmac
from django.utils.html import escape
from django.utils.http import parse_etags
from django.utils.safestring import SafeString, mark_safe
from django.utils.timezone import get_current_timezone

from challengers.models import Challenger, Cohort
from challengers.sessions import mode
from challenges.catalogue import challenges_for
from classroom.models import Assignment
from classroom.reports import ClassProgress, Row, class_progress

NAME_MODES = ("full", "initials", "hidden")
POLL_SECONDS = 5
# Named where the class page was first written; kept, so the links it shows stay the same.
STUDENT_KEY_SALT = "challenges.class_view.student_key"
# A GUID as students write one in a path or a name: with or without its dashes, any case.
GUID_SHAPED = re.compile(r"[0-9a-fA-F]{8}(?:-?[0-9a-fA-F]{4}){3}-?[0-9a-fA-F]{12}")
GUID_MASK = "{guid}"


def share_base(request: HttpRequest) -> str:
    """The base URL students reach: `APICHALLENGES_PUBLIC_URL` when set, otherwise the
    address the instructor's own browser used."""
    public: str = getattr(settings, "APICHALLENGES_PUBLIC_URL", "")
    return public or request.build_absolute_uri("/").rstrip("/")


def join_path(cohort: Cohort) -> str:
    return f"/join/{cohort.code}"


def join_url(request: HttpRequest, cohort: Cohort) -> str:
    return share_base(request) + join_path(cohort)


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
    # class's keys stay the same while the secret does.
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

    def link(guid: str) -> str:
        return f"{before}{student_key(guid)}{after}"

    return {
        "cohort": cohort,
        "report": report,
        "students": len(report.rows),
        "options": options,
        "matrix_rows": matrix_rows(report, options, link),
        "stalled": [(student, link(student.guid)) for student in report.stalled],
    }


ROWS_SLOT = mark_safe("\x00matrix rows\x00")  # no text of the page holds a NUL
STUDENT_KEY_SLOT = "0" * 24  # a key's shape, where a student's own goes in the link
ACTIVE_ROW = ' class="cp-row-active"'
ACTIVE_MARK = '<span class="cp-active-mark" title="active in the last 10 minutes">\u25cf</span> '


def matrix_rows(
    report: ClassProgress, options: dict[str, Any], link: Callable[[str], str]
) -> SafeString:
    """The matrix's rows, one `<tr>` a student. Built here rather than in the template,
    and each row remembered by what it shows: the class page asks for them every few
    seconds, most rows are the same as last time, and a template loop over hundreds of
    rows cost most of an answer."""
    names, total, zone = options["names"], report.total, get_current_timezone()
    return mark_safe(
        "".join(
            _matrix_row(row, link(row.guid), names, total, counter, zone)
            for counter, row in enumerate(report.rows, start=1)
        )
    )


@lru_cache(maxsize=1024)
def _matrix_row(row: Row, link: str, names: str, total: int, counter: int, zone: tzinfo) -> str:
    unnamed = row.name == row.guid
    if names == "full":
        sort_name = "" if unnamed else escape(row.name.lower())
        shown = "(no name)" if unnamed else escape(row.name)
    elif names == "initials":
        sort_name = shown = escape(row.initials)
    else:
        sort_name, shown = "", f"#{counter}"
    seen = row.last_seen.astimezone(zone)
    late = (
        f' <span class="cp-late-count" title="{row.late} done after the due time">'
        f"{row.late} late</span>"
        if row.late
        else ""
    )
    # Names are escaped above; the cells are the report's own markup.
    return without_guids(
        f'<tr data-name="{sort_name}" data-done="{row.done}"'
        f' data-last="{int(row.last_seen.timestamp())}"'
        f"{ACTIVE_ROW if row.active else ''}>"
        f'<th scope="row" class="cp-student">{ACTIVE_MARK if row.active else ""}'
        f'<a href="{escape(link)}"'
        f' title="last request {seen:%Y-%m-%d %H:%M} {seen.tzname() or ""}">{shown}</a></th>'
        f'<td class="cp-total">{row.done}/{total}{late}</td>{row.cells}</tr>\n      '
    )


def live_html(request: HttpRequest, context: dict[str, Any]) -> SafeString:
    """The partial both the page and its JSON show, rendered now, with no GUID in it. The
    matrix's rows come masked already (`_matrix_row`), and go in after the rest is masked:
    no GUID can span a row's edge, which is markup."""
    rows = context["matrix_rows"]
    context = {**context, "matrix_rows": ROWS_SLOT}
    html = render_to_string("admin/challengers/cohort/_class_live.html", context, request=request)
    return mark_safe(without_guids(html).replace(ROWS_SLOT, rows, 1))  # both masked markup


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
    }


def live_version(report: ClassProgress, options: dict[str, Any]) -> str:
    """The version of the live area: the report's, with the switches, which change the
    area and not the report."""
    switched = f"{int(options['all_columns'])}{int(options['projector'])}{options['names']}"
    return f"{report.version}-{switched}"


def live_json(request: HttpRequest, cohort: Cohort) -> HttpResponse:
    """The class view's partial, rendered now: `{"html": …, "students": n, "at": ISO}`;
    304 while the report is the version the page's script sends back as If-None-Match,
    checked before the partial is rendered."""
    options = view_options(request)
    report = class_progress(cohort, all_columns=options["all_columns"])
    etag = f'"{live_version(report, options)}"'
    if etag in parse_etags(request.headers.get("If-None-Match", "")):
        response = HttpResponse(status=304)
    else:
        html = live_html(request, live_context(cohort, report, options))
        data = {"html": html, "students": len(report.rows), "at": report.moment.isoformat()}
        response = HttpResponse(orjson.dumps(data), content_type="application/json")
    # The admin's views are never cached (`admin_view` adds the headers).
    response["ETag"] = etag
    return response


def cohort_page_context(request: HttpRequest, cohort: Cohort) -> dict[str, Any]:
    """The cohort's admin page: its join link and QR code, and its assignments."""
    return {
        **join_context(request, cohort),
        "cohort_assignments": list(Assignment.objects.filter(cohort=cohort)),
        "add_assignment_url": reverse("admin:classroom_assignment_add") + f"?cohort={cohort.pk}",
    }
