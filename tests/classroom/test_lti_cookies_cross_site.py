"""The LMS posts the launch from its own site, so the cookies that bind a launch to the
browser that started it are set `SameSite=None; Secure` (over HTTPS, which the launch
needs), and HttpOnly."""

from __future__ import annotations

import pytest

from tests.client import Client
from tests.lti_platform import CLIENT_ID, FakePlatform

pytestmark = pytest.mark.django_db


def test_the_login_s_cookies_go_with_a_cross_site_post(
    client: Client, platform: FakePlatform
) -> None:
    reply = client.post(
        "/lti/login",
        {
            "iss": platform.issuer,
            "login_hint": "student-1",
            "target_link_uri": "https://tool.example.edu/lti/launch",
            "client_id": CLIENT_ID,
        },
        secure=True,
    )
    assert reply.status_code == 302
    names = sorted(reply.cookies)
    assert "lti1p3-session-id" in names
    assert any(name.startswith("lti1p3-state-") for name in names)
    for name in names:
        cookie = reply.cookies[name]
        assert cookie["samesite"] == "None", name
        assert cookie["secure"] is True, name
        assert cookie["httponly"] is True, name
