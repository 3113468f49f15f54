"""Every page of the site carries a Content-Security-Policy that runs no inline script (and
no inline style), and its markup needs none; API answers, which are not documents, carry
no policy at all."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User

from challengers.models import Challenger, Cohort
from tests.client import Client

pytestmark = pytest.mark.django_db

HEADER = "Content-Security-Policy"
BROWSER = {"Accept": "text/html,application/xhtml+xml,*/*;q=0.8"}


@pytest.fixture
def cohort() -> Cohort:
    return Cohort.objects.create(code="monday-am", name="Monday morning")


@pytest.fixture
def staff(client: Client, settings) -> Client:  # noqa: ANN001 - pytest-django's settings
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    client.force_login(User.objects.create_superuser("teacher", "t@example.org", "s3cret-pass"))
    return client


def policy(reply: object) -> dict[str, list[str]]:
    """The reply's policy as directive -> sources."""
    header = reply[HEADER]  # type: ignore[index]
    directives = (part.split() for part in header.split(";") if part.strip())
    return {name: sources for name, *sources in directives}


def site_pages(guid: str, cohort: Cohort) -> list[str]:
    Challenger.objects.filter(pk=guid).update(cohort=cohort, display_name="Ada Lovelace")
    return [
        "/",
        f"/join/{cohort.code}",
        f"/gui/challenges/{guid}",
        "/practice-modes/mirror",
        "/practice-modes/simulation",
        "/docs",
        f"/docs?challenger={guid}",
        "/no/such/page",
        "/admin/",
        f"/admin/challengers/challenger/{guid}/change/",
        f"/admin/challengers/cohort/{cohort.pk}/change/",
        f"/admin/challengers/cohort/{cohort.pk}/progress/",
        f"/admin/challengers/cohort/{cohort.pk}/progress/?projector=1",
    ]


def test_every_page_carries_a_policy(staff: Client, guid: str, cohort: Cohort) -> None:
    for page in site_pages(guid, cohort):
        reply = staff.get(page, headers=BROWSER)
        assert reply.status_code in (200, 404), page
        assert reply["Content-Type"].startswith("text/html"), page
        assert HEADER in reply, page


def test_the_admin_login_page_carries_a_policy(client: Client) -> None:
    assert HEADER in client.get("/admin/login/")


def test_scripts_come_from_this_site_only(client: Client) -> None:
    sources = policy(client.get("/"))
    assert sources["script-src"] == ["'self'"]
    assert sources["object-src"] == ["'none'"]
    assert sources["base-uri"] == ["'none'"]


def test_no_inline_script_or_style_is_allowed(staff: Client, guid: str, cohort: Cohort) -> None:
    for page in site_pages(guid, cohort):
        sources = policy(staff.get(page, headers=BROWSER))
        for directive in ("default-src", "script-src", "style-src"):
            for loose in ("'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", "*"):
                assert loose not in sources.get(directive, []), (page, directive)


INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)(?![^>]*type=\"application/json\")[^>]*>")
EVENT_HANDLER = re.compile(r"<[a-zA-Z][^>]*\son[a-z]+\s*=", re.S)
STYLE_ATTRIBUTE = re.compile(r"<[a-zA-Z][^>]*\sstyle\s*=", re.S)
STYLE_ELEMENT = re.compile(r"<style[\s>]")


def test_no_page_needs_inline_script_or_style(staff: Client, guid: str, cohort: Cohort) -> None:
    for page in site_pages(guid, cohort):
        html = staff.get(page, headers=BROWSER).content.decode()
        assert not INLINE_SCRIPT.findall(html), page
        assert not EVENT_HANDLER.findall(html), page
        assert not STYLE_ATTRIBUTE.findall(html), page
        assert not STYLE_ELEMENT.findall(html), page


def test_the_class_pages_live_update_needs_no_inline_style(
    staff: Client, guid: str, cohort: Cohort
) -> None:
    site_pages(guid, cohort)
    html = staff.get(f"/admin/challengers/cohort/{cohort.pk}/progress/live.json").json()["html"]
    assert not STYLE_ATTRIBUTE.findall(html)
    assert not INLINE_SCRIPT.findall(html)


def test_swagger_uis_start_script_is_a_file(client: Client) -> None:
    html = client.get("/docs").content.decode()
    assert '<script src="/docs?script="></script>' in html
    script = client.get("/docs?script=")
    assert script.status_code == 200
    assert script["Content-Type"].startswith("application/javascript")
    assert "SwaggerUIBundle(" in script.content.decode()


@pytest.mark.parametrize(
    "path",
    [
        "/api/heartbeat",
        "/api/todos",
        "/todos",
        "/api/challenges",
        "/sim/entities",
        "/mirror/request",
    ],
)
def test_api_answers_carry_no_policy(client: Client, guid: str, path: str) -> None:
    reply = client.get(path, headers={"X-CHALLENGER": guid})
    assert reply.status_code < 500
    assert HEADER not in reply


def test_an_api_error_carries_no_policy(client: Client) -> None:
    reply = client.get("/api/todos/nothing-here")
    assert reply.status_code == 404
    assert HEADER not in reply
