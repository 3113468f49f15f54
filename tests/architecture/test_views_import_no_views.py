"""A view module never imports another view module: what two views share is a selector
(reading) or a service (writing), or the session layer (`challengers`), never the other
view. Template tags import no view module either. Views are the modules of an app's
`views` package and its `views.py`; a views package's `base` module, the base class its
views build on, is no view: no URL conf routes to it. Imports count wherever they are:
at module level, inside a function or under `TYPE_CHECKING`."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BASE = "base"  # a views package's shared base class module


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def view_modules() -> set[str]:
    """Every view module of the project's apps, by dotted name."""
    paths = [*ROOT.glob("*/views.py"), *ROOT.glob("*/views/*.py")]
    return {module_name(path) for path in paths if path.stem not in ("__init__", BASE)}


def imported(path: Path, own: str) -> set[str]:
    """The dotted names module `own` (at `path`) imports: modules, and `module.name` for
    each name taken from a module (which may itself be a module)."""
    package = own if path.name == "__init__.py" else own.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                anchor = parts[: len(parts) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


def is_view(name: str, views: set[str]) -> bool:
    """Whether the dotted name is a view module or something in one."""
    parts = name.split(".")
    return any(".".join(parts[:end]) in views for end in range(1, len(parts) + 1))


def view_imports(paths: list[Path], views: set[str]) -> dict[str, list[str]]:
    """The view modules (or names in them) each module imports, other than its own."""
    found = {}
    for path in paths:
        own = module_name(path)
        wrong = sorted(
            target
            for target in imported(path, own)
            if is_view(target, views) and not is_view(target, {own})
        )
        if wrong:
            found[own] = wrong
    return found


def test_no_view_module_imports_another() -> None:
    paths = [*ROOT.glob("*/views.py"), *ROOT.glob("*/views/*.py")]
    assert view_imports(paths, view_modules()) == {}


def test_no_template_tag_imports_a_view_module() -> None:
    assert view_imports(list(ROOT.glob("*/templatetags/*.py")), view_modules()) == {}


def test_no_url_conf_routes_to_a_views_base_module() -> None:
    bases = {module_name(path) for path in ROOT.glob(f"*/views/{BASE}.py")}
    confs = [*ROOT.glob("*/urls.py"), *ROOT.glob("*/*_urls.py")]
    routed = {
        target
        for path in confs
        for target in imported(path, module_name(path))
        if is_view(target, bases)
    }
    assert bases and routed == set()


def test_the_check_sees_a_view_taken_from_its_package_and_one_inside_a_function(
    tmp_path: Path,
) -> None:
    module = tmp_path / "join.py"
    module.write_text(
        "from challenges.views import dashboard\n"
        "from .base import TodoApiView\n"
        "def page():\n    from challenges.views.profile import cohort_of\n"
        "from challenges.selectors import cohort_of\n"
    )
    views = {"challenges.views.dashboard", "challenges.views.profile", "classroom.views.join"}
    found = {
        target for target in imported(module, "classroom.views.join") if is_view(target, views)
    }
    assert found == {
        "challenges.views.dashboard",
        "challenges.views.profile",
        "challenges.views.profile.cohort_of",
    }
