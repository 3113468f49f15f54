"""When an app process dies (here: SIGKILL, as the out-of-memory killer would), HAProxy
sends its requests to the other process, and `make hosted` starts it again as its systemd
unit says (`Restart=on-failure`, `RestartSec=2`, deploy/apichallenges@.service); then the
two take turns again."""

from __future__ import annotations

import os
import signal
import socket
import time

import pytest

from tests.hosted.shape import Shape, send, wait_for_log

pytestmark = pytest.mark.server

DURING, AFTER = "127.0.0.31", "127.0.0.32"


def wait_until_refused(host: str, port: int, timeout: float = 10) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            socket.create_connection((host, port), timeout=1).close()
        except ConnectionRefusedError:
            return
        time.sleep(0.02)
    raise AssertionError(f"port {port} still accepts connections")


def test_a_killed_app_process_is_replaced_and_the_other_answers_meanwhile(shape: Shape) -> None:
    port = shape.app_ports[0]
    killed = shape.app_process(port)
    os.killpg(killed, signal.SIGKILL)
    # Requests the dying process had accepted are lost with it (HAProxy answers them 502);
    # once it is gone, connections to its port are refused and go to the other process.
    wait_until_refused(shape.host, port)

    statuses = [send(shape, "GET", "/api/heartbeat", client=DURING).status for _ in range(6)]
    assert statuses == [204] * 6

    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        servers = [line["server"] for line in shape.proxied(AFTER)[-2:]]
        if len(set(servers)) == 2:
            break
        send(shape, "GET", "/api/heartbeat", client=AFTER)
        time.sleep(0.25)
    else:
        raise AssertionError(f"the killed process never answered again:\n{shape.log()}")
    assert shape.app_process(port) != killed
    assert f"apichallenges@{port} exited (signal SIGKILL); restarting in 2.0s" in shape.log()
    assert wait_for_log(shape, AFTER, 2)
