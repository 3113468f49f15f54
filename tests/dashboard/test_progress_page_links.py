"""The progress page's links lead somewhere useful: "Learn more" opens the challenge's
operation in the API docs (or the page explaining the mirror), never the page itself; the
API docs open with the session set; the Postman collection is the session's own; and each
open challenge's "Try it" example is in the page."""

from __future__ import annotations

import json
import re
from html import unescape

from django.test import Client

from challenges.catalogue import challenges_for


def page(client: Client, guid: str) -> str:
    return client.get(f"/gui/challenges/{guid}").content.decode()


def learn_more_links(html: str) -> list[str]:
    return re.findall(r'<a href="([^"]*)">Learn more', html)


def test_learn_more_opens_the_operation_in_the_docs(client: Client, guid: str) -> None:
    html = page(client, guid)
    row = html[html.index('id="c-GET_CHALLENGES"') :]
    assert learn_more_links(row)[0] == "/docs#/challenges/challenges_retrieve"
    row = html[html.index('id="c-GET_TODOS_FILTERED"') :]
    assert learn_more_links(row)[0] == "/docs#/todos/listTodos"


def test_no_learn_more_leads_to_the_page_itself_or_the_docs_top(client: Client, guid: str) -> None:
    links = learn_more_links(page(client, guid))
    assert links
    for link in links:
        assert link.startswith("/docs#/") or link == "/mirror", link


def test_the_mirror_hint_opens_the_page_explaining_it(client: Client, guid: str) -> None:
    assert client.get("/mirror")["Location"].startswith("/practice-modes/mirror")
    assert "/mirror" in learn_more_links(page(client, guid))


def test_it_links_the_docs_and_the_collection_for_the_session(client: Client, guid: str) -> None:
    html = page(client, guid)
    assert f'href="/docs?challenger={guid}"' in html
    assert f'href="/postman/collection.json?challenger={guid}"' in html
    assert "Download a Postman collection for this session" in html


def test_it_embeds_every_challenges_try_it_example(client: Client, guid: str) -> None:
    html = page(client, guid)
    found = re.search(r'<script id="tryit-examples" type="application/json">(.*?)</script>', html)
    assert found
    examples = json.loads(unescape(found.group(1)))
    assert set(examples) == {c.key for c in challenges_for("multi")}
    assert examples["POST_TODOS"]["method"] == "POST"
    assert examples["POST_TODOS"]["path"] == "/api/todos"
    assert json.loads(examples["POST_TODOS"]["body"]) == {"title": "learn HTTP"}
