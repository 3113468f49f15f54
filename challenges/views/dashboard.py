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
from typing import Any

import orjson
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import render
from django.utils.http import parse_etags
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from challengers.cookie import (
    forget_session,
    remember_session,
    remembered_guid,
    remembered_session,
)
from challengers.limits import SessionLimitReached, admit_new_session
from challengers.models import Challenger
from challengers.sessions import (
    SINGLE_PLAYER_GUID,
    InvalidGuid,
    create_challenger,
    find_challenger,
    find_session,
    mode,
    parse_guid,
    single_player,
    touch,
)
from challenges.assigned import assigned_to
from challenges.catalogue import challenges_for, progress_status
from challenges.examples import examples_script
from challenges.selectors import (
    catalogue_view,
    class_hints,
    has_cohorts,
    progress_rows,
    status_data,
    status_version,
)
from challenges.services import (
    InvalidPayload,
    create_from_payload,
    parse_profile,
    restore_progress,
    save_profile,
    validate_payload,
)
from history.page import page_history
from history.reader import Rows as HistoryRows
from practiceapi.openapi import public_base
from practiceapi.protocol.errors import ApiError
from practiceapi.protocol.numbers import saturated_int
from secrets_app.services import secret_for

PAYLOAD_MAX = 100_000  # characters of pasted progress; a real payload is ~5 KB


# --------------------------------------------------------------------------- shared by the pages


def _page_url(challenger: Challenger) -> str:
    return f"/gui/challenges/{challenger.guid}"


def _redirect_to(challenger: Challenger, *, remember: bool = True) -> HttpResponse:
    # 303: after a POST the browser fetches the page with GET.
    response = HttpResponseRedirect(_page_url(challenger), status=303)
    if remember:
        remember_session(response, challenger)
    return response


def _unknown(request: HttpRequest, guid: str) -> HttpResponse:
    context = {"guid": guid, "mode": mode(), "total": len(challenges_for(mode()))}
    return render(request, "dashboard/unknown_session.html", context, status=404)


def _start_context(request: HttpRequest, **extra: Any) -> dict[str, Any]:
    current = mode()
    context = {
        "mode": current,
        "total": len(challenges_for(current)),
        "sections": len(catalogue_view(current)),
        "current": remembered_session(request),
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
    remembered = remembered_session(request)
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
    # Like the public service's GUI: a GUID is letters, digits and dashes; anything else is
    # noise (quotes, spaces, a pasted "X-CHALLENGER:" prefix would otherwise break the URL).
    guid = guid.split(":")[-1].strip()
    return re.sub(r"[^-a-zA-Z0-9]", "", guid)[:64].lower() or "-"


@never_cache
@require_GET
def progress_page(request: HttpRequest, guid: str) -> HttpResponse:
    challenger = find_session(guid, with_cohort=True)
    if challenger is None:
        return _unknown(request, guid)
    # `?welcome=1`: opened straight from somewhere that made the session for the student (an
    # LMS launch), so the page first says how to use it from an API client.
    if request.GET.get("welcome") == "1":
        return _render_progress(request, challenger, welcome=True, base_url=public_base(request))
    return _render_progress(request, challenger)


def _render_progress(
    request: HttpRequest, challenger: Challenger, status: int = 200, **extra: Any
) -> HttpResponse:
    # An open dashboard keeps the session alive, as on the public service.
    touch(challenger)
    assignments = assigned_to(challenger, mode())
    assigned = assignments[0].keys if assignments else frozenset()
    context = progress_rows(challenger, mode(), assigned, class_hints(challenger))
    context.update(
        {
            "assignments": assignments,
            "challenger": challenger,
            "mode": mode(),
            "has_cohorts": has_cohorts(),
            "profile_name": challenger.display_name,
            "profile_cohort": challenger.cohort.code if challenger.cohort else "",
            # The "Try it" editor's starting requests (templates/dashboard/_tryit.html).
            "tryit_examples": examples_script(challenges_for(mode())),
            "remembered": remembered_guid(request) == challenger.guid,
            # The status this page shows: the script's first poll is a 304 if it still is.
            "status_version": status_version(challenger, mode(), assignments),
        }
    )
    context.update(extra)
    return render(request, "dashboard/progress.html", context, status=status)


@never_cache
@require_GET
def status_json(request: HttpRequest, guid: str) -> HttpResponse:
    """What the progress page's script polls: 304 while the status is the version the
    script sends back as If-None-Match, checked before the status is built. The session is
    read with its cohort, by which its class's assignments are remembered.

    `?history=N` (N: the newest entry of "Your recent requests" the page shows, 0 for
    none) asks for the history in the same poll, so that an open page asks the server one
    thing every few seconds: the version is then the status's and the history's, joined
    by a dot, and a changed answer carries `status` and `history` (`history.page`) only
    where the version the page sent differs."""
    challenger = find_session(guid, with_cohort=True)
    if challenger is None:
        return JsonResponse({"known": False, "guid": guid}, status=404)
    touch(challenger)
    current = mode()
    assignments = assigned_to(challenger, current)
    status_tag = status_version(challenger, current, assignments)  # as the page has it
    after = request.GET.get("history")
    # The history's rows in one statement: their version, and the entries the page lacks.
    # Anything but a number (or a huge one) reads as "none shown": all of them.
    rows = None if after is None else HistoryRows(challenger.guid, saturated_int(after) or 0)
    tag = status_tag if rows is None else f"{status_tag}.{rows.version}"
    sent = parse_etags(request.headers.get("If-None-Match", ""))
    if f'"{tag}"' in sent:
        response = HttpResponse(status=304)
    elif rows is None:
        whole = {"known": True, **status_data(challenger, current, assignments)}
        response = HttpResponse(orjson.dumps(whole), content_type="application/json")
    else:
        shown_status, _, shown_history = (sent[0].strip('"') if sent else "").partition(".")
        data: dict[str, Any] = {"known": True}
        if shown_status != status_tag:
            data["status"] = status_data(challenger, current, assignments)
        if shown_history != rows.version:
            data["history"] = page_history(rows)
        response = HttpResponse(orjson.dumps(data), content_type="application/json")
    response["ETag"] = f'"{tag}"'
    return response


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
    challenger = find_session(guid, with_cohort=True)
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
    existing = find_challenger(guid)
    if existing is not None:
        return restore_progress(existing, doc)
    admit_new_session(request)
    return create_from_payload(guid, doc)
