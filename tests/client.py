"""The tests' HTTP client: Django's test client, with the request handed to the API's
middleware stack, the polled pages' or the site's by its path, as the production
application does (practiceapi/server/handlers.py)."""

from __future__ import annotations

from typing import Any

from django.test import Client as DjangoClient
from django.test.client import ClientHandler

from practiceapi.server.handlers import ApiStack, SplitApplication


class ApiClientHandler(ApiStack, ClientHandler):
    pass


class PollClientHandler(ApiStack, ClientHandler):
    middleware_setting = "POLL_MIDDLEWARE"


class Client(DjangoClient):
    def __init__(self, enforce_csrf_checks: bool = False, **defaults: Any) -> None:
        super().__init__(enforce_csrf_checks, **defaults)
        self.handler = SplitApplication(  # type: ignore[assignment]
            site=ClientHandler(enforce_csrf_checks),
            api=ApiClientHandler(enforce_csrf_checks),
            poll=PollClientHandler(enforce_csrf_checks),
        )
