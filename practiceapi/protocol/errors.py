"""Errors that carry their HTTP status; one handler turns them into responses."""

from __future__ import annotations

from practiceapi.protocol.settings import protocol_settings


class ApiError(Exception):
    """An error answered as `{"errorMessages":[...]}` in the negotiated format.

    `headers` are added to the response (e.g. `Accept-Query` on QUERY errors).
    `force_json` renders the body as JSON whatever the Accept header says (406 bodies).
    `bodiless` answers the status and headers only (typed JSON), as some editions refuse.
    """

    def __init__(
        self,
        status: int,
        *messages: str,
        headers: dict[str, str] | None = None,
        force_json: bool = False,
        bodiless: bool = False,
    ) -> None:
        super().__init__(messages[0] if messages else "")
        self.status = status
        self.messages = list(messages)
        self.headers = headers or {}
        self.force_json = force_json
        self.bodiless = bodiless


class NotAcceptable(ApiError):
    """406: no producible media type satisfies the Accept header."""

    def __init__(self, message: str) -> None:
        super().__init__(406, message, force_json=True)


class FailedValidation(ApiError):
    """A body that breaks a field rule (a type, a length, an unknown field, an id), answered
    with the status the project gives that (`protocol_settings.validation_status`: 422
    by default)."""

    def __init__(self, *messages: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(protocol_settings.validation_status, *messages, headers=headers)
