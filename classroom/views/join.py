"""`/join/<code>`: a cohort's join link. It asks for a display name and, optionally, the
GUID of a session the student already has.

- With a GUID, that session joins the cohort as it is, progress and all; nothing is
  created. That is how challenge 01 (a client creating its own session) counts in a class.
- Without one, it creates a session in the cohort, through the same creation path and
  per-client limit as every other creation, and marks it as made by the join link
  (`classroom.models.LinkSession`).
- A name already in the cohort (compared without case, spaces collapsed) creates nothing:
  the page asks "Is this you?". A GUID is a student's only credential, and the people in
  this room practise attacking APIs, so a typed name never hands over a session: the
  student continues that session by pasting its GUID, or picks another name. A browser
  that remembers the same-named session (the join link's cookie) has proved it is the
  student's own, and continues it.
- A new GUID under a name the cohort already has merges the same-named session into the
  new one (`classroom.services.merge_sessions`) only when that session was made by the
  join link and the student proves it is theirs: their browser remembers it, or they
  paste its GUID too (`previous_guid`). Otherwise the page asks, as above, and changes
  nothing. A session the student made themselves is never merged away here; an
  instructor can merge any two in the admin.

Then the browser remembers the session and the student lands on the welcome page: their
GUID and what to put in their API client. An unknown code is a page saying so (404): a
join link never creates a session outside a cohort.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from challengers.cookie import remember_session, remembered_guid, remembered_session
from challengers.limits import SessionLimitReached, admit_new_session
from challengers.models import Challenger, Cohort
from challengers.sessions import (
    SINGLE_PLAYER_GUID,
    InvalidGuid,
    create_challenger,
    find_challenger,
    mode,
    parse_guid,
)
from challenges.catalogue import completion_value
from challenges.declarations import is_done
from challenges.selectors import CREATE_SESSION, cohort_of
from challenges.services import NAME_MAX, save_profile
from classroom.class_view import join_path, join_url
from classroom.models import LinkSession
from classroom.services import MergeRefused, merge_sessions
from practiceapi.openapi import public_base

# Characters of a pasted GUID that are read at all: a GUID is 36, 45 with a `urn:uuid:`
# prefix, a few more with an `X-CHALLENGER:` one copied along.
GUID_INPUT_MAX = 100


class Refused(ValueError):
    """What a student typed that cannot join; its text is the page's message."""


def _unknown(request: HttpRequest, code: str) -> HttpResponse:
    return render(request, "dashboard/join_unknown.html", {"code": code}, status=404)


def same_name(name: str) -> str:
    """A display name as two joins of one student are compared: spaces collapsed, no case."""
    return " ".join(name.split()).casefold()


def _pasted_session(value: str, what: str) -> Challenger:
    """The session a pasted GUID names (multi mode: a UUID, never the single-player one)."""
    if len(value) > GUID_INPUT_MAX:
        raise Refused(f"That is too long to be a GUID: {what} is 36 characters.")
    # A copied header line (`X-CHALLENGER: 1f0e…`) is taken for its value.
    typed = value.split(":")[-1].strip()
    try:
        guid = parse_guid(typed)
    except InvalidGuid:
        raise Refused(
            f"“{typed}” is not a session GUID: {what} looks like "
            "1f0e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b, as your client got it in the "
            "X-CHALLENGER header."
        ) from None
    session = find_challenger(guid) if guid != SINGLE_PLAYER_GUID else None
    if session is None:
        raise Refused(
            f"No session on this server has the GUID {guid}. Check that you pasted the "
            "whole X-CHALLENGER value from this server, or leave the GUID empty to get a "
            "new session."
        )
    return session


def _named_alike(cohort: Cohort, name: str, *, besides: str = "") -> list[str]:
    """The GUIDs of the cohort's sessions, other than `besides`, with this name."""
    wanted = same_name(name)
    return [
        guid
        for guid, shown in Challenger.objects.filter(cohort=cohort)
        .exclude(pk=besides)
        .values_list("guid", "display_name")
        if same_name(shown) == wanted
    ]


def _form(
    request: HttpRequest, cohort: Cohort, status: int, error: str, **context: Any
) -> HttpResponse:
    context = {"cohort": cohort, "error": error, **context}
    return render(request, "dashboard/join.html", context, status=status)


def _asked(
    request: HttpRequest, cohort: Cohort, name: str, guid: str = "", error: str = ""
) -> HttpResponse:
    """The "Is this you?" page: the name is taken in this class; nothing was changed."""
    context = {"cohort": cohort, "name": name, "guid": guid, "error": error}
    return render(
        request, "dashboard/join_same_name.html", context, status=409 if not error else 422
    )


def _welcome(cohort: Cohort, session: Challenger, *, merged: bool = False) -> HttpResponse:
    target = f"{join_path(cohort)}/welcome" + ("?merged=1" if merged else "")
    response = HttpResponseRedirect(target, status=303)
    remember_session(response, session)
    return response


@never_cache
@require_http_methods(["GET", "HEAD", "POST"])
def join_page(request: HttpRequest, code: str) -> HttpResponse:
    cohort = cohort_of(code)
    if cohort is None:
        return _unknown(request, code)
    if mode() == "single":
        # One shared session: nobody joins anything; the page says where progress is.
        return render(
            request, "dashboard/join.html", {"cohort": cohort, "single_guid": SINGLE_PLAYER_GUID}
        )
    if request.method != "POST":
        return render(request, "dashboard/join.html", {"cohort": cohort})
    name = " ".join(request.POST.get("display_name", "").split())
    pasted = request.POST.get("guid", "")
    kept = {"name": name, "guid": pasted[:GUID_INPUT_MAX]}
    if not name:
        return _form(
            request,
            cohort,
            422,
            "Type the name your instructor should see next to your progress.",
            **kept,
        )
    if len(name) > NAME_MAX:
        return _form(
            request, cohort, 422, f"That name is too long: at most {NAME_MAX} characters.", **kept
        )
    if pasted.strip():
        try:
            return _join_with(request, cohort, name, pasted)
        except Refused as refused:
            return _form(request, cohort, 422, str(refused), **kept)
    named = _named_alike(cohort, name)
    if named:
        remembered = remembered_guid(request)
        if remembered in named:
            # This browser joined under this name before: the cookie proves it is theirs.
            session = find_challenger(remembered)
            if session is not None:
                return _welcome(cohort, session)
        return _asked(request, cohort, name)
    try:
        admit_new_session(request)
    except SessionLimitReached as refused:
        response = _form(request, cohort, 429, refused.messages[0], **kept)
        response["Retry-After"] = str(refused.retry_after)
        return response
    with transaction.atomic():
        session = save_profile(create_challenger(), {"display_name": name, "cohort": cohort})
        LinkSession.objects.create(challenger=session)
    return _welcome(cohort, session)


def _join_with(request: HttpRequest, cohort: Cohort, name: str, pasted: str) -> HttpResponse:
    """Join with the session of a pasted GUID, merging into it the same-named session the
    join link made this student when they prove it theirs."""
    session = _pasted_session(pasted, "a GUID")
    if session.cohort_id is not None and session.cohort_id != cohort.pk:
        raise Refused(
            "That session already belongs to another class, so it was not moved. To bring "
            "it here, clear the class code on its progress page first (or ask your "
            "instructor), then join again."
        )
    earlier = None
    if not (session.cohort_id == cohort.pk and same_name(session.display_name) == same_name(name)):
        named = _named_alike(cohort, name, besides=session.pk)
        if named:
            previous = request.POST.get("previous_guid", "")
            try:
                earlier = _earlier_own(request, named, previous)
            except Refused as refused:
                return _asked(request, cohort, name, session.guid, str(refused))
            if earlier is None:
                return _asked(request, cohort, name, session.guid)
    with transaction.atomic():
        if earlier is not None:
            try:
                merge_sessions(session.pk, earlier)
            except MergeRefused as refused:
                raise Refused(str(refused)) from None
        save_profile(session, {"display_name": name, "cohort": cohort})
    return _welcome(cohort, session, merged=earlier is not None)


def _earlier_own(request: HttpRequest, named: list[str], previous: str) -> str | None:
    """Of the same-named sessions `named`, the one the join link made this student, when
    they prove it theirs: pasted as `previous`, or remembered by this browser. None when
    neither names one of them."""
    if previous.strip():
        guid = _pasted_session(previous, "the GUID of your earlier session").guid
        if guid not in named:
            raise Refused(
                "That GUID is not the one of the session with this name in this class. "
                "Check it on that session's progress page, or choose another name."
            )
    else:
        guid = remembered_guid(request)
        if guid not in named:
            return None
    if not LinkSession.objects.filter(challenger_id=guid).exists():
        raise Refused(
            "The session with this name was not made by this join link, so it is not "
            "merged here: ask your instructor to merge the two sessions, or choose "
            "another name."
        )
    return guid


@never_cache
@require_http_methods(["GET", "HEAD"])
def join_welcome(request: HttpRequest, code: str) -> HttpResponse:
    """After joining: the session this browser joined the cohort with (its cookie)."""
    cohort = cohort_of(code)
    if cohort is None:
        return _unknown(request, code)
    challenger = remembered_session(request)  # None in single mode
    if challenger is None or challenger.cohort_id != cohort.pk:
        return HttpResponseRedirect(join_path(cohort))
    context = {
        "cohort": cohort,
        "challenger": challenger,
        "base_url": public_base(request),
        "join_url": join_url(request, cohort),
        "merged": request.GET.get("merged") == "1",
        "needs_own_session": not is_done(completion_value(challenger.progress, CREATE_SESSION)),
    }
    return render(request, "dashboard/join_welcome.html", context)
