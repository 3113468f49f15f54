"""GET /gui/challenges/{guid}: every section and challenge with done flags and counts."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.test import Client

from challengers.models import Challenger
from challengers.sessions import SINGLE_PLAYER_GUID
from challenges.catalogue import challenges_for, display_id
from challenges.catalogue.current import SECTIONS
from secrets_app.services import secret_for
from tests.near_miss_entries import near_miss, store_near_misses


def page(client: Client, guid: str) -> str:
    response = client.get(f"/gui/challenges/{guid}")
    assert response.status_code == 200
    return response.content.decode()


def row(html: str, key: str) -> str:
    match = re.search(rf'<tr id="c-{key}".*?</tr>', html, re.S)
    assert match, key
    return match.group(0)


def test_it_lists_every_challenge_with_id_and_exact_name(client: Client, guid: str) -> None:
    html = page(client, guid)
    for challenge in challenges_for("multi"):
        text = row(html, challenge.key)
        assert f'<td class="col-id">{display_id(challenge.key, "multi")}</td>' in text
        assert f'<th scope="row" class="col-name">{_escaped(challenge.name)}</th>' in text


def _escaped(text: str) -> str:
    return (
        text.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
        .replace("'", "&#x27;")
    )


def test_it_shows_every_section_title_in_order(client: Client, guid: str) -> None:
    html = page(client, guid)
    positions = [html.index(f'<h2 id="h-{s.key}">') for s in SECTIONS]
    assert positions == sorted(positions)


def test_it_renders_back_ticks_as_code(client: Client, guid: str) -> None:
    html = page(client, guid)
    assert "<code>/api/challenges</code>" in html


def test_it_shows_hints(client: Client, guid: str) -> None:
    html = page(client, guid)
    assert html.count("<summary>Hints</summary>") == sum(
        1 for c in challenges_for("multi") if c.hints
    )


def test_a_completed_challenge_is_marked_done_with_its_time(client: Client, guid: str) -> None:
    client.get("/api/challenges", headers={"X-CHALLENGER": guid})
    text = row(page(client, guid), "GET_CHALLENGES")
    assert 'class="is-done"' in text
    assert "✓</span> Done" in text
    assert re.search(
        r'<time datetime="\d{4}-\d\d-\d\dT[^"]+">\d{4}-\d\d-\d\d \d\d:\d\d UTC</time>', text
    )


def test_an_open_challenge_says_not_done_in_words(client: Client, guid: str) -> None:
    text = row(page(client, guid), "GET_TODOS")
    assert 'class="is-todo"' in text
    assert "Not done" in text


def test_it_counts_overall_progress_out_of_99(client: Client, guid: str) -> None:
    client.get("/api/challenges", headers={"X-CHALLENGER": guid})
    html = page(client, guid)
    done = len(Challenger.objects.get(pk=guid).progress)
    assert f"<span data-done-count>{done}</span> / 99</span>" in html
    assert f'<progress id="overall" max="99" value="{done}"' in html


def test_it_counts_progress_per_section(client: Client, guid: str) -> None:
    client.get("/api/challenges", headers={"X-CHALLENGER": guid})
    html = page(client, guid)
    total = sum(1 for c in challenges_for("multi") if c.section.key == "first-real-challenge")
    assert f'<span data-section-done="first-real-challenge">1</span> of {total} done' in html


def test_it_shows_the_guid_for_copying(client: Client, guid: str) -> None:
    assert f'<code id="guid-value" class="guid">{guid}</code>' in page(client, guid)


def test_it_never_shows_the_secret_token(client: Client, guid: str) -> None:
    token = secret_for(Challenger.objects.get(pk=guid)).token
    assert token not in page(client, guid)


def test_the_download_leaves_the_token_out(client: Client, guid: str) -> None:
    token = secret_for(Challenger.objects.get(pk=guid)).token
    response = client.get(f"/gui/challenges/{guid}/progress.json")
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith("attachment;")
    assert token.encode() not in response.content
    assert response.json()["xChallenger"] == guid


def test_it_finds_a_guid_typed_in_upper_case(client: Client, guid: str) -> None:
    assert client.get(f"/gui/challenges/{guid.upper()}").status_code == 200


def test_the_guid_form_redirects_to_the_page(client: Client, guid: str) -> None:
    response = client.get("/gui/challenges", {"guid": f"  {guid} "})
    assert response.status_code == 302
    assert response["Location"] == f"/gui/challenges/{guid}"


def test_it_labels_every_input(client: Client, guid: str) -> None:
    html = page(client, guid)
    ids = re.findall(r'<input id="([^"]+)"', html)
    assert ids
    for input_id in ids:
        assert f'<label for="{input_id}">' in html


def test_headings_do_not_skip_levels(client: Client, guid: str) -> None:
    levels = [int(n) for n in re.findall(r"<h([1-6])[ >]", page(client, guid))]
    assert levels[0] == 1
    assert all(b - a <= 1 for a, b in zip(levels, levels[1:], strict=False))


def test_it_is_never_cached(client: Client, guid: str) -> None:
    response = client.get(f"/gui/challenges/{guid}")
    assert "no-cache" in response["Cache-Control"] or "no-store" in response["Cache-Control"]


@pytest.mark.django_db
def test_an_unknown_guid_gets_a_helpful_404(client: Client) -> None:
    response = client.get("/gui/challenges/3f0c2a8e-5b7d-4c1e-9a62-0d3b8e4f7a10")
    assert response.status_code == 404
    html = response.content.decode()
    assert "We don't know that session" in html
    assert 'action="/gui/restore"' in html
    assert 'action="/gui/sessions"' in html


@pytest.mark.django_db
def test_the_404_escapes_the_guid(client: Client) -> None:
    response = client.get("/gui/challenges/%3Cscript%3Ealert(1)%3C%2Fscript%3E")
    assert response.status_code == 404
    assert b"<script>alert" not in response.content


@pytest.mark.django_db
def test_single_mode_counts_out_of_96(client: Client, single_mode: None) -> None:
    html = page(client, SINGLE_PLAYER_GUID)
    assert "/ 96</span>" in html
    assert 'id="c-GET_RESTORE_EXISTING_CHALLENGER"' not in html


@pytest.mark.django_db
def test_single_mode_gui_challenges_opens_the_single_session(
    client: Client, single_mode: None
) -> None:
    response = client.get("/gui/challenges")
    assert response["Location"] == f"/gui/challenges/{SINGLE_PLAYER_GUID}"


# ------------------------------------------------------------------ near misses, next panel

NEAR = near_miss("your todos include 0 done todos")


def visible_text(html: str) -> str:
    """What a reader sees: tags dropped, entities decoded, whitespace collapsed."""
    return " ".join(unescape(re.sub(r"<[^>]+>", "", html)).split())


def next_panel(html: str) -> str:
    match = re.search(r'<section class="card card-accent next-card".*?</section>', html, re.S)
    assert match
    return match.group(0)


def test_an_open_challenge_shows_its_last_try(client: Client, guid: str) -> None:
    store_near_misses(guid, {"GET_TODOS_FILTERED": NEAR})
    text = visible_text(row(page(client, guid), "GET_TODOS_FILTERED"))
    assert "last try: GET /api/todos?doneStatus=true → 200: your todos include 0 done todos" in text


def test_a_challenge_without_a_near_miss_shows_no_last_try(client: Client, guid: str) -> None:
    store_near_misses(guid, {"GET_TODOS_FILTERED": NEAR})
    assert "last try" not in row(page(client, guid), "GET_TODOS")


def test_a_done_challenge_shows_no_last_try(client: Client, guid: str) -> None:
    client.get("/api/challenges", headers={"X-CHALLENGER": guid})
    store_near_misses(guid, {"GET_CHALLENGES": NEAR})
    assert "last try" not in row(page(client, guid), "GET_CHALLENGES")


def test_the_last_try_is_escaped(client: Client, guid: str) -> None:
    hostile = NEAR | {"request": "GET /api/<script>x</script>", "reason": '<img src=x onerror="y">'}
    store_near_misses(guid, {"GET_TODOS_FILTERED": hostile})
    html = page(client, guid)
    assert "<script>x" not in html
    assert "<img src=x" not in html
    assert "&lt;script&gt;x&lt;/script&gt;" in row(html, "GET_TODOS_FILTERED")


def test_the_next_challenge_is_the_first_open_one(client: Client, guid: str) -> None:
    panel = visible_text(next_panel(page(client, guid)))
    assert panel.startswith("Next challenge 02 GET /api/challenges (200)")


def test_the_next_challenge_moves_on_when_it_is_done(client: Client, guid: str) -> None:
    client.get("/api/challenges", headers={"X-CHALLENGER": guid})
    panel = next_panel(page(client, guid))
    assert 'data-next="GET_TODOS"' in panel
    assert 'href="#c-GET_TODOS"' in panel


def test_the_next_challenge_shows_its_hints(client: Client, guid: str) -> None:
    panel = visible_text(next_panel(page(client, guid)))
    for hint in challenges_for("multi")[1].hints:
        assert visible_text(hint.text.replace("`", "")) in panel


def test_the_next_challenge_shows_its_near_miss(client: Client, guid: str) -> None:
    store_near_misses(guid, {"GET_CHALLENGES": NEAR | {"request": "GET /api/challenge"}})
    panel = visible_text(next_panel(page(client, guid)))
    assert "last try: GET /api/challenge → 200: your todos include 0 done todos" in panel


def test_the_next_challenge_panel_comes_first(client: Client, guid: str) -> None:
    html = page(client, guid)
    assert html.index('id="next-heading"') < html.index('id="summary-heading"')


def test_with_everything_done_the_panel_says_so(client: Client, guid: str) -> None:
    everything = {c.key: "2026-11-23T10:00:00Z" for c in challenges_for("multi")}
    Challenger.objects.filter(pk=guid).update(progress=everything)
    panel = next_panel(page(client, guid))
    assert 'data-next=""' in panel
    assert "Every challenge is done." in panel
