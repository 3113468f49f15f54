"""The tool's public signing keys are published at its key set URL, and can be rotated
(django-lti's `rotate_keys`): the new key is published beside the old one until the old
one is withdrawn."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from lti_tool.models import Key

from tests.client import Client

pytestmark = pytest.mark.django_db


def kids(client: Client) -> list[str]:
    reply = client.get("/lti/jwks.json")
    assert reply.status_code == 200
    keys = reply.json()["keys"]
    assert all(key["kty"] == "RSA" and key["alg"] == "RS256" for key in keys)
    assert all("d" not in key for key in keys)  # no private part
    return [key["kid"] for key in keys]


def test_the_key_set_publishes_the_tool_s_key(client: Client) -> None:
    published = kids(client)
    assert published == [str(Key.objects.get())]


def test_the_key_set_answers_the_same_key_each_time(client: Client) -> None:
    assert kids(client) == kids(client)


def test_a_rotated_key_is_published_beside_the_old_one(client: Client) -> None:
    old = kids(client)
    call_command("rotate_keys", stdout=io.StringIO())
    now = kids(client)
    assert len(now) == 2 and old[0] in now


def test_rotating_withdraws_keys_older_than_asked(client: Client) -> None:
    old = kids(client)
    call_command("rotate_keys", "--deactivate-after", "0", stdout=io.StringIO())
    now = kids(client)
    assert len(now) == 1 and now != old
