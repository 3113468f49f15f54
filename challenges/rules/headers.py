"""Conditions on the request's headers about formats and methods: the Accept header (what
it names, ranks first, or makes the API answer in) and `X-HTTP-Method-Override`. They
read only the request, and each declares the header it reads, so whether a request is an
attempt is remembered per header value (`Catalogue.attempts`).
"""

from __future__ import annotations

from collections.abc import Callable

from challenges.conditions import Condition, on_request
from challenges.exchange import Exchange
from challenges.rules.intent import intent
from practiceapi.editions import served
from practiceapi.protocol import negotiation
from practiceapi.protocol.errors import ApiError
from todos.resource import TODO_XML


def _accept(x: Exchange) -> str:
    return x.accept


def _squash(value: str) -> str:
    return "".join(value.split()).lower()


def _accept_matches_xml(accept: str) -> bool:
    return negotiation.accept_matches(accept, "application/xml") or negotiation.accept_matches(
        accept, "text/xml"
    )


def accept_condition(name: str, test: Callable[[str], bool], needs_text: str) -> Condition:
    """A test of the Accept header; the explanation shows the header as sent."""
    return on_request(
        name,
        lambda x: test(_accept(x)),
        f"the Accept header was `{{seen}}`; this challenge needs {needs_text}",
        lambda x: _accept(x) or "(none)",
        needs=("accept",),
        looks_at=("accept",),
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


def accept_unknown() -> Condition:
    return accept_condition(
        "Accept names only formats the API cannot produce",
        lambda accept: bool(accept.strip()) and not negotiation.accept_recognises_any(accept),
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


def _answers_xml(accept: str) -> bool:
    # As the served edition reads Accept on the todo routes (the classic one by header
    # order), so that every request answered in XML shows this intent.
    try:
        chosen = served().accept_reading.media_type(accept, negotiation.PRODUCIBLE, TODO_XML)
    except ApiError:
        return False
    return negotiation.is_xml_type(chosen, TODO_XML)


def asks_for_xml() -> Condition:
    """Accept makes the API answer XML."""
    return intent(
        "an Accept the API answers in XML",
        lambda x: _answers_xml(_accept(x)),
        looks_at=("accept",),
        needs=("accept",),
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
