"""The request headers common HTTP clients send when their user sets none: what a student's
request carries besides what they chose. For each client, the headers of a plain read
(GET, and HEAD, DELETE, OPTIONS without a body) and of a write with a JSON body (POST,
PUT, PATCH), with the body's `Content-Type` as the client sets it, or as its user
must set it where the client sets none.

`Host`, `Content-Length` and the session's `X-CHALLENGER` are left out: the test client
adds the first two and every request names its session. Version numbers are those of one
recent release; only their shape matters here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

JSON = "application/json"


@dataclass(frozen=True)
class ClientDefaults:
    """`read`: the headers of a request without a body; `write`: those a JSON body adds
    (or changes); `preflight`: the client is a browser page on another origin, which asks
    the API with a CORS preflight before any request that names a header of its own (all
    of a student's: `X-CHALLENGER`)."""

    name: str
    read: Mapping[str, str]
    write: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    preflight: bool = False

    @property
    def accept(self) -> str | None:
        return self.read.get("Accept")

    def headers(self, with_body: bool) -> dict[str, str]:
        return {**self.read, **(self.write if with_body else {})}


def _client(
    name: str, read: dict[str, str], write: dict[str, str], *, preflight: bool = False
) -> ClientDefaults:
    return ClientDefaults(name, MappingProxyType(read), MappingProxyType(write), preflight)


# axios 1.x (lib/defaults/index.js): every request gets
# `Accept: application/json, text/plain, */*`; an object body is serialised to JSON and
# labelled `application/json`. In Node its http adapter adds the User-Agent and
# Accept-Encoding (lib/adapters/http.js).
AXIOS = _client(
    "axios",
    {
        "Accept": "application/json, text/plain, */*",
        "User-Agent": "axios/1.7.7",
        "Accept-Encoding": "gzip, compress, deflate, br",
        "Connection": "keep-alive",
    },
    {"Content-Type": JSON},
)

# A browser's fetch() from a page on another origin (Chromium 12x): `Accept: */*` unless
# the page sets one, the browser's language, encodings and client hints, and the
# Sec-Fetch-* metadata of a CORS request. fetch() labels a string body `text/plain`, so a
# page that sends JSON sets `Content-Type: application/json` itself (which, like
# X-CHALLENGER, makes the browser send a preflight first: Fetch standard, CORS).
BROWSER_FETCH = _client(
    "browser fetch",
    {
        "Accept": "*/*",
        "Accept-Language": "en-GB,en-US;q=0.9,en;q=0.8",
        "Accept-Encoding": "gzip, deflate, br, zstd",
        "Origin": "http://localhost:5173",
        "Referer": "http://localhost:5173/",
        "Sec-Fetch-Dest": "empty",
        "Sec-Fetch-Mode": "cors",
        "Sec-Fetch-Site": "cross-site",
        "Sec-Ch-Ua": '"Chromium";v="128", "Not;A=Brand";v="24"',
        "Sec-Ch-Ua-Mobile": "?0",
        "Sec-Ch-Ua-Platform": '"Linux"',
        "User-Agent": (
            "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) "
            "Chrome/128.0.0.0 Safari/537.36"
        ),
    },
    {"Content-Type": JSON},
    preflight=True,
)

# curl 8.x: `Accept: */*` and its User-Agent on every request (lib/http.c). `-d` labels a
# body `application/x-www-form-urlencoded`, so a JSON body goes with
# `-H "Content-Type: application/json"`. (`--json` also sets `Accept: application/json`,
# which the API cannot tell from an Accept the student typed.)
CURL = _client(
    "curl",
    {"Accept": "*/*", "User-Agent": "curl/8.9.1"},
    {"Content-Type": JSON},
)

# Postman (desktop app and newman, PostmanRuntime 7.x): the "auto-generated headers" of
# every request; a raw body of type JSON is labelled `application/json`.
POSTMAN = _client(
    "Postman",
    {
        "User-Agent": "PostmanRuntime/7.42.0",
        "Accept": "*/*",
        "Cache-Control": "no-cache",
        "Postman-Token": "8f3a0c6e-1b7d-4e55-9a1c-2f6b9d0e4c71",
        "Accept-Encoding": "gzip, deflate, br",
        "Connection": "keep-alive",
    },
    {"Content-Type": JSON},
)

# python-requests 2.x (requests.utils.default_headers); `json=` labels the body
# `application/json` (requests.models.PreparedRequest.prepare_body).
PYTHON_REQUESTS = _client(
    "python-requests",
    {
        "User-Agent": "python-requests/2.32.3",
        "Accept-Encoding": "gzip, deflate",
        "Accept": "*/*",
        "Connection": "keep-alive",
    },
    {"Content-Type": JSON},
)

# java.net.http.HttpClient (Java 11+): a User-Agent and nothing else; no Accept at all,
# and no Content-Type for a body, so its user sets `application/json`.
JAVA_HTTP_CLIENT = _client(
    "Java HttpClient",
    {"User-Agent": "Java-http-client/21.0.4"},
    {"Content-Type": JSON},
)

# java.net.HttpURLConnection (and clients built on it): the JDK's fixed Accept
# (sun.net.www.protocol.http.HttpURLConnection.acceptString); a body without a
# Content-Type would go as a form, so its user sets `application/json`.
JAVA_URL_CONNECTION = _client(
    "Java HttpURLConnection",
    {
        "User-Agent": "Java/21.0.4",
        "Accept": "text/html, image/gif, image/jpeg, *; q=.2, */*; q=.2",
        "Connection": "keep-alive",
    },
    {"Content-Type": JSON},
)

# REST Assured 5.x: `Accept: */*` unless `.accept(...)` is given; Apache HttpClient 4.5
# adds its User-Agent and encodings; `.contentType(ContentType.JSON)` goes out with the
# charset REST Assured appends to JSON (EncoderConfig: UTF-8).
REST_ASSURED = _client(
    "REST Assured",
    {
        "Accept": "*/*",
        "Connection": "Keep-Alive",
        "User-Agent": "Apache-HttpClient/4.5.14 (Java/21.0.4)",
        "Accept-Encoding": "gzip,deflate",
    },
    {"Content-Type": "application/json; charset=UTF-8"},
)

# Playwright's APIRequestContext (`request.newContext()`, server/fetch.ts): its
# User-Agent, `Accept: */*` and `Accept-Encoding: gzip,deflate,br`; an object `data`
# is serialised to JSON and labelled `application/json`.
PLAYWRIGHT = _client(
    "Playwright request",
    {
        "User-Agent": "Playwright/1.48.0 (x64; ubuntu 24.04) node/20.17",
        "Accept": "*/*",
        "Accept-Encoding": "gzip,deflate,br",
    },
    {"Content-Type": JSON},
)

CLIENTS: tuple[ClientDefaults, ...] = (
    AXIOS,
    BROWSER_FETCH,
    CURL,
    POSTMAN,
    PYTHON_REQUESTS,
    JAVA_HTTP_CLIENT,
    JAVA_URL_CONNECTION,
    REST_ASSURED,
    PLAYWRIGHT,
)


def preflight_headers(client: ClientDefaults, method: str, with_body: bool) -> dict[str, str]:
    """The CORS preflight a browser sends before `method` with the student's headers: no
    credentials and none of those headers, only their names (Fetch standard, CORS-preflight
    fetch)."""
    named = ["content-type", "x-challenger"] if with_body else ["x-challenger"]
    kept = ("Accept-Language", "Accept-Encoding", "Origin", "Referer", "User-Agent")
    return {
        "Accept": "*/*",
        **{name: value for name, value in client.read.items() if name in kept},
        "Access-Control-Request-Method": method,
        "Access-Control-Request-Headers": ",".join(named),
        "Sec-Fetch-Mode": "cors",
        "Sec-Fetch-Site": "cross-site",
        "Sec-Fetch-Dest": "empty",
    }
