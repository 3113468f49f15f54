"""The modules of the project package (`practiceapi`) depend on each other one way: no
module reaches itself again through imports (module level, inside a function or under
`TYPE_CHECKING`) or through a string that is a dotted path to one of them (an
`import_string` target). The settings module is left out: Django reads it, and it names
the project's modules by dotted path as Django asks."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "practiceapi"
LEFT_OUT = {"practiceapi.settings"}
DOTTED_PATH = re.compile(r"practiceapi(?:\.[A-Za-z_]\w*)+")


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    found = {module_name(path): path for path in PACKAGE.rglob("*.py")}
    return {name: path for name, path in found.items() if name not in LEFT_OUT}


def named(module: str, known: set[str]) -> str | None:
    """The known module `module` (a module or an attribute path) falls in, if any."""
    parts = module.split(".")
    for end in range(len(parts), 0, -1):
        candidate = ".".join(parts[:end])
        if candidate in known:
            return candidate
    return None


def dependencies(path: Path, own: str, known: set[str]) -> set[str]:
    package = own if path.name == "__init__.py" else own.rpartition(".")[0]
    targets: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            targets.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                anchor = parts[: len(parts) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            targets.update(f"{base}.{alias.name}" for alias in node.names)
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and DOTTED_PATH.fullmatch(node.value)
        ):
            targets.add(node.value)
    resolved = {named(target, known) for target in targets}
    # A package's `__init__` is imported with each of its modules: not a dependency.
    return {name for name in resolved if name is not None and name != own} - {"practiceapi"}


def graph() -> dict[str, set[str]]:
    found = modules()
    known = set(found)
    return {name: dependencies(path, name, known) for name, path in found.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(edges.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return groups


def test_the_project_package_has_no_dependency_cycle() -> None:
    assert not cycles(graph())


def test_the_check_sees_a_cycle_through_a_type_only_import_and_a_dotted_path() -> None:
    edges = {
        "practiceapi.editions": {"practiceapi.middleware"},  # "practiceapi.middleware.Cors"
        "practiceapi.middleware": {"practiceapi.editions"},
        "practiceapi.routing": set(),
    }
    assert cycles(edges) == [["practiceapi.editions", "practiceapi.middleware"]]


def test_the_check_reads_type_only_imports_and_dotted_paths(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from practiceapi.middleware import Cors\n"
        'CHOSEN = "practiceapi.routing.ApiRouter"\n'
        '"""Prose naming `practiceapi.urls` is no dependency."""\n'
    )
    known = {"practiceapi.middleware", "practiceapi.routing", "practiceapi.urls"}
    assert dependencies(module, "practiceapi.m", known) == {
        "practiceapi.middleware",
        "practiceapi.routing",
    }
