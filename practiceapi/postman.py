"""`GET /postman/collection.json`: a Postman collection (format v2.1) of the whole API, built
from its OpenAPI documents, so that it lists what the documents list and nothing kept apart.

One folder per tag of the documents (todos, challenger, challenges, secret, heartbeat,
Simulator), one request per operation in document order, with the first example body
the document gives (else one made from the body's schema). Every request that takes the
session sends `X-CHALLENGER: {{xChallenger}}` to `{{baseUrl}}`; both are collection
variables, `baseUrl` set to the base URL the collection was asked on and `xChallenger` to
the `challenger` query parameter (a GUID) when given.

Scripts, in the collection itself so that any client running it behaves the same:
* the request that creates a session stores the `X-CHALLENGER` it answers in
  `xChallenger`; a response header the document names `X-AUTH-TOKEN` is stored in
  `xAuthToken` (the Bearer token of the secret note's requests);
* every other request is stopped before it is sent, with a message saying what to do,
  while `xChallenger` is empty or an unresolved `{{…}}`;
* every request carries `X-Challenges-Client: collection` (`CLIENT_HEADER`), and so does
  the GET a PUT's script sends: the mark that tells the server a credit was earned by the
  provided collection, not by requests the student wrote (which do not carry it);
* a PUT on a session's own resource (`{guid}` in its path) sends back what the GET on the
  same path answers, so that running the whole collection restores a session's progress
  and todos as they were instead of overwriting them with an example.

The documents are generated once per process and served edition (they depend on nothing
else); the collection is rebuilt from them for each base URL.
"""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views.decorators.http import require_GET

from practiceapi.openapi import SESSION_SCHEME, base_url

SCHEMA_URL = "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"
SESSION_VARIABLE = "xChallenger"
TOKEN_VARIABLE = "xAuthToken"
# The operation that creates a session: the one request allowed without one.
SESSION_CREATE = ("post", "/api/challenger")
# Response headers a request's test script copies into a collection variable.
STORED_HEADERS = {"X-CHALLENGER": SESSION_VARIABLE, "X-AUTH-TOKEN": TOKEN_VARIABLE}
GUID = re.compile(r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$")
METHODS = ("get", "head", "post", "put", "patch", "delete", "options", "trace")
FILENAME = "api-challenges.postman_collection.json"
# The mark every request of the collection sends: challenges it completes are credited as
# done "by the provided collection" (the curriculum reads it), so an instructor can tell
# them from the student's own requests.
CLIENT_HEADER = "X-Challenges-Client"
COLLECTION_MARK = "collection"
CLIENT_HEADER_DESCRIPTION = (
    "Marks this request as one of the provided collection's: a challenge it completes "
    "shows as done by the collection, not by your own client. Requests you write "
    "yourself do not send it."
)

Document = dict[str, Any]

GUARD_SCRIPT = [
    "// Stops this request, unsent, while the collection has no session to send.",
    "// As the request would send it: an environment's xChallenger wins over the collection's.",
    f'const session = pm.variables.replaceIn("{{{{{SESSION_VARIABLE}}}}}") || "";',
    "if (!session.trim() || /\\{\\{.*\\}\\}/.test(session)) {",
    '    const message = "No session: the collection variable xChallenger is empty or unset "',
    '        + "(" + session + "). "',
    '        + "Send \\"Create a session\\" (POST /api/challenger) first, or set xChallenger "',
    '        + "to your GUID from your progress page.";',
    "    console.error(message);",
    "    pm.execution.skipRequest();",
    "}",
]


def round_trip_script(get_path: str) -> list[str]:
    """Pre-request lines that replace the body with what GET `get_path` answers now."""
    return [
        "// Sends back what the server holds for this session, as it answers it now.",
        "pm.sendRequest({",
        f'    url: pm.variables.replaceIn("{{{{baseUrl}}}}{get_path}"),',
        '    method: "GET",',
        f'    header: {{"X-CHALLENGER": pm.variables.replaceIn("{{{{{SESSION_VARIABLE}}}}}"), '
        f'"Accept": "application/json", "{CLIENT_HEADER}": "{COLLECTION_MARK}"}},',
        "}, function (error, response) {",
        "    if (!error && response.code === 200) {",
        '        pm.request.body.update({mode: "raw", raw: response.text()});',
        "    }",
        "});",
    ]


def store_script(headers: Iterable[str]) -> list[str]:
    lines = []
    for header in headers:
        variable = STORED_HEADERS[header]
        lines += [
            f'if (pm.response.headers.has("{header}")) {{',
            f'    pm.collectionVariables.set("{variable}", pm.response.headers.get("{header}"));',
            "}",
        ]
    if SESSION_VARIABLE in (STORED_HEADERS[h] for h in headers):
        lines += [
            'pm.test("the answer names a session in X-CHALLENGER", function () {',
            f'    pm.expect(pm.collectionVariables.get("{SESSION_VARIABLE}")).to.match(/\\S/);',
            "});",
        ]
    return lines


# --------------------------------------------------------------------------- documents


class Documents:
    """The OpenAPI documents a collection is built from, generated once per edition."""

    def __init__(self, *generators: Callable[[], Document]) -> None:
        self.generators = generators

    def __call__(self) -> tuple[Document, ...]:
        return self._generated(settings.APICHALLENGES_EDITION, settings.APICHALLENGES_MODE)

    @lru_cache(maxsize=4)  # noqa: B019 - one instance per URL conf, kept for the process
    def _generated(self, edition: str, mode: str) -> tuple[Document, ...]:
        return tuple(generate() for generate in self.generators)


# --------------------------------------------------------------------------- building


def collection(
    documents: Sequence[Document], base: str, session: str, *, name: str = "API Challenges"
) -> dict[str, Any]:
    """The Postman collection of `documents`' operations, for `base` and `session`."""
    folders: dict[str, list[dict[str, Any]]] = {}
    descriptions: dict[str, str] = {}
    first: set[str] = set()
    for document in documents:
        for tag in document.get("tags", []):
            descriptions.setdefault(tag["name"], tag.get("description", ""))
        for path, operations in document.get("paths", {}).items():
            for method in METHODS:
                operation = operations.get(method)
                if operation is None:
                    continue
                tag = (operation.get("tags") or ["other"])[0]
                if (method, path) == SESSION_CREATE:
                    first.add(tag)
                folders.setdefault(tag, []).append(
                    _item(document, path, method, operation, operations)
                )
    # The folder holding the session's creation first: a run starts by making one.
    ordered = sorted(folders, key=lambda tag: tag not in first)
    return {
        "info": {
            "_postman_id": str(uuid.uuid5(uuid.NAMESPACE_URL, base)),
            "name": name,
            "description": (
                "Every operation of this server's OpenAPI documents. Set the collection "
                f"variable `{SESSION_VARIABLE}` to your session's GUID, or send "
                "`POST /api/challenger` first: it stores the new session there. Requests "
                "without a session are stopped before they are sent. Every request sends "
                f"`{CLIENT_HEADER}: {COLLECTION_MARK}`: what it completes shows as done by "
                "the provided collection, for you and your instructor; requests you write "
                "yourself count as your own work."
            ),
            "schema": SCHEMA_URL,
        },
        "item": [
            {"name": tag, "description": descriptions.get(tag, ""), "item": folders[tag]}
            for tag in ordered
        ],
        "variable": [
            {"key": "baseUrl", "value": base, "type": "string"},
            {"key": SESSION_VARIABLE, "value": session, "type": "string"},
            {"key": TOKEN_VARIABLE, "value": "", "type": "string"},
            {"key": "basicUsername", "value": "", "type": "string"},
            {"key": "basicPassword", "value": "", "type": "string"},
        ],
    }


def _item(
    document: Document,
    path: str,
    method: str,
    operation: dict[str, Any],
    operations: dict[str, Any],
) -> dict[str, Any]:
    creates_session = (method, path) == SESSION_CREATE
    security = operation.get("security") or [{}]
    takes_session = any(SESSION_SCHEME in alternative for alternative in security)
    headers: list[dict[str, Any]] = [
        {"key": CLIENT_HEADER, "value": COLLECTION_MARK, "description": CLIENT_HEADER_DESCRIPTION}
    ]
    if takes_session:
        headers.append({"key": "X-CHALLENGER", "value": f"{{{{{SESSION_VARIABLE}}}}}"})
    path_values: dict[str, str] = {}
    query: list[dict[str, Any]] = []
    for parameter in _parameters(document, operations, operation):
        where, pname = parameter.get("in"), parameter["name"]
        value = _parameter_value(document, parameter)
        if where == "path":
            path_values[pname] = value
        elif where == "query":
            query.append(
                {"key": pname, "value": value, "disabled": not parameter.get("required", False)}
            )
        elif where == "header":
            headers.append(
                {"key": pname, "value": value, "disabled": not parameter.get("required", False)}
            )
    request: dict[str, Any] = {
        "method": method.upper(),
        "header": headers,
        "url": _url(path, path_values, query),
        "description": operation.get("description") or operation.get("summary") or "",
    }
    body = _body(document, operation.get("requestBody"))
    if body is not None:
        media_type, raw = body
        headers.append({"key": "Content-Type", "value": media_type})
        request["body"] = {"mode": "raw", "raw": raw}
        if "json" in media_type:
            request["body"]["options"] = {"raw": {"language": "json"}}
        elif "xml" in media_type:
            request["body"]["options"] = {"raw": {"language": "xml"}}
    auth = _auth(document, security)
    if auth is not None:
        request["auth"] = auth
    prerequest: list[str] = []
    if (takes_session or "{guid}" in path) and not creates_session:
        prerequest += GUARD_SCRIPT
    if method == "put" and "{guid}" in path and _answer_is_a_body(document, operations):
        prerequest += round_trip_script(path.replace("{guid}", f"{{{{{SESSION_VARIABLE}}}}}"))
    # The session is taken from the request that creates one only: every other answer
    # echoes the one it was sent.
    stored = ["X-CHALLENGER"] if creates_session else []
    stored += [h for h in _response_headers(operation) if h in STORED_HEADERS and h not in stored]
    if not creates_session:
        stored = [h for h in stored if h != "X-CHALLENGER"]
    events = []
    if prerequest:
        events.append(_event("prerequest", prerequest))
    if stored:
        events.append(_event("test", store_script(stored)))
    name = operation.get("summary") or f"{method.upper()} {path}"
    item: dict[str, Any] = {"name": name, "request": request}
    if creates_session:
        item["name"] = "Create a session"
    if events:
        item["event"] = events
    return item


def _answer_is_a_body(document: Document, operations: dict[str, Any]) -> bool:
    """Whether what GET answers on this path is a body its PUT takes: every member of the
    GET's JSON answer is a member of the PUT's JSON body."""
    try:
        answer = operations["get"]["responses"]["200"]["content"]["application/json"]["schema"]
        body = operations["put"]["requestBody"]["content"]["application/json"]["schema"]
    except (KeyError, TypeError):
        return False
    answered = set(_resolve(document, answer).get("properties", {}))
    taken = set(_resolve(document, body).get("properties", {}))
    return bool(answered) and answered <= taken


def _event(listen: str, lines: list[str]) -> dict[str, Any]:
    return {"listen": listen, "script": {"type": "text/javascript", "exec": lines}}


def _parameters(
    document: Document, operations: dict[str, Any], operation: dict[str, Any]
) -> list[dict[str, Any]]:
    shared = [_resolve(document, p) for p in operations.get("parameters", [])]
    own = [_resolve(document, p) for p in operation.get("parameters", [])]
    names = {(p.get("in"), p["name"]) for p in own}
    return [p for p in shared if (p.get("in"), p["name"]) not in names] + own


def _parameter_value(document: Document, parameter: dict[str, Any]) -> str:
    if parameter.get("in") == "path" and parameter["name"] == "guid":
        return f"{{{{{SESSION_VARIABLE}}}}}"
    if parameter.get("in") == "header" and parameter["name"] == "X-AUTH-TOKEN":
        return f"{{{{{TOKEN_VARIABLE}}}}}"
    if "example" in parameter:
        return _text(parameter["example"])
    schema = _resolve(document, parameter.get("schema", {}))
    if parameter.get("in") == "path" and parameter["name"].lower().endswith("id"):
        return _text(schema.get("example", 1))  # the first item of the API's collections
    given = ("example", "examples", "default", "enum")
    if not parameter.get("required") and not any(key in schema for key in given):
        return ""  # an optional filter or header, left off: the student fills it in
    value = _example(document, schema, parameter["name"])
    return _text(value)


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return value if isinstance(value, str) else json.dumps(value)


def _url(path: str, values: dict[str, str], query: list[dict[str, Any]]) -> dict[str, Any]:
    segments = [
        f":{segment[1:-1]}" if segment.startswith("{") and segment.endswith("}") else segment
        for segment in path.strip("/").split("/")
    ]
    raw = "{{baseUrl}}/" + "/".join(segments)
    enabled = [q for q in query if not q["disabled"]]
    if enabled:
        raw += "?" + "&".join(f"{q['key']}={q['value']}" for q in enabled)
    url: dict[str, Any] = {"raw": raw, "host": ["{{baseUrl}}"], "path": segments}
    if query:
        url["query"] = query
    variables = [{"key": name, "value": values[name]} for name in values]
    if variables:
        url["variable"] = variables
    return url


def _body(document: Document, request_body: Any) -> tuple[str, str] | None:
    if not request_body:
        return None
    content = _resolve(document, request_body).get("content", {})
    if not content:
        return None
    media_type = "application/json" if "application/json" in content else next(iter(content))
    media = content[media_type]
    examples = media.get("examples") or {}
    if "example" in media:
        value = media["example"]
    elif examples:
        value = _resolve(document, next(iter(examples.values()))).get("value")
    else:
        value = _example(document, _resolve(document, media.get("schema", {})), "")
    if isinstance(value, str) and "json" not in media_type:
        return media_type, value
    if "xml" in media_type and isinstance(value, dict):
        return media_type, _xml(_resolve(document, media.get("schema", {})), value)
    return media_type, json.dumps(value, indent=2)


def _xml(schema: dict[str, Any], value: dict[str, Any]) -> str:
    root = schema.get("xml", {}).get("name", "body")
    inner = "".join(f"<{key}>{_text(item)}</{key}>" for key, item in value.items())
    return f"<{root}>{inner}</{root}>"


def _example(document: Document, schema: dict[str, Any], name: str, depth: int = 0) -> Any:
    """A value `schema` accepts: its own example, default or first enum value, else one
    made from its type (objects with their required properties, or all of them when none
    is required, within a few levels)."""
    schema = _resolve(document, schema)
    for key in ("example", "default"):
        if key in schema:
            return schema[key]
    if schema.get("examples"):
        return schema["examples"][0]
    if schema.get("enum"):
        return schema["enum"][0]
    for combined in ("oneOf", "anyOf", "allOf"):
        if schema.get(combined):
            return _example(document, schema[combined][0], name, depth)
    kind = schema.get("type")
    if isinstance(kind, list):
        kind = next((k for k in kind if k != "null"), "string")
    if kind == "object" or "properties" in schema:
        if depth > 3:
            return {}
        properties = schema.get("properties", {})
        # The required members when there are some: an example shows the least to send.
        listed = [key for key in schema.get("required", []) if key in properties] or properties
        return {key: _example(document, properties[key], key, depth + 1) for key in listed}
    if kind == "array":
        return [] if depth > 3 else [_example(document, schema.get("items", {}), name, depth + 1)]
    if kind == "integer":
        return max(1, int(schema.get("minimum", 1)))
    if kind == "number":
        return 1
    if kind == "boolean":
        return False
    text = f"example {name}".strip() if name else "example"
    return text[: schema.get("maxLength", len(text))]


def _resolve(document: Document, node: Any) -> Any:
    seen = 0
    while isinstance(node, dict) and "$ref" in node and seen < 10:
        target: Any = document
        for part in node["$ref"].lstrip("#/").split("/"):
            target = target.get(part, {}) if isinstance(target, dict) else {}
        node, seen = target, seen + 1
    return node


def _auth(document: Document, security: list[dict[str, Any]]) -> dict[str, Any] | None:
    schemes = document.get("components", {}).get("securitySchemes", {})
    for name in security[0]:
        scheme = schemes.get(name, {})
        if scheme.get("type") == "http" and scheme.get("scheme") == "basic":
            return {
                "type": "basic",
                "basic": [
                    {"key": "username", "value": "{{basicUsername}}", "type": "string"},
                    {"key": "password", "value": "{{basicPassword}}", "type": "string"},
                ],
            }
        if scheme.get("type") == "http" and scheme.get("scheme") == "bearer":
            return {
                "type": "bearer",
                "bearer": [
                    {"key": "token", "value": f"{{{{{TOKEN_VARIABLE}}}}}", "type": "string"}
                ],
            }
    return None


def _response_headers(operation: dict[str, Any]) -> list[str]:
    names: list[str] = []
    for response in operation.get("responses", {}).values():
        for header in response.get("headers", {}) if isinstance(response, dict) else ():
            if header not in names:
                names.append(header)
    return names


# --------------------------------------------------------------------------- the page


def collection_view(
    documents: Callable[[], Sequence[Document]], default_session: Callable[[], str]
) -> Callable[[HttpRequest], HttpResponse]:
    """The view answering the collection of `documents()`; `default_session()` is the
    session it names when no `challenger` is asked for (the single-player mode's)."""

    @require_GET
    def postman_collection(request: HttpRequest) -> HttpResponse:
        session = request.GET.get("challenger", "").strip()
        if session and not GUID.match(session):
            return JsonResponse(
                {
                    "errorMessages": [
                        "challenger must be a session GUID, e.g. from POST /api/challenger"
                    ]
                },
                status=400,
            )
        built = collection(documents(), base_url(request), session.lower() or default_session())
        response = HttpResponse(
            json.dumps(built, indent=2), content_type="application/json; charset=utf-8"
        )
        response["Content-Disposition"] = f'attachment; filename="{FILENAME}"'
        return response

    return postman_collection
