"""The file tree shows the pipeline: the import graph, derived from the source, has no cycle, no
two modules share a file name, and every import is one its package allows.

What a package may import is written once, in its ``__init__`` docstring, as a line
``Imports: cpoly.errors, cpoly.dag``; a module at the package root says it in its own docstring
(``cpoly.api``).  A module may always import the modules of its own package (and of the
packages under it).  Every import counts, also one inside a function or under
``TYPE_CHECKING``: a cycle held together by a late import is still a cycle.
"""

from __future__ import annotations

import ast
import re
from collections import Counter
from pathlib import Path

import networkx as nx
import pytest

from tests.conftest import ROOT

PACKAGE = ROOT / "cpoly"
_IMPORTS_LINE = re.compile(r"^Imports:\s*(.*)$", re.MULTILINE)


def module_files() -> dict[str, Path]:
    """Every module of cpoly by dotted name (a package by its ``__init__``)."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _targets(module: str, path: Path, node: ast.Import | ast.ImportFrom, modules: dict[str, Path]) -> list[str]:
    """The cpoly modules an import statement loads (``from P import m`` loads ``P.m`` when that
    is a module, else ``P`` itself)."""
    if isinstance(node, ast.Import):
        names = [alias.name for alias in node.names]
    else:
        package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
        base = ".".join(package[: len(package) - node.level + 1] + [node.module] if node.level and node.module
                        else package[: len(package) - node.level + 1] if node.level else [node.module or ""])
        names = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base for alias in node.names]
    loaded = []
    for name in names:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        if name.startswith("cpoly") and name != module:
            loaded.append(name)
    return loaded


def import_graph() -> nx.DiGraph:
    """Module -> the cpoly modules it imports, from every import statement in its source."""
    modules = module_files()
    graph = nx.DiGraph()
    for module, path in modules.items():
        graph.add_node(module)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                graph.add_edges_from((module, target) for target in _targets(module, path, node, modules))
    return graph


def allowed_imports() -> dict[str, tuple[str, ...]]:
    """Module or package -> the packages it may import, from the ``Imports:`` lines."""
    rules = {}
    for module, path in module_files().items():
        found = _IMPORTS_LINE.search(ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or "")
        if found:
            rules[module] = tuple(name.strip() for name in found.group(1).split(",") if name.strip() != "nothing")
    return rules


def _governing(module: str, rules: dict[str, tuple[str, ...]]) -> str:
    """The module itself or its nearest package with an ``Imports:`` line."""
    name = module
    while name not in rules:
        assert "." in name, f"{module}: no package above it says what it may import"
        name = name.rpartition(".")[0]
    return name


def _within(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def test_the_import_graph_is_acyclic() -> None:
    cycles = [sorted(c) for c in nx.strongly_connected_components(import_graph()) if len(c) > 1]
    assert not cycles, f"import cycles: {cycles}"


def test_no_two_modules_share_a_file_name() -> None:
    names = Counter(path.name for path in module_files().values() if path.name not in ("__init__.py", "__main__.py"))
    assert not [name for name, n in names.items() if n > 1], sorted(name for name, n in names.items() if n > 1)


def _home(owner: str) -> str | None:
    """The package whose own modules a module governed by ``owner`` may import freely: ``owner``
    when it is a package below the root, else none (a root module says all it imports)."""
    return owner if owner != "cpoly" and (ROOT / Path(*owner.split("."))).is_dir() else None


def test_every_import_is_one_its_package_allows() -> None:
    rules = allowed_imports()
    wrong = []
    for module, target in sorted(import_graph().edges):
        owner = _governing(module, rules)
        home = _home(owner)
        if target == "cpoly" or home is not None and _within(target, home):
            continue  # the root package (its version), or a module of its own package
        if not any(_within(target, allowed) for allowed in rules[owner]):
            wrong.append(f"{module} -> {target} (allowed: {', '.join(rules[owner]) or 'nothing'})")
    assert not wrong, "imports against the layering:\n" + "\n".join(wrong)


@pytest.mark.parametrize("package", sorted(p.name for p in PACKAGE.iterdir() if (p / "__init__.py").exists()))
def test_every_package_names_its_job_and_its_imports(package: str) -> None:
    docstring = ast.get_docstring(ast.parse((PACKAGE / package / "__init__.py").read_text(encoding="utf-8")))
    assert docstring and _IMPORTS_LINE.search(docstring), f"cpoly/{package}/__init__.py: no docstring with 'Imports:'"


def test_the_package_root_keeps_only_the_front_door() -> None:
    assert sorted(p.name for p in PACKAGE.glob("*.py")) == ["__init__.py", "__main__.py", "api.py", "errors.py"]


def _exports(tree: ast.Module) -> list[str] | None:
    """The names of a module's ``__all__`` (None when it has none)."""
    for node in tree.body:
        target = node.targets[0] if isinstance(node, ast.Assign) else node.target if isinstance(node, ast.AnnAssign) else None
        if isinstance(target, ast.Name) and target.id == "__all__" and node.value is not None:
            return list(ast.literal_eval(node.value))
    return None


def _defined(tree: ast.Module) -> set[str]:
    """The names a module binds at its top level (definitions, assignments, imports)."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node in tree.body:
            names.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
    return names


def test_every_module_names_what_it_offers() -> None:
    """Every module has ``__all__``, and every name in it is defined there (a package may offer a
    name it loads on first use: its ``__getattr__`` is then the definition)."""
    missing, undefined = [], []
    for module, path in module_files().items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        exported = _exports(tree)
        if exported is None:
            missing.append(module)
            continue
        defined = _defined(tree)
        lazy = "__getattr__" in defined
        undefined += [f"{module}.{name}" for name in exported if name not in defined and not lazy]
    assert not missing, f"modules without __all__: {missing}"
    assert not undefined, f"__all__ names not defined: {undefined}"


def test_a_cycle_and_a_forbidden_import_are_found(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The checks fail when they should: a late import closing a cycle, an import up the layers."""
    (tmp_path / "cpoly" / "low").mkdir(parents=True)
    (tmp_path / "cpoly" / "__init__.py").write_text('"""Imports: nothing"""\n')
    (tmp_path / "cpoly" / "low" / "__init__.py").write_text('"""Low.\n\nImports: cpoly.errors\n"""\n')
    (tmp_path / "cpoly" / "low" / "a.py").write_text("def f():\n    from cpoly.low import b\n")
    (tmp_path / "cpoly" / "low" / "b.py").write_text("from cpoly.low.a import f\nimport cpoly.high\n")
    (tmp_path / "cpoly" / "high.py").write_text('"""Imports: cpoly.low"""\n')
    monkeypatch.setitem(globals(), "PACKAGE", tmp_path / "cpoly")
    monkeypatch.setitem(globals(), "ROOT", tmp_path)
    with pytest.raises(AssertionError, match="cpoly.low.a"):
        test_the_import_graph_is_acyclic()
    with pytest.raises(AssertionError, match="cpoly.low.b -> cpoly.high"):
        test_every_import_is_one_its_package_allows()
