"""The student dashboard: start page, progress page, its status JSON, and the forms that
create, restore and label a session.

Server-rendered so every essential works without JavaScript; `static/dashboard/dashboard.js`
only adds live updates (polling `status.json`: ticks, near misses, the next challenge),
copy buttons and remembered GUIDs. The secret token is never shown: the downloadable
progress file leaves it out too.

Classrooms share computers, and a GUID is a student's only credential. So this browser
remembers a session (the `X-CHALLENGER` cookie the start page offers again) only when
the student asks with a form of this site: creating, opening or restoring a session on
the start page, joining a class, or "Remember this session on this computer" on the
progress page. Opening a progress page, such as a link someone sent, remembers nothing;
the start page and the progress page offer to forget.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Any

import orjson
from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import render
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from challengers.limits import SessionLimitReached, admit_new_session
from challengers.models import Challenger, Cohort
from challengers.sessions import (
    SINGLE_PLAYER_GUID,
    InvalidGuid,
    canonical_guid,
    create_challenger,
    mode,
    parse_guid,
    single_player,
    touch,
)
from challenges.assignments import AssignmentStatus, statuses_for
from challenges.catalogue import (
    active,
    challenges_for,
    completion_value,
    progress_status,
)
from challenges.declarations import Catalogue, is_done
from challenges.examples import examples_script
from challenges.learn_more import learn_more
from challenges.near_misses import open_near_misses
from challenges.reports import percent
from challenges.services import (
    InvalidPayload,
    create_from_payload,
    restore_progress,
    validate_payload,
)
from challenges.times import format_time, parse_time
from challenges.views.profile import parse_profile, save_profile
from practiceapi.protocol.errors import ApiError
from secrets_app.services import secret_for

COOKIE = "X-CHALLENGER"  # the public service's GUI keeps the GUID in a cookie of this name
COOKIE_AGE = 365 * 24 * 3600
PAYLOAD_MAX = 100_000  # characters of pasted progress; a real payload is ~5 KB
_CODE = re.compile(r"`([^`]+)`")


# --------------------------------------------------------------------------- catalogue view


def markdown_inline(text: str) -> SafeString:
    """Catalogue texts use `back-ticks` for code; everything else is escaped."""
    return mark_safe(_CODE.sub(r"<code>\1</code>", escape(text)))  # escaped first


@dataclass(frozen=True)
class HintView:
    text: SafeString
    link: str | None


@dataclass(frozen=True)
class ChallengeView:
    key: str
    display_id: str
    name: str
    description: SafeString
    hints: tuple[HintView, ...]


@dataclass(frozen=True)
class SectionView:
    key: str
    title: str
    blurb: SafeString
    challenges: tuple[ChallengeView, ...]


def catalogue_view(current_mode: str) -> tuple[SectionView, ...]:
    """The served edition's sections with their challenges, texts pre-rendered."""
    return _rendered(active(), current_mode)


@cache
def _rendered(catalogue: Catalogue, current_mode: str) -> tuple[SectionView, ...]:
    # Once per edition and mode: the catalogues are fixed data.
    by_section: dict[str, list[ChallengeView]] = {}
    for challenge in catalogue.challenges_for(current_mode):
        by_section.setdefault(challenge.section.key, []).append(
            ChallengeView(
                key=challenge.key,
                display_id=catalogue.display_id(challenge.key, current_mode),
                name=challenge.name,
                description=markdown_inline(challenge.description),
                hints=tuple(
                    HintView(markdown_inline(h.text), learn_more(challenge, h.link))
                    for h in challenge.hints
                ),
            )
        )
    return tuple(
        SectionView(s.key, s.title, markdown_inline(s.blurb), tuple(by_section[s.key]))
        for s in catalogue.sections
        if s.key in by_section
    )


def progress_rows(
    challenger: Challenger, current_mode: str, assigned: frozenset[str] = frozenset()
) -> dict[str, Any]:
    """Sections with each challenge's done flag, time, near miss and whether the open
    assignment holds it (`assigned`); the totals; and the next challenge (the first open
    one of the assignment, else the first open one in display order, None when all are
    done)."""
    progress = challenger.progress or {}
    near = {n.key: n for n in open_near_misses(progress, challenger.near_misses, current_mode)}
    sections = []
    done_total = 0
    next_row = assigned_next = None
    for section in catalogue_view(current_mode):
        rows = []
        for challenge in section.challenges:
            value = completion_value(progress, challenge.key)
            done = is_done(value)
            moment = parse_time(value) if done else None
            row = {
                "c": challenge,
                "done": done,
                "at": format_time(moment),
                "iso": moment.isoformat() if moment else "",
                "near": None if done else near.get(challenge.key),
                "assigned": challenge.key in assigned,
            }
            rows.append(row)
            if next_row is None and not done:
                next_row = row
            if assigned_next is None and not done and row["assigned"]:
                assigned_next = row
        section_done = sum(1 for row in rows if row["done"])
        done_total += section_done
        sections.append({"s": section, "rows": rows, "done": section_done, "total": len(rows)})
    total = len(challenges_for(current_mode))
    return {
        "sections": sections,
        "done": done_total,
        "total": total,
        "percent": percent(done_total, total),
        "next": assigned_next or next_row,
    }


def status_data(
    challenger: Challenger, current_mode: str, assignments: list[AssignmentStatus] | None = None
) -> dict[str, Any]:
    """What the page's script needs to update itself in place."""
    assignments = assignments or []
    data = progress_rows(
        challenger, current_mode, assignments[0].keys if assignments else frozenset()
    )
    rows = [row for s in data["sections"] for row in s["rows"]]
    return {
        "guid": challenger.guid,
        "done": data["done"],
        "total": data["total"],
        "percent": data["percent"],
        "sections": {s["s"].key: s["done"] for s in data["sections"]},
        "completed": {
            row["c"].key: {"at": row["iso"], "label": row["at"]} for row in rows if row["done"]
        },
        "nearMisses": {
            row["c"].key: {
                "at": row["near"].at,
                "request": row["near"].request,
                "status": row["near"].status,
                "reason": row["near"].reason,
            }
            for row in rows
            if row["near"]
        },
        "next": data["next"]["c"].key if data["next"] else None,
        "assignments": [a.as_status() for a in assignments],
    }


# --------------------------------------------------------------------------- lookups


def find_session(guid: str) -> Challenger | None:
    if mode() == "single":
        return single_player()
    return Challenger.objects.select_related("cohort").filter(pk=canonical_guid(guid)).first()


def _page_url(challenger: Challenger) -> str:
    return f"/gui/challenges/{challenger.guid}"


def _redirect_to(challenger: Challenger, *, remember: bool = True) -> HttpResponse:
    # 303: after a POST the browser fetches the page with GET.
    response = HttpResponseRedirect(_page_url(challenger), status=303)
    if remember:
        remember_session(response, challenger)
    return response


def remember_session(response: HttpResponse, challenger: Challenger) -> None:
    response.set_cookie(
        COOKIE,
        challenger.guid,
        max_age=COOKIE_AGE,
        samesite="Lax",
        httponly=True,  # read by the server only (start page, /gui/challenges)
        secure=settings.SESSION_COOKIE_SECURE,
    )


def forget_session(response: HttpResponse) -> None:
    response.delete_cookie(COOKIE, samesite="Lax")


def remembered_guid(request: HttpRequest) -> str:
    """The GUID this browser's cookie names, as stored ("" for none)."""
    value = request.COOKIES.get(COOKIE, "")
    return canonical_guid(value) if 0 < len(value) <= 64 else ""


def cookie_session(request: HttpRequest) -> Challenger | None:
    value = request.COOKIES.get(COOKIE, "")
    if mode() == "single" or not value or len(value) > 64:
        return None
    return Challenger.objects.filter(pk=canonical_guid(value)).first()


def _unknown(request: HttpRequest, guid: str) -> HttpResponse:
    context = {"guid": guid, "mode": mode(), "total": len(challenges_for(mode()))}
    return render(request, "dashboard/unknown_session.html", context, status=404)


def _start_context(request: HttpRequest, **extra: Any) -> dict[str, Any]:
    current = mode()
    context = {
        "mode": current,
        "total": len(challenges_for(current)),
        "sections": len(catalogue_view(current)),
        "current": cookie_session(request),
        "single_guid": SINGLE_PLAYER_GUID,
    }
    context.update(extra)
    return context


# --------------------------------------------------------------------------- pages


@require_GET
def start_page(request: HttpRequest) -> HttpResponse:
    return render(request, "dashboard/start.html", _start_context(request))


@require_POST
def create_session(request: HttpRequest) -> HttpResponse:
    """The start page's button: a new session made server-side, no script needed."""
    if mode() == "single":
        return _redirect_to(single_player())
    try:
        admit_new_session(request)
    except SessionLimitReached as refused:
        context = _start_context(request, create_error=refused.messages[0])
        return _too_many(render(request, "dashboard/start.html", context, status=429), refused)
    return _redirect_to(create_challenger())


def _too_many(response: HttpResponse, refused: SessionLimitReached) -> HttpResponse:
    response["Retry-After"] = str(refused.retry_after)
    return response


@require_http_methods(["GET", "POST"])
def open_session(request: HttpRequest) -> HttpResponse:
    """`/gui/challenges`: the GUID form's target, else the remembered or single session.

    Posted (the start page's form, and its "Create a session" button once the API made
    one), it remembers the session in this browser; a GET with `?guid=` (a link) opens the
    page only."""
    if request.method == "POST":
        return _open_and_remember(request)
    if mode() == "single":
        return HttpResponseRedirect(f"/gui/challenges/{SINGLE_PLAYER_GUID}")
    typed = request.GET.get("guid", "").strip()
    if typed:
        return HttpResponseRedirect(f"/gui/challenges/{_url_safe(typed)}")
    remembered = cookie_session(request)
    if remembered is not None:
        return HttpResponseRedirect(_page_url(remembered))
    return HttpResponseRedirect("/")


def _open_and_remember(request: HttpRequest) -> HttpResponse:
    typed = _url_safe(request.POST.get("guid", "").strip())
    challenger = find_session(typed)
    if challenger is None:
        return _unknown(request, typed)
    return _redirect_to(challenger)


@require_POST
def remember_form(request: HttpRequest, guid: str) -> HttpResponse:
    """The progress page's "Remember this session on this computer"."""
    challenger = find_session(guid)
    if challenger is None:
        return _unknown(request, guid)
    return _redirect_to(challenger)


@require_POST
def forget_form(request: HttpRequest) -> HttpResponse:
    """The "Forget it on this computer" forms: the cookie goes, and the start page offers
    nothing."""
    response = HttpResponseRedirect("/", status=303)
    forget_session(response)
    return response


def _url_safe(guid: str) -> str:
    # Like the reference GUI: a GUID is letters, digits and dashes; anything else is noise
    # (quotes, spaces, a pasted "X-CHALLENGER:" prefix would otherwise break the URL).
    guid = guid.split(":")[-1].strip()
    return re.sub(r"[^-a-zA-Z0-9]", "", guid)[:64].lower() or "-"


@never_cache
@require_GET
def progress_page(request: HttpRequest, guid: str) -> HttpResponse:
    challenger = find_session(guid)
    if challenger is None:
        return _unknown(request, guid)
    return _render_progress(request, challenger)


def _render_progress(
    request: HttpRequest, challenger: Challenger, status: int = 200, **extra: Any
) -> HttpResponse:
    touch(challenger)  # an open dashboard keeps the session alive, as in the reference
    assignments = statuses_for(challenger.cohort_id, challenger.progress or {}, mode())
    context = progress_rows(challenger, mode(), assignments[0].keys if assignments else frozenset())
    context.update(
        {
            "assignments": assignments,
            "challenger": challenger,
            "mode": mode(),
            "has_cohorts": Cohort.objects.exists(),
            "profile_name": challenger.display_name,
            "profile_cohort": challenger.cohort.code if challenger.cohort else "",
            # The "Try it" editor's starting requests (templates/dashboard/_tryit.html).
            "tryit_examples": examples_script(challenges_for(mode())),
            "remembered": remembered_guid(request) == challenger.guid,
        }
    )
    context.update(extra)
    return render(request, "dashboard/progress.html", context, status=status)


@never_cache
@require_GET
def status_json(request: HttpRequest, guid: str) -> HttpResponse:
    challenger = find_session(guid)
    if challenger is None:
        return JsonResponse({"known": False, "guid": guid}, status=404)
    touch(challenger)
    assignments = statuses_for(challenger.cohort_id, challenger.progress or {}, mode())
    return JsonResponse({"known": True, **status_data(challenger, mode(), assignments)})


@never_cache
@require_GET
def progress_download(request: HttpRequest, guid: str) -> HttpResponse:
    """The progress payload as a file to keep, without the secret token; the
    restore form and `PUT /api/challenger/{guid}` both accept it."""
    challenger = find_session(guid)
    if challenger is None:
        return _unknown(request, guid)
    payload = {
        "xChallenger": challenger.guid,
        "secretNote": secret_for(challenger).note,
        "challengeStatus": progress_status(challenger.progress or {}, mode()),
    }
    response = HttpResponse(
        orjson.dumps(payload, option=orjson.OPT_INDENT_2), content_type="application/json"
    )
    response["Content-Disposition"] = f'attachment; filename="progress-{challenger.guid}.json"'
    return response


@require_POST
def profile_form(request: HttpRequest, guid: str) -> HttpResponse:
    challenger = find_session(guid)
    if challenger is None:
        return _unknown(request, guid)
    name = request.POST.get("display_name", "")
    code = request.POST.get("cohort", "")
    try:
        changes = parse_profile({"displayName": name, "cohort": code})
    except ApiError as error:
        return _render_progress(
            request,
            challenger,
            status=422,
            profile_error=error.messages[0],
            profile_name=name,
            profile_cohort=code,
        )
    save_profile(challenger, changes)
    return _redirect_to(challenger, remember=False)


@require_POST
def restore_form(request: HttpRequest) -> HttpResponse:
    """Paste a saved progress payload: the same checks and services as
    `PUT /api/challenger/{guid}`, but the GUID comes from the payload itself."""
    text = request.POST.get("payload", "")
    fallback = request.POST.get("guid", "").strip()
    try:
        challenger = _restore(text, fallback, request)
    except (InvalidPayload, InvalidGuid) as error:
        context = _start_context(request, restore_error=str(error), payload=text)
        return render(request, "dashboard/start.html", context, status=400)
    except SessionLimitReached as refused:
        context = _start_context(request, restore_error=refused.messages[0], payload=text)
        return _too_many(render(request, "dashboard/start.html", context, status=429), refused)
    return _redirect_to(challenger)


def _restore(text: str, fallback_guid: str, request: HttpRequest) -> Challenger:
    if not text.strip():
        raise InvalidPayload("Paste the progress payload you saved (a JSON object).")
    if len(text) > PAYLOAD_MAX:
        raise InvalidPayload("That is too long to be a progress payload.")
    try:
        doc = orjson.loads(text)
    except orjson.JSONDecodeError:
        raise InvalidPayload("That is not valid JSON: paste the whole saved payload.") from None
    doc = validate_payload(doc)
    if mode() == "single":
        return restore_progress(single_player(), doc)
    named = doc.get("xChallenger") or fallback_guid
    if not named:
        raise InvalidPayload("The payload has no xChallenger: which session should it restore?")
    guid = parse_guid(str(named))
    existing = Challenger.objects.filter(pk=guid).first()
    if existing is not None:
        return restore_progress(existing, doc)
    admit_new_session(request)
    return create_from_payload(guid, doc)
