"""What runs the process (`practiceapi.server`) and the database backends
(`practiceapi.backends`) sit below the product: no app module (a view, a selector, a
service, a challenge) and no module of the project package outside them imports either,
at module level, inside a function, under `TYPE_CHECKING` or by dotted path in a string.
Only the settings name them, as Django's `WSGI_APPLICATION` and `ENGINE` strings."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
APPS = ("challengers", "todos", "secrets_app", "challenges", "sim")
APART = ("practiceapi.server", "practiceapi.backends")
# The settings hand the entry point and the backends to Django by dotted path.
NAMING_THEM = {ROOT / "practiceapi" / "settings.py"}


def modules() -> list[Path]:
    found = [path for app in APPS for path in sorted((ROOT / app).rglob("*.py"))]
    found += [
        path
        for path in sorted((ROOT / "practiceapi").rglob("*.py"))
        if path.relative_to(ROOT / "practiceapi").parts[0] not in ("server", "backends")
        and path not in NAMING_THEM
    ]
    return found


def names_apart(name: str) -> bool:
    return any(name == part or name.startswith(f"{part}.") for part in APART)


def mentions(path: Path) -> set[str]:
    """The modules under `APART` that the file imports or names in a string."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if names_apart(alias.name))
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            if names_apart(node.module):
                found.add(node.module)
            elif node.module == "practiceapi":
                found.update(
                    f"practiceapi.{alias.name}"
                    for alias in node.names
                    if names_apart(f"practiceapi.{alias.name}")
                )
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            # A docstring may say where a piece lives; a dotted path alone is an import.
            value = node.value.strip()
            if names_apart(value.split(":")[0]) and " " not in value:
                found.add(value)
    return found


def test_no_app_or_project_module_imports_the_server_or_the_backends() -> None:
    importing = {
        str(path.relative_to(ROOT)): sorted(mentions(path)) for path in modules() if mentions(path)
    }
    assert not importing


@pytest.mark.parametrize(
    "source",
    [
        "from practiceapi.server.wsgi import application\n",
        "def f():\n    import practiceapi.backends.sqlite.base\n",
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from practiceapi import server\n",
        "HANDLER = 'practiceapi.server.handlers.ApiHandler'\n",
    ],
)
def test_the_check_sees_each_way_of_importing(tmp_path: Path, source: str) -> None:
    module = tmp_path / "m.py"
    module.write_text(source)
    assert mentions(module)
