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
from typing import Any

import segno
from django.conf import settings
from django.contrib.admin.utils import quote
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.crypto import constant_time_compare, salted_hmac
from django.utils.safestring import SafeString, mark_safe

from challengers.models import Challenger, Cohort
from challengers.sessions import mode
from challenges.catalogue import challenges_for
from classroom.lti import course
from classroom.models import Assignment, CohortInstructor
from classroom.reports import ClassProgress, class_progress
from classroom.teaching import sees_every_cohort
from practiceapi.openapi import public_base

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
    return public_base(request)


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
    return salted_hmac(STUDENT_KEY_SALT, guid, algorithm="sha256").hexdigest()[:24]


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
    def link(guid: str) -> str:
        return reverse(
            "admin:challengers_cohort_progress_student", args=[quote(cohort.pk), student_key(guid)]
        )

    return {
        "cohort": cohort,
        "join_path": join_path(cohort),
        "report": report,
        "students": len(report.rows),
        "options": options,
        "rows": [(row, link(row.guid)) for row in report.rows],
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


def live_html(request: HttpRequest, context: dict[str, Any]) -> SafeString:
    """The partial both the page and its JSON show, rendered now, with no GUID in it."""
    html = render_to_string("admin/challengers/cohort/_class_live.html", context, request=request)
    return without_guids(html)


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
        **lms_context(cohort, options),
    }


def live_json(request: HttpRequest, cohort: Cohort) -> JsonResponse:
    """The class view's partial, rendered now: `{"html": …, "students": n, "at": ISO,
    "atLabel": "14:05:09 EST"}` (the time the page shows, in the server's zone)."""
    options = view_options(request)
    report = class_progress(cohort, all_columns=options["all_columns"])
    html = live_html(request, live_context(cohort, report, options))
    # The admin's views are never cached (`admin_view` adds the headers).
    return JsonResponse(
        {
            "html": html,
            "students": len(report.rows),
            "at": report.moment.isoformat(),
            "atLabel": report.moment_label,
        }
    )


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
