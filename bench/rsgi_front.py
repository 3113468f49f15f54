"""A prototype for `bench/run.py --server granian-rsgi:W:T`: the ASGI front on granian's RSGI.

The same body front as practiceapi/asgi.py (the body collected on the event loop within
its deadline, Django in a pool of threads, late bodies answered one at a time), on
granian's own interface: granian reads the whole body in Rust (`await protocol()`) and
takes the answer in one call, where ASGI passes Python dicts back and forth per message.
"""

from __future__ import annotations

import asyncio
import io
import sys
from typing import Any

from django.http.request import HttpHeaders

from practiceapi.asgi import BufferedBodies, LateBody, body_deadline
from practiceapi.asgi import application as asgi_front
from practiceapi.wsgi import application as django_application


def rsgi_environ(scope: Any, headers: list[tuple[str, str]], body: io.RawIOBase) -> dict:
    """The WSGI environ (PEP 3333) of an RSGI HTTP scope."""
    server_name, _, server_port = scope.server.rpartition(":")
    environ: dict[str, Any] = {
        "REQUEST_METHOD": scope.method,
        "SCRIPT_NAME": "",
        "PATH_INFO": scope.path.encode("utf-8").decode("latin-1"),
        "QUERY_STRING": scope.query_string,
        "SERVER_NAME": server_name,
        "SERVER_PORT": server_port,
        "SERVER_PROTOCOL": f"HTTP/{scope.http_version}",
        "REMOTE_ADDR": scope.client.rpartition(":")[0],
        "wsgi.version": (1, 0),
        "wsgi.url_scheme": scope.scheme,
        "wsgi.input": body,
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": True,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
    }
    for name, value in headers:
        if "_" in name:
            continue  # as practiceapi/asgi.py: `X_CHALLENGER` would land on `X-CHALLENGER`
        key = HttpHeaders.to_wsgi_name(name)
        if key in environ:
            value = environ[key] + ("; " if key == "HTTP_COOKIE" else ",") + value
        environ[key] = value
    return environ


class RsgiBodies(BufferedBodies):
    async def __rsgi__(self, scope: Any, protocol: Any) -> None:
        if scope.proto != "http":
            return
        headers = scope.headers.items()
        length = 0
        for name, value in headers:
            if name == "content-length":
                length = int(value) if value.isdigit() else 0
        body: io.RawIOBase | io.BytesIO = io.BytesIO()
        if 0 < length <= self.max_body:
            try:
                async with asyncio.timeout(body_deadline(length)):
                    body = io.BytesIO(await protocol())
            except TimeoutError:
                body = LateBody()
        threads = self.late if isinstance(body, LateBody) else self.django
        status, answer, content = await threads.answer(rsgi_environ(scope, headers, body))
        protocol.response_bytes(status, answer, content)


application = RsgiBodies(django_application, threads=asgi_front.django.count)
