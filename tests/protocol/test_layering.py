"""The protocol layer is a leaf: no module under `practiceapi/protocol/` imports any other
module of the project (the rest of `practiceapi`, or an app), at module level, inside a
function or under `TYPE_CHECKING`, nor names one by dotted path in a string (an
`import_string` target is an import too). What it needs from the project reaches it
through its own `protocol_settings`, or as arguments. The project-wide edition table,
which fills those settings, knows no app either."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LAYER = ROOT / "practiceapi" / "protocol"
APPS = ("challengers", "challenges", "todos", "secrets_app", "sim")
PROJECT = ("practiceapi", *APPS)
MODULES = sorted(LAYER.rglob("*.py"))
# A dotted path into the project, wherever it stands in a string (prose included).
DOTTED = re.compile(rf"\b(?:{'|'.join(PROJECT)})(?:\.[A-Za-z_]\w*)+")


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_modules(path: Path, source: str | None = None) -> set[str]:
    """Every module an `import` or `from ... import` anywhere in the file names, relative
    imports resolved against the file's package."""
    name = module_name(path) if path.is_relative_to(ROOT) else path.stem
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    text = path.read_text() if source is None else source
    for node in ast.walk(ast.parse(text, str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            found.update(f"{base}.{alias.name}" for alias in node.names)
            found.add(base)
    return found


def outside_the_layer(module: str) -> bool:
    """Is `module` a module of the project other than the protocol layer's?"""
    top = module.split(".")[0]
    inside = module == "practiceapi.protocol" or module.startswith("practiceapi.protocol.")
    return top in PROJECT and not inside and module != "practiceapi"


def project_imports(path: Path, source: str | None = None) -> set[str]:
    return {name for name in imported_modules(path, source) if outside_the_layer(name)}


def project_paths_in_strings(path: Path, source: str | None = None) -> set[str]:
    text = path.read_text() if source is None else source
    found = set()
    for node in ast.walk(ast.parse(text, str(path))):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            found.update(m for m in DOTTED.findall(node.value) if outside_the_layer(m))
    return found


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(LAYER)))
def test_it_imports_nothing_else_of_the_project(path: Path) -> None:
    assert not project_imports(path), f"{path.relative_to(ROOT)} imports {project_imports(path)}"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(LAYER)))
def test_it_names_nothing_else_of_the_project_in_strings(path: Path) -> None:
    named = project_paths_in_strings(path)
    assert not named, f"{path.relative_to(ROOT)} names {sorted(named)}"


def test_the_edition_table_imports_no_app() -> None:
    path = ROOT / "practiceapi" / "editions.py"
    apps = {name for name in imported_modules(path) if name.split(".")[0] in APPS}
    assert not apps, f"practiceapi/editions.py imports {sorted(apps)}"


# --- the checks see what they must ------------------------------------------------------

VIOLATIONS = {
    "a type-only import": (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from practiceapi.request import ApiRequest\n"
    ),
    "an import inside a function": "def f():\n    from todos.models import Todo\n",
    "a module import": "import practiceapi.editions\n",
    "a package import": "from practiceapi import middleware\n",
    "a relative import out of the layer": "from ..editions import served\n",
}


@pytest.mark.parametrize("source", VIOLATIONS.values(), ids=VIOLATIONS.keys())
def test_the_import_check_sees(source: str) -> None:
    assert project_imports(LAYER / "example.py", source)


def test_the_import_check_allows_the_layer_and_libraries() -> None:
    source = (
        "from . import errors\nfrom .query import Field\n"
        "from practiceapi.protocol.formats import JSON\nimport practiceapi.protocol.errors\n"
        "from rest_framework.request import Request\nimport json\n"
    )
    assert not project_imports(LAYER / "example.py", source)


def test_the_string_check_sees_dotted_paths() -> None:
    source = (
        'CLASS = "practiceapi.middleware.FixedCors"\n'
        'def f():\n    """Read by `challenges.catalogue`."""\n'
        'OWN = "practiceapi.protocol.parsers.StrictJsonObject"\n'
    )
    assert project_paths_in_strings(LAYER / "example.py", source) == {
        "practiceapi.middleware.FixedCors",
        "challenges.catalogue",
    }
