"""A session with data worth protecting, for the hostile-input tests.

Every hostile request is sent on behalf of a session that has todos, a secret token and a
note; afterwards `state()` must be what it was before: bad input changes nothing.
"""

from __future__ import annotations

import base64
from dataclasses import dataclass

from practiceapi.server.harness import Server
from tests.reliability.server import Reply, list_todos, new_session, request

ADMIN = "Basic " + base64.b64encode(b"admin:password").decode()
NOTE = "nothing hostile may change this"
# Markers of local files an XML external entity could pull in.
LEAK_MARKERS = (b"root:", b"/bin/", b"[boot loader]", b"localhost")


@dataclass
class Victim:
    server: Server
    guid: str
    token: str

    @classmethod
    def create(cls, server: Server) -> Victim:
        guid = new_session(server)
        reply = request(
            server,
            "POST",
            "/api/secret/token",
            None,
            {
                "X-CHALLENGER": guid,
                "Authorization": ADMIN,
            },
        )
        assert reply.status == 201, reply
        token = reply.header("X-AUTH-TOKEN") or ""
        victim = cls(server, guid, token)
        stored = victim.send("POST", "/api/secret/note", {"note": NOTE}, with_token=True)
        assert stored.status == 200, stored
        return victim

    def headers(self, *, with_token: bool = False, **extra: str) -> dict[str, str]:
        sent = {"X-CHALLENGER": self.guid}
        if with_token:
            sent["X-AUTH-TOKEN"] = self.token
        sent.update({name.replace("_", "-"): value for name, value in extra.items()})
        return sent

    def send(
        self,
        method: str,
        path: str,
        body: bytes | str | dict | list | None = None,
        *,
        with_token: bool = False,
        **headers: str,
    ) -> Reply:
        return request(
            self.server, method, path, body, self.headers(with_token=with_token, **headers)
        )

    def state(self) -> tuple[list[dict], str]:
        """Todos and note, as the session's owner sees them."""
        note = self.send("GET", "/api/secret/note", with_token=True)
        assert note.status == 200, note
        return list_todos(self.server, self.guid), note.json()["note"]


def leaks_a_file(reply: Reply) -> bool:
    return any(marker in reply.body for marker in LEAK_MARKERS)


def is_error_document(reply: Reply, media_type: str = "application/json") -> bool:
    """The shared error shape, in the media type asked for."""
    if reply.header("Content-Type") != media_type:
        return False
    if media_type == "application/json":
        document = reply.json()
        return (
            isinstance(document, dict)
            and isinstance(document.get("errorMessages"), list)
            and all(isinstance(message, str) and message for message in document["errorMessages"])
        )
    return reply.body.startswith(b"<errorMessages><errorMessage>")
