"""`make hosted` (`python -m practiceapi.server.hosted`): the hosted shape on one machine.

What docs/hosting.md deploys, run from the checkout so that an instructor can try it
before deploying: PostgreSQL from `DATABASE_URL`, two app processes started from the
systemd unit `deploy/apichallenges@.service` (instances on `APP_PORTS`, default 4567 and
4568, each reading `deploy/apichallenges.env` as the unit reads its copy), and HAProxy
with `deploy/haproxy.cfg` in front of them on `HOST`:`PORT` (default 127.0.0.1:8080).

The files are used as a host uses them: the unit's `ExecStart` with its `Environment=`
and then its environment file on top (systemd's order), its working directory being this
checkout, and `Restart=on-failure` after `RestartSec`; HAProxy reads its settings from the
environment the file names. This process's own environment stands in for the host's
settings that the shipped environment file leaves commented out (`DATABASE_URL`,
`SECRET_KEY`, ...). Two servers share this one machine, so unless told otherwise each
gets half its CPUs (`WORKERS`) and leaves their placement to the kernel
(`PIN_WORKERS=0`: each server would otherwise pin its first worker to the same CPU).

Before starting anything it refuses, with what to do, when `DATABASE_URL` is not
PostgreSQL or HAProxy is missing (`HAPROXY` names the binary when it is not on the
path); then it migrates and collects the static files, as `make run` does. Ctrl-C
(SIGINT), SIGTERM or SIGHUP stop everything it started; so does the exit of HAProxy or of
an app process that the unit would not restart.
"""

from __future__ import annotations

import grp
import os
import pwd
import shlex
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from urllib.parse import urlsplit

from practiceapi.server import console
from practiceapi.server.harness import ROOT, ProcessGroup
from practiceapi.server.serve import is_postgres, usable_cpus

DEPLOY = ROOT / "deploy"
UNIT = DEPLOY / "apichallenges@.service"
ENVIRONMENT_FILE = DEPLOY / "apichallenges.env"
PROXY_CONFIG = DEPLOY / "haproxy.cfg"

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = "8080"
DEFAULT_APP_PORTS = "4567,4568"
# Seconds an app process (imports, first database connection) and the proxy get to answer.
START_TIMEOUT_S = 120.0
# Seconds each process gets to stop after its signal before it is killed.
STOP_TIMEOUT_S = 15.0
INSTALL_HAPROXY = (
    "HAProxy is not installed; the hosted shape puts it in front of the app "
    "(deploy/haproxy.cfg). Install it: sudo apt-get install haproxy (Debian, Ubuntu; "
    "elsewhere the system's haproxy package), or set HAPROXY to its path."
)


class Refused(Exception):
    """The shape cannot start; the message says why and what to do."""


# ------------------------------------------------------------------- the systemd unit


@dataclass(frozen=True)
class Unit:
    """What `make hosted` takes from the `[Service]` section of a unit instance."""

    exec_start: list[str]
    working_directory: str
    environment: dict[str, str]
    environment_files: list[str]
    restart: str = "no"
    restart_sec: float = 0.1  # systemd's default


def read_unit(path: Path, instance: str) -> Unit:
    """The `[Service]` settings of `path` for one instance (`%i` replaced)."""
    section = ""
    settings: dict[str, list[str]] = {}
    for raw in path.read_text().splitlines():
        line = raw.strip()
        if not line or line[0] in "#;":
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1]
            continue
        if section == "Service" and "=" in line:
            key, _, value = line.partition("=")
            settings.setdefault(key.strip(), []).append(value.strip().replace("%i", instance))
    environment: dict[str, str] = {}
    for value in settings.get("Environment", []):
        for assignment in shlex.split(value):
            name, _, setting = assignment.partition("=")
            environment[name] = setting
    exec_start = settings.get("ExecStart", [""])[-1]
    if not exec_start:
        raise Refused(f"{path} has no ExecStart")
    return Unit(
        exec_start=shlex.split(exec_start),
        working_directory=settings.get("WorkingDirectory", [""])[-1],
        environment=environment,
        environment_files=[f.lstrip("-") for f in settings.get("EnvironmentFile", [])],
        restart=settings.get("Restart", ["no"])[-1],
        restart_sec=seconds(settings.get("RestartSec", ["100ms"])[-1]),
    )


def seconds(value: str) -> float:
    """A systemd time span as written in these units: `2`, `2s`, `500ms`."""
    if value.endswith("ms"):
        return float(value[:-2]) / 1000
    return float(value.removesuffix("s"))


def read_environment_file(path: Path) -> dict[str, str]:
    """`KEY=value` lines, as systemd's EnvironmentFile= reads them (comments skipped,
    one pair of surrounding quotes removed)."""
    values: dict[str, str] = {}
    for raw in path.read_text().splitlines():
        line = raw.strip()
        if not line or line[0] in "#;" or "=" not in line:
            continue
        name, _, value = line.partition("=")
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        values[name.strip()] = value
    return values


def restarts_after(unit: Unit, returncode: int) -> bool:
    """Whether systemd restarts a main process that ended with `returncode` (a negative
    one: killed by that signal), for the unit's `Restart=` of `no` or `on-failure`."""
    if unit.restart != "on-failure":
        return False
    clean_signals = (signal.SIGHUP, signal.SIGINT, signal.SIGTERM, signal.SIGPIPE)
    return returncode > 0 or (returncode < 0 and -returncode not in clean_signals)


# ----------------------------------------------------------------------- the processes


@dataclass
class Child:
    """A command that may be started again, in a process group of its own (signals reach
    it and every process it forks), its output on this process's own."""

    name: str
    command: list[str]
    env: dict[str, str]
    group: ProcessGroup | None = None

    def start(self) -> None:
        self.group = ProcessGroup(
            self.command, cwd=ROOT, env=self.env, name=self.name, log_to_file=False
        )

    def returncode(self) -> int | None:
        return None if self.group is None else self.group.returncode()


@dataclass
class Shape:
    """The two app processes and the proxy, as configured from the environment."""

    environ: dict[str, str]
    unit_instances: list[tuple[str, Unit]]
    haproxy: str
    host: str
    port: str
    server_name: str
    apps: list[Child] = field(default_factory=list)
    proxy: Child | None = None
    stopping: threading.Event = field(default_factory=threading.Event)

    @classmethod
    def from_environment(cls, environ: Mapping[str, str]) -> Shape:
        database_url = environ.get("DATABASE_URL", "")
        if not database_url:
            raise Refused(
                "DATABASE_URL is not set. The hosted shape runs on PostgreSQL, the one "
                "store every app process shares: DATABASE_URL=postgres://user@host:5432/db "
                "make hosted"
            )
        if not is_postgres(database_url):
            scheme = urlsplit(database_url).scheme or database_url
            raise Refused(
                f"DATABASE_URL is {scheme}, not PostgreSQL. The hosted shape runs on "
                "PostgreSQL, the one store every app process shares: "
                "DATABASE_URL=postgres://user@host:5432/db make hosted"
            )
        haproxy = environ.get("HAPROXY") or shutil.which("haproxy") or "/usr/sbin/haproxy"
        if not (Path(haproxy).is_file() and os.access(haproxy, os.X_OK)):
            raise Refused(INSTALL_HAPROXY)
        ports = [p.strip() for p in environ.get("APP_PORTS", DEFAULT_APP_PORTS).split(",")]
        if len(ports) != 2 or not all(p.isdigit() for p in ports):
            raise Refused(f"APP_PORTS must be two ports, such as {DEFAULT_APP_PORTS}")
        hosts = [h for h in environ.get("ALLOWED_HOSTS", "").split(",") if h.strip()]
        named = [h.strip() for h in hosts if h.strip() not in ("*",) and h.strip()[0] != "."]
        return cls(
            environ=dict(environ),
            unit_instances=[(port, read_unit(UNIT, port)) for port in ports],
            haproxy=haproxy,
            host=environ.get("HOST") or DEFAULT_HOST,
            port=environ.get("PORT") or DEFAULT_PORT,
            server_name=named[0] if named else "localhost",
        )

    # -- environments

    def app_env(self, unit: Unit) -> dict[str, str]:
        """This process's environment, the one-machine defaults, then the unit's
        Environment= and its environment file (systemd's order: the file wins)."""
        env = dict(self.environ)
        if not env.get("WORKERS"):
            env["WORKERS"] = str(max(1, usable_cpus() // 2))
        if not env.get("PIN_WORKERS"):
            env["PIN_WORKERS"] = "0"
        env.update(unit.environment)
        if unit.environment_files:  # the installed copy of the checkout's own file
            env.update(read_environment_file(ENVIRONMENT_FILE))
        return env

    def proxy_env(self) -> dict[str, str]:
        env = dict(self.environ)
        env.update(HOST=self.host, PORT=self.port, SERVER_NAME=self.server_name)
        # HAProxy runs as whoever starts the shape (the file's default needs root).
        env["HAPROXY_USER"] = pwd.getpwuid(os.geteuid()).pw_name
        env["HAPROXY_GROUP"] = grp.getgrgid(os.getegid()).gr_name
        for n, (port, _unit) in enumerate(self.unit_instances, start=1):
            env[f"APP_SERVER_{n}"] = f"127.0.0.1:{port}"
        return env

    def app_command(self, unit: Unit) -> list[str]:
        """The unit's ExecStart, its working directory being this checkout."""
        where = unit.working_directory.rstrip("/")
        command = [
            str(ROOT) + arg[len(where) :] if where and arg.startswith(where + "/") else arg
            for arg in unit.exec_start
        ]
        if not Path(command[0]).exists():  # a checkout whose venv is elsewhere
            command[0] = sys.executable
        return command

    # -- running

    def run(self) -> int:
        for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            signal.signal(signum, self._stop_requested)
        try:
            return self._run()
        finally:
            self.stop()

    def _stop_requested(self, signum: int, frame: FrameType | None) -> None:
        self.stopping.set()

    def _run(self) -> int:
        checked = subprocess.run(
            [self.haproxy, "-c", "-q", "-f", str(PROXY_CONFIG)],
            env=self.proxy_env(),
            capture_output=True,
            text=True,
        )
        if checked.returncode != 0:
            say(f"HAProxy refuses {PROXY_CONFIG}:\n{checked.stdout}{checked.stderr}")
            return 1
        first_unit = self.unit_instances[0][1]
        python, env = self.app_command(first_unit)[0], self.app_env(first_unit)
        # The database and the static files are apart: prepared side by side.
        steps = [["migrate", "--noinput"], ["collectstatic", "--noinput", "--verbosity", "0"]]
        running = [
            subprocess.Popen([python, "manage.py", *step], cwd=ROOT, env=env) for step in steps
        ]
        failed = [" ".join(step) for step, p in zip(steps, running, strict=True) if p.wait()]
        if self.stopping.is_set():
            return 0
        if failed:
            say(f"`manage.py {failed[0]}` failed: nothing started")
            return 1
        for port, unit in self.unit_instances:
            app = Child(f"apichallenges@{port}", self.app_command(unit), self.app_env(unit))
            app.start()
            self.apps.append(app)
        for app, (port, _unit) in zip(self.apps, self.unit_instances, strict=True):
            if not self._wait_until_answering(app, "127.0.0.1", port):
                return 0 if self.stopping.is_set() else 1
        self.proxy = Child(
            "haproxy", [self.haproxy, "-db", "-f", str(PROXY_CONFIG)], self.proxy_env()
        )
        self.proxy.start()
        if not self._wait_until_answering(self.proxy, self.host, self.port):
            return 0 if self.stopping.is_set() else 1
        app_addresses = " and ".join(f"127.0.0.1:{port}" for port, _unit in self.unit_instances)
        shared = self.host
        if self.host in console.WILDCARDS:  # the address students' machines reach
            shared = console.lan_address() or "127.0.0.1"
        say(
            f"serving on http://{shared}:{self.port}/ (admin /admin/, API documentation "
            f"/docs): HAProxy (deploy/{PROXY_CONFIG.name}) in front of the app processes on "
            f"{app_addresses}. Ctrl-C stops everything."
        )
        return self._watch()

    def _wait_until_answering(self, child: Child, host: str, port: str) -> bool:
        deadline = time.monotonic() + START_TIMEOUT_S
        while time.monotonic() < deadline and not self.stopping.is_set():
            if child.returncode() is not None:
                say(
                    f"{child.name} exited ({describe(child.returncode())}) before it answered"
                    f" on {host}:{port}: is the port in use? APP_PORTS and PORT choose them."
                )
                return False
            # As the proxy's health check sends it.
            proxied = {"Host": self.server_name, "X-Forwarded-Proto": "https"}
            if console.heartbeat(host, int(port), proxied, timeout=2) == 204:
                return True
            self.stopping.wait(0.2)
        if not self.stopping.is_set():
            say(f"{child.name} did not answer on {host}:{port} within {START_TIMEOUT_S:.0f}s")
        return False

    def _watch(self) -> int:
        """Until asked to stop: restart app processes as the unit says, stop on the rest."""
        restart_at: dict[int, float] = {}
        while not self.stopping.wait(0.2):
            if self.proxy is not None and (code := self.proxy.returncode()) is not None:
                say(f"HAProxy exited ({describe(code)}): stopping everything")
                return 1
            for n, (app, (_port, unit)) in enumerate(
                zip(self.apps, self.unit_instances, strict=True)
            ):
                code = app.returncode()
                if code is None:
                    continue
                if n in restart_at:
                    if time.monotonic() >= restart_at[n]:
                        del restart_at[n]
                        say(f"{app.name}: starting it again (Restart={unit.restart})")
                        app.start()
                elif restarts_after(unit, code):
                    restart_at[n] = time.monotonic() + unit.restart_sec
                    say(f"{app.name} exited ({describe(code)}); restarting in {unit.restart_sec}s")
                else:
                    say(f"{app.name} exited ({describe(code)}): stopping everything")
                    return 1
        return 0

    def stop(self) -> None:
        """Stop the proxy, then the app processes; kill what outlives its timeout."""
        deadline = time.monotonic() + STOP_TIMEOUT_S
        groups = [c.group for c in [self.proxy, *self.apps] if c is not None and c.group]
        for group in groups:
            group.send_signal(signal.SIGTERM)
        for group in groups:
            group.wait_or_kill(deadline)


def describe(returncode: int | None) -> str:
    if returncode is not None and returncode < 0:
        return f"signal {signal.Signals(-returncode).name}"
    return f"status {returncode}"


def say(message: str) -> None:
    print(f"make hosted: {message}", file=sys.stderr, flush=True)


def main() -> int:
    try:
        shape = Shape.from_environment(os.environ)
    except Refused as refusal:
        say(str(refusal))
        return 2
    return shape.run()


if __name__ == "__main__":
    sys.exit(main())
