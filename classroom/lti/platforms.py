"""Registering an LMS (an LTI platform) and the tool's own signing key.

The registration and its deployment are django-lti's models, so the admin's "LTI
registrations" page shows and edits what the `lti_add_platform` command made. The tool
signs its service requests (the client-credentials grant's assertion) with the newest
active `Key`; every active key is published at the key set URL, so an LMS that cached the
old one keeps verifying while a rotated key comes into use (`manage.py rotate_keys`,
django-lti's command: a new key, and keys older than a week withdrawn).
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlsplit

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import URLValidator
from django.db import transaction
from lti_tool.models import Key, LtiDeployment, LtiRegistration

LOGIN_PATH = "/lti/login"
LAUNCH_PATH = "/lti/launch"
JWKS_PATH = "/lti/jwks.json"
FIELD_MAX = 255  # what django-lti's columns hold

_URL = URLValidator(schemes=["http", "https"])


class PlatformRefused(ValueError):
    """A registration that cannot be saved, with the reason."""


@dataclass(frozen=True)
class PlatformDetails:
    issuer: str
    client_id: str
    deployment_id: str
    auth_url: str
    token_url: str
    keyset_url: str
    name: str = ""


def tool_urls(base: str) -> dict[str, str]:
    """The URLs an LMS administrator gives their LMS, on `base` (the service's public
    address)."""
    root = base.rstrip("/")
    return {
        "login_url": root + LOGIN_PATH,
        "launch_url": root + LAUNCH_PATH,
        "jwks_url": root + JWKS_PATH,
    }


def public_base(given: str | None) -> str:
    """The tool's public address: `given`, else APICHALLENGES_PUBLIC_URL."""
    configured: str = getattr(settings, "APICHALLENGES_PUBLIC_URL", "") or ""
    base = (given or configured).strip().rstrip("/")
    if not base:
        raise PlatformRefused(
            "The tool's public address is unknown: give --tool-url or set APICHALLENGES_PUBLIC_URL."
        )
    _check_url("tool URL", base)
    if urlsplit(base).query or urlsplit(base).fragment:
        raise PlatformRefused("The tool URL must have no query or fragment.")
    return base


def _check_url(label: str, value: str) -> None:
    try:
        _URL(value)
    except ValidationError:
        raise PlatformRefused(f"The {label} is not an http(s) URL: {value!r}") from None
    if len(value) > 200:  # Django's URLField length, which django-lti's columns keep
        raise PlatformRefused(f"The {label} is longer than 200 characters.")


def _check_text(label: str, value: str) -> str:
    value = value.strip()
    if not value:
        raise PlatformRefused(f"The {label} is empty.")
    if len(value) > FIELD_MAX:
        raise PlatformRefused(f"The {label} is longer than {FIELD_MAX} characters.")
    return value


def ensure_signing_key() -> Key:
    """The key the tool signs with: the newest active one, made if there is none."""
    key = Key.objects.active().order_by("-datetime_created", "-pk").first()
    return key if key is not None else Key.objects.generate()


@transaction.atomic
def register_platform(details: PlatformDetails) -> tuple[LtiRegistration, bool]:
    """Registers the LMS (issuer and client id) with its deployment, active; a platform
    registered before has its URLs updated and the deployment added. Returns the
    registration and whether it is new. Checks everything before writing anything."""
    issuer = _check_text("issuer", details.issuer)
    client_id = _check_text("client id", details.client_id)
    deployment_id = _check_text("deployment id", details.deployment_id)
    for label, url in (
        ("issuer", issuer),
        ("auth URL", details.auth_url),
        ("token URL", details.token_url),
        ("keyset URL", details.keyset_url),
    ):
        _check_url(label, url)
    name = (details.name or issuer).strip()[:FIELD_MAX]
    registration, created = LtiRegistration.objects.update_or_create(
        issuer=issuer,
        client_id=client_id,
        defaults={
            "name": name,
            "auth_url": details.auth_url,
            "token_url": details.token_url,
            "keyset_url": details.keyset_url,
            "is_active": True,
        },
    )
    LtiDeployment.objects.update_or_create(
        registration=registration, deployment_id=deployment_id, defaults={"is_active": True}
    )
    ensure_signing_key()
    return registration, created
