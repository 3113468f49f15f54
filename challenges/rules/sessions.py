"""Conditions on the challenger session a request names: whether it sends
`X-CHALLENGER`, asks for a new session or names one, and, for the progress routes,
whether the URL, the header and a restored payload name the same session and whether the
server had it.
"""

from __future__ import annotations

from challengers.sessions import SINGLE_PLAYER_GUID, InvalidGuid, parse_guid
from challenges.conditions import Condition, on_request, on_response
from challenges.exchange import Exchange
from challenges.routes import challenger_guid
from challenges.rules.intent import intent, intent_in_answer, intent_in_body


def _guid(value: str | None) -> str:
    # Sessions are stored and looked up by the trimmed, lower-cased GUID.
    return (value or "").strip().lower()


def x_challenger_sent() -> Condition:
    return on_request(
        "X-CHALLENGER sent",
        lambda x: bool(_guid(x.header("x-challenger"))),
        "the request had no X-CHALLENGER header",
        needs=("x-challenger",),
        looks_at=("x-challenger",),
        per_client=True,
    )


def restores_the_sent_session() -> Condition:
    return on_response(
        "the response names the session sent",
        lambda x: _guid(x.header("x-challenger")) == _guid(x.response_headers.get("x-challenger")),
        "the response named session {seen}, not the one in your X-CHALLENGER header",
        lambda x: x.response_headers.get("x-challenger"),
    )


def url_names_own_session() -> Condition:
    """Multi mode: the request `X-CHALLENGER` names the URL's session (whether it exists is
    settled by who gets credited). Single mode ignores the header, so the URL must name the
    single-player session."""

    def test(x: Exchange) -> bool:
        guid = _guid(challenger_guid(x.path.rstrip("/")))
        if not guid:
            return False
        if x.mode == "single":
            return guid == SINGLE_PLAYER_GUID
        return _guid(x.header("x-challenger")) == guid

    def seen(x: Exchange) -> str:
        if x.mode == "single":
            return (
                f"the URL named `{challenger_guid(x.path.rstrip('/'))}`; in single-player mode "
                f"this challenge needs /api/challenger/{SINGLE_PLAYER_GUID}"
            )
        if not _guid(x.header("x-challenger")):
            problem = "the request had no X-CHALLENGER header"
        else:
            problem = "the X-CHALLENGER header named another session than the URL"
        return f"{problem}; this challenge needs your own GUID in the URL and in X-CHALLENGER"

    return on_request("the URL names your own session", test, "{seen}", seen)


def x_challenger_longer_than(length: int) -> Condition:
    return on_request(
        f"X-CHALLENGER longer than {length} characters",
        lambda x: len(x.header("x-challenger") or "") > length,
        f"the X-CHALLENGER header was {{seen}} characters long; this challenge needs more than {length}",
        lambda x: len(x.header("x-challenger") or ""),
        needs=("x-challenger",),
        looks_at=("x-challenger",),
        per_client=True,
    )


def starts_a_session() -> Condition:
    """No X-CHALLENGER (or a blank one): the request asks for a new session. Single mode
    ignores the header: every POST /api/challenger is this."""
    return intent(
        "no X-CHALLENGER",
        lambda x: x.mode == "single" or not _guid(x.header("x-challenger")),
        looks_at=("x-challenger",),
        per_client=True,
    )


def names_a_session() -> Condition:
    """An X-CHALLENGER is sent; single mode ignores it, so there every request names the
    one session."""
    return intent(
        "X-CHALLENGER sent",
        lambda x: x.mode == "single" or bool(_guid(x.header("x-challenger"))),
        looks_at=("x-challenger",),
        per_client=True,
    )


def _payload_guid(x: Exchange) -> str | None:
    doc = x.body_json
    named = doc.get("xChallenger") if isinstance(doc, dict) else None
    return None if named is None else str(named).strip().lower()


def _url_session(x: Exchange) -> str:
    raw = challenger_guid(x.path.rstrip("/")) or ""
    try:
        return parse_guid(raw).strip().lower()
    except InvalidGuid:
        return raw.strip().lower()


def payload_names_url_session() -> Condition:
    """The progress payload's xChallenger is the GUID in the URL (or cannot be read)."""

    def test(x: Exchange) -> bool:
        named = _payload_guid(x)
        return named is None or named == _url_session(x)

    return intent_in_body("the payload's xChallenger is the URL's GUID", test)


def payload_names_another_session() -> Condition:
    def test(x: Exchange) -> bool:
        named = _payload_guid(x)
        return named is not None and named != _url_session(x)

    return intent_in_body("the payload's xChallenger is not the URL's GUID", test)


def restores_an_existing_session() -> Condition:
    """The GUID names a session the server has: it is restored, not created (only the
    server knows, so this is read from its answer: 201 is a session made)."""
    return intent_in_answer("a session that exists", lambda x: x.status != 201)


def restores_a_new_session() -> Condition:
    return intent_in_answer("a session that does not exist yet", lambda x: x.status == 201)
