"""The three URLs an LMS is given (classroom.lti.platforms.tool_urls):

- the OIDC login initiation (GET or POST: Moodle and Canvas POST it), which answers with
  a redirect to the LMS's authentication URL carrying a fresh nonce and a state bound to
  this browser by a cookie;
- the launch, where the LMS's form posts the signed `id_token`: verified in full
  (classroom.lti.tool), then a learner lands on their progress page and an instructor,
  logged in, on the cohort's class page (classroom.lti.launches);
- the tool's public key set.

A login or launch that fails is a 4xx page saying what failed, never a 500.
"""

from __future__ import annotations

from django.contrib.auth import login as log_in
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from lti_tool.models import Key, LtiLaunch
from pylti1p3.exception import LtiException, OIDCException

from challengers.cookie import remember_session
from classroom.lti.launches import LaunchRefused, land
from classroom.lti.platforms import ensure_signing_key
from classroom.lti.tool import ToolConfig, message_launch, oidc_login

PARAM_MAX = 2048  # characters of any one login parameter


def refused(request: HttpRequest, status: int, reason: str) -> HttpResponse:
    return render(request, "lti/refused.html", {"reason": reason}, status=status)


@csrf_exempt  # the LMS's own form posts here
@never_cache
@require_http_methods(["GET", "POST"])
def login(request: HttpRequest) -> HttpResponse:
    params = request.GET if request.method == "GET" else request.POST
    for name, value in params.items():
        if len(value) > PARAM_MAX:
            return refused(request, 400, f"The login's {name} is longer than {PARAM_MAX}.")
    missing = [name for name in ("iss", "login_hint", "target_link_uri") if not params.get(name)]
    if missing:
        return refused(request, 400, f"The login is missing {', '.join(missing)}.")
    issuer, client_id = params["iss"], params.get("client_id", "")
    if ToolConfig().find_registration_by_params(issuer, client_id) is None:
        who = f"issuer {issuer!r}" + (f" and client id {client_id!r}" if client_id else "")
        return refused(request, 403, f"No LMS with {who} is registered on this server.")
    try:
        response: HttpResponse = oidc_login(request).redirect(params["target_link_uri"])
    except (LtiException, OIDCException) as failed:
        return refused(request, 400, f"The login was refused: {failed}")
    return response


@csrf_exempt  # the LMS's authentication response is a cross-site form post
@never_cache
@require_POST
def launch(request: HttpRequest) -> HttpResponse:
    try:
        message = message_launch(request)
        message.validate()
    except (LtiException, OIDCException) as failed:
        return refused(request, 403, f"The launch was refused: {failed}")
    except (KeyError, TypeError, ValueError, AttributeError):
        return refused(request, 400, "The launch was refused: its id_token is malformed.")
    verified = LtiLaunch(message)
    if not verified.is_resource_launch:
        return refused(request, 400, "Only resource link launches are served here.")
    try:
        landing = land(verified)
    except LaunchRefused as failed:
        return refused(request, 400, str(failed))
    if landing.user is not None:
        return _instructor_lands(request, landing.user, landing.cohort.pk)
    assert landing.challenger is not None
    response = HttpResponseRedirect(
        f"/gui/challenges/{landing.challenger.guid}?welcome=1", status=303
    )
    remember_session(response, landing.challenger)
    return response


def _instructor_lands(request: HttpRequest, user: User, cohort_id: int) -> HttpResponse:
    log_in(request, user, backend="django.contrib.auth.backends.ModelBackend")
    page = reverse("admin:challengers_cohort_progress", args=[cohort_id])
    return HttpResponseRedirect(page, status=303)


@require_GET
def jwks(request: HttpRequest) -> JsonResponse:
    """Every active key's public half, so that an LMS verifies the tool's signatures."""
    ensure_signing_key()
    return JsonResponse(Key.objects.as_jwks())
