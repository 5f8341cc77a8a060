"""The package's import graph has no cycle, counting every import (issue 34).

import-linter sees the imports a module runs; this reads each module's source with ``ast`` and counts
every ``import`` and ``from … import`` in it: at the top, inside functions and under
``if TYPE_CHECKING``. An import inside a function still makes one module need the other; a cycle
kept out of sight that way still ties the modules in it together.

- ``from pkg import name`` where ``pkg.name`` is a module counts as importing that module;
- a package's ``__init__`` counts as imported by the modules below it, and by every module that
  imports a module below it (Python runs it first), only if it imports something of the package
  itself: one that imports nothing of it is only a name and closes no cycle.

Beside the cycles: no module forwards names with a module ``__getattr__``, and no private name
(``_x``) is imported from another module of the package or read as ``module._x`` outside its own
module (a helper two modules share is public, in the lower one).
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src"
PACKAGE = "creative_memory"


@dataclass(frozen=True)
class _Module:
    name: str
    path: Path
    is_package: bool

    @property
    def tree(self) -> ast.Module:
        return _parse(self.path)


@functools.cache
def _parse(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), str(path))


def _modules(src: Path = SRC, package: str = PACKAGE) -> dict[str, _Module]:
    out = {}
    for path in sorted((src / package).rglob("*.py")):
        parts = list(path.relative_to(src).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        if is_package:
            parts.pop()
        out[".".join(parts)] = _Module(".".join(parts), path, is_package)
    return out


MODULES = _modules()


def _base(module: _Module, node: ast.ImportFrom) -> str:
    """The module a ``from … import`` names, relative imports resolved."""
    if not node.level:
        return node.module or ""
    parts = module.name.split(".")
    if not module.is_package:
        parts.pop()
    parts = parts[: len(parts) - (node.level - 1)]
    return ".".join([*parts, *([node.module] if node.module else [])])


def _bindings(
    module: _Module, modules: dict[str, _Module] = MODULES
) -> Iterator[tuple[ast.AST, str, str | None, str | None]]:
    """Every import in the module: (node, the module it imports, the name it binds, the attribute
    taken from the module — None when the import binds the module itself)."""
    for node in ast.walk(module.tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                # `import a.b.c` binds `a`: the module is then read as the chain `a.b.c`.
                yield node, alias.name, alias.asname or alias.name, None
        elif isinstance(node, ast.ImportFrom):
            base = _base(module, node)
            for alias in node.names:
                name = alias.asname or alias.name
                if f"{base}.{alias.name}" in modules:
                    yield node, f"{base}.{alias.name}", name, None
                else:
                    yield node, base, name, alias.name


def _ancestors(name: str) -> list[str]:
    parts = name.split(".")
    return [".".join(parts[:i]) for i in range(1, len(parts))]


def _graph(modules: dict[str, _Module] = MODULES) -> dict[str, set[str]]:
    imported = {
        name: {target for _node, target, _bound, _attr in _bindings(m, modules) if target in modules}
        for name, m in modules.items()
    }
    # A package whose __init__ imports something is run before any module below it.
    running = {name for name, m in modules.items() if m.is_package and imported[name]}
    graph: dict[str, set[str]] = {}
    for name, targets in imported.items():
        needs = set(targets)
        for other in [name, *targets]:
            needs.update(a for a in _ancestors(other) if a in running)
        needs.discard(name)
        graph[name] = needs
    return graph


def _components(graph: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected components of more than one module (Tarjan, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[set[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = set()
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    component.add(top)
                    if top == node:
                        break
                if len(component) > 1:
                    out.append(component)
    return out


def _one_cycle(graph: dict[str, set[str]], component: set[str]) -> list[str]:
    """A shortest cycle through the component's first module (breadth first, inside it)."""
    start = min(component)
    came_from: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for child in sorted(graph[node] & component):
                if child == start:
                    path = [node]
                    while path[-1] != start:
                        path.append(came_from[path[-1]])
                    return [*reversed(path), start]
                if child not in came_from:
                    came_from[child] = node
                    following.append(child)
        frontier = following
    raise AssertionError(f"no cycle through {start}")


def _short(name: str) -> str:
    return name.removeprefix(f"{PACKAGE}.")


def test_no_import_cycle_counting_every_import() -> None:
    graph = _graph()
    cycles = [
        " -> ".join(_short(n) for n in _one_cycle(graph, c))
        + f"\n    (all {len(c)} modules of this cycle: {', '.join(sorted(_short(n) for n in c))})"
        for c in sorted(_components(graph), key=min)
    ]
    assert cycles == [], "import cycles (one cycle shown per group of modules):\n" + "\n".join(cycles)


def test_no_module_forwards_names_with_getattr() -> None:
    forwarding = [
        f"{m.path.relative_to(SRC)}:{node.lineno}"
        for m in MODULES.values()
        for node in m.tree.body
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and node.name in {"__getattr__", "__dir__"}
    ]
    assert forwarding == [], "a module __getattr__ (import the name from where it lives):\n" + "\n".join(
        forwarding
    )


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _dotted(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        inner = _dotted(node.value)
        return None if inner is None else f"{inner}.{node.attr}"
    return None


def test_no_private_name_crosses_a_module() -> None:
    crossing = []
    for m in MODULES.values():
        modules_bound: dict[str, str] = {}
        for node, target, bound, attr in _bindings(m):
            if target not in MODULES or target == m.name:
                continue
            if attr is None:
                if bound is not None:
                    modules_bound[bound] = target
            elif _private(attr):
                crossing.append(f"{m.path.relative_to(SRC)}:{node.lineno} imports {_short(target)}.{attr}")
        for node in ast.walk(m.tree):
            if isinstance(node, ast.Attribute) and _private(node.attr):
                owner = modules_bound.get(_dotted(node.value) or "")
                if owner is not None and owner != m.name:
                    crossing.append(
                        f"{m.path.relative_to(SRC)}:{node.lineno} reads {_short(owner)}.{node.attr}"
                    )
    assert crossing == [], "private names used outside their module:\n" + "\n".join(crossing)


def test_the_reader_counts_imports_inside_functions_type_checking_and_packages(tmp_path: Path) -> None:
    """The reader itself, on a small package: each way of importing described above is an edge."""
    files = {
        "pkg/__init__.py": "",
        "pkg/low.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.sub import leaf\n",
        "pkg/mid.py": "def f():\n    from . import low\n    return low\n",
        "pkg/sub/__init__.py": "from pkg.sub.leaf import x as x\n",
        "pkg/sub/leaf.py": "x = 1\n",
        "pkg/quiet/__init__.py": '"""Imports nothing."""\n',
        "pkg/quiet/one.py": "import pkg.quiet.two\n",
        "pkg/quiet/two.py": "from ..mid import f\n",
    }
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text, encoding="utf-8")
    modules = _modules(tmp_path, "pkg")
    graph = _graph(modules)
    assert graph["pkg.low"] == {"pkg.sub.leaf", "pkg.sub"}  # under TYPE_CHECKING, and its package runs
    assert graph["pkg.mid"] == {"pkg.low"}  # inside a function, relative, a submodule by name
    assert graph["pkg.sub.leaf"] == {"pkg.sub"}  # its package imports something: it runs first
    assert graph["pkg.sub"] == {"pkg.sub.leaf"}
    assert graph["pkg.quiet.one"] == {"pkg.quiet.two"}  # pkg.quiet imports nothing: no edge
    assert graph["pkg.quiet.two"] == {"pkg.mid"}
    assert [sorted(c) for c in _components(graph)] == [["pkg.sub", "pkg.sub.leaf"]]
    assert _one_cycle(graph, {"pkg.sub", "pkg.sub.leaf"}) == ["pkg.sub", "pkg.sub.leaf", "pkg.sub"]
