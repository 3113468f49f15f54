"""A fake LMS for the LTI tests, written from the 1EdTech LTI 1.3 Core, Security Framework
and Assignment and Grade Services specifications, not from the tool's code: its own RSA
key (jwcrypto, as pylti1p3 uses) published at a key set URL, an OIDC authentication
endpoint (a function here: the test's browser carries its answer to the tool), a token
endpoint that checks the tool's signed client assertion against the tool's key set, and
a line item's scores endpoint that records what it is sent, and the course's membership
(roster) endpoint. The HTTP endpoints are served
by a thread on loopback."""

from __future__ import annotations

import json
import threading
import time
import uuid
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

import jwt
from jwcrypto.jwk import JWK

LTI = "https://purl.imsglobal.org/spec/lti/claim/"
AGS = "https://purl.imsglobal.org/spec/lti-ags/claim/endpoint"
NRPS = "https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice"
LEARNER = "http://purl.imsglobal.org/vocab/lis/v2/membership#Learner"
INSTRUCTOR = "http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor"
SCORE_SCOPE = "https://purl.imsglobal.org/spec/lti-ags/scope/score"
CLIENT_ID = "tool-client-1"
DEPLOYMENT_ID = "deployment-1"
COURSE = {"id": "course-101", "label": "HTTP-101", "title": "Testing HTTP APIs"}


def new_key() -> tuple[JWK, str]:
    key = JWK.generate(kty="RSA", size=2048, kid=uuid.uuid4().hex)
    return key, key.export_to_pem(private_key=True, password=None).decode()


@dataclass
class FakePlatform:
    """One LMS. `base` is its loopback address; `tool_keys` returns the tool's published
    key set (the tests fetch it from the tool)."""

    base: str = ""
    issuer: str = "https://lms.example.edu"
    key: JWK = field(default_factory=lambda: new_key()[0])
    down: bool = False
    scores: list[dict[str, Any]] = field(default_factory=list)
    tokens_issued: list[dict[str, Any]] = field(default_factory=list)
    tool_keys: Any = None
    members: list[dict[str, Any]] = field(default_factory=list)

    @property
    def urls(self) -> dict[str, str]:
        return {
            "auth_url": self.base + "/auth",
            "token_url": self.base + "/token",
            "keyset_url": self.base + "/jwks",
        }

    def line_item(self, number: int = 1) -> str:
        return f"{self.base}/courses/101/lineitems/{number}/lineitem?type_id=7"

    # ---------------------------------------------------------------- the id_token

    def id_token(
        self,
        nonce: str,
        *,
        sub: str = "student-1",
        roles: tuple[str, ...] = (LEARNER,),
        custom: dict[str, str] | None = None,
        context: dict[str, str] | None = None,
        resource_link: str = "link-1",
        names: dict[str, str] | None = None,
        aud: Any = CLIENT_ID,
        deployment_id: str = DEPLOYMENT_ID,
        expires_in: int = 300,
        key: JWK | None = None,
        line_item: str | None = None,
        target: str = "",
        extra: dict[str, Any] | None = None,
    ) -> str:
        now = int(time.time())
        claims: dict[str, Any] = {
            "iss": self.issuer,
            "aud": aud,
            "sub": sub,
            "exp": now + expires_in,
            "iat": now - 5,
            "nonce": nonce,
            LTI + "message_type": "LtiResourceLinkRequest",
            LTI + "version": "1.3.0",
            LTI + "deployment_id": deployment_id,
            LTI + "target_link_uri": target,
            LTI + "resource_link": {"id": resource_link, "title": "API practice"},
            LTI + "roles": list(roles),
            LTI + "context": {
                **(context or COURSE),
                "type": ["http://purl.imsglobal.org/vocab/lis/v2/course#CourseOffering"],
            },
            **(
                names
                if names is not None
                else {"name": "Ada Lovelace", "given_name": "Ada", "family_name": "Lovelace"}
            ),
            NRPS: {
                "context_memberships_url": f"{self.base}/courses/101/memberships",
                "service_versions": ["2.0"],
            },
            AGS: {
                "scope": [SCORE_SCOPE],
                "lineitems": f"{self.base}/courses/101/lineitems",
                **({"lineitem": line_item} if line_item else {}),
            },
        }
        if custom is not None:
            claims[LTI + "custom"] = custom
        claims.update(extra or {})
        signing = key or self.key
        pem = signing.export_to_pem(private_key=True, password=None)
        return jwt.encode(claims, pem, algorithm="RS256", headers={"kid": signing["kid"]})

    def authenticate(self, location: str, **claims: Any) -> dict[str, str]:
        """The platform's answer to the tool's authentication request (`location`, the
        login's redirect): the form the browser posts to `redirect_uri`."""
        query = {name: values[0] for name, values in parse_qs(urlsplit(location).query).items()}
        assert location.startswith(self.urls["auth_url"] + "?")
        assert query["scope"] == "openid"
        assert query["response_type"] == "id_token"
        assert query["response_mode"] == "form_post"
        assert query["prompt"] == "none"
        assert query["client_id"] == CLIENT_ID
        token = self.id_token(query["nonce"], target=query["redirect_uri"], **claims)
        return {"id_token": token, "state": query["state"]}

    # ---------------------------------------------------------------- the HTTP side

    def public_keys(self) -> dict[str, Any]:
        public = json.loads(self.key.export_public())
        return {"keys": [{**public, "alg": "RS256", "use": "sig"}]}

    def grant(self, form: dict[str, str]) -> tuple[int, dict[str, Any]]:
        """The token endpoint: a client-credentials grant with a JWT assertion signed by a
        key of the tool's key set, issued by and about the tool's client id."""
        if form.get("grant_type") != "client_credentials" or form.get("client_assertion_type") != (
            "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"
        ):
            return 400, {"error": "unsupported_grant_type"}
        assertion = form.get("client_assertion", "")
        try:
            kid = jwt.get_unverified_header(assertion)["kid"]
            keys = {key["kid"]: key for key in self.tool_keys()["keys"]}
            public = JWK.from_json(json.dumps(keys[kid])).export_to_pem()
            claims = jwt.decode(
                assertion, public, algorithms=["RS256"], audience=self.urls["token_url"]
            )
        except (KeyError, jwt.InvalidTokenError):
            return 401, {"error": "invalid_client"}
        if claims["iss"] != CLIENT_ID or claims["sub"] != CLIENT_ID:
            return 401, {"error": "invalid_client"}
        token = uuid.uuid4().hex
        self.tokens_issued.append({"token": token, "scope": form.get("scope", "")})
        return 200, {"access_token": token, "token_type": "Bearer", "expires_in": 3600}

    def authorized(self, header: str) -> bool:
        bearer = header.removeprefix("Bearer ")
        return any(issued["token"] == bearer for issued in self.tokens_issued)

    def serve(self) -> ThreadingHTTPServer:
        platform = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def answer(self, status: int, body: Any) -> None:
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def do_GET(self) -> None:
                if self.path == "/jwks":
                    self.answer(200, platform.public_keys())
                elif self.path == "/courses/101/memberships" and not platform.down:
                    if not platform.authorized(self.headers.get("Authorization", "")):
                        self.answer(401, {})
                        return
                    roster = {"id": platform.base + self.path, "members": platform.members}
                    self.answer(200, {**roster, "context": COURSE})
                else:
                    self.answer(404 if not platform.down else 503, {})

            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                if platform.down:
                    self.answer(503, {"error": "down"})
                    return
                if self.path == "/token":
                    form = {k: v[0] for k, v in parse_qs(body.decode()).items()}
                    self.answer(*platform.grant(form))
                    return
                if not platform.authorized(self.headers.get("Authorization", "")):
                    self.answer(401, {})
                    return
                platform.scores.append(
                    {
                        "path": self.path,
                        "content_type": self.headers.get("Content-Type"),
                        "body": json.loads(body),
                    }
                )
                self.answer(200, {})

        server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.base = f"http://127.0.0.1:{server.server_address[1]}"
        threading.Thread(target=server.serve_forever, daemon=True).start()
        return server
