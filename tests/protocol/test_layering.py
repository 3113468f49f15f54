"""The protocol layer knows no app: no module under `practiceapi/protocol/` imports one,
at module level, inside a function or under `TYPE_CHECKING`, and neither does the
edition table it reads (`practiceapi.editions`)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
APPS = ("challengers", "challenges", "todos", "secrets_app", "sim")
MODULES = sorted((ROOT / "practiceapi" / "protocol").glob("*.py")) + [
    ROOT / "practiceapi" / "editions.py"
]


def imported_modules(path: Path) -> set[str]:
    """Every module an `import` or `from ... import` anywhere in the file names."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module)
    return found


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_it_imports_no_app(path: Path) -> None:
    apps = {name for name in imported_modules(path) if name.split(".")[0] in APPS}
    assert not apps, f"{path.relative_to(ROOT)} imports {sorted(apps)}"


def test_the_check_sees_imports_under_type_checking(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from todos.models import Todo\n"
    )
    assert "todos.models" in imported_modules(module)


def test_the_protocol_layer_names_no_app_in_strings() -> None:
    # An app named by dotted path (e.g. for import_string) is an import too.
    for path in MODULES:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                assert not node.value.startswith(tuple(f"{app}." for app in APPS)), path
