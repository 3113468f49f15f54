"""After a response exists: judge the open challenges the request attempted, and record
what it completed and what it nearly missed.

Which challenges a request attempts is decided once, from the request alone
(`Catalogue.attempts`); the session credited drops its completed ones, and only the
rest are judged on the response, so a read that attempts nothing open builds no exchange.
What tracking works out about a request between its arrival and its response (that
decision, the credits held on arrival) is its own state (`Tracking`), kept on the request
under an attribute this module declares (`TrackedRequest`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

from django.conf import settings
from django.http import HttpResponse
from django.http.request import HttpHeaders

from challengers.models import Challenger
from challengers.request import SessionRequest
from challengers.sessions import UNKNOWN_CHALLENGER, find_challenger, touch_api
from challenges.catalogue import attempts, judge
from challenges.channels import OWN, awaiting_own, request_channel
from challenges.conditions import QUERY
from challenges.declarations import Challenge
from challenges.exchange import Exchange
from challenges.progress import hold
from challenges.routes import CHALLENGER_REQUESTS, shape
from challenges.services import record_progress
from history import recorder


@dataclass(eq=False)
class Tracking:
    """Tracking's own state for one request."""

    # Completed on arrival, in memory only: written with the response's credits.
    held: set[str] = field(default_factory=set)
    # The challenges the request attempts as far as it alone shows (`attempts`), decided
    # once: whichever session is credited, only its completed ones are dropped.
    attempted: tuple[Challenge, ...] | None = None
    # The exchange, built once: on arrival where deciding or judging needs it, and given
    # the response once that exists.
    exchange: Exchange | None = None


class MetaHeaders(Mapping[str, str]):
    """A request's headers read by name straight from its WSGI environ. Rules read a
    few headers by name; Django's `request.headers` first copies and renames every header
    the request has, which would be a large share of what tracking costs a request."""

    __slots__ = ("_meta",)

    def __init__(self, meta: Mapping[str, str]) -> None:
        self._meta = meta

    def __getitem__(self, name: str) -> str:
        return self._meta[HttpHeaders.to_wsgi_name(name)]

    def get(self, name: str, default: str | None = None) -> str | None:  # type: ignore[override]
        return self._meta.get(HttpHeaders.to_wsgi_name(name), default)

    def __iter__(self) -> Iterator[str]:
        return iter(HttpHeaders(self._meta))

    def __len__(self) -> int:
        return len(HttpHeaders(self._meta))


class TrackedRequest(SessionRequest):
    tracking: Tracking  # set by challenges.middleware.TrackingMiddleware


def exchange_for(request: TrackedRequest, response: HttpResponse | None) -> Exchange:
    """The exchange the conditions judge; with no response yet, a blank one (status 0).
    The request's half is built once: the exchange judged on arrival gets the response."""
    state = request.tracking
    exchange = state.exchange
    if exchange is None:
        exchange = Exchange(
            mode=settings.APICHALLENGES_MODE,
            method=request.method,
            path=request.api_path,
            route=shape(request.api_route),
            query_string=request.META.get("QUERY_STRING", ""),
            headers=MetaHeaders(request.META),
            body=request.body,
            status=0,
            response_headers={},
            response_body=b"",
            outcome=request.outcome,
        )
        state.exchange = exchange
    if response is not None:
        exchange.answer(
            response.status_code,
            response.headers,
            b"" if response.streaming else response.content,
        )
    return exchange


def request_line(request: TrackedRequest) -> str:
    """What a near miss shows of the request: the effective method (after
    X-HTTP-Method-Override) and the path and query as the client sent them."""
    return f"{request.method} {request.get_full_path()}"


def credited_session(request: TrackedRequest, response: HttpResponse) -> Challenger | None:
    """The session named by the response `X-CHALLENGER` (the URL/payload GUID where the
    rules say so); usually the request's own session, already loaded."""
    guid = response.get("X-CHALLENGER")
    if not guid or guid == UNKNOWN_CHALLENGER:
        return None
    for candidate in (request.outcome.fact(Challenger), request.challenger):
        if candidate is not None and candidate.guid == guid:
            return candidate
    return find_challenger(guid)


def attempted(request: TrackedRequest) -> tuple[Challenge, ...]:
    """The challenges this request attempts as far as it alone shows, decided once."""
    state = request.tracking
    if state.attempted is None:
        headers = MetaHeaders(request.META)

        def part(name: str) -> str | None:
            return request.outcome.query_string if name == QUERY else headers.get(name)

        state.attempted = attempts(
            settings.APICHALLENGES_MODE,
            request.method,
            shape(request.api_route),
            part,
            lambda: exchange_for(request, None),
        )
    return state.attempted


def _open_for(
    request: TrackedRequest, challenger: Challenger, awaiting: frozenset[str] = frozenset()
) -> tuple[Challenge, ...]:
    """The attempted challenges the session has not done, and those of `awaiting` (done,
    but not by the student's own client, which this request is)."""
    progress = challenger.progress
    if awaiting:
        return tuple(c for c in attempted(request) if c.key not in progress or c.key in awaiting)
    return tuple(c for c in attempted(request) if c.key not in progress)


def track_arrival(request: TrackedRequest) -> None:
    """Credit what the request alone completes before the view runs, as the public service does,
    so that e.g. `GET /api/challenges` already shows itself done. Near misses wait for the
    response (`track`), which judges the same challenges again."""
    challenger = request.challenger
    if challenger is None:
        return
    arriving = tuple(c for c in _open_for(request, challenger) if c.on_arrival)
    if arriving:
        credited = judge(exchange_for(request, None), arriving, sifted=True).credited
        request.tracking.held = hold(challenger, credited)


def track(request: TrackedRequest, response: HttpResponse) -> None:
    challenger = credited_session(request, response)
    if challenger is None:
        remember(request, response)
        return
    held = request.tracking.held if challenger is request.challenger else set()
    # Where the request came from is read only when it matters: for what it credits, and
    # for a session holding credits not earned by its own client (few do), which a
    # request of its own client may complete again.
    channel: str | None = None
    awaiting = awaiting_own(challenger.credit_channels) if challenger.credit_channels else None
    if awaiting:
        channel = request_channel(request.META)
        if channel != OWN:
            awaiting = None
    # Read after the view: a restore may have replaced the session's progress.
    open_now = _open_for(request, challenger, awaiting or frozenset())
    credited: set[str] = set()
    again: set[str] | tuple[()] = ()
    misses: dict[str, tuple[str, int, str]] = {}
    if open_now:
        judgement = judge(exchange_for(request, response), open_now, sifted=True)
        credited = judgement.credited
        if awaiting:
            again = credited & awaiting
            credited = credited - again
        if judgement.near_misses:
            line, status = request_line(request), response.status_code
            misses = {
                key: (line, status, why)
                for key, why in judgement.near_misses.items()
                if not awaiting or key not in awaiting
            }
    if channel is None and (credited or held):
        channel = request_channel(request.META)
    if not record_progress(challenger, credited, held, misses, channel or OWN, again):
        touch_api(challenger)
    own = request.challenger
    if own is not None and challenger.guid == own.guid:
        completed = held | credited
        remember(request, response, completed.union(again) if again else completed, misses)
    else:
        remember(request, response)


def remember(
    request: TrackedRequest,
    response: HttpResponse,
    completed: set[str] | None = None,
    misses: Mapping[str, tuple[str, int, str]] | None = None,
) -> None:
    """Add the request to the history of the session it acts for (the one its own
    `X-CHALLENGER` names), with what it completed and nearly completed there. Reads of
    the history itself stay out of it: they would push out the requests read for."""
    own = request.challenger
    if own is None or request.api_route == CHALLENGER_REQUESTS:
        return
    near = [(key, why) for key, (_, _, why) in misses.items()] if misses else ()
    recorder.record(own.guid, request, response, sorted(completed) if completed else (), near)
