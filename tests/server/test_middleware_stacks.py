"""API routes run `API_MIDDLEWARE`, the site's pages every layer in `MIDDLEWARE`
(practiceapi/server/handlers.py), in the application production serves."""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings
from django.contrib.sessions.middleware import SessionMiddleware
from django.test.client import RequestFactory


def test_every_site_only_layer_is_one_of_the_whole_stack() -> None:
    # A name that matched none would leave that layer on the API's stack unnoticed.
    assert settings.SITE_ONLY_MIDDLEWARE.issubset(settings.MIDDLEWARE)


def sessions_opened(monkeypatch: pytest.MonkeyPatch, path: str) -> int:
    from practiceapi.server import wsgi

    opened: list[str] = []
    original = SessionMiddleware.process_request

    def counting(self: SessionMiddleware, request: Any) -> None:
        opened.append(request.path)
        original(self, request)

    monkeypatch.setattr(SessionMiddleware, "process_request", counting)
    wsgi.application(RequestFactory().get(path).environ, lambda status, headers: None)
    return len(opened)


@pytest.mark.django_db
def test_an_api_request_does_not_pass_the_sites_layers(monkeypatch: pytest.MonkeyPatch) -> None:
    assert sessions_opened(monkeypatch, "/api/heartbeat") == 0


@pytest.mark.django_db
def test_a_practice_route_does_not_pass_the_sites_layers(monkeypatch: pytest.MonkeyPatch) -> None:
    assert sessions_opened(monkeypatch, "/sim/entities") == 0


@pytest.mark.django_db
def test_a_page_passes_the_sites_layers(monkeypatch: pytest.MonkeyPatch) -> None:
    assert sessions_opened(monkeypatch, "/admin/login/") == 1


def test_no_layer_of_the_api_stack_works_on_an_unrendered_answer() -> None:
    # API views render their answers themselves (practiceapi/protocol/apiview.py,
    # `ApiView.dispatch`): a template-response hook on this stack would never see one.
    from django.utils.module_loading import import_string

    hooked = [
        path
        for path in settings.API_MIDDLEWARE
        if hasattr(import_string(path), "process_template_response")
    ]
    assert hooked == []


def test_every_layer_of_the_polled_pages_is_one_of_the_whole_stack() -> None:
    assert set(settings.POLL_MIDDLEWARE).issubset(settings.MIDDLEWARE)


@pytest.mark.django_db
def test_a_polled_page_does_not_pass_the_sites_login_layers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tests.client import Client

    guid = Client().post("/api/challenger")["X-CHALLENGER"]
    assert sessions_opened(monkeypatch, f"/gui/challenges/{guid}/status.json") == 0
    assert sessions_opened(monkeypatch, f"/gui/challenges/{guid}/status.json?history=0") == 0
