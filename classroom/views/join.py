"""`/join/<code>`: a cohort's join link. It asks for a display name and creates a session
in that cohort, through the same creation path and per-client limit as every other
creation, then shows the student their GUID and what to put in their API client.

An unknown code is a page saying so (404): a join link never creates a session outside a
cohort."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from challengers.cookie import remember_session, remembered_session
from challengers.limits import SessionLimitReached, admit_new_session
from challengers.sessions import SINGLE_PLAYER_GUID, create_challenger, mode
from challenges.selectors import cohort_of
from challenges.services import NAME_MAX, save_profile
from classroom.class_view import join_path, share_base


def _unknown(request: HttpRequest, code: str) -> HttpResponse:
    return render(request, "dashboard/join_unknown.html", {"code": code}, status=404)


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
    error = ""
    if not name:
        error = "Type the name your instructor should see next to your progress."
    elif len(name) > NAME_MAX:
        error = f"That name is too long: at most {NAME_MAX} characters."
    if error:
        context = {"cohort": cohort, "error": error, "name": name}
        return render(request, "dashboard/join.html", context, status=422)
    try:
        admit_new_session(request)
    except SessionLimitReached as refused:
        context = {"cohort": cohort, "error": refused.messages[0], "name": name}
        response = render(request, "dashboard/join.html", context, status=429)
        response["Retry-After"] = str(refused.retry_after)
        return response
    challenger = save_profile(create_challenger(), {"display_name": name, "cohort": cohort})
    response = HttpResponseRedirect(f"{join_path(cohort)}/welcome", status=303)
    remember_session(response, challenger)
    return response


@never_cache
@require_http_methods(["GET", "HEAD"])
def join_welcome(request: HttpRequest, code: str) -> HttpResponse:
    """After joining: the session this browser just made in the cohort (its cookie)."""
    cohort = cohort_of(code)
    if cohort is None:
        return _unknown(request, code)
    challenger = remembered_session(request)  # None in single mode
    if challenger is None or challenger.cohort_id != cohort.pk:
        return HttpResponseRedirect(join_path(cohort))
    context = {"cohort": cohort, "challenger": challenger, "base_url": share_base(request)}
    return render(request, "dashboard/join_welcome.html", context)
