"""Conditions on the request's headers about formats and methods: the Accept header (what
it names, ranks first, or makes the API answer in), `X-HTTP-Method-Override` and a
browser's CORS preflight. They read only the request, and each declares the header it
reads, so whether a request is an attempt is remembered per header value
(`Catalogue.attempts`).

An Accept a client sends on its own, and a preflight a browser sends on its own, meet these
conditions without showing what the student aimed at (`Condition.unaimed`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from challenges.conditions import Condition, method_is, on_request
from challenges.exchange import Exchange
from challenges.rules.intent import intent
from practiceapi.editions import served
from practiceapi.protocol import negotiation
from practiceapi.protocol.errors import ApiError
from todos.resource import TODO_XML

JSON = "application/json"
# A q parameter on any range of an Accept header.
_Q_VALUE = re.compile(r";\s*q\s*=", re.IGNORECASE)


def _accept(x: Exchange) -> str:
    return x.accept


def _squash(value: str) -> str:
    return "".join(value.split()).lower()


# The Accept headers common clients send when their user sets none: `*/*` (curl, Postman,
# python-requests, REST Assured, Playwright's request context, a browser's fetch), axios's,
# and the JDK's HttpURLConnection's. Whitespace and case ignored.
CLIENT_DEFAULT_ACCEPTS = frozenset(
    _squash(value)
    for value in (
        "*/*",
        "application/json, text/plain, */*",
        "text/html, image/gif, image/jpeg, *; q=.2, */*; q=.2",
    )
)


def client_default_accept(accept: str) -> bool:
    """Whether `accept` is what a client sends on its own, so that it shows nothing of the
    format its student wants: one of CLIENT_DEFAULT_ACCEPTS, or one that ranks HTML first,
    as a browser loading a page does (no challenge asks for HTML, and each browser version
    words the rest its own way). A request carrying one is no near miss on an Accept
    challenge: axios's `application/json, text/plain, */*` names JSON and allows XML, yet
    its student never chose JSON over XML (`Condition.unaimed`)."""
    return _squash(accept) in CLIENT_DEFAULT_ACCEPTS or (
        negotiation.top_ranked_range(accept) == "text/html"
    )


def _client_default(x: Exchange) -> bool:
    return client_default_accept(_accept(x))


def _accept_matches_xml(accept: str) -> bool:
    return negotiation.accept_matches(accept, "application/xml") or negotiation.accept_matches(
        accept, "text/xml"
    )


def accept_condition(name: str, test: Callable[[str], bool], needs_text: str) -> Condition:
    """A test of the Accept header; the explanation shows the header as sent. A client's
    own Accept meets it without showing the student's aim (`client_default_accept`)."""
    return on_request(
        name,
        lambda x: test(_accept(x)),
        f"the Accept header was `{{seen}}`; this challenge needs {needs_text}",
        lambda x: _accept(x) or "(none)",
        needs=("accept",),
        looks_at=("accept",),
        unaimed=_client_default,
    )


def accepts_xml() -> Condition:
    return accept_condition("Accept allows XML", _accept_matches_xml, "XML")


def asks_for(media_type: str) -> Condition:
    return accept_condition(
        f"Accept names {media_type}",
        lambda accept: negotiation.accept_asks_for(accept, media_type),
        f"it to name {media_type}",
    )


def accept_is(*values: str) -> Condition:
    """The Accept header is exactly one of `values` (whitespace and case ignored)."""
    wanted = frozenset(_squash(v) for v in values)
    return accept_condition(
        f"Accept is {' or '.join(values)}",
        lambda accept: _squash(accept) in wanted,
        "exactly " + " or ".join(f"`{v}`" for v in values),
    )


def _client_default_or_answered_otherwise(x: Exchange) -> bool:
    return _client_default(x) or _answered(_accept(x)) != JSON


def asks_for_json() -> Condition:
    """Accept names JSON. One that the API answers in another format (XML listed first,
    or weighed higher) is a try at that format's challenge: it is no near miss here."""
    return replace(asks_for(JSON), unaimed=_client_default_or_answered_otherwise)


def _weighs(accept: str) -> bool:
    return _Q_VALUE.search(accept) is not None


def _client_default_or_weighed(x: Exchange) -> bool:
    return _client_default(x) or _weighs(_accept(x))


def lists_xml_and_json() -> Condition:
    """Accept allows XML and names JSON: the student lets the API choose between the two.
    One that weighs them with q-values is a try at the q-value challenges, whose headers
    differ from each other only by their weights: it completes this challenge when XML
    wins, but is no near miss here when JSON does."""
    return replace(
        accept_condition(
            f"Accept allows XML and names {JSON}",
            lambda accept: (
                _accept_matches_xml(accept) and negotiation.accept_asks_for(accept, JSON)
            ),
            f"XML and {JSON}",
        ),
        unaimed=_client_default_or_weighed,
    )


def accept_unknown() -> Condition:
    """Accept names only formats the API cannot produce, and the API refuses it. A type it
    answers in although the plain reading does not know it (the vendor and structured XML
    types of the current edition) is a try at that type's challenge."""
    return accept_condition(
        "Accept names only formats the API cannot produce",
        lambda accept: (
            bool(accept.strip())
            and not negotiation.accept_recognises_any(accept)
            and _answered(accept) is None
        ),
        "only formats the API cannot produce",
    )


def xml_wins_negotiation() -> Condition:
    def test(x: Exchange) -> bool:
        try:
            chosen = negotiation.select_media_type(_accept(x), structured_xml=TODO_XML)
        except ApiError:
            return False
        return negotiation.is_xml_type(chosen, TODO_XML)

    return on_request(
        "XML is preferred",
        test,
        "the Accept header `{seen}` prefers JSON; this challenge needs XML listed first",
        _accept,
        looks_at=("accept",),
    )


def ranks_first(media_type: str) -> Condition:
    return accept_condition(
        f"Accept ranks {media_type} first",
        lambda accept: negotiation.top_ranked_range(accept) == media_type,
        f"{media_type} ranked first",
    )


def _answered(accept: str) -> str | None:
    """The media type the API answers the todo routes in for `accept`, as the served
    edition reads it (the classic one by header order); None for a 406. So every request
    answered in a format shows the intent of asking for it."""
    try:
        return served().accept_reading.media_type(accept, negotiation.PRODUCIBLE, TODO_XML)
    except ApiError:
        return None


def _answers_xml(accept: str) -> bool:
    chosen = _answered(accept)
    return chosen is not None and negotiation.is_xml_type(chosen, TODO_XML)


def asks_for_xml() -> Condition:
    """Accept makes the API answer XML."""
    return intent(
        "an Accept the API answers in XML",
        lambda x: _answers_xml(_accept(x)),
        looks_at=("accept",),
        needs=("accept",),
        unaimed=_client_default,
    )


def asks_for_xml_or_nothing() -> Condition:
    """Accept makes the API answer XML, or there is none (the answer is then JSON: a near
    miss for a student who forgot to ask)."""

    def test(x: Exchange) -> bool:
        accept = _accept(x)
        return not accept.strip() or _answers_xml(accept)

    return intent("an Accept the API answers in XML, or none", test, looks_at=("accept",))


def override_is(verb: str) -> Condition:
    return on_request(
        f"X-HTTP-Method-Override: {verb}",
        lambda x: (x.header("x-http-method-override") or "").strip().lower() == verb.lower(),
        f"the X-HTTP-Method-Override header was `{{seen}}`; this challenge needs {verb}",
        lambda x: (x.header("x-http-method-override") or "").strip(),
        needs=("x-http-method-override",),
        looks_at=("x-http-method-override",),
    )


def _preflight(x: Exchange) -> bool:
    return bool((x.header("access-control-request-method") or "").strip())


def options_sent() -> Condition:
    """The method is OPTIONS. A browser asks with an OPTIONS of its own (a CORS preflight,
    naming the method to come in `Access-Control-Request-Method`) before a page's request
    on another origin that carries a header of its own (X-CHALLENGER, a JSON Content-Type)
    or a method beyond GET, HEAD and POST: its student sent the request that followed, so
    the preflight shows no aim at an OPTIONS challenge."""
    return replace(method_is("OPTIONS"), unaimed=_preflight)
