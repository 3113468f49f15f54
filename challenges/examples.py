"""A request to try for each challenge: what the progress page's "Try it" editor starts from.

Derived from the catalogue's own texts, so that the example and the challenge never say
different things:

* the method and path are the first two words of the challenge's name
  (`PUT /api/todos/{id} (200)`): `{id}` becomes an existing todo's id (1) or, for a
  challenge about a missing one, an id no session has; `guid` becomes `{guid}`, which the
  page fills with the student's session;
* the query string, headers and body are the back-ticked snippets of the description and
  the hints: `?…` is the query, `Name: value` a header, `{…}`/`[…]` (JSON), `<…>…</…>`
  (XML), `$.…` (JSONPath) or `a=b` after a form Content-Type the body;
* `EXTRA` adds, per challenge key, what the texts leave to the student (a body to write,
  the id of a missing todo, a header to leave out, a note). Keys are shared by both
  editions, so one table serves both.

`{guid}` (the student's session), `{new-guid}` (a fresh UUID) and `{token}` (the secret
token, once the page has seen one) are placeholders the page's script fills in; nothing
here holds a student's data.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from typing import Any

from django.utils.html import json_script
from django.utils.safestring import SafeString

from challenges.declarations import Challenge

_SNIPPET = re.compile(r"`([^`]+)`")
_HEADER = re.compile(r"^([A-Za-z][A-Za-z0-9-]*): (.+)$")
_QUERY = re.compile(r"^\?\w")
_FORM = re.compile(r"^[\w.]+=[^\s]*$")
MISSING_ID = "99999"  # beyond any session's ids: the API caps a session's todos
BASIC_PRACTICE_LOGIN = "Basic YWRtaW46cGFzc3dvcmQ="  # admin:password, as the catalogue says
JSON = "application/json"


@dataclass(frozen=True)
class Example:
    method: str
    path: str
    headers: tuple[tuple[str, str], ...] = ()
    body: str = ""
    session: bool = True  # sends the student's X-CHALLENGER
    absent: tuple[str, ...] = ()  # headers the request must not carry
    note: str = ""

    def as_json(self) -> dict[str, Any]:
        return {
            "method": self.method,
            "path": self.path,
            "headers": [list(h) for h in self.headers],
            "body": self.body,
            "session": self.session,
            "absent": list(self.absent),
            "note": self.note,
        }


@dataclass(frozen=True)
class Extra:
    id: str = "1"
    query: str = ""
    headers: tuple[tuple[str, str], ...] = ()
    body: Any = None  # a str, or a value sent as JSON
    session: bool = True
    absent: tuple[str, ...] = ()
    note: str = ""
    method: str = ""
    replace_headers: bool = False
    path: str = ""  # instead of the name's


def _title(length: int) -> str:
    return ("x" * length)[:length]


TOKEN_NOTE = "{token} is the X-AUTH-TOKEN of your last POST /api/secret/token (201)."
OWN_ID_NOTE = "Use an id from your own list (GET /api/todos)."

EXTRA: dict[str, Extra] = {
    "CREATE_NEW_CHALLENGER": Extra(
        session=False,
        note="Sent without X-CHALLENGER: it makes a new session (open its progress page "
        "from the answer's Location header).",
    ),
    "GET_TODO_404": Extra(id=MISSING_ID),
    "GET_TODOS_FILTERED": Extra(headers=(("Accept", JSON),)),
    "POST_TODOS_BAD_DONE_STATUS": Extra(body={"title": "a title", "doneStatus": "bob"}),
    "POST_TODOS_TOO_LONG_TITLE_LENGTH": Extra(body={"title": _title(51)}),
    "POST_TODOS_TOO_LONG_DESCRIPTION_LENGTH": Extra(
        body={"title": "a title", "description": _title(201)}
    ),
    "POST_MAX_OUT_TITLE_DESCRIPTION_LENGTH": Extra(
        body={"title": _title(50), "description": _title(200)}
    ),
    "POST_TODOS_TOO_LONG_PAYLOAD_SIZE": Extra(
        body={"title": "a title", "description": _title(5000)}
    ),
    "POST_TODOS_INVALID_EXTRA_FIELD": Extra(body={"title": "a title", "priority": "high"}),
    "PUT_TODOS_422": Extra(id=MISSING_ID, body={"id": int(MISSING_ID), "title": "a title"}),
    "PUT_TODOS_400": Extra(id=MISSING_ID, body={"title": "a title"}),
    "POST_TODOS_404": Extra(id=MISSING_ID, body={"title": "a title"}),
    "PUT_TODOS_FULL_200": Extra(
        body={"title": "a whole todo", "doneStatus": True, "description": "every field"}
    ),
    "PUT_TODOS_PARTIAL_200": Extra(body={"title": "only a title"}),
    "PUT_TODOS_BODY_ID_200": Extra(body={"id": 1, "title": "named by the body"}),
    "PUT_TODOS_ID_NO_BODY_ID_200": Extra(body={"title": "named by the URL"}),
    "PUT_TODOS_MISSING_TITLE_422": Extra(body={"description": "no title"}),
    "PUT_TODOS_MISSING_TITLE_400": Extra(body={"description": "no title"}),
    "PUT_TODOS_NO_ID_422": Extra(body={"title": "no id"}),
    "PUT_TODOS_ID_NOT_FOUND_404": Extra(id=MISSING_ID, body={"title": "a title"}),
    "PUT_TODOS_422_NO_AMEND_ID": Extra(body={"id": 2, "title": "a title"}),
    "PUT_TODOS_400_NO_AMEND_ID": Extra(body={"id": 2, "title": "a title"}),
    "DELETE_A_TODO": Extra(note=OWN_ID_NOTE),
    "DELETE_ALL_TODOS": Extra(note="Delete every id of your list, one request each."),
    "PATCH_TODOS_MERGE_PATCH_200": Extra(body={"title": "merged"}),
    "GET_JSON_BY_DEFAULT_NO_ACCEPT": Extra(absent=("Accept",)),
    "GET_UNSUPPORTED_ACCEPT_406": Extra(headers=(("Accept", "application/gzip"),)),
    "GET_UNSUPPORTED_STRUCTURED_JSON_ACCEPT_406": Extra(
        headers=(("Accept", "application/problem+json"),)
    ),
    "GET_ACCEPT_TEXT_XML": Extra(headers=(("Accept", "text/xml"),)),
    "GET_ACCEPT_VENDOR_XML": Extra(headers=(("Accept", "application/vnd.apichallenges.todo+xml"),)),
    "POST_CREATE_JSON": Extra(
        headers=(("Content-Type", JSON), ("Accept", JSON)), body={"title": "from json"}
    ),
    "POST_CREATE_VENDOR_XML": Extra(body="<todo><title>from vendor xml</title></todo>"),
    "POST_CREATE_XML_ACCEPT_JSON": Extra(body="<todo><title>xml in</title></todo>"),
    "POST_CREATE_JSON_ACCEPT_XML": Extra(body={"title": "json in"}),
    "POST_TODOS_415": Extra(headers=(("Content-Type", "text/plain"),), body="title=plain"),
    "POST_TODOS": Extra(),
    "POST_RESTORE_EXISTING_CHALLENGER": Extra(),
    "PUT_RESTORABLE_CHALLENGER_PROGRESS_STATUS": Extra(
        note="Paste the body a GET on this path answered (your progress payload)."
    ),
    "PUT_CHALLENGER_GUID_MISMATCH_409": Extra(
        path="/api/challenger/{new-guid}",
        body={"xChallenger": "{guid}", "challengeStatus": {}},
        note="Your GUID in the body, another one in the URL.",
    ),
    "PUT_NEW_RESTORED_CHALLENGER_PROGRESS_STATUS": Extra(
        note="A fresh UUID in the URL and in the body's xChallenger: a new session.",
        path="/api/challenger/{new-guid}",
        body={"xChallenger": "{new-guid}", "challengeStatus": {}},
    ),
    "PUT_RESTORABLE_TODOS": Extra(
        body={"todos": [{"id": 1, "title": "restored", "doneStatus": False, "description": ""}]},
        note="Your list becomes exactly this body's todos.",
    ),
    "X_CHALLENGER_TOO_LONG_431": Extra(
        session=False, headers=(("X-CHALLENGER", "{guid}" + "x" * 70),)
    ),
    "CREATE_SECRET_TOKEN_401": Extra(headers=(("Authorization", "Basic d3Jvbmc6d3Jvbmc="),)),
    "CREATE_SECRET_TOKEN_201": Extra(headers=(("Authorization", BASIC_PRACTICE_LOGIN),)),
    "GET_SECRET_NOTE_403": Extra(headers=(("X-AUTH-TOKEN", "not-your-token"),)),
    "GET_SECRET_NOTE_401": Extra(),
    "GET_SECRET_NOTE_200": Extra(headers=(("X-AUTH-TOKEN", "{token}"),), note=TOKEN_NOTE),
    "POST_SECRET_NOTE_200": Extra(
        headers=(("X-AUTH-TOKEN", "{token}"),), body={"note": "my note"}, note=TOKEN_NOTE
    ),
    "POST_SECRET_NOTE_401": Extra(body={"note": "my note"}),
    "POST_SECRET_NOTE_403": Extra(
        headers=(("X-AUTH-TOKEN", "not-your-token"),), body={"note": "my note"}
    ),
    "GET_SECRET_NOTE_BEARER_200": Extra(
        headers=(("Authorization", "Bearer {token}"),), replace_headers=True, note=TOKEN_NOTE
    ),
    "POST_SECRET_NOTE_BEARER_200": Extra(
        headers=(("Authorization", "Bearer {token}"), ("Content-Type", JSON)),
        replace_headers=True,
        body={"note": "my note"},
        note=TOKEN_NOTE,
    ),
    "POST_ALL_TODOS": Extra(
        body={"title": "one more"},
        note="Send it until the list is full: the request after the last place is refused.",
    ),
}


def example_for(challenge: Challenge) -> Example:
    return _example(challenge)


@cache
def _example(challenge: Challenge) -> Example:
    extra = EXTRA.get(challenge.key, Extra())
    words = challenge.name.split()
    method, path = extra.method or words[0], extra.path or words[1]
    path = path.replace("{id}", extra.id)
    path = re.sub(r"/guid$", "/{guid}", path)
    snippets = _SNIPPET.findall(
        f"{challenge.description} {' '.join(h.text for h in challenge.hints)}"
    )
    query = extra.query or next((s for s in snippets if _QUERY.match(s)), "")
    headers: dict[str, str] = {}
    if not extra.replace_headers:
        for snippet in snippets:
            found = _HEADER.match(snippet)
            if found and not found.group(2).startswith("<"):
                headers.setdefault(found.group(1), found.group(2))
    for name, value in extra.headers:
        headers[name] = value
    body = _body(extra.body, snippets, headers.get("Content-Type", ""))
    if body and "Content-Type" not in headers:
        headers["Content-Type"] = "application/xml" if body.startswith("<") else JSON
    # An override travels on a POST: the request line says POST whatever the name says.
    if " as " in challenge.name and "X-HTTP-Method-Override" in headers:
        method = "POST"
    return Example(
        method=method,
        path=path + query,
        headers=tuple(headers.items()),
        body=body,
        session=extra.session,
        absent=extra.absent,
        note=extra.note,
    )


def _body(given: Any, snippets: list[str], content_type: str) -> str:
    if isinstance(given, str):
        return given
    if given is not None:
        return json.dumps(given)
    for snippet in snippets:
        if snippet.startswith(("{", "[")):
            try:
                json.loads(snippet)
            except ValueError:
                continue
            return snippet
        if snippet.startswith("<") and "</" in snippet:
            return snippet
        if snippet.startswith("$."):
            return snippet
        if "form-urlencoded" in content_type and _FORM.match(snippet):
            return snippet
    return ""


def examples_for(challenges: tuple[Challenge, ...]) -> dict[str, dict[str, Any]]:
    """Each challenge's example, by key, as the page's script reads them."""
    return {c.key: example_for(c).as_json() for c in challenges}


@cache
def examples_script(challenges: tuple[Challenge, ...]) -> SafeString:
    """`examples_for` as the page embeds it (`<script id="tryit-examples">`), made once per
    list of challenges: serialising it took a few milliseconds of every page."""
    return json_script(examples_for(challenges), "tryit-examples")
