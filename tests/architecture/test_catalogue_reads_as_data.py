"""The challenge catalogue reads as data: both editions are declarations (imports and
assignments, no code of their own), the conditions they are declared with are grouped by
topic in modules of readable size, and choosing the served edition and looking challenges
up is one small module."""

from __future__ import annotations

import ast
from pathlib import Path

import challenges.catalogue
import challenges.rules

ROOT = Path(__file__).resolve().parents[2]
EDITIONS = ROOT / "challenges" / "catalogue"
# A module past this many lines no longer reads in one sitting; the lookup module past
# this many does more than look up.
READABLE_LINES = 600
LOOKUP_LINES = 150


def declaration_modules() -> list[Path]:
    return [EDITIONS / "classic.py", *sorted((EDITIONS / "current").glob("*.py"))]


def package_modules(package: object) -> list[Path]:
    """The modules of `package`, or the one module it is when it is not a package."""
    path = Path(str(getattr(package, "__file__", "")))
    return sorted(path.parent.rglob("*.py")) if path.name == "__init__.py" else [path]


def code_statements(path: Path) -> list[str]:
    """The module-level statements of `path` that are neither an import, an assignment
    nor its docstring, as `line: kind`."""
    found = []
    for node in ast.parse(path.read_text(), str(path)).body:
        if isinstance(node, ast.Import | ast.ImportFrom | ast.Assign | ast.AnnAssign):
            continue
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            continue
        found.append(f"{node.lineno}: {type(node).__name__}")
    return found


def lines(path: Path) -> int:
    return len(path.read_text().splitlines())


def test_both_editions_are_declarations_only() -> None:
    modules = declaration_modules()
    assert all(path.is_file() for path in modules)
    assert len(modules) > 2  # the classic edition, and the current one by topic
    code = {str(path.relative_to(ROOT)): code_statements(path) for path in modules}
    assert not {module: found for module, found in code.items() if found}


def test_the_catalogue_and_rule_modules_are_of_readable_size() -> None:
    modules = package_modules(challenges.catalogue) + package_modules(challenges.rules)
    too_long = {
        str(path.relative_to(ROOT)): lines(path) for path in modules if lines(path) > READABLE_LINES
    }
    assert not too_long


def test_the_lookup_module_is_small() -> None:
    assert lines(Path(str(challenges.catalogue.__file__))) <= LOOKUP_LINES
