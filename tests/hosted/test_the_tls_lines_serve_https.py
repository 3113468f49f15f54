"""The TLS lines of deploy/haproxy.cfg (commented out under its `bind` line, for a host
name and a certificate) work as docs/hosting.md says to use them: put in place of the
`bind` line, with a certificate made here and ports of the test's own instead of 443 and
80, HAProxy serves the app over HTTPS in front of `make hosted`'s app processes, tells the
app the request came over HTTPS, keeps HTTP/1.1 and its reason phrases, and redirects
plain HTTP to HTTPS."""

from __future__ import annotations

import grp
import http.client
import os
import pwd
import re
import shutil
import signal
import socket
import ssl
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from practiceapi.server.harness import ROOT, ProcessGroup, free_port
from tests.hosted.shape import Shape, haproxy

pytestmark = pytest.mark.server

CONFIG = ROOT / "deploy" / "haproxy.cfg"
BIND = '    bind "${HOST-127.0.0.1}:${PORT-8080}"\n'


@dataclass
class TlsProxy:
    https_port: int
    http_port: int
    context: ssl.SSLContext

    def https(self, method: str, path: str, **headers: str) -> http.client.HTTPResponse:
        connection = http.client.HTTPSConnection(
            "127.0.0.1", self.https_port, timeout=10, context=self.context
        )
        connection.request(method, path, headers=headers)
        response = connection.getresponse()
        response.read()
        connection.close()
        return response


def certificate(directory: Path) -> tuple[Path, Path]:
    """A self-signed certificate for 127.0.0.1: the PEM file HAProxy reads (certificate
    and key concatenated) and the certificate alone, for the client to trust."""
    openssl = shutil.which("openssl")
    if openssl is None:
        pytest.skip("openssl is not installed (it makes the test's certificate)")
    cert, key = directory / "cert.pem", directory / "key.pem"
    subprocess.run(
        [openssl, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
         "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
         "-keyout", str(key), "-out", str(cert)],
        check=True, capture_output=True, timeout=60,
    )  # fmt: skip
    pem = directory / "challenges.example.edu.pem"
    pem.write_bytes(cert.read_bytes() + key.read_bytes())
    return pem, cert


def tls_config(pem: Path, https_port: int, http_port: int) -> str:
    """deploy/haproxy.cfg with its bind line replaced by the commented TLS lines."""
    text = CONFIG.read_text()
    tls_lines = re.findall(r"^    #   ((?:bind|http-request redirect) .*)$", text, re.MULTILINE)
    assert len(tls_lines) == 3, tls_lines
    lines = [
        line.replace("bind :443 ", f"bind 127.0.0.1:{https_port} ")
        .replace("bind :80", f"bind 127.0.0.1:{http_port}")
        .replace("/etc/haproxy/certs/challenges.example.edu.pem", str(pem))
        for line in tls_lines
    ]
    assert text.count(BIND) == 1
    return text.replace(BIND, "".join(f"    {line}\n" for line in lines))


@pytest.fixture(scope="module")
def tls_proxy(shape: Shape, tmp_path_factory: pytest.TempPathFactory) -> Iterator[TlsProxy]:
    directory = tmp_path_factory.mktemp("tls")
    pem, cert = certificate(directory)
    https_port, http_port = free_port(), free_port()
    config = directory / "haproxy.cfg"
    config.write_text(tls_config(pem, https_port, http_port))
    env = {
        "PATH": os.environ.get("PATH", ""),
        "SERVER_NAME": "localhost",
        "APP_SERVER_1": f"127.0.0.1:{shape.app_ports[0]}",
        "APP_SERVER_2": f"127.0.0.1:{shape.app_ports[1]}",
        "HAPROXY_USER": pwd.getpwuid(os.geteuid()).pw_name,
        "HAPROXY_GROUP": grp.getgrgid(os.getegid()).gr_name,
    }
    binary = haproxy()
    assert binary is not None
    group = ProcessGroup([binary, "-db", "-f", str(config)], cwd=ROOT, env=env, name="haproxy")
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", https_port), timeout=1).close()
                break
            except OSError:
                assert group.alive(), group.log()
                assert time.monotonic() < deadline, group.log()
                time.sleep(0.1)
        yield TlsProxy(https_port, http_port, ssl.create_default_context(cafile=str(cert)))
    finally:
        group.stop(signal.SIGTERM)


def test_the_app_answers_over_https(tls_proxy: TlsProxy) -> None:
    assert tls_proxy.https("GET", "/api/heartbeat").status == 204


def test_the_app_is_told_the_request_came_over_https(tls_proxy: TlsProxy) -> None:
    connection = http.client.HTTPSConnection(
        "127.0.0.1", tls_proxy.https_port, timeout=10, context=tls_proxy.context
    )
    connection.request("GET", "/mirror/request", headers={"Accept": "text/plain"})
    mirrored = connection.getresponse().read().decode()
    connection.close()
    assert "X-Forwarded-Proto: https" in mirrored


def test_https_keeps_http_1_1_and_the_500s_phrase(tls_proxy: TlsProxy) -> None:
    reply = tls_proxy.https("PATCH", "/api/heartbeat")
    assert (reply.version, reply.status, reply.reason) == (11, 500, "Server Error")


def test_plain_http_is_redirected_to_https(tls_proxy: TlsProxy) -> None:
    connection = http.client.HTTPConnection("127.0.0.1", tls_proxy.http_port, timeout=10)
    connection.request("GET", "/api/todos", headers={"Host": "challenges.example.edu"})
    reply = connection.getresponse()
    connection.close()
    assert reply.status == 301
    assert reply.getheader("Location") == "https://challenges.example.edu/api/todos"
