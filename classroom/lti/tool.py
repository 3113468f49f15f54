"""pylti1p3, as django-lti configures it, with what a launch here needs on top:

- launch state (nonces, the state's binding to a launch, the launch's claims) kept in the
  database (`LtiStoredValue`), which every serving process shares, instead of a
  per-process cache;
- a nonce used up by the launch that presents it, so the same `id_token` posted again is
  refused (the library only checks that the nonce was issued);
- the `id_token`'s signature, audience (`aud` holding the registered client id, `azp` that
  client when present), issuer, expiry and issue time all verified, and the nonce spent
  only on a token that passed those;
- a deployment the LMS administrator did not register is refused, not created;
- calls to the LMS (its key set, token and service endpoints) time out instead of holding
  a worker.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any, cast

import jwt
import requests
from django.db import transaction
from django.http import HttpRequest
from django.utils import timezone
from lti_tool.models import LtiDeployment, LtiRegistration
from lti_tool.utils import DjangoToolConfig
from pylti1p3.contrib.django import DjangoMessageLaunch, DjangoOIDCLogin
from pylti1p3.contrib.django.request import DjangoRequest
from pylti1p3.deployment import Deployment
from pylti1p3.exception import LtiException
from pylti1p3.launch_data_storage.base import LaunchDataStorage
from pylti1p3.registration import Registration, TKeySet
from pylti1p3.session import SessionService

from classroom.models import LtiStoredValue

# How long a login's nonce and state, and a launch's claims, are kept: a student who takes
# longer than this between the LMS's login and its launch starts the launch again.
LAUNCH_STATE_SECONDS = 3600
# Seconds of clock difference between the LMS and this server a token's times may show.
CLOCK_LEEWAY = 60
# Seconds to wait for the LMS (key set, token and service endpoints).
LMS_TIMEOUT = 10
KEY_SET_BYTES = 256 * 1024  # a key set larger than this is no platform's


class TimedSession(requests.Session):
    """A requests session whose calls give up after `LMS_TIMEOUT` seconds."""

    def request(self, *args: Any, **kwargs: Any) -> Any:
        kwargs.setdefault("timeout", LMS_TIMEOUT)
        return super().request(*args, **kwargs)


def lms_session() -> requests.Session:
    session = TimedSession()
    session.headers["User-Agent"] = "apichallenges-classroom LTI tool"
    return session


class DatabaseLaunchStorage(LaunchDataStorage[Any]):
    """pylti1p3's launch data storage in `LtiStoredValue` rows. Over HTTPS each key is
    prefixed by a random id the login set in a cookie (the library's scheme), so one
    browser's state is not another's."""

    def get_session_cookie_name(self) -> str | None:
        # As the library's cache storage does: the id cookie needs HTTPS to come back on
        # the LMS's cross-site POST (SameSite=None requires Secure).
        if self._request is None or not self._request.is_secure():
            return None
        return super().get_session_cookie_name()

    def can_set_keys_expiration(self) -> bool:
        return True

    def _live(self, key: str) -> Any:
        return LtiStoredValue.objects.filter(
            key=self._prepare_key(key)[:255], expires_at__gt=timezone.now()
        )

    def get_value(self, key: str) -> Any:
        return self._live(key).values_list("value", flat=True).first()

    def set_value(self, key: str, value: Any, exp: int | None = None) -> None:
        now = timezone.now()
        expires = now + timedelta(seconds=exp or LAUNCH_STATE_SECONDS)
        with transaction.atomic():
            LtiStoredValue.objects.filter(expires_at__lte=now).delete()
            LtiStoredValue.objects.update_or_create(
                key=self._prepare_key(key)[:255], defaults={"value": value, "expires_at": expires}
            )

    def check_value(self, key: str) -> bool:
        return self._live(key).exists()

    def consume(self, key: str) -> bool:
        """Whether the key was there (and unexpired); it is not any more. One DELETE, so
        two launches racing with the same nonce cannot both see it."""
        deleted, _ = self._live(key).delete()
        return deleted > 0


class OneTimeNonces(SessionService):
    """The library's session service, with a nonce that a launch uses up, and what it
    stores kept `LAUNCH_STATE_SECONDS`."""

    _launch_data_lifetime = LAUNCH_STATE_SECONDS

    def check_nonce(self, nonce: str) -> bool:
        storage = cast(DatabaseLaunchStorage, self.data_storage)
        return storage.consume(self._get_key("nonce", nonce))


class ToolConfig(DjangoToolConfig):
    """django-lti's registration lookup, stricter: a login without `client_id` is accepted
    only where the issuer has one active registration, and a deployment is one an
    administrator registered."""

    def find_registration_by_params(
        self, iss: str, client_id: str | None, *args: Any, **kwargs: Any
    ) -> Registration | None:
        from classroom.lti.platforms import ensure_signing_key

        if not isinstance(iss, str) or not iss:
            return None
        candidates = LtiRegistration.objects.active().filter(issuer=iss)
        if client_id:
            if not isinstance(client_id, str):
                return None
            candidates = candidates.filter(client_id=client_id)
        found = list(candidates[:2])
        if len(found) != 1:
            return None
        ensure_signing_key()
        self.registration = found[0]
        return cast(Registration, self.registration.to_registration())

    def find_deployment_by_params(
        self, iss: str, deployment_id: str, client_id: str, *args: Any, **kwargs: Any
    ) -> Deployment | None:
        try:
            self.deployment = LtiDeployment.objects.get(
                registration=self.registration, deployment_id=deployment_id
            )
        except LtiDeployment.DoesNotExist:
            return None
        return Deployment().set_deployment_id(deployment_id)


class VerifiedLaunch(DjangoMessageLaunch):
    """A message launch verified in full before anything of it is used (see the module)."""

    def validate(self) -> VerifiedLaunch:
        if self._restored:
            raise LtiException("Can't validate restored launch")
        self._validated = True
        try:
            self.validate_state()
            self.validate_jwt_format()
            self.validate_registration()
            self.validate_jwt_signature()
            self.validate_nonce()
            self.validate_deployment()
            self.validate_message()
            self.save_launch_data()
        except Exception:
            self._validated = False
            raise
        return self

    def validate_jwt_format(self) -> VerifiedLaunch:
        super().validate_jwt_format()
        if not isinstance(self._jwt.get("header"), dict) or not isinstance(
            self._jwt.get("body"), dict
        ):
            raise LtiException("Invalid JWT format: header and body must be JSON objects")
        return self

    def fetch_public_key(self, key_set_url: str) -> TKeySet:
        try:
            reply = self._requests_session.get(key_set_url)
        except requests.exceptions.RequestException as failed:
            raise LtiException(f"The platform's key set could not be fetched: {failed}") from None
        if not reply.ok or len(reply.content) > KEY_SET_BYTES:
            raise LtiException(f"The platform's key set answered {reply.status_code}")
        try:
            keys = reply.json()
        except ValueError:
            raise LtiException("The platform's key set is not JSON") from None
        if not isinstance(keys, dict) or not isinstance(keys.get("keys"), list):
            raise LtiException("The platform's key set has no list of keys")
        if not all(isinstance(key, dict) for key in keys["keys"]):
            raise LtiException("The platform's key set holds something that is no key")
        return cast(TKeySet, keys)

    def validate_jwt_signature(self) -> VerifiedLaunch:
        registration = self._registration
        assert registration is not None, "validate_registration comes first"
        public_key, algorithm = self.get_public_key()
        client_id = registration.get_client_id()
        try:
            claims = jwt.decode(
                self._get_id_token(),
                public_key,
                algorithms=[algorithm],
                audience=client_id,
                issuer=registration.get_issuer(),
                leeway=CLOCK_LEEWAY,
                options={"require": ["exp", "iat", "iss", "aud", "sub", "nonce"]},
            )
        except jwt.InvalidTokenError as refused:
            raise LtiException(f"The id_token was refused: {refused}") from None
        azp = claims.get("azp")
        if azp is not None and azp != client_id:
            raise LtiException("The id_token was refused: its azp is not this tool's client id")
        return self


def _request(request: HttpRequest, *, post_only: bool) -> DjangoRequest:
    return DjangoRequest(request, post_only=post_only)


def oidc_login(request: HttpRequest) -> DjangoOIDCLogin:
    """The library's OIDC login initiation for this request (GET or POST parameters)."""
    wrapped = _request(request, post_only=False)
    return DjangoOIDCLogin(
        wrapped,
        ToolConfig(),
        session_service=OneTimeNonces(wrapped),
        launch_data_storage=DatabaseLaunchStorage(),
    )


def message_launch(request: HttpRequest) -> VerifiedLaunch:
    """The library's message launch for the `id_token` posted to this request, not yet
    validated."""
    wrapped = _request(request, post_only=True)
    return VerifiedLaunch(
        wrapped,
        ToolConfig(),
        session_service=OneTimeNonces(wrapped),
        launch_data_storage=DatabaseLaunchStorage(),
        requests_session=lms_session(),
    )
