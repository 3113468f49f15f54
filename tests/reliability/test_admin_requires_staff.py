"""The instructor admin needs a staff login.

Every admin URL (the index, every registered model's pages, every extra view a ModelAdmin
adds, found by walking the admin's URL patterns so that pages added later are covered
too) sends an anonymous visitor and a logged-in non-staff user to the login page, and
answers a staff user.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.contrib import admin
from django.test import Client
from django.urls import NoReverseMatch, URLPattern, URLResolver, reverse

pytestmark = pytest.mark.django_db

LOGIN = "/admin/login/"


def _names(patterns: list, namespace: str = "admin") -> Iterator[str]:
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            yield from _names(pattern.url_patterns, namespace)
        elif isinstance(pattern, URLPattern) and pattern.name:
            yield f"{namespace}:{pattern.name}"


def admin_urls() -> list[str]:
    """Every admin page, with `1` for object ids (a missing object must still be guarded)."""
    urls: set[str] = set()
    for name in _names(admin.site.get_urls()):
        if name in ("admin:login", "admin:logout", "admin:javascript-catalog"):
            continue
        for args in ((), ("1",), ("1", "1")):
            try:
                urls.add(reverse(name, args=args))
                break
            except NoReverseMatch:
                continue
    return sorted(urls)


def _is_login_redirect(response) -> bool:
    return response.status_code == 302 and response["Location"].startswith(LOGIN)


def test_there_are_admin_pages_to_guard() -> None:
    assert "/admin/" in admin_urls()
    assert len(admin_urls()) > 5


@pytest.mark.parametrize("url", admin_urls())
def test_an_anonymous_visitor_is_sent_to_the_login(client: Client, url: str) -> None:
    assert _is_login_redirect(client.get(url)), url


@pytest.mark.parametrize("url", admin_urls())
def test_an_anonymous_post_changes_nothing_and_is_sent_to_the_login(
    client: Client, url: str
) -> None:
    response = client.post(url, {"action": "delete_selected", "_selected_action": ["1"]})
    assert _is_login_redirect(response) or response.status_code == 403, url


@pytest.mark.parametrize("url", admin_urls())
def test_a_logged_in_student_who_is_not_staff_is_sent_to_the_login(
    client: Client,
    django_user_model,
    url: str,
) -> None:
    student = django_user_model.objects.create_user("student", password="pw-student-1")
    client.force_login(student)
    assert _is_login_redirect(client.get(url)), url


def test_the_login_form_refuses_a_user_who_is_not_staff(
    client: Client,
    django_user_model,
) -> None:
    django_user_model.objects.create_user("student", password="pw-student-1")
    response = client.post(LOGIN, {"username": "student", "password": "pw-student-1"})
    assert response.status_code == 200
    assert "_auth_user_id" not in client.session


def test_a_staff_user_gets_the_admin(client: Client, django_user_model) -> None:
    staff = django_user_model.objects.create_user("teacher", password="pw", is_staff=True)
    client.force_login(staff)
    assert client.get("/admin/").status_code == 200


def test_a_superuser_gets_every_admin_list(admin_client: Client) -> None:
    for model in admin.site._registry:
        url = reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_changelist")
        assert admin_client.get(url).status_code == 200, url


def test_the_api_challenge_credentials_do_not_open_the_admin(client: Client) -> None:
    """`admin`/`password` is the practice API's Basic login, never a Django account."""
    response = client.post(LOGIN, {"username": "admin", "password": "password"})
    assert "_auth_user_id" not in client.session
    assert response.status_code == 200
