"""After a response exists: judge the open challenges the request attempted, and record
what it completed and what it nearly missed."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpResponse
from django.http.request import HttpHeaders

from challengers.models import Challenger
from challengers.sessions import UNKNOWN_CHALLENGER, find_challenger, touch
from challenges.catalogue import carries, judge, open_candidates
from challenges.declarations import Challenge
from challenges.exchange import Exchange
from challenges.progress import hold, record
from practiceapi.request import ApiRequest


def exchange_for(request: ApiRequest, response: HttpResponse | None) -> Exchange:
    """The exchange the conditions judge; with no response yet, a blank one (status 0)."""
    exchange = Exchange(
        mode=settings.APICHALLENGES_MODE,
        method=request.method,
        path=request.api_path,
        query_string=request.META.get("QUERY_STRING", ""),
        headers={name.lower(): value for name, value in request.headers.items()},
        body=request.body,
        status=0,
        response_headers={},
        response_body=b"",
    )
    if response is not None:
        exchange.status = response.status_code
        exchange.response_headers = {name.lower(): value for name, value in response.items()}
        exchange.response_body = b"" if response.streaming else response.content
        exchange.store = request.facts.store
        exchange.created = request.facts.created
        exchange.error_messages = getattr(response, "error_messages", None)
    return exchange


def request_line(request: ApiRequest) -> str:
    """What a near miss shows of the request: the effective method (after
    X-HTTP-Method-Override) and the path and query as the client sent them."""
    return f"{request.method} {request.get_full_path()}"


def credited_session(request: ApiRequest, response: HttpResponse) -> Challenger | None:
    """The session named by the response `X-CHALLENGER` (the URL/payload GUID where the
    rules say so); usually the request's own session, already loaded."""
    guid = response.get("X-CHALLENGER")
    if not guid or guid == UNKNOWN_CHALLENGER:
        return None
    for candidate in (request.facts.session, request.challenger):
        if candidate is not None and candidate.guid == guid:
            return candidate
    return find_challenger(guid)


def carried(request: ApiRequest) -> frozenset[str]:
    """What this request carries of what attempts need (`Challenge.needs`), worked out once."""
    found = request.challenge_carried
    if found is None:
        meta = request.META
        found = carries(
            meta.get("QUERY_STRING", ""),
            lambda name: meta.get(HttpHeaders.to_wsgi_name(name)),
        )
        request.challenge_carried = found
    return found


def _open_for(
    request: ApiRequest, challenger: Challenger, *, on_arrival: bool = False
) -> tuple[Challenge, ...]:
    return open_candidates(
        settings.APICHALLENGES_MODE,
        request.method,
        request.api_path,
        challenger.progress,
        carried(request),
        on_arrival=on_arrival,
    )


def track_arrival(request: ApiRequest) -> None:
    """Credit what the request alone completes before the view runs, as the reference does,
    so that e.g. `GET /api/challenges` already shows itself done. Near misses wait for the
    response (`track`), which judges the same challenges again."""
    challenger = request.challenger
    if challenger is None:
        return
    open_now = _open_for(request, challenger, on_arrival=True)
    if open_now:
        credited = judge(exchange_for(request, None), open_now).credited
        request.held_credits = hold(challenger, credited)


def track(request: ApiRequest, response: HttpResponse) -> None:
    challenger = credited_session(request, response)
    if challenger is None:
        return
    held = request.held_credits if challenger is request.challenger else set()
    open_now = _open_for(request, challenger)
    credited: set[str] = set()
    misses: dict[str, tuple[str, int, str]] = {}
    if open_now:
        judgement = judge(exchange_for(request, response), open_now)
        credited = judgement.credited
        if judgement.near_misses:
            line, status = request_line(request), response.status_code
            misses = {key: (line, status, why) for key, why in judgement.near_misses.items()}
    if not record(challenger, credited, held, misses):
        touch(challenger)
