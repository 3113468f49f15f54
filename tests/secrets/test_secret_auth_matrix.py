"""Every cell of the note's token matrix and the token-source precedence.

Rows: token missing / wrong / another session's / right; columns: X-AUTH-TOKEN or Bearer;
for GET and POST alike.
"""

from __future__ import annotations

import pytest
from django.test import Client

from tests.secrets.helpers import NOTE, post_note

CASES = [
    ("missing", 401),
    ("wrong", 403),
    ("other", 403),
    ("right", 200),
]


def token_headers(channel: str, case: str, token: str, other_token: str) -> dict[str, str]:
    value = {"missing": None, "wrong": "not-the-token", "other": other_token, "right": token}[case]
    if value is None:
        return {}
    if channel == "x-auth-token":
        return {"X-AUTH-TOKEN": value}
    return {"Authorization": f"Bearer {value}"}


def send(client: Client, method: str, headers: dict[str, str]) -> object:
    if method == "GET":
        return client.get(NOTE, headers=headers)
    return post_note(client, '{"note":"matrix"}', headers)


@pytest.mark.parametrize("method", ["GET", "POST"])
@pytest.mark.parametrize("channel", ["x-auth-token", "bearer"])
@pytest.mark.parametrize(("case", "status"), CASES)
def test_the_token_matrix(
    client: Client,
    guid: str,
    token: str,
    other_token: str,
    method: str,
    channel: str,
    case: str,
    status: int,
) -> None:
    headers = {"X-CHALLENGER": guid, **token_headers(channel, case, token, other_token)}
    response = send(client, method, headers)
    assert response.status_code == status
    if status == 401:
        assert response["WWW-Authenticate"] == "Bearer"
    else:
        assert not response.has_header("WWW-Authenticate")


@pytest.mark.parametrize("method", ["GET", "POST"])
def test_a_wrong_bearer_wins_over_a_right_x_auth_token(
    client: Client, guid: str, token: str, method: str
) -> None:
    headers = {"X-CHALLENGER": guid, "Authorization": "Bearer wrong", "X-AUTH-TOKEN": token}
    assert send(client, method, headers).status_code == 403


@pytest.mark.parametrize("method", ["GET", "POST"])
def test_a_right_bearer_wins_over_a_wrong_x_auth_token(
    client: Client, guid: str, token: str, method: str
) -> None:
    headers = {"X-CHALLENGER": guid, "Authorization": f"Bearer {token}", "X-AUTH-TOKEN": "wrong"}
    assert send(client, method, headers).status_code == 200


@pytest.mark.parametrize("method", ["GET", "POST"])
@pytest.mark.parametrize("authorization", ["Bearer", "Bearer   ", "Basic abc", "Token abc"])
def test_an_invalid_bearer_header_falls_back_to_x_auth_token(
    client: Client, guid: str, token: str, method: str, authorization: str
) -> None:
    headers = {"X-CHALLENGER": guid, "Authorization": authorization, "X-AUTH-TOKEN": token}
    assert send(client, method, headers).status_code == 200


@pytest.mark.parametrize("method", ["GET", "POST"])
def test_the_bearer_scheme_is_case_insensitive(
    client: Client, guid: str, token: str, method: str
) -> None:
    headers = {"X-CHALLENGER": guid, "Authorization": f"bEARER {token}"}
    assert send(client, method, headers).status_code == 200


@pytest.mark.parametrize("method", ["GET", "POST"])
def test_an_empty_x_auth_token_with_no_bearer_is_missing(
    client: Client, guid: str, method: str
) -> None:
    assert send(client, method, {"X-CHALLENGER": guid, "X-AUTH-TOKEN": ""}).status_code == 401


@pytest.mark.parametrize("method", ["GET", "POST"])
def test_a_non_ascii_token_is_403_not_a_crash(client: Client, guid: str, method: str) -> None:
    headers = {"X-CHALLENGER": guid, "X-AUTH-TOKEN": "tökén"}
    assert send(client, method, headers).status_code == 403
