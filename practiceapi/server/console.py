"""What `make run` prints once the server answers: the URLs an instructor shares.

The serve command replaces itself with granian, so the announcement is made by a
process of its own (forked twice, so that it is nobody's zombie): it waits until
`GET /api/heartbeat` answers, prints the start page, the admin and the API docs, and
exits. Served on every interface (`HOST=0.0.0.0`), the URLs name the machine's LAN
address, the one students' machines reach. Finding it sends nothing: connecting a UDP
socket only makes the kernel choose the interface and source address it would route
through.
"""

from __future__ import annotations

import http.client
import os
import socket
import sys
import time
from typing import TextIO

WILDCARDS = ("0.0.0.0", "::", "")
READY_TIMEOUT = 120.0  # seconds: a first start migrates and imports before it listens
# A documentation address (RFC 5737): routed like any address outside the LAN, never
# contacted (a UDP connect sends no packet).
ROUTE_PROBE = ("192.0.2.1", 9)

PAGES = (
    ("Start page (students)", "/"),
    ("Admin (instructors)", "/admin/"),
    ("API documentation", "/docs"),
)


def lan_address() -> str | None:
    """The address other machines on the network reach this one at, or None (no route)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(ROUTE_PROBE)
            address: str = probe.getsockname()[0]
    except OSError:
        address = ""
    if address and not address.startswith("127."):
        return address
    try:
        found = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return None
    return next((str(info[4][0]) for info in found if not str(info[4][0]).startswith("127.")), None)


def _url_host(host: str) -> str:
    return f"[{host}]" if ":" in host else host


def lines(host: str, port: int, lan: str | None) -> list[str]:
    """The announcement, one line each."""
    wildcard = host in WILDCARDS
    shared = lan if (wildcard and lan) else ("127.0.0.1" if wildcard else host)
    base = f"http://{_url_host(shared)}:{port}"
    width = max(len(label) for label, _ in PAGES) + 2  # the colon and one space
    out = ["", "API Challenges is up. Share these:"]
    out += [f"  {label + ':':<{width}} {base}{path}" for label, path in PAGES]
    if wildcard and lan:
        out.append(f"  {'On this machine:':<{width}} http://127.0.0.1:{port}/")
    elif wildcard:
        out.append("  (no network address found: students' machines may not reach this one)")
    elif host.startswith("127.") or host == "localhost":
        out.append(
            "  Only this machine can open these. To serve a class on the network: "
            "HOST=0.0.0.0 make run"
        )
    out.append("")
    return out


def heartbeat(
    host: str, port: int, headers: dict[str, str] | None = None, timeout: float = 1.0
) -> int | None:
    """The status `GET /api/heartbeat` answers now; None when nothing answers."""
    connection = http.client.HTTPConnection(host, port, timeout=timeout)
    try:
        connection.request("GET", "/api/heartbeat", headers=headers or {})
        return connection.getresponse().status
    except OSError:
        return None
    finally:
        connection.close()


def answers(host: str, port: int, timeout: float = 1.0) -> bool:
    """Whether the server answers `GET /api/heartbeat` now (any answer below 500)."""
    status = heartbeat("127.0.0.1" if host in WILDCARDS else host, port, timeout=timeout)
    return status is not None and status < 500


def wait_and_print(
    host: str, port: int, out: TextIO, *, timeout: float = READY_TIMEOUT, every: float = 0.25
) -> bool:
    """Print the announcement once the server answers; False when it never did."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if answers(host, port):
            out.write("\n".join(lines(host, port, lan_address() if host in WILDCARDS else None)))
            out.write("\n")
            out.flush()
            return True
        time.sleep(every)
    return False


def announce_when_ready(host: str, port: int) -> None:
    """Leave a detached process behind that prints the URLs once the server answers."""
    sys.stdout.flush()
    sys.stderr.flush()
    child = os.fork()
    if child != 0:
        os.waitpid(child, 0)  # it exits at once, leaving its own child to init
        return  # the serve command goes on to exec granian
    try:
        # Still in the server's process group: stopping the server stops it too.
        if os.fork() != 0:
            os._exit(0)
        wait_and_print(host, port, sys.stdout)
    finally:
        os._exit(0)
