"""A classroom database made by the previous release upgrades with `manage.py migrate` and
loses nothing: every student and instructor sees what they saw before.

`data/` holds what the previous release (`manifest.json`'s "release") made of a small
classroom through its own server (how: `make_fixtures.md`): four student sessions with
todos, progress, near misses, a secret note and their request history; two cohorts, one
with an assignment; a superuser, an assistant whose admin permissions come from their own
and from a group's, and a substitute whose login is locked after wrong passwords. SQLite's
dumps of the database and of the request history's file beside it, PostgreSQL's plain-SQL
dump, and `manifest.json`: what is in them, and what that release answered each student
from them.

Each test loads the dump for the database the suite runs on (PostgreSQL when
`DATABASE_URL` names one) into a scratch database, migrates it with this code, serves a
copy of it with the production server (every request a student makes may credit a
challenge or add to their history, so no test sees another's) and reads it back over HTTP
as a student or an instructor would.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import sqlite3
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, LiteralString
from urllib.parse import urlencode, urlsplit, urlunsplit

import pytest
from django.utils.html import escape

from practiceapi.server.harness import Server, manage
from practiceapi.server.serve import is_postgres
from tests.reliability.server import Reply, request

pytestmark = pytest.mark.server

DATA = Path(__file__).with_name("data")
MANIFEST: dict[str, Any] = json.loads((DATA / "manifest.json").read_text())

# The admin pages the instructors open. The one place to change when a model moves app.
ADMIN = {
    "index": "/admin/",
    "login": "/admin/login/",
    "challenger_list": "/admin/challengers/challenger/",
    "challenger": "/admin/challengers/challenger/{guid}/change/",
    "cohort_list": "/admin/challengers/cohort/",
    "cohort": "/admin/challengers/cohort/{id}/change/",
    "cohort_add": "/admin/challengers/cohort/add/",
    "class_progress": "/admin/challengers/cohort/{id}/progress/",
    "assignment_list": "/admin/classroom/assignment/",
    "assignment": "/admin/classroom/assignment/{id}/change/",
    "user_list": "/admin/auth/user/",
}
# The tables an upgrade may add rows to: the migrations it applies, and the content types
# and permissions of models it adds or moves (what those rows grant is judged through the
# assistant's admin pages instead).
GROWING_TABLES = {"django_migrations", "django_content_type", "auth_permission"}
HISTORY_FILE = "db-history.sqlite3"  # beside db.sqlite3 (practiceapi/settings.py)
HISTORY_PAGE_SIZE = 16384  # what the release created the history's file with
# Where the instructors sit: the production server reads the client's address from
# X-Forwarded-For when told it is behind a proxy, as the release that made the data was.
TEACHER_DESK = "192.0.2.10"


# ---------------------------------------------------------------------------- databases


def configured() -> str:
    return os.environ.get("DATABASE_URL", "")


@pytest.fixture(scope="module")
def recorded() -> dict[str, Any]:
    """What the release's database of the suite's kind holds and answered."""
    kind = "postgresql" if is_postgres(configured()) else "sqlite"
    return MANIFEST["databases"][kind]


def load_sqlite(path: Path, dump: Path, *, page_size: int | None = None) -> None:
    with contextlib.closing(sqlite3.connect(path)) as db:
        if page_size:
            db.execute(f"PRAGMA page_size={page_size}")
        db.executescript(dump.read_text())


def postgres_statements(dump: Path) -> str:
    """The dump without psql's own commands (`\\restrict`), which are not SQL."""
    lines = dump.read_text().splitlines(keepends=True)
    return "".join(line for line in lines if not re.match(r"\\(un)?restrict \S+$", line))


def maintenance(statement: LiteralString, *names: str) -> None:
    """`statement`, its `{}` filled with quoted `names`, on the server's own database."""
    import psycopg
    from psycopg import sql

    url = urlunsplit(urlsplit(configured())._replace(path="/postgres"))
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(sql.SQL(statement).format(*map(sql.Identifier, names)))


def postgres_url(name: str) -> str:
    return urlunsplit(urlsplit(configured())._replace(path=f"/{name}"))


@pytest.fixture(scope="module")
def upgraded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The release's database, loaded from its dump and migrated by this code; its URL."""
    if is_postgres(configured()):
        import psycopg

        name = f"upgrade_{uuid.uuid4().hex[:12]}"
        maintenance("CREATE DATABASE {}", name)
        try:
            with psycopg.connect(postgres_url(name), autocommit=True) as conn:
                conn.execute(postgres_statements(DATA / "postgresql.sql").encode())
            manage(postgres_url(name), "migrate", "--noinput")
            yield postgres_url(name)
        finally:
            maintenance("DROP DATABASE IF EXISTS {} WITH (FORCE)", name)
        return
    directory = tmp_path_factory.mktemp("upgraded")
    main = directory / "db.sqlite3"
    load_sqlite(main, DATA / "sqlite-main.sql")
    load_sqlite(directory / HISTORY_FILE, DATA / "sqlite-history.sql", page_size=HISTORY_PAGE_SIZE)
    manage(f"sqlite:///{main}", "migrate", "--noinput")
    # Self-contained files to copy: each WAL folded into its file.
    for path in (main, directory / HISTORY_FILE):
        with contextlib.closing(sqlite3.connect(path)) as db:
            db.execute("PRAGMA journal_mode=DELETE")
    yield f"sqlite:///{main}"


@contextlib.contextmanager
def copy_of(database_url: str, directory: Path) -> Iterator[str]:
    if is_postgres(database_url):
        name = f"upgrade_copy_{uuid.uuid4().hex[:12]}"
        template = urlsplit(database_url).path.lstrip("/")
        maintenance("CREATE DATABASE {} TEMPLATE {}", name, template)
        try:
            yield postgres_url(name)
        finally:
            maintenance("DROP DATABASE IF EXISTS {} WITH (FORCE)", name)
        return
    source = Path(urlsplit(database_url).path)
    for copied in (source, source.with_name(HISTORY_FILE)):
        shutil.copyfile(copied, directory / copied.name)
    yield f"sqlite:///{directory / source.name}"


def table_rows(database_url: str) -> dict[str, dict[str, int]]:
    """Rows of each table, by database alias (SQLite's history file is `history`)."""
    if is_postgres(database_url):
        import psycopg
        from psycopg import sql

        rows: dict[str, int] = {}
        with psycopg.connect(database_url) as conn:
            listed = conn.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")
            for (table,) in listed.fetchall():
                query = sql.SQL("SELECT count(*) FROM {}").format(sql.Identifier(table))
                (rows[table],) = conn.execute(query).fetchall()[0]
        return {"default": rows}
    main = Path(urlsplit(database_url).path)
    counts: dict[str, dict[str, int]] = {}
    for alias, path in (("default", main), ("history", main.with_name(HISTORY_FILE))):
        with contextlib.closing(sqlite3.connect(path)) as db:
            tables = db.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            ).fetchall()
            counts[alias] = {
                table: db.execute(f'SELECT count(*) FROM "{table}"').fetchone()[0]
                for (table,) in tables
            }
    return counts


# ------------------------------------------------------------------------------- server


@pytest.fixture
def server(upgraded: str, recorded: dict[str, Any], tmp_path: Path) -> Iterator[Server]:
    """The production server on a copy of the upgraded database."""
    # The lock-out's failures are as old as the data: the cool-off is made to cover them.
    locked_at = datetime.fromisoformat(recorded["lockedOut"]["at"])
    minutes = int((datetime.now(UTC) - locked_at).total_seconds() // 60) + 60
    env = {"BEHIND_HTTPS_PROXY": "1", "ADMIN_LOGIN_COOLOFF_MINUTES": str(minutes)}
    with copy_of(upgraded, tmp_path) as url:
        served = Server(url, env=env, workers=1).start()
        try:
            yield served
        finally:
            served.stop()


def get(server: Server, path: str, guid: str | None = None) -> Reply:
    headers = {"X-CHALLENGER": guid} if guid else {}
    reply = request(server, "GET", path, headers=headers)
    assert reply.status == 200, (path, reply.status, reply.body[:500])
    return reply


class Browser:
    """An instructor's browser at one address: cookies kept, forms sent with their CSRF
    token, as the admin's pages send them."""

    def __init__(self, server: Server, address: str = TEACHER_DESK) -> None:
        self.server, self.address = server, address
        self.cookies: dict[str, str] = {}

    def go(self, method: str, path: str, form: dict[str, str] | None = None) -> Reply:
        headers = {"X-Forwarded-For": self.address, "User-Agent": "Mozilla/5.0 Firefox/140.0"}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if form is not None:
            body = urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        reply = request(self.server, method, path, body, headers)
        for line in (reply.header("Set-Cookie") or "").split("\n"):
            name, _, rest = line.partition("=")
            if rest:
                self.cookies[name.strip()] = rest.split(";")[0]
        return reply

    def page(self, path: str) -> str:
        reply = self.go("GET", path)
        assert reply.status == 200, (path, reply.status, reply.header("Location"))
        return reply.body.decode()

    def log_in(self, username: str) -> Reply:
        form = self.page(ADMIN["login"])
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form)
        assert token, form[:500]
        fields = {
            "csrfmiddlewaretoken": token[1],
            "username": username,
            "password": MANIFEST["admins"][username]["password"],
            "next": ADMIN["index"],
        }
        return self.go("POST", f"{ADMIN['login']}?next={ADMIN['index']}", fields)


def logged_in(server: Server, username: str) -> Browser:
    browser = Browser(server)
    reply = browser.log_in(username)
    assert (reply.status, reply.header("Location")) == (302, ADMIN["index"]), reply.body[:500]
    return browser


# ---------------------------------------------------------------------------- migrations


def test_migrate_leaves_no_migration_unapplied(upgraded: str) -> None:
    aliases = ["default"] if is_postgres(upgraded) else ["default", "history"]
    for alias in aliases:
        plan = manage(upgraded, "showmigrations", "--database", alias)
        assert "[X]" in plan
        assert "[ ]" not in plan, (alias, plan)


def test_every_table_keeps_its_rows(upgraded: str, recorded: dict[str, Any]) -> None:
    now = table_rows(upgraded)
    for alias, tables in recorded["rows"].items():
        for table, rows in tables.items():
            if table in GROWING_TABLES:
                assert now[alias][table] >= rows, (alias, table)
            else:
                assert now[alias].get(table) == rows, (alias, table)


# ------------------------------------------------------------------------------ students


def test_each_student_sees_their_todos(server: Server, recorded: dict[str, Any]) -> None:
    for student in recorded["students"]:
        todos = get(server, "/api/todos?_limit=20", student["guid"]).json()["todos"]
        assert sorted(todos, key=lambda todo: todo["id"]) == student["todos"]


def test_each_student_sees_their_progress_and_secret(
    server: Server, recorded: dict[str, Any]
) -> None:
    for student in recorded["students"]:
        guid = student["guid"]
        assert get(server, f"/api/challenger/{guid}", guid).json() == student["progress"]


def test_each_student_sees_their_near_misses(server: Server, recorded: dict[str, Any]) -> None:
    for student in recorded["students"]:
        guid = student["guid"]
        near_misses = get(server, f"/api/challenger/{guid}/near-misses", guid).json()
        assert near_misses == student["nearMisses"]
    assert any(student["nearMisses"]["nearMisses"] for student in recorded["students"])


def test_each_student_sees_their_request_history(server: Server, recorded: dict[str, Any]) -> None:
    for student in recorded["students"]:
        guid = student["guid"]
        history = get(server, f"/api/challenger/{guid}/requests", guid).json()
        assert history == student["requests"]
        assert history["requests"]


def test_each_student_keeps_their_name_and_class(server: Server, recorded: dict[str, Any]) -> None:
    cohorts = {cohort["code"]: cohort["name"] for cohort in recorded["cohorts"]}
    for student in recorded["students"]:
        guid = student["guid"]
        profile = get(server, f"/api/challenger/{guid}/profile", guid).json()
        assert profile == {
            "xChallenger": guid,
            "displayName": student["displayName"],
            "cohort": student["cohort"],
            "cohortName": cohorts.get(student["cohort"]),
        }


def test_each_student_sees_their_class_assignment(server: Server, recorded: dict[str, Any]) -> None:
    for student in recorded["students"]:
        guid = student["guid"]
        assigned = get(server, f"/api/challenger/{guid}/assignment", guid).json()
        assert assigned == student["assignment"]
    assert any(student["assignment"]["assignedChallenges"] for student in recorded["students"])


def test_each_progress_page_shows_its_student(server: Server, recorded: dict[str, Any]) -> None:
    for student in recorded["students"]:
        page = get(server, f"/gui/challenges/{student['guid']}").body.decode()
        assert student["guid"] in page
        assert student["displayName"] in page


# ---------------------------------------------------------------------------- instructors


def test_the_head_teacher_sees_every_student(server: Server, recorded: dict[str, Any]) -> None:
    teacher = logged_in(server, "head-teacher")
    listed = teacher.page(ADMIN["challenger_list"])
    for student in recorded["students"]:
        assert student["guid"] in listed
        assert student["displayName"] in listed
        page = teacher.page(ADMIN["challenger"].format(guid=student["guid"]))
        assert student["guid"] in page


def test_the_head_teacher_sees_each_cohort_and_its_class(
    server: Server, recorded: dict[str, Any]
) -> None:
    teacher = logged_in(server, "head-teacher")
    listed = teacher.page(ADMIN["cohort_list"])
    names = {student["guid"]: student["displayName"] for student in recorded["students"]}
    for cohort in recorded["cohorts"]:
        assert cohort["name"] in listed
        assert cohort["code"] in teacher.page(ADMIN["cohort"].format(id=cohort["id"]))
        page = teacher.page(ADMIN["class_progress"].format(id=cohort["id"]))
        assert cohort["students"]
        for guid in cohort["students"]:
            assert names[guid] in page


def test_the_head_teacher_sees_the_assignment(server: Server, recorded: dict[str, Any]) -> None:
    teacher = logged_in(server, "head-teacher")
    assignment = recorded["assignment"]
    assert assignment["title"] in teacher.page(ADMIN["assignment_list"])
    page = teacher.page(ADMIN["assignment"].format(id=assignment["id"]))
    assert f'value="{assignment["title"]}"' in page
    # Its challenges, as its class was shown them.
    assigned = next(s["assignment"] for s in recorded["students"] if s["assignment"])
    for row in assigned["assignedChallenges"]:
        assert escape(row["name"]) in page, row["name"]


def test_the_head_teachers_recent_actions_still_link_to_what_they_changed(
    server: Server, recorded: dict[str, Any]
) -> None:
    """The admin log names each change's model by its content type: a link is drawn only
    where that content type still leads to a model of the admin."""
    index = logged_in(server, "head-teacher").page(ADMIN["index"])
    renamed = next(s for s in recorded["students"] if s["displayName"] == "Linus Torvalds")
    for link in (
        *(ADMIN["cohort"].format(id=cohort["id"]) for cohort in recorded["cohorts"]),
        ADMIN["assignment"].format(id=recorded["assignment"]["id"]),
        ADMIN["challenger"].format(guid=renamed["guid"]),
    ):
        assert f'href="{link}"' in index, link


def test_the_assistant_still_opens_what_their_permissions_allow(
    server: Server, recorded: dict[str, Any]
) -> None:
    """Viewing and changing sessions are the assistant's own permissions; viewing cohorts
    and viewing and changing assignments come from their group."""
    assistant = logged_in(server, "assistant-teacher")
    student = recorded["students"][0]
    assert student["guid"] in assistant.page(ADMIN["challenger_list"])
    page = assistant.page(ADMIN["challenger"].format(guid=student["guid"]))
    assert 'name="display_name"' in page  # the change form, not the read-only view
    assert recorded["cohorts"][0]["name"] in assistant.page(ADMIN["cohort_list"])
    page = assistant.page(ADMIN["assignment"].format(id=recorded["assignment"]["id"]))
    assert 'name="title"' in page


def test_the_assistant_is_still_refused_what_their_permissions_do_not_allow(
    server: Server,
) -> None:
    assistant = logged_in(server, "assistant-teacher")
    assert assistant.go("GET", ADMIN["user_list"]).status == 403
    assert assistant.go("GET", ADMIN["cohort_add"]).status == 403


def test_the_locked_out_login_is_still_refused(server: Server, recorded: dict[str, Any]) -> None:
    locked = recorded["lockedOut"]
    reply = Browser(server, locked["address"]).log_in(locked["username"])
    assert reply.status == 429
    assert "Too many failed login attempts" in reply.body.decode()


def test_the_assignments_marks_are_kept_when_its_due_time_moves(
    server: Server, recorded: dict[str, Any]
) -> None:
    """The head teacher moves the assignment's due time to before every credit, keeping
    earlier marks: what its class had done stays done and on time."""
    teacher = logged_in(server, "head-teacher")
    assignment = recorded["assignment"]
    path = ADMIN["assignment"].format(id=assignment["id"])
    page = teacher.page(path)

    def value(name: str) -> str:
        found = re.search(rf'name="{name}" value="([^"]*)"', page)
        return found[1] if found else ""

    cohort = re.search(r'<option value="(\d+)" selected>', page)
    assert cohort
    form = {
        "csrfmiddlewaretoken": value("csrfmiddlewaretoken"),
        "cohort": cohort[1],
        "title": assignment["title"],
        "opens_at_0": value("opens_at_0"),
        "opens_at_1": value("opens_at_1"),
        # In any zone, after the opening time and before the data's credits were made.
        "due_at_0": "2026-01-06",
        "due_at_1": "09:00:00",
        "earlier_marks": "keep",
        "extensions-TOTAL_FORMS": "0",
        "extensions-INITIAL_FORMS": "0",
    }
    body = urlencode(form) + "".join(f"&add_challenges={key}" for key in assignment["challenges"])
    headers = {
        "X-Forwarded-For": TEACHER_DESK,
        "Content-Type": "application/x-www-form-urlencoded",
        "Cookie": "; ".join(f"{k}={v}" for k, v in teacher.cookies.items()),
    }
    reply = request(server, "POST", path, body, headers)
    assert reply.status == 302, reply.body.decode()[:2000]
    for student in recorded["students"]:
        before = student["assignment"]["assignedChallenges"]
        if not before:
            continue
        now = get(server, f"/api/challenger/{student['guid']}/assignment", student["guid"])
        rows = now.json()["assignedChallenges"]
        assert [row["status"] for row in rows] == [row["status"] for row in before]
        assert not any(row["late"] for row in rows)
        assert all(row["closed"] for row in rows)
